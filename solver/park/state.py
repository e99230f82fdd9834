"""The Monster Park state: everything on the table, frozen; the rules act on it.

:mod:`solver.park.rules` says what each move does; a state offers the protocol
of ``solver.game`` on top of it.

>>> from solver.park.rules import new_state
>>> s = new_state(2, seed=7)
>>> s.to_move, s.tokens, len(s.track), len(s.tourist_row)
(0, (5, 5), 5, 3)
>>> s.legal_moves()[0]
Move(action='token', slot=None, kind=None, area=None, tourists=())
>>> t = s.apply(s.legal_moves()[0])
>>> t.tokens, t.to_move
((6, 5), 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from solver.formats import FORMAT
from solver.game import Score, Seat
from solver.park import rules
from solver.park.board import Park
from solver.park.cards import AREAS, CardId, Deck
from solver.park.moves import Move
from solver.park.settings import Settings

if TYPE_CHECKING:
    from solver.park.view import View

PHASES = ("action", "tourists", "over")
"""The steps of a turn, and the end."""


@dataclass(frozen=True)
class State:
    """Everything on the table. ``to_move`` is None once the game is over.

    ``phase`` is ``action`` (choose one of the three actions), ``tourists``
    (choose which tourists to invite after it) or ``over``. Decks list their
    cards top first; ``reshuffles`` counts how often the discard pile became
    the monster deck (each shuffle is seeded from ``seed`` and that count).
    """

    players: int
    seed: int
    settings: Settings
    to_move: Seat | None
    phase: str
    turn: int
    parks: tuple[Park, ...]
    tokens: tuple[int, ...]
    held: tuple[tuple[CardId, ...], ...]
    track: tuple[CardId | None, ...]
    deck: tuple[CardId, ...]
    discard: tuple[CardId, ...]
    reshuffles: int
    tourist_row: tuple[CardId | None, ...]
    tourist_deck: tuple[CardId, ...]
    upgrade_row: tuple[CardId | None, ...]
    upgrade_supply: tuple[tuple[CardId, ...], ...]
    bank: int | None
    final_round: bool
    cards: Deck = field(compare=False, repr=False)
    """The deck the settings name, loaded once when the state is set up or read."""

    def price(self, slot: int) -> int | None:
        """Tokens to invite from track position ``slot``; None when it cannot be bought."""
        return rules.track_price(self.settings, slot)

    def action_error(self, move: Move) -> str | None:
        """The rule an action breaks for the player to move, or None."""
        return rules.action_error(self, move)

    def move_error(self, move: Move) -> str | None:
        """The rule ``move`` breaks for the player to move, or None when it is legal."""
        return rules.move_error(self, move)

    def legal_moves(self) -> list[Move]:
        """Every legal move in a fixed order: token, upgrades, invites; or the tourist claims."""
        return rules.legal_moves(self)

    def apply(self, move: Move) -> State:
        """The state after ``move``. Raises IllegalMoveError naming the rule broken."""
        return rules.apply(self, move)

    def is_terminal(self) -> bool:
        """True once the final round is over."""
        return self.to_move is None

    def scores(self) -> list[Score]:
        """Tokens plus monster points, per seat (running totals before the end)."""
        return rules.scores(self)

    def winners(self) -> tuple[Seat, ...]:
        """Most points; a tie goes to more monsters in the park; still tied, shared."""
        return rules.winners(self)

    def view(self, seat: Seat) -> View:
        """What ``seat`` may see (``View.of(self, seat)``)."""
        from solver.park.view import View

        return View.of(self, seat)

    def to_json(self) -> dict[str, Any]:
        """The whole state, hidden cards included (decks top first); ``codec.state_from_json``
        reads it back."""
        return {
            "game": "park",
            "format": FORMAT,
            "players": self.players,
            "seed": self.seed,
            "settings": self.settings.to_json(),
            "to_move": self.to_move,
            "phase": self.phase,
            "turn": self.turn,
            "parks": [
                {area.value: list(cards) for area, cards in zip(AREAS, p, strict=True)}
                for p in self.parks
            ],
            "tokens": list(self.tokens),
            "tourists_held": [list(h) for h in self.held],
            "track": list(self.track),
            "monster_deck": list(self.deck),
            "discard": list(self.discard),
            "reshuffles": self.reshuffles,
            "tourist_row": list(self.tourist_row),
            "tourist_deck": list(self.tourist_deck),
            "upgrade_row": list(self.upgrade_row),
            "upgrade_supply": [list(u) for u in self.upgrade_supply],
            "bank": self.bank,
            "final_round": self.final_round,
        }
