"""Tests for solver/monstrolicious/tiles.py: the buffet data, tiles and moves."""

from __future__ import annotations

from pathlib import Path

import pytest

from solver.errors import MonsterError, NotationError
from solver.monstrolicious.codec import read_placed
from solver.monstrolicious.tiles import (
    BUFFET,
    TRAP,
    Move,
    Placed,
    load_buffet,
    parse_buffet,
    parse_tile,
)


def test_buffet_is_eleven_desserts_one_to_ten_with_two_eights() -> None:
    assert len(BUFFET.desserts) == 11
    assert sorted(BUFFET.points) == [1, 2, 3, 4, 5, 6, 7, 8, 8, 9, 10]
    assert BUFFET.points[BUFFET.lollipop] == 1
    assert BUFFET.points[BUFFET.donuts] == 3
    assert [BUFFET.desserts[i].name for i in BUFFET.pair] == ["Chocolate Fountain", "Fruit Platter"]
    assert all(BUFFET.points[i] == 8 for i in BUFFET.pair)
    assert BUFFET.pair_bonus == 3


def test_buffet_file_is_checked(tmp_path: Path) -> None:
    good = (Path(__file__).parents[3] / "solver/monstrolicious/data/buffet.toml").read_text()
    assert parse_buffet(good) == BUFFET
    bad = tmp_path / "buffet.toml"
    bad.write_text(good.replace('role = "donuts"', 'role = ""'))
    with pytest.raises(MonsterError, match="one donuts"):
        load_buffet(bad)
    with pytest.raises(MonsterError, match="cannot read"):
        load_buffet(tmp_path / "missing.toml")
    with pytest.raises(MonsterError, match="bad buffet"):
        parse_buffet("pair_bonus = 3\n[[dessert]]\nkey = 1\n")


def test_tiles_parse_and_format() -> None:
    assert parse_tile("Trap") == TRAP and parse_tile(12) == 12
    for bad in (0, 13, "7", True, None):
        with pytest.raises(NotationError):
            parse_tile(bad)


def test_placed_round_trip_with_bounds() -> None:
    for tile in (Placed(7), Placed(TRAP, True), Placed(5, False, 1, 9)):
        assert read_placed(tile.to_json(), "discards[0][0]", "discard") == tile
    assert Placed(5, False, 3, 9).to_json() == {"tile": 5, "up": False, "at_least": 3, "at_most": 9}
    with pytest.raises(NotationError, match=r"discards\[0\]\[0\]\.up"):
        read_placed({"tile": 5, "up": "no"}, "discards[0][0]", "discard")


def test_moves_round_trip_and_reject_bad_input() -> None:
    for move in [Move(dessert=i) for i in range(11)] + [Move(reveal=i) for i in range(11)]:
        assert Move.from_json(move.to_json()) == move
    assert Move.from_json({"dessert": " Chocolate-Fountain "}) == Move(dessert=BUFFET.pair[0])
    for bad in ({"dessert": "pizza"}, {"dessert": "pie", "reveal": "pie"}, {}, ["pie"]):
        with pytest.raises(NotationError):
            Move.from_json(bad)  # type: ignore[arg-type]
    assert str(Move(reveal=BUFFET.donuts)) == "turn up the tile at the Donuts"
