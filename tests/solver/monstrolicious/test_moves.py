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
