"""Tests for solver/monstrolicious/view.py: a seat sees what it may, and nothing more."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pytest

from solver.errors import IllegalMoveError, NotationError
from solver.monstrolicious import GAME
from solver.monstrolicious.cards import BUFFET, Placed
from solver.monstrolicious.moves import Move
from solver.monstrolicious.state import State, View, determinise
from solver.monstrolicious.view import HIDDEN

Games = Callable[..., Iterator[State]]
PositionMaker = Callable[..., State]
D = BUFFET.index


def test_views_hide_the_opponents_face_down_tiles(games: Games) -> None:
    for seed in range(6):
        for state in games(seed):
            for seat in (0, 1):
                doc = state.view(seat).to_json()
                them = 1 - seat
                for tile in doc["board"][them].values():
                    assert tile is None or tile["up"] == (tile["tile"] is not None)
                for tile in doc["discards"][them]:
                    assert tile["up"] == (tile["tile"] is not None)
                assert doc["stacks"][them]["next"] is None
                mine = doc["stacks"][seat]["next"]
                assert (mine is not None) == (state.next_tile is not None and state.current == seat)


def test_a_world_built_from_a_view_shows_the_same_view(games: Games) -> None:
    """Nothing in the view depends on a hidden value: any world it allows looks the same."""
    for seed in range(4):
        for state in games(seed, "greedy"):
            for seat in (0, 1):
                view = View.of(state, seat)
                assert View.of(determinise(view), seat) == view


def test_view_json_round_trips(games: Games) -> None:
    for state in games(2):
        for seat in (0, 1):
            doc = json.loads(json.dumps(state.view(seat).to_json()))
            view = GAME.view_from_json(doc)
            assert isinstance(view, View) and view == View.of(state, seat)
            assert view.to_json() == doc


def test_battles_announce_bounds(position: PositionMaker) -> None:
    s = position(1, rows={0: {"pie": Placed(6)}}, tops={1: [9]})
    after = s.apply(Move(dessert=D("pie")))
    seen = View.of(after, 0).board[1][D("pie")]
    assert seen == Placed(HIDDEN, False, lo=6)
    doc = after.view(0).to_json()["board"][1]["pie"]
    assert doc == {"tile": None, "up": False, "at_least": 6}
    lost = position(1, rows={0: {"pie": Placed(10)}}, tops={1: [9]}).apply(Move(dessert=D("pie")))
    assert View.of(lost, 0).discards[1][-1] == Placed(HIDDEN, False, lo=1, hi=9)


def test_view_apply_checks_legality_and_plays_on(position: PositionMaker) -> None:
    s = position(0, rows={0: {"pie": Placed(4)}, 1: {"cookies": Placed(2, True)}}, tops={0: [3]})
    view = View.of(s, 0)
    with pytest.raises(IllegalMoveError, match="empty space"):
        view.apply(Move(dessert=D("pie")))
    assert GAME.validate(view, {"dessert": "pie"}).legal is False
    assert GAME.validate(view, {"dessert": "cookies"}).legal is True
    after = view.apply(Move(dessert=D("cookies")))
    assert after.board[0][D("cookies")] == Placed(3, False, lo=2)
    assert after.current == 1 and after.next_tile is None


def test_view_scores_count_what_is_visible(position: PositionMaker) -> None:
    s = position(0, rows={0: {"pie": Placed(4)}, 1: {"wedding-cake": Placed(0)}}, tops={0: [3]})
    assert [x.total for x in View.of(s, 0).scores()] == [9, 10], "an unseen tile may be a monster"
    assert [x.total for x in s.scores()] == [9, 0]


def test_impossible_views_are_refused(games: Games) -> None:
    state = list(games(1))[5]
    doc = state.view(state.current).to_json()
    broken = json.loads(json.dumps(doc))
    broken["stacks"][1 - state.current]["next"] = 3
    with pytest.raises(NotationError):
        GAME.view_from_json(broken)
    broken = json.loads(json.dumps(doc))
    broken["stacks"][state.current]["count"] += 1
    with pytest.raises(NotationError, match="in its stack, not"):
        GAME.view_from_json(broken)
    broken = json.loads(json.dumps(doc))
    broken["view_of"] = 3
    with pytest.raises(NotationError):
        GAME.view_from_json(broken)
