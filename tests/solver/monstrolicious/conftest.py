"""Shared helpers for the Monstrolicious tests: positions built by hand, games played out."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import pytest

from solver.game import RandomPlayer
from solver.monstrolicious.cards import BUFFET, SPACES, TILES, Placed, Value
from solver.monstrolicious.players import GreedyPlayer
from solver.monstrolicious.state import State, new_state
from solver.monstrolicious.table import Board


def _make(
    current: int = 0,
    rows: Mapping[int, Mapping[str, Placed]] | None = None,
    tops: Mapping[int, Sequence[Value]] | None = None,
    discards: Mapping[int, Sequence[Placed]] | None = None,
    left: Mapping[int, int] | None = None,
) -> State:
    """A position: tiles on the board by dessert key, stack tops, discard piles.

    The seat's other tiles go below its stack tops, strongest first, unless
    ``left`` caps the stack size; the tiles that do not fit go to the discard
    pile face up.
    """
    rows, tops, discards, left = rows or {}, tops or {}, discards or {}, left or {}
    board: list[tuple[Placed | None, ...]] = []
    stacks: list[tuple[Value, ...]] = []
    piles: list[tuple[Placed, ...]] = []
    for seat in (0, 1):
        row: list[Placed | None] = [None] * SPACES
        for key, tile in rows.get(seat, {}).items():
            row[BUFFET.index(key)] = tile
        pile = list(discards.get(seat, ()))
        used = {t.value for t in row if t is not None} | {t.value for t in pile}
        top = list(tops.get(seat, ()))
        rest = sorted((v for v in TILES if v not in used and v not in top), reverse=True)
        stack = top + rest
        size = left.get(seat, len(stack))
        pile += [Placed(v, True) for v in stack[size:]]
        board.append(tuple(row))
        stacks.append(tuple(stack[:size]))
        piles.append(tuple(pile))
    b: Board = tuple(board)
    return State(0, current, tuple(stacks), b, tuple(piles))


@pytest.fixture
def position() -> Callable[..., State]:
    """Builds a position by hand (see ``_make``)."""
    return _make


def playout(seed: int, kind: str = "random") -> Iterator[State]:
    """Every state of one seeded game between two players of ``kind``."""
    state = new_state(2, seed)
    make: Callable[[int], Any] = RandomPlayer if kind == "random" else GreedyPlayer
    players = [make(seed), make(seed + 1)]
    yield state
    while not state.is_terminal():
        state = state.apply(players[state.current].choose(state))
        yield state


@pytest.fixture
def games() -> Callable[..., Iterator[State]]:
    """``games(seed, kind)``: the states of one seeded game."""
    return playout
