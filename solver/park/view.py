"""What one seat may see of a Monster Park table, and nothing more: the fields of a view.

A track monster, the top card of the monster deck and each card discarded from the
track show only their face (area and size); the decks and supplies show only how
many cards are left; the rest lies face up. :class:`solver.park.state.View` plays
by the rules on the one table these fields lay out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from solver.game import Seat
from solver.park.board import Park
from solver.park.cards import CardId, Deck, Face
from solver.park.rules import track_price
from solver.park.settings import Settings


@dataclass(frozen=True)
class SeatView:
    """The table as ``seat`` may see it: the fields of a view.

    Args:
        seat: whose view.
        track: each track position's area and size (None: empty).
        deck_count / deck_top: cards left in the monster deck, the top one's face.
        discard: the face of each monster discarded from the track.
        tourist_deck: tourists left in the tourist deck.
        upgrade_supply: upgrades left under each upgrade space.
        The other fields are as in :class:`~solver.park.table.Table`.
    """

    seat: Seat
    players: int
    settings: Settings
    to_move: Seat | None
    phase: str
    turn: int
    parks: tuple[Park, ...]
    tokens: tuple[int, ...]
    held: tuple[tuple[CardId, ...], ...]
    track: tuple[Face | None, ...]
    deck_count: int
    deck_top: Face | None
    discard: tuple[Face, ...]
    reshuffles: int
    tourist_row: tuple[CardId | None, ...]
    tourist_deck: int
    upgrade_row: tuple[CardId | None, ...]
    upgrade_supply: tuple[int, ...]
    bank: int | None
    final_round: bool
    cards: Deck = field(compare=False, repr=False)

    def is_terminal(self) -> bool:
        """True once the final round is over."""
        return self.to_move is None

    def price(self, slot: int) -> int | None:
        """Tokens to invite from track position ``slot`` (None: it cannot be bought)."""
        return track_price(self.settings, slot)
