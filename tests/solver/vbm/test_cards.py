"""``cards_json``: every card and Explorer id a game can hold, with what the data file prints."""

from __future__ import annotations

import json
import random
import tomllib
from importlib import resources
from typing import Any

from solver.vbm import GAME
from solver.vbm.decks import cards_json


def _data_file() -> dict[str, Any]:
    text = resources.files("solver.vbm").joinpath("data/deck.toml").read_text("utf-8")
    return tomllib.loads(text)


def test_the_game_lists_its_cards() -> None:
    assert GAME.cards is cards_json
    doc = cards_json()
    assert doc == cards_json()
    text = json.dumps(doc, sort_keys=True)
    assert json.loads(text) == doc and len(text) < 40_000
    assert doc["game"] == "vbm" and doc["deck"] == "standard"


def test_contents_match_the_data_file() -> None:
    data, doc = _data_file(), cards_json()
    assert doc["cards"] == [{"vp": 0, **card} for card in data["card"]]
    assert doc["explorers"] == data["explorer"]
    assert doc["missions"] == [tile["side"] for tile in data["mission"]]
    for key in ("grassland", "portal_tiles", "portal_vp"):
        assert doc[key] == data[key]
    assert doc["crystal_vp"] == {"blue": 10, "red": 5, "green": 2}


def test_every_id_a_played_game_holds_is_listed() -> None:
    doc = cards_json()
    set_of = {card["id"]: card["set"] for card in doc["cards"]}
    explorers = {e["id"] for e in doc["explorers"]}
    assert len(set_of) == len(doc["cards"]) == 120 and len(explorers) == 12
    for players, settings in GAME.modes():
        rng = random.Random(players)
        state = GAME.new(players, players, settings)
        held_cards, held_explorers = set(state.cards()), {e for o in state.offers for e in o}
        while not state.is_terminal():
            state = state.apply(rng.choice(state.legal_moves()))
        held_cards |= {c for area in state.areas for _, _, c in area}
        held_explorers |= {e for e in state.explorers if e is not None}
        assert held_cards <= set(set_of) and held_explorers <= explorers
        sets = {set_of[c] for c in held_cards}
        assert held_cards == {c for c, s in set_of.items() if s in sets}  # whole sets
