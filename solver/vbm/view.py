"""What one seat may see of a Very Big Monster game, and nothing more.

Seen by everyone: the sets in play, the mission tiles and their tokens, every
play area, the portals, the open rows and the row being drafted (row draft),
the Explorer cards once all are chosen, whose Spaceship each hand went to, the
number of cards on each Spaceship and in the pile.

Seen by the seat alone: its two Explorer offers and its choice; its own hand
(dealt once the Explorers are chosen); its own choice of this turn; the cards it
passed on this round; the discards it knows (hand draft: the cards it held that
went back to the box; row draft: every discard, the rows lie face up).

Hidden from the seat: the seed and the order and content of the pile, the other
hands, the other players' Explorer offers (and their choices until all have
chosen), what they chose this turn in the hand draft (only the Spaceship they
passed to shows) and the discards it never held.

:class:`SeatView` holds what the seat sees and what it tells from that alone;
:class:`solver.vbm.state.View` adds the full state the view lays out (``world``)
and what the rules answer on it: legal moves, checks, scores.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Self

from solver.errors import NotYourTurnError
from solver.game import Seat
from solver.seats import check_seat
from solver.vbm.area import Area
from solver.vbm.cards import Deck, Pos
from solver.vbm.decks import deck_named
from solver.vbm.moves import Move
from solver.vbm.table import ROUNDS, SIMULTANEOUS, Table, undecided


def hidden_discards(players: int, mode: str, round_: int, known: int) -> int:
    """How many discards a seat has not seen: one per player at each round's end in
    the hand draft, none in the row draft (its discards lie face up)."""
    return 0 if mode == "rows" else players * min(round_, ROUNDS) - known


def shown_explorers(state: Table, seat: Seat | None) -> tuple[str | None, ...]:
    """The Explorer cards ``seat`` sees: its own, and every one once all are chosen
    (``seat`` None: what every seat sees)."""
    choosing = state.phase == "explorer"
    return tuple(e if s == seat or not choosing else None for s, e in enumerate(state.explorers))


@dataclass(frozen=True)
class SeatView:
    """What ``seat`` knows (see the module docstring), and what it tells from that alone.

    Args:
        seat: whose view.
        players / mode / deck_name / sides / phase / round / turn / first: as in
            the state.
        to_move: the seat whose decision is pending (None: the game is over).
        sets: the card sets in play.
        offer: the seat's two Explorer offers.
        kept: whether each seat has kept its Explorer card (a seat sees that the
            others have chosen, not what).
        explorers: the chosen Explorer cards; another seat's is None until all
            are chosen.
        areas: every play area.
        hand: the seat's own hand (None while the Explorers are being chosen).
        hand_sizes: the number of cards on each Spaceship.
        pending: this turn's choices; another seat's hand-draft choice shows
            only its ``pass_to`` (its card and cell are None).
        pile: the number of cards not yet dealt or revealed.
        discards: the discards the seat knows, in the order made.
        passed: the cards the seat passed on this round.
        sand_direction: the setting of that name, as in the state.
        explorer_tokens: the setting of that name, as in the state.
    """

    seat: Seat
    players: int
    mode: str
    deck_name: str
    sides: tuple[int, ...]
    phase: str
    round: int
    turn: int
    first: int
    to_move: Seat | None
    sets: tuple[int, ...]
    offer: tuple[str, ...]
    kept: tuple[bool, ...]
    explorers: tuple[str | None, ...]
    areas: tuple[Area, ...]
    hand: tuple[str, ...] | None
    hand_sizes: tuple[int, ...]
    pending: tuple[Move | None, ...]
    pile: int
    rows: tuple[tuple[str, ...], ...]
    live: tuple[str, ...]
    tokens: tuple[tuple[int, ...], ...]
    pyramids: tuple[tuple[int, ...], ...]
    claimed: frozenset[tuple[str, int, int]]
    portals: tuple[tuple[Pos, ...], ...]
    portal_left: int
    discards: tuple[str, ...]
    passed: tuple[str, ...]
    sand_direction: str = "arrow"
    explorer_tokens: str = "own"

    @classmethod
    def of(cls, state: Table, seat: Seat) -> Self:
        """The view of ``state`` from ``seat``.

        Raises:
            NotationError: a seat the game does not have.
        """
        check_seat(seat, state.players)
        deck = state.deck
        sets = tuple(sorted({deck.by_id[c].set for c in state.cards()}))
        choosing = state.phase == "explorer"
        pending = tuple(
            p if p is None or s == seat or state.mode == "rows" else Move(pass_to=p.pass_to)
            for s, p in enumerate(state.pending)
        )
        if state.mode == "rows":
            discards = state.discards
        else:
            known = set(state.seen[seat])
            discards = tuple(c for c in state.discards if c in known)
        return cls(
            seat=seat,
            players=state.players,
            mode=state.mode,
            deck_name=state.deck_name,
            sides=state.sides,
            phase=state.phase,
            round=state.round,
            turn=state.turn,
            first=state.first,
            to_move=state.to_move,
            sets=sets,
            offer=state.offers[seat],
            kept=tuple(e is not None for e in state.explorers),
            explorers=shown_explorers(state, seat),
            areas=state.areas,
            hand=None if choosing else state.hands[seat],
            hand_sizes=tuple(len(h) for h in state.hands),
            pending=pending,
            pile=len(state.pile),
            rows=state.rows,
            live=state.live,
            tokens=state.tokens,
            pyramids=state.pyramids,
            claimed=state.claimed,
            portals=state.portals,
            portal_left=state.portal_left,
            discards=discards,
            passed=state.passed[seat] if state.passed else (),
            sand_direction=state.sand_direction,
            explorer_tokens=state.explorer_tokens,
        )

    # ------------------------------------------------------------ the turn
    @property
    def deck(self) -> Deck:
        """The deck the game is played with."""
        return deck_named(self.deck_name)

    def is_terminal(self) -> bool:
        """True once the last turn has been revealed."""
        return self.phase == "over"

    def waiting(self) -> tuple[Seat, ...]:
        """Every seat with a decision in this step (as :meth:`Table.waiting
        <solver.vbm.table.Table.waiting>`): what the seat sees of who has chosen."""
        if self.phase == "over":
            return ()
        if self.phase in SIMULTANEOUS:
            return undecided(self.phase, self.first, self.kept, self.pending)
        return () if self.to_move is None else (self.to_move,)

    def require_decision(self) -> None:
        """NotYourTurnError unless the seat has a decision in this step."""
        if self.seat not in self.waiting():
            raise NotYourTurnError(f"not your turn: it is seat {self.to_move}'s")

    # ------------------------------------------------------------ the cards
    def unseen(self) -> list[str]:
        """The cards of the sets in play the seat has not seen, in id order."""
        return sorted(set(self.deck_cards()) - set(self.seen_cards()))

    def deck_cards(self) -> list[str]:
        """Every card of the sets in play, in deck order."""
        return [c.id for c in self.deck.cards if c.set in self.sets]

    def seen_cards(self) -> list[str]:
        """The cards the seat sees or knows the place of (its passed cards included)."""
        cards = [c for area in self.areas for _, _, c in area]
        for group in (self.hand or (), *self.rows, self.live, self.discards, self.passed):
            cards += group
        cards += [p.card for p in self.pending if p is not None and p.card is not None]
        return cards
