"""Everything on a Monstrolicious table, hidden tiles included: the frozen fields of a state.

A board is one row of spaces per seat, in buffet order; a space holds a
:class:`~solver.monstrolicious.cards.Placed` tile or nothing.
:mod:`solver.monstrolicious.rules` says what each move does to a table;
:class:`solver.monstrolicious.state.State` adds the protocol of ``solver.game`` on top.

>>> row = (None,) * len(BUFFET.desserts)
>>> put((row, row), 1, BUFFET.lollipop, Placed(5))[1][BUFFET.lollipop].value
5
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from solver.formats import FORMAT
from solver.game import Json, Seat
from solver.monstrolicious.cards import BUFFET, GAME_NAME, PLAYERS, Placed, Value, tile_json

Row: TypeAlias = tuple[Placed | None, ...]
Board: TypeAlias = tuple[Row, ...]


def put(board: Board, seat: int, space: int, tile: Placed | None) -> Board:
    """``board`` with ``tile`` (or nothing) at ``seat``'s ``space``."""
    row = board[seat]
    new_row = (*row[:space], tile, *row[space + 1 :])
    return tuple(new_row if s == seat else r for s, r in enumerate(board))


@dataclass(frozen=True)
class Table:
    """Everything about a game, hidden tiles included.

    Args:
        seed: drives the shuffles and who starts.
        current: the seat whose decision is next (kept at the end too).
        stacks: each seat's face-down stack, top first.
        board: each seat's row of spaces in buffet order.
        discards: each seat's discard pile, oldest first.
        reveal_pending: the mover just won the Donuts and turns a tile up next.
    """

    seed: int
    current: Seat
    stacks: tuple[tuple[Value, ...], ...]
    board: Board
    discards: tuple[tuple[Placed, ...], ...]
    reveal_pending: bool = False

    def is_terminal(self) -> bool:
        """All tiles played (and no Donuts decision left)."""
        return not any(self.stacks) and not self.reveal_pending

    @property
    def next_tile(self) -> Value | None:
        """The tile the mover places now (top of its stack), if placing."""
        if self.is_terminal() or self.reveal_pending:
            return None
        return self.stacks[self.current][0]

    def to_json(self) -> Json:
        """The whole state, readable: desserts by name, tiles as 1..12 or "trap"."""
        return {
            "game": GAME_NAME,
            "format": FORMAT,
            "seed": self.seed,
            "players": PLAYERS,
            "to_move": self.current,
            "reveal_pending": self.reveal_pending,
            "stacks": [[tile_json(t) for t in stack] for stack in self.stacks],
            "board": [_row_json(row) for row in self.board],
            "discards": [[t.to_json() for t in pile] for pile in self.discards],
        }


def _row_json(row: Sequence[Placed | None]) -> dict[str, Any]:
    return {
        key: None if t is None else t.to_json() for key, t in zip(BUFFET.keys, row, strict=True)
    }
