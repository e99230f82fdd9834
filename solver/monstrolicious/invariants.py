"""What the rules imply about any table a game can reach, checked on reading.

A *table* is what a full state and a seat's view share: who decides next,
whether a Donuts reveal waits, how many tiles each stack holds, the board and
the discard piles. Each check names the JSON path of the fault and says in
player words which rule it breaks; :mod:`codec` runs them after reading the
shapes.

>>> from solver.monstrolicious.state import new_state
>>> s = new_state(2, 7)
>>> try:
...     check_table(Table(s.current, s.reveal_pending, (13, 12), s.board))
... except NotationError as err:
...     print(err.path, "|", err.message)
stacks | the players take turns: with seat 1 to play, seat 1 cannot have 12 tiles left and seat 0 13
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NoReturn

from solver.errors import NotationError
from solver.fields import at
from solver.game import Seat
from solver.monstrolicious.cards import (
    BUFFET,
    HIDDEN,
    SPACES,
    STRONGEST,
    TILES,
    TRAP,
    Placed,
    Value,
    label,
)
from solver.monstrolicious.rules import empty_spaces, reveal_targets
from solver.monstrolicious.table import Board


def fail(path: str, message: str) -> NoReturn:
    """Raise the NotationError of a fault at ``path``."""
    raise NotationError(message, path=path)


def check_placed(tile: Placed, path: str, where: str) -> None:
    """A tile agrees with its own bounds and with where it lies (``board`` or ``discard``).

    Bounds come only from battles: a tile on the buffet won every battle it
    fought (``at_least``), a face-down discarded tile lost one or met a Trap
    (``at_least`` 1, perhaps ``at_most``); a face-up tile needs none.
    """
    lo, hi = tile.lo, tile.hi
    if lo > hi:
        fail(at(path, "at_least"), f"at_least {lo} is above at_most {hi}: no tile fits both")
    if tile.face_up and (lo, hi) != (TRAP, STRONGEST):
        fail(at(path, "at_least" if lo != TRAP else "at_most"), "a face-up tile carries no bounds")
    if tile.value != HIDDEN and not lo <= tile.value <= hi:
        fail(
            at(path, "tile"),
            f"a {label(tile.value)} cannot have been announced {_bounds(lo, hi)}",
        )
    if where == "board" and hi != STRONGEST:
        fail(at(path, "at_most"), "a tile on the buffet never lost a battle: it has no at_most")
    if where == "discard" and not tile.face_up:
        if lo > 1:
            fail(
                at(path, "at_least"),
                "a face-down discarded tile lost its battle or met a Trap: "
                f"it was never announced at least {lo}",
            )
        if lo == TRAP and hi != STRONGEST:
            fail(
                at(path, "at_least"),
                f"a tile announced at most {hi} fought as a monster: it is at least 1",
            )


def _bounds(lo: int, hi: int) -> str:
    parts = ([f"at least {lo}"] if lo != TRAP else []) + (
        [f"at most {hi}"] if hi != STRONGEST else []
    )
    return " and ".join(parts)


def check_once(seat: Seat, tiles: Iterable[tuple[str, Value]]) -> None:
    """Each of ``seat``'s known tiles lies in one place (``(path, value)`` pairs)."""
    first: dict[Value, str] = {}
    for path, value in tiles:
        if value == HIDDEN:
            continue
        if value in first:
            fail(path, f"seat {seat}'s {label(value)} is already at {first[value]}")
        first[value] = path


def check_complete(seat: Seat, held: Sequence[Value], path: str) -> None:
    """``seat`` holds all 13 of its tiles (each once: :func:`check_once` ran first)."""
    missing = [label(v) for v in TILES if v not in held]
    if missing:
        fail(path, f"seat {seat}'s tiles {', '.join(missing)} are nowhere: a seat has 13 tiles")


@dataclass(frozen=True)
class Table:
    """What a state and a view share, for the checks."""

    current: Seat
    pending: bool
    counts: tuple[int, ...]
    board: Board


def check_table(table: Table) -> None:
    """The board, the turn and the Donuts agree with the rules.

    Raises:
        NotationError: two tiles before one dessert, stacks out of turn, a mover
            without a move, a Donuts reveal nobody earned, a finished game with
            tiles still face down or Traps on the buffet.
    """
    board, c = table.board, table.current
    for space in range(SPACES):
        if board[0][space] is not None and board[1][space] is not None:
            fail(
                f"board[1].{BUFFET.keys[space]}",
                f"seat 0 already has a tile at the {BUFFET.desserts[space].name}: "
                "after a turn one tile at most stands before a dessert",
            )
    mover, other = table.counts[c], table.counts[1 - c]
    in_turn = other in (mover, mover + 1) if table.pending else mover in (other, other + 1)
    if not in_turn:
        doing = "turn a tile up" if table.pending else "play"
        fail(
            "stacks",
            f"the players take turns: with seat {c} to {doing}, seat {c} cannot have "
            f"{mover} tiles left and seat {1 - c} {other}",
        )
    if table.pending:
        _check_donuts(table)
    elif not any(table.counts):
        _check_end(board)
    elif not empty_spaces(board, c):
        fail(
            f"board[{c}]",
            f"seat {c} has no empty space: it would have discarded its tile and passed",
        )


def _check_donuts(table: Table) -> None:
    c = table.current
    if not any(table.counts):
        fail("reveal_pending", "the game is over once every tile is played: no Donuts reveal waits")
    held = table.board[c][BUFFET.donuts]
    if held is None or held.face_up:
        fail(
            "reveal_pending",
            f"seat {c} turns a tile up only after taking the Donuts with the tile it just "
            "placed, and it has no face-down tile there",
        )
    if not reveal_targets(table.board, c):
        fail("reveal_pending", f"seat {1 - c} has no face-down tile for the Donuts to turn up")


def _check_end(board: Board) -> None:
    for seat, row in enumerate(board):
        for space, tile in enumerate(row):
            if tile is None:
                continue
            path = f"board[{seat}].{BUFFET.keys[space]}"
            if not tile.face_up:
                fail(at(path, "up"), "at the end of the game every tile on the buffet is face up")
            if tile.value == TRAP:
                fail(at(path, "tile"), "at the end of the game the Traps in play are discarded")


def check_worlds(owner: Seat, slots: Sequence[tuple[str, Placed]], unseen: Sequence[Value]) -> None:
    """Some arrangement of ``owner``'s ``unseen`` tiles meets every face-down tile's bounds.

    ``slots`` are the face-down tiles with their paths. Intervals over an ordered
    set of values are matched greedily (the tile with the lowest ``at_most``
    takes the lowest value it allows), which finds an arrangement whenever one
    exists; adding the slots one by one names the first that cannot be met.
    """
    for k in range(1, len(slots) + 1):
        if not _matchable([t for _, t in slots[:k]], unseen):
            fail(
                slots[k - 1][0],
                f"no tile of seat {owner} fits here: its unseen tiles "
                f"({', '.join(map(label, unseen))}) cannot meet every announced bound",
            )


def _matchable(tiles: Sequence[Placed], unseen: Sequence[Value]) -> bool:
    free = sorted(unseen)
    for tile in sorted(tiles, key=lambda t: (t.hi, t.lo)):
        pick = next((v for v in free if tile.lo <= v <= tile.hi), None)
        if pick is None:
            return False
        free.remove(pick)
    return True
