"""Everything on a Monster Park table, hidden cards included: the frozen fields of a state.

:mod:`solver.park.rules` says what each move does to a table;
:class:`solver.park.state.State` adds the protocol of ``solver.game`` on top of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solver.formats import FORMAT
from solver.game import Seat
from solver.park.board import Park
from solver.park.cards import AREAS, CardId, Deck
from solver.park.settings import Settings

PHASES = ("action", "tourists", "over")
"""The steps of a turn, and the end."""


@dataclass(frozen=True)
class Table:
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

    def is_terminal(self) -> bool:
        """True once the final round is over."""
        return self.to_move is None

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
