"""Move JSON: what ``move_from_json`` reads and refuses, and the round trip."""

from __future__ import annotations

import random
from typing import Any

import pytest

from solver.errors import NotationError
from solver.vbm.reading import move_from_json
from solver.vbm.state import new_state
from solver.vbm.writing import move_to_json


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_move_round_trips(players: int) -> None:
    rng = random.Random(players)
    state = new_state(players, players)
    while not state.is_terminal():
        moves = state.legal_moves()
        for move in rng.sample(moves, min(len(moves), 5)):
            assert move_from_json(move_to_json(move)) == move
        state = state.apply(rng.choice(moves))


@pytest.mark.parametrize(
    ("doc", "words"),
    [
        ({"explorer": None, "card": "W01", "at": [0, 1]}, '"explorer"'),
        ({"explorer": None}, '"explorer"'),
        ({"explorer": "E01", "card": "W01"}, "only"),
        ({"card": "W01", "at": [0]}, '"at"'),
        ({"card": "W01", "at": [0, 1], "pass": "1"}, '"pass"'),
        ({"card": "W01", "at": [0, 1], "colour": 1}, "unknown move field"),
        ([], "JSON object"),
        ({"explorer": "E01", "seat": 9}, '"seat"'),
        ({"card": "W01", "at": [0, 1], "seat": "1"}, '"seat"'),
        ({"card": "W01", "at": [0, 1], "seat": True}, '"seat"'),
    ],
)
def test_a_move_that_does_not_read_is_refused(doc: Any, words: str) -> None:
    with pytest.raises(NotationError) as err:
        move_from_json(doc)
    assert words in str(err.value)


def test_a_move_may_name_its_seat() -> None:
    for action, doc in (
        ("explorer", {"explorer": "E01", "seat": 2}),
        ("place", {"card": "W01", "at": [0, 1], "pass": 3, "seat": 0}),
    ):
        move = move_from_json(doc)
        assert move.seat == doc["seat"] and move_to_json(move) == {"action": action, **doc}
    assert move_from_json({"explorer": "E01"}).seat is None


def test_a_move_is_written_with_its_action_and_read_with_or_without_it() -> None:
    for doc in ({"explorer": "E01"}, {"row": 0, "card": "W01", "at": [0, 1], "discard": "L02"}):
        move = move_from_json(doc)
        written = move_to_json(move)
        assert next(iter(written)) == "action"
        assert {**written, "action": None} == {"action": None, **doc}
        assert move_from_json(written) == move
    with pytest.raises(NotationError) as err:
        move_from_json({"action": "place", "explorer": "E01"})
    assert err.value.path == "action" and "is 'explorer', not 'place'" in str(err.value)
