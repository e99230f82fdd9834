"""Tests for solver/monstrolicious/state.py: set-up, JSON and the 13-tile invariant."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import NotationError
from solver.monstrolicious import GAME
from solver.monstrolicious.cards import TILES
from solver.monstrolicious.reading import state_from_json as from_json
from solver.monstrolicious.state import State, new_state

Games = Callable[..., Iterator[State]]


def test_new_game_is_seeded() -> None:
    assert new_state(2, 4) == new_state(2, 4)
    starters = {new_state(2, seed).current for seed in range(20)}
    assert starters == {0, 1}, "who starts is drawn by lot"
    assert {new_state(2, s, {"first_player": 1}).current for s in range(5)} == {1}
    assert sorted(new_state(2, 4).stacks[0]) == list(TILES)
    assert new_state(2, 4).stacks[0] != new_state(2, 5).stacks[0]


def test_bad_setups_are_refused() -> None:
    with pytest.raises(NotationError, match="2 players"):
        new_state(3, 0)
    with pytest.raises(NotationError, match="unknown setting"):
        new_state(2, 0, {"colour": "red"})
    with pytest.raises(NotationError, match="first_player"):
        new_state(2, 0, {"first_player": 2})
    for seed in (2**64, -(2**64), True):
        with pytest.raises(NotationError, match="bad seed"):
            new_state(2, seed)
    assert from_json(new_state(2, 2**64 - 1).to_json()).seed == 2**64 - 1


@given(st.integers(0, 10_000), st.sampled_from(["random", "greedy"]))
@settings(max_examples=15, deadline=None)
def test_every_step_round_trips_and_keeps_thirteen_tiles(seed: int, kind: str) -> None:
    from solver.game import RandomPlayer
    from solver.monstrolicious.players import GreedyPlayer

    make = RandomPlayer if kind == "random" else GreedyPlayer
    players = [make(seed), make(seed + 1)]
    state = new_state(2, seed)
    while True:
        assert from_json(json.loads(json.dumps(state.to_json()))) == state
        for seat in (0, 1):
            held = [*state.stacks[seat]]
            held += [t.value for t in state.board[seat] if t is not None]
            held += [t.value for t in state.discards[seat]]
            assert sorted(held) == list(TILES)
        assert not any(a is not None and b is not None for a, b in zip(*state.board, strict=True))
        if state.is_terminal():
            break
        state = state.apply(players[state.current].choose(state))


def test_bad_json_is_refused() -> None:
    doc = new_state(2, 1).to_json()
    with pytest.raises(NotationError):
        GAME.from_json({"not": "a state"})
    broken = json.loads(json.dumps(doc))
    broken["stacks"][0] = broken["stacks"][0][1:]
    with pytest.raises(NotationError, match="13 tiles"):
        from_json(broken)
    broken = json.loads(json.dumps(doc))
    broken["board"][0]["pie"] = {"tile": 3}
    with pytest.raises(NotationError):
        from_json(broken)
    broken = json.loads(json.dumps(doc))
    broken["to_move"] = 2
    with pytest.raises(NotationError):
        from_json(broken)


def test_scores_are_running_totals(games: Games) -> None:
    for state in games(3, "greedy"):
        scores = state.scores()
        assert [s.seat for s in scores] == [0, 1]
        assert all(s.total == sum(s.lines.values()) for s in scores)
