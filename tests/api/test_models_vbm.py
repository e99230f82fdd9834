"""What only the Very Big Monster models (``api/http/models/vbm.py``) must say
(``tests/api/test_models.py`` checks what every game's must): the seeded games of
each mode hold every field a move of that mode names, the hint details fit their
model and use every key it documents, the settings model takes the mission sides
and refuses what ``new`` refuses, and the card ids and decks are the game's.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, get_args

import pytest
from fastapi.testclient import TestClient
from pydantic import TypeAdapter

from api.http.app import create_app
from api.http.models.vbm import MODELS, VbmScoreDetail, VbmState, VbmTable
from api.services import games as game_service
from solver.vbm import GAME
from solver.vbm.decks import BUILTIN_DECKS, standard_deck
from tests.api.model_checks import exact_keys, hint_keys, played, refused, round_trips, trails
from tests.modes import every_mode

MODES = [mode for mode in every_mode() if mode.values[0] == "vbm"]
HINT_EVERY = 6
"""Every how many states of a game the hint details are checked (a hint takes a while)."""


@pytest.mark.parametrize(("name", "players", "settings"), MODES)
def test_the_seeded_games_hold_every_field_a_move_names(
    name: str, players: int, settings: Mapping[str, Any]
) -> None:
    draft = {"pass"} if GAME.new(players, 0, dict(settings) or None).mode != "rows" else set()
    rows = {"row", "discard"} if not draft else set()
    kinds = played(name, players, settings).move_fields
    assert kinds == {"explorer", "seat", "card", "at"} | draft | rows, kinds


@pytest.mark.parametrize(("name", "players", "settings"), MODES)
def test_hint_details_validate(name: str, players: int, settings: Mapping[str, Any]) -> None:
    keys = hint_keys(name, next(trails(name, players, settings))[:-1:HINT_EVERY], 0.01)
    assert keys == exact_keys(name), "every documented key appears in some hint"


def test_the_settings_model_takes_mission_sides_and_refuses_what_the_game_refuses() -> None:
    round_trips(MODELS.settings, {"mode": "team", "mission_sides": [0, 1, 1, 0, 1]})
    for bad in (
        {"mode": "duel"},
        {"deck": "/etc/passwd"},
        {"mission_sides": [0, 1]},
        {"mission_sides": [0, 1, 2, 0, 1]},
    ):
        refused("vbm", 4, bad)


def test_the_models_name_the_ids_and_decks_the_game_has() -> None:
    deck = standard_deck()
    schema = TypeAdapter(VbmState).json_schema()
    assert schema["$defs"]["VbmCardId"]["enum"] == [c.id for c in deck.cards]
    assert schema["$defs"]["VbmExplorerId"]["enum"] == [e.id for e in deck.explorers]
    deck_field = VbmTable.model_fields["deck"].annotation
    assert get_args(deck_field) == BUILTIN_DECKS


def test_the_team_score_and_its_tie_break_come_with_the_score(cli: Any) -> None:
    state = GAME.new(4, 2, None)
    while not state.is_terminal():
        state = state.apply(state.legal_moves()[0])
    doc = json.dumps(state.to_json())
    sheet = game_service.score("vbm", state.to_json())
    detail = VbmScoreDetail.model_validate(sheet["detail"])
    totals = [s["total"] for s in sheet["scores"]]
    assert [t.score for t in detail.teams] == [min(totals[0], totals[2]), min(totals[1], totals[3])]
    assert detail.steps[0] == "team score" and detail.decided_by in (*detail.steps, "shared")
    viewed = game_service.score("vbm", state.view(3).to_json())
    assert viewed["detail"] == sheet["detail"]
    free = GAME.new(5, 2, None)
    assert "detail" not in game_service.score("vbm", free.to_json())
    code, out, _ = cli(["vbm", "score", "-"], doc)
    assert code == 0 and detail.text in " ".join(out.split())


def test_the_score_route_documents_and_answers_the_team_standing() -> None:
    app = create_app()
    document = app.openapi()["components"]["schemas"]
    detail = document["VbmScoreResponse"]["properties"]["detail"]
    assert {"$ref": "#/components/schemas/VbmScoreDetail"} in detail["anyOf"]
    assert "detail" not in document["ParkScoreResponse"]["properties"]
    state = GAME.new(4, 2, None)
    while not state.is_terminal():
        state = state.apply(state.legal_moves()[0])
    with TestClient(app) as client:
        answer = client.post("/v1/vbm/score", json={"state": state.view(1).to_json()})
    assert answer.status_code == 200
    assert answer.json()["detail"] == game_service.score("vbm", state.to_json())["detail"]
    VbmScoreDetail.model_validate(answer.json()["detail"])
