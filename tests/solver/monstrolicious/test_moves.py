"""Tests for solver/monstrolicious/moves.py: moves, their words and their JSON."""

from __future__ import annotations

import pytest

from solver.errors import NotationError
from solver.monstrolicious.cards import BUFFET
from solver.monstrolicious.moves import Move
from solver.monstrolicious.reading import move_from_json
from solver.monstrolicious.writing import move_to_json


def test_moves_round_trip_and_reject_bad_input() -> None:
    for move in [Move(dessert=i) for i in range(11)] + [Move(reveal=i) for i in range(11)]:
        assert move_from_json(move_to_json(move)) == move
    assert move_from_json({"dessert": " Chocolate-Fountain "}) == Move(dessert=BUFFET.pair[0])
    for bad in ({"dessert": "pizza"}, {"dessert": "pie", "reveal": "pie"}, {}, ["pie"]):
        with pytest.raises(NotationError):
            move_from_json(bad)
    assert str(Move(reveal=BUFFET.donuts)) == "turn up the tile at the Donuts"


def test_a_move_is_written_with_its_action_and_read_with_or_without_it() -> None:
    place, reveal = Move(dessert=BUFFET.pair[0]), Move(reveal=BUFFET.donuts)
    assert move_to_json(place)["action"] == "place" and move_to_json(reveal)["action"] == "reveal"
    for move in (place, reveal):
        bare = {k: v for k, v in move_to_json(move).items() if k != "action"}
        assert move_from_json(bare) == move_from_json(move_to_json(move)) == move
    with pytest.raises(NotationError) as err:
        move_from_json({"action": "reveal", "dessert": "pie"})
    assert err.value.path == "action" and "its action is 'place', not 'reveal'" in str(err.value)
