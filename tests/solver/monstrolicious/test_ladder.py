"""The Monstrolicious hint ladder speaks of what both players see alike.

The two players sit on either side of the buffet, so one's left is the other's
right, and a narrow page wraps the buffet onto several rows: the rungs point to a
dessert by the points printed on it, never by where it lies.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from solver.game import RankedMove
from solver.monstrolicious.cards import BUFFET, Placed
from solver.monstrolicious.ladder import ladder
from solver.monstrolicious.state import State, View

PositionMaker = Callable[..., State]

WHERE = re.compile(r"\b(left|right|middle)\b")


@pytest.mark.parametrize("key", BUFFET.keys)
def test_each_rung_points_by_points_not_by_side(position: PositionMaker, key: str) -> None:
    state = position(0, tops={0: [3], 1: [6]})
    first, second, _ = ladder(View.of(state, 0), RankedMove({"dessert": key}, 0.5, "")).texts
    low, high = map(int, re.findall(r"worth (\d+) to (\d+) points", first)[0])
    points = BUFFET.desserts[BUFFET.index(key)].points
    assert low <= points <= high
    assert f"worth {points} point" in second
    assert not WHERE.search(first) and not WHERE.search(second)


def test_the_donuts_reveal_points_by_points_too(position: PositionMaker) -> None:
    state = position(0, rows={1: {"cookies": Placed(5)}}, tops={0: [3], 1: [6]})
    rungs = ladder(View.of(state, 0), RankedMove({"reveal": "cookies"}, 2.0, "")).texts
    assert rungs[1] == "Look at their face-down tile at a dessert worth 2 points."
    assert not any(WHERE.search(text) for text in rungs)
