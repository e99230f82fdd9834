"""What the rulebook says over boards and tiles: battles, legal moves, scores, winners,
and the turn-taking a full state and a seat's view share (:class:`Turns`). A move
played on a state, and the set-up, are :mod:`solver.monstrolicious.state`'s.

A board is one row of spaces per seat, in buffet order; a space holds a
:class:`Placed` tile or nothing. After every turn at most one tile lies in front
of each dessert, so the player with a tile there controls it.

>>> b = ((None,) * len(BUFFET.desserts),) * 2
>>> b = put(b, 1, BUFFET.lollipop, Placed(5))
>>> wins_battle(5, 5, defender_holds_lollipop=True), wins_battle(5, 5, False)
(False, True)
>>> empty_spaces(b, 1)[:3], holds_lollipop(b, 1)
((1, 2, 3), True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeAlias

from solver.game import Score, Seat
from solver.monstrolicious.cards import BUFFET, PLAYERS, STRONGEST, TRAP, Placed, Value
from solver.monstrolicious.moves import Move

Row: TypeAlias = tuple[Placed | None, ...]
Board: TypeAlias = tuple[Row, ...]

BONUS_LINE = "fountain and platter bonus"


def put(board: Board, seat: int, space: int, tile: Placed | None) -> Board:
    """``board`` with ``tile`` (or nothing) at ``seat``'s ``space``."""
    row = board[seat]
    new_row = (*row[:space], tile, *row[space + 1 :])
    return tuple(new_row if s == seat else r for s, r in enumerate(board))


def empty_spaces(board: Board, seat: int) -> tuple[int, ...]:
    """Spaces of ``seat``'s side without a tile: where it may place."""
    return tuple(i for i, t in enumerate(board[seat]) if t is None)


def reveal_targets(board: Board, seat: int) -> tuple[int, ...]:
    """Spaces where the opponent of ``seat`` has a face-down tile (Donuts targets)."""
    return tuple(i for i, t in enumerate(board[1 - seat]) if t is not None and not t.face_up)


def holds_lollipop(board: Board, seat: int) -> bool:
    """Does ``seat`` control the Lollipop (any tile in front of it)?"""
    return board[seat][BUFFET.lollipop] is not None


def wins_battle(placed: Value, defender: Value, defender_holds_lollipop: bool) -> bool:
    """Does the placed monster beat the defending monster?

    Equal or greater wins, unless the defender holds the Lollipop: then ties go
    to the defender (also in a battle for the Lollipop itself).
    """
    return placed > defender or (placed == defender and not defender_holds_lollipop)


@dataclass(frozen=True)
class Battle:
    """What a battle leaves: each side's tile at the space and what each discards."""

    placer_stays: Placed | None
    defender_stays: Placed | None
    placer_discards: Placed | None
    defender_discards: Placed | None


def battle(tile: Value, defender: Placed, defender_holds_lollipop: bool) -> Battle:
    """Resolve a battle as the rulebook does.

    The defender's tile is revealed. A Trap takes the opposing tile with it and
    shows itself; the monster it took stays as it lay (the placer's face down,
    known to be a monster). Between monsters the winner is announced: the
    placer's winner stays face down with a lower bound, its loser goes face down
    to the discard pile with an upper bound.

    >>> battle(7, Placed(7), False).placer_stays
    Placed(value=7, face_up=False, lo=7, hi=12)
    >>> battle(7, Placed(9, True), True).placer_discards
    Placed(value=7, face_up=False, lo=1, hi=9)
    >>> battle(TRAP, Placed(9), False).defender_discards
    Placed(value=9, face_up=True, lo=0, hi=12)
    """
    shown = Placed(defender.value, True)
    if tile == TRAP or defender.value == TRAP:
        mine = Placed(tile, True) if tile == TRAP else Placed(tile, False, lo=1)
        return Battle(None, None, mine, shown)
    if wins_battle(tile, defender.value, defender_holds_lollipop):
        lo = defender.value + 1 if defender_holds_lollipop else defender.value
        return Battle(Placed(tile, False, lo=min(lo, STRONGEST)), None, None, shown)
    hi = defender.value if defender_holds_lollipop else defender.value - 1
    return Battle(None, shown, Placed(tile, False, lo=1, hi=hi), None)


def legal_moves(board: Board, seat: int, reveal_pending: bool) -> list[Move]:
    """Every legal move of ``seat``: Donuts targets, else empty spaces, in board order."""
    if reveal_pending:
        return [Move(reveal=s) for s in reveal_targets(board, seat)]
    return [Move(dessert=s) for s in empty_spaces(board, seat)]


def score_row(row: Row, count_hidden: bool = True) -> dict[str, int]:
    """The score pad of one side: every dessert's points if a monster holds it, and the bonus.

    A Trap holds nothing. ``count_hidden`` decides whether a tile whose value is
    not known (value -1 in a view) counts as a monster.
    """
    lines: dict[str, int] = {}
    for dessert, tile in zip(BUFFET.desserts, row, strict=True):
        held = tile is not None and (tile.value > TRAP or (tile.value < 0 and count_hidden))
        lines[dessert.key] = dessert.points if held else 0
    a, b = BUFFET.pair
    both = lines[BUFFET.keys[a]] > 0 and lines[BUFFET.keys[b]] > 0
    lines[BONUS_LINE] = BUFFET.pair_bonus if both else 0
    return lines


def scores(board: Board, count_hidden: bool = True) -> list[Score]:
    """One :class:`Score` per seat from the desserts each side holds."""
    out = []
    for seat, row in enumerate(board):
        lines = score_row(row, count_hidden)
        out.append(Score(seat, sum(lines.values()), lines))
    return out


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """Seats with the highest total; a tie is a shared victory."""
    best = max(totals)
    return tuple(s for s, t in enumerate(totals) if t == best)


class Turns:
    """The turn-taking the full state and a player's view share: who moves, what
    may be played, who wins. Each says when the game is over and what it scores.
    """

    current: Seat
    board: Board
    reveal_pending: bool

    @property
    def players(self) -> int:
        """Always 2."""
        return PLAYERS

    @property
    def to_move(self) -> Seat | None:
        """The seat deciding next; None at the end."""
        return None if self.is_terminal() else self.current

    @property
    def phase(self) -> str:
        """``place`` (a tile on a dessert), ``reveal`` (the Donuts' reveal) or ``over``."""
        if self.is_terminal():
            return "over"
        return "reveal" if self.reveal_pending else "place"

    def is_terminal(self) -> bool:
        """True when the game is over."""
        raise NotImplementedError

    def legal_moves(self) -> list[Move]:
        """Donuts targets after winning the Donuts, else the mover's empty spaces
        (a view lists exactly what the full state lists)."""
        if self.is_terminal():
            return []
        return legal_moves(self.board, self.current, self.reveal_pending)

    def scores(self) -> list[Score]:
        """Each seat's score."""
        raise NotImplementedError

    def winners(self) -> tuple[Seat, ...]:
        """Highest score; equal scores share the victory."""
        return winners([s.total for s in self.scores()])
