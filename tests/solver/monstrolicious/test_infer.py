"""Tests for solver/monstrolicious/infer.py: the true hidden tiles are always among the worlds."""

from __future__ import annotations

import json
import random
from collections import Counter as Tally
from collections.abc import Callable, Iterator

import pytest

from solver.errors import NotationError
from solver.monstrolicious.cards import BUFFET, Placed
from solver.monstrolicious.infer import (
    Counter,
    count_worlds,
    enumerate_worlds,
    infer,
    iter_worlds,
    sample_worlds,
    slots,
)
from solver.monstrolicious.moves import Move
from solver.monstrolicious.state import State, View
from solver.monstrolicious.view import HIDDEN

Games = Callable[..., Iterator[State]]
PositionMaker = Callable[..., State]


def _truth(state: State, view: View) -> tuple[int, ...]:
    them = 1 - view.seat
    out = []
    for slot in slots(view):
        tile = (
            state.board[them][slot.index]
            if slot.place == "board"
            else state.discards[them][slot.index]
        )
        assert tile is not None
        out.append(tile.value)
    return tuple(out)


def test_truth_is_always_among_the_worlds(games: Games) -> None:
    checked = listed = 0
    for seed in range(30):
        for state in games(seed, "greedy" if seed % 2 else "random"):
            for seat in (0, 1):
                view = View.of(state, seat)
                truth = _truth(state, view)
                counter = Counter(view)
                total = counter.total()
                for slot, value, counts in zip(counter.slots, truth, counter.counts(), strict=True):
                    assert slot.allows(value)
                    assert counts.get(value, 0) > 0
                    assert sum(counts.values()) == total
                if total <= 60:
                    worlds = enumerate_worlds(view, 60)
                    assert len(worlds) == total
                    assert truth in {w.tiles for w in worlds}
                    listed += 1
                checked += 1
    assert checked > 1000 and listed > 300


def test_counts_agree_with_the_constraint_solver(games: Games) -> None:
    for seed in range(8):
        for state in list(games(seed, "greedy"))[::3]:
            view = View.of(state, state.current)
            if count_worlds(view) <= 3000:
                assert count_worlds(view) == sum(1 for _ in iter_worlds(view))


def test_samples_are_uniform(position: PositionMaker) -> None:
    rows = {
        0: {"pie": Placed(9, False, lo=7), "cookies": Placed(8, False, lo=1, hi=8)},
        1: {"wedding-cake": Placed(3)},
    }
    view = View.of(position(1, rows=rows, tops={1: [5]}), 1)
    worlds = list(iter_worlds(view))
    assert len(worlds) == count_worlds(view)
    drawn = Tally(w.tiles for w in sample_worlds(view, 6000, random.Random(1)))
    assert set(drawn) == {w.tiles for w in worlds}
    expected = 6000 / len(worlds)
    assert all(abs(n - expected) < 0.35 * expected for n in drawn.values())


def test_infer_json(position: PositionMaker) -> None:
    rows = {0: {"pie": Placed(11, False, lo=11)}, 1: {"cookies": Placed(3)}}
    doc = infer(View.of(position(1, rows=rows, tops={1: [5]}), 1), limit=5)
    assert json.loads(json.dumps(doc)) == doc
    assert doc["worlds"] == 2 and doc["complete"] is True
    assert doc["tiles"][0]["slot"] == "board:pie"
    assert doc["tiles"][0]["counts"] == {"11": 1, "12": 1}
    assert doc["tiles"][0]["p"] == {"11": 0.5, "12": 0.5}
    assert {w["board:pie"] for w in doc["listed"]} == {11, 12}
    assert len(doc["listed"][0]["stack"]) == 12


def test_listing_stops_at_the_limit(games: Games) -> None:
    state = list(games(5, "greedy"))[12]
    view = View.of(state, state.current)
    doc = infer(view, limit=3)
    assert len(doc["listed"]) == min(3, doc["worlds"])
    assert doc["complete"] == (doc["worlds"] <= 3)


def test_a_view_no_world_fits_is_refused(position: PositionMaker) -> None:
    state = position(1, rows={1: {"cookies": Placed(3)}}, tops={1: [5]})
    view = View.of(state, 1)
    hidden = Placed(HIDDEN, False, lo=12)
    board = (tuple(hidden if i in (5, 6) else None for i in range(len(BUFFET.keys))), view.board[1])
    impossible = View(1, 1, False, (11, 12), 5, board, view.discards)
    with pytest.raises(NotationError, match="no arrangement"):
        infer(impossible)
    with pytest.raises(NotationError, match="no arrangement"):
        impossible.apply(Move(dessert=0))
