"""A whole game over HTTP from players' views: ``new -> view -> legal -> hint -> apply``."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.http.settings import Settings
from api.services import games as game_service
from solver.game import GAMES, get_game
from tests.api.conftest import answered

NAMES = sorted(GAMES)


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Settings()))


@pytest.mark.parametrize("name", NAMES)
def test_a_whole_game_is_played_from_views(client: TestClient, name: str) -> None:
    game = get_game(name)
    started = answered(client, f"/v1/{name}/new", {"players": 2, "seed": 3})
    state, turn = started["state"], started["turn"]
    assert state == game.new(2, 3, None).to_json()
    for _ in range(500):
        if turn["terminal"]:
            break
        assert turn["waiting"][0] == turn["to_move"]  # several in a simultaneous step
        seat = turn["to_move"]
        shown = answered(client, f"/v1/{name}/view", {"state": state, "seat": seat})
        assert shown["turn"] == turn and shown["view"]["view_of"] == seat
        moves = answered(client, f"/v1/{name}/legal", {"state": shown["view"]})["moves"]
        assert moves == answered(client, f"/v1/{name}/legal", {"state": state})["moves"]
        body = {"state": shown["view"], "budget_ms": 5, "top": 1}
        [best] = answered(client, f"/v1/{name}/hint", body)["moves"]
        assert {**best["move"], "label": best["label"], "notation": best["notation"]} in moves
        played = answered(client, f"/v1/{name}/apply", {"state": state, "move": best["move"]})
        state, turn = played["state"], played["turn"]
    assert turn["terminal"] and turn["to_move"] is None and turn["waiting"] == []
    assert turn["phase"] == "over"
    final = answered(client, f"/v1/{name}/score", {"state": state})
    assert final["terminal"] and final["winners"]


@pytest.mark.parametrize("name", NAMES)
def test_apply_refuses_what_it_cannot_play(client: TestClient, name: str) -> None:
    state = answered(client, f"/v1/{name}/new", {"seed": 1})["state"]
    game = get_game(name)
    first = game.from_json(state)
    later = first.apply(first.legal_moves()[0])
    stale = next(
        (game.move_to_json(m) for m in later.legal_moves() if m not in first.legal_moves()), None
    )
    if stale is not None:
        illegal = client.post(f"/v1/{name}/apply", json={"state": state, "move": stale})
        assert illegal.status_code == 422
        assert illegal.json()["type"] == "/problems/illegal-move"
    view = game.view(first, 0).to_json()
    refused = client.post(f"/v1/{name}/apply", json={"state": view, "move": stale or {}})
    assert refused.status_code == 422 and refused.json()["errors"][0]["field"] == "/state"


@pytest.mark.parametrize("name", NAMES)
def test_new_without_a_seed_draws_64_bits(client: TestClient, name: str) -> None:
    seeds = {answered(client, f"/v1/{name}/new", {})["state"]["seed"] for _ in range(3)}
    assert len(seeds) == 3 and max(seeds) >= 2**40


def test_the_games_are_listed_with_their_seats_and_settings(client: TestClient) -> None:
    response = client.get("/v1/games")
    assert response.status_code == 200 and "ETag" in response.headers
    listed = {g["name"]: g for g in response.json()["games"]}
    assert sorted(listed) == NAMES
    for name in NAMES:
        game = get_game(name)
        assert listed[name]["title"] == GAMES[name].title
        assert listed[name]["default_players"] == game.default_players
        assert listed[name]["settings"] == dict(game.settings)


def test_the_manno_token_set_is_served_in_arrangement_order(client: TestClient) -> None:
    response = client.get("/v1/manno/tokens")
    assert response.status_code == 200 and "ETag" in response.headers
    doc = response.json()
    assert [k["kind"] for k in doc["kinds"]] == ["PB", "TB", "PR", "TR", "PY", "TY"]
    assert len(doc["tokens"]) == 15 and doc["tokens"][0] == {
        "token": 1,
        "side0": "PB",
        "side1": "TB",
    }
    pairs = {frozenset((t["side0"], t["side1"])) for t in doc["tokens"]}
    assert len(pairs) == 15  # every pair of two kinds once
    again = client.get("/v1/manno/tokens", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("settings", [False, 0, "", []])
def test_settings_that_are_no_object_are_refused(
    client: TestClient, name: str, settings: object
) -> None:
    answer = client.post(f"/v1/{name}/new", json={"seed": 1, "settings": settings})
    assert answer.status_code == 422
    assert answer.json()["errors"][0]["field"] == "/settings"


def test_validate_on_a_state_judges_the_move_as_the_seat_named(
    client: TestClient,
) -> None:
    started = answered(client, "/v1/vbm/new", {"players": 4, "seed": 2})
    state, turn = started["state"], started["turn"]
    assert turn["waiting"] == [0, 1, 2, 3]  # the Explorer choice is simultaneous
    seen = answered(client, "/v1/vbm/view", {"state": state, "seat": 2})["view"]
    move = answered(client, "/v1/vbm/legal", {"state": seen})["moves"][0]
    assert move["seat"] == 2
    for where in ({"state": state, "seat": 2}, {"state": seen}):
        verdict = answered(client, "/v1/vbm/validate", {**where, "move": move})
        assert verdict == {"legal": True, "reason": "legal"}
    # without a seat, a state answers as the seat to move: not seat 2's move
    verdict = answered(client, "/v1/vbm/validate", {"state": state, "move": move})
    assert verdict == {"legal": False, "reason": "not your seat: this move is for seat 2"}
    played = answered(client, "/v1/vbm/apply", {"state": state, "move": move})
    assert played["turn"]["waiting"] == [0, 1, 3]


@pytest.mark.parametrize("name", NAMES)
def test_an_answer_is_the_services_document_as_it_made_it(client: TestClient, name: str) -> None:
    """Encoded once, compactly, keys in the codec's order: not re-made through the model."""
    started = client.post(f"/v1/{name}/new", json={"players": 2, "seed": 3})
    state = started.json()["state"]
    shown = client.post(f"/v1/{name}/view", json={"state": state, "seat": 0})
    expected = [
        game_service.new_game(name, 2, 3, None),
        game_service.view_with_turn(name, state, 0),
    ]
    encoded = [
        json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode() for doc in expected
    ]
    assert [started.content, shown.content] == encoded
    assert started.headers["content-type"] == "application/json"
