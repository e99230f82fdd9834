"""Tests for solver/monstrolicious/relevant.py: the worlds that matter, counted exactly."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator

import pytest

from solver.monstrolicious.infer import count_worlds, iter_worlds, slots
from solver.monstrolicious.relevant import Effort, relevant_worlds, tile_class
from solver.monstrolicious.state import State, View

Games = Callable[..., Iterator[State]]
#: Seeded positions late in random games, where face-down discards abound: (seed, step).
POSITIONS = [(2, 26), (8, 27), (16, 27), (9, 25), (11, 25), (27, 25), (18, 24)]


def _meets(view: View) -> tuple[dict[int, tuple[int, ...]], tuple[int, ...]]:
    """Every hidden board tile meets all the seat's monsters left; the stack meets those
    and the seat's monsters on the board."""
    mine = tuple(v for v in view.own_stack() if v)
    placed = {t.value for t in view.board[view.seat] if t is not None and t.value}
    board = {s.index: mine for s in slots(view) if s.place == "board"}
    return board, tuple(sorted(placed | set(mine)))


@pytest.mark.parametrize(("seed", "step"), POSITIONS)
def test_relevant_worlds_group_every_world_by_its_classes(
    games: Games, seed: int, step: int
) -> None:
    view = View.of(s := list(games(seed))[step], s.current)
    board, stack = _meets(view)
    found = relevant_worlds(view, board, stack, 10_000)
    assert found is not None
    where = [s.index for s in slots(view) if s.place == "board"]

    def key(tiles: tuple[int, ...], pile: tuple[int, ...]) -> tuple[object, ...]:
        classes = tuple(tile_class(v, board[i]) for i, v in zip(where, tiles, strict=False))
        in_stack = sorted(tile_class(v, stack) for v in pile)
        return classes, tuple(in_stack)

    truth = Counter(key(w.tiles, w.stack) for w in iter_worlds(view))
    got = {key(r.world.tiles, r.world.stack): r.weight for r in found}
    assert got == dict(truth)
    assert sum(got.values()) == count_worlds(view)
    every = set(iter_worlds(view))
    assert all(r.world in every for r in found)
    assert len(found) < count_worlds(view)  # the discards and look-alike tiles fold away


def test_relevant_worlds_give_up_past_their_limits(games: Games) -> None:
    view = View.of(s := list(games(16))[27], s.current)
    board, stack = _meets(view)
    found = relevant_worlds(view, board, stack, 10_000)
    assert found is not None and len(found) > 2
    assert relevant_worlds(view, board, stack, 2) is None
    assert relevant_worlds(view, board, stack, 10_000, Effort(1)) is None
    assert relevant_worlds(view, board, stack, 10_000, Effort(10_000)) == found


def test_a_tile_class_says_where_a_strength_falls() -> None:
    meets = (3, 7)
    assert [tile_class(v, meets) for v in range(13)] == [
        -1, 0, 0, 1, 2, 2, 2, 3, 4, 4, 4, 4, 4
    ]  # fmt: skip
    assert {tile_class(v, ()) for v in range(1, 13)} == {0}
