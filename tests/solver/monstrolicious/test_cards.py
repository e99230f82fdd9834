"""Tests for solver/monstrolicious/cards.py: the buffet data and the tiles."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from solver.errors import MonsterError, NotationError
from solver.monstrolicious import GAME
from solver.monstrolicious.cards import (
    BUFFET,
    TRAP,
    Placed,
    cards_json,
    load_buffet,
    parse_buffet,
    parse_tile,
)
from solver.monstrolicious.readers import read_placed
from solver.monstrolicious.writing import move_to_json

DATA = Path(__file__).parents[3] / "solver/monstrolicious/data/buffet.toml"


def test_buffet_is_eleven_desserts_one_to_ten_with_two_eights() -> None:
    assert len(BUFFET.desserts) == 11
    assert sorted(BUFFET.points) == [1, 2, 3, 4, 5, 6, 7, 8, 8, 9, 10]
    assert BUFFET.points[BUFFET.lollipop] == 1
    assert BUFFET.points[BUFFET.donuts] == 3
    assert [BUFFET.desserts[i].name for i in BUFFET.pair] == ["Chocolate Fountain", "Fruit Platter"]
    assert all(BUFFET.points[i] == 8 for i in BUFFET.pair)
    assert BUFFET.pair_bonus == 3


def test_buffet_file_is_checked(tmp_path: Path) -> None:
    good = DATA.read_text()
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


def _ids(doc: Any, key: str) -> set[Any]:
    """Every value of ``key`` anywhere in a JSON document."""
    found: set[Any] = set()
    if isinstance(doc, dict):
        found |= {doc[key]} if key in doc and not isinstance(doc[key], (dict, list)) else set()
        for value in doc.values():
            found |= _ids(value, key)
    elif isinstance(doc, list):
        for value in doc:
            found |= _ids(value, key)
    return found


def test_the_cards_list_every_tile_and_dessert_as_the_data_file_prints_them() -> None:
    cards = cards_json()
    assert GAME.cards is cards_json and cards == cards_json()
    assert json.loads(json.dumps(cards)) == cards and len(json.dumps(cards)) < 4000
    data = tomllib.loads(DATA.read_text())
    assert cards["pair_bonus"] == data["pair_bonus"]
    printed = [{k: d[k] for k in ("key", "name", "points", "role")} for d in cards["desserts"]]
    assert printed == data["dessert"]
    assert [d["power"] is None for d in cards["desserts"]] == [
        not d["role"] for d in data["dessert"]
    ]
    assert [t["id"] for t in cards["tiles"]] == ["trap", *range(1, 13)]
    assert cards["tiles"][0] == {"id": "trap", "kind": "trap", "strength": None, "label": "Trap"}
    assert cards["tiles"][7] == {"id": 7, "kind": "monster", "strength": 7, "label": "7"}
    assert cards["tiles_per_seat"] == 13


def test_every_id_a_game_holds_is_in_the_cards(games: Callable[..., Iterator[Any]]) -> None:
    cards = cards_json()
    tiles = {t["id"] for t in cards["tiles"]}
    desserts = {d["key"] for d in cards["desserts"]}
    seen_tiles: set[Any] = set()
    seen_desserts: set[Any] = set()
    for seed in range(4):
        for state in games(seed):
            docs = [state.to_json(), state.view(0).to_json(), state.view(1).to_json()]
            for doc in docs:
                seen_tiles |= _ids(doc, "tile") - {None}
                seen_tiles |= {
                    t for stack in doc["stacks"] if isinstance(stack, list) for t in stack
                }
                seen_tiles |= _ids(doc["stacks"], "next") - {None}
                seen_desserts |= {k for row in doc["board"] for k in row}
            for move in state.legal_moves():
                seen_desserts |= {v for k, v in move_to_json(move).items() if k != "action"}
    assert seen_tiles == tiles and seen_desserts == desserts
