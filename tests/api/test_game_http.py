"""``/v1/<game>/hint | validate | score`` for every registered game."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.http.settings import Settings
from solver.game import GAMES, Json, get_game

NAMES = sorted(GAMES)


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Settings()))


def _problem(response: Any, field: str, kind: str = "invalid-input") -> None:
    """A 422 of problem type ``kind`` naming ``field`` (a JSON pointer) or a place inside it."""
    assert response.status_code == 422
    assert response.headers["content-type"] == "application/problem+json"
    body = response.json()
    assert body["type"] == f"/problems/{kind}"
    if kind == "invalid-input":
        pointers = {e["field"] for e in body["errors"]}
        assert any(p == f"/{field}" or p.startswith(f"/{field}/") for p in pointers), pointers


@pytest.mark.parametrize("name", NAMES)
def test_hint_ranks_every_legal_move(client: TestClient, name: str) -> None:
    game = get_game(name)
    state = game.new(game.default_players, 6, None)
    response = client.post(f"/v1/{name}/hint", json={"state": state.to_json(), "budget_ms": 200})
    assert response.status_code == 200
    answer = response.json()
    assert answer["seat"] == state.to_move
    offered = game.view(state, state.to_move).legal_moves()  # as the mover's view names them
    legal = sorted(json.dumps(game.move_to_json(m), sort_keys=True) for m in offered)
    assert sorted(json.dumps(m["move"], sort_keys=True) for m in answer["moves"]) == legal
    values = [m["value"] for m in answer["moves"]]
    assert values == sorted(values, reverse=True)


@pytest.mark.parametrize("name", NAMES)
def test_validate_answers_legal_or_the_rule(
    client: TestClient, name: str, illegal: Callable[[str], tuple[Json, Json]]
) -> None:
    game = get_game(name)
    state = game.new(game.default_players, 6, None)
    move = game.move_to_json(state.legal_moves()[-1])
    ok = client.post(f"/v1/{name}/validate", json={"state": state.to_json(), "move": move})
    assert ok.status_code == 200 and ok.json() == {"legal": True, "reason": "legal"}
    bad_state, bad_move = illegal(name)
    no = client.post(f"/v1/{name}/validate", json={"state": bad_state, "move": bad_move})
    assert no.status_code == 200
    assert no.json()["legal"] is False and no.json()["reason"] != "legal"


@pytest.mark.parametrize("name", NAMES)
def test_score_at_the_end_names_the_winners(
    client: TestClient, name: str, trail: Callable[[str, int], list[Any]]
) -> None:
    states = trail(name, 8)
    start = client.post(f"/v1/{name}/score", json={"state": states[0].to_json()}).json()
    assert start["terminal"] is False and start["winners"] == []
    end = client.post(f"/v1/{name}/score", json={"state": states[-1].to_json()}).json()
    assert end["terminal"] is True and end["winners"] == list(states[-1].winners())
    assert [s["total"] for s in end["scores"]] == [s.total for s in states[-1].scores()]


@pytest.mark.parametrize("name", NAMES)
def test_bad_input_is_a_problem_naming_the_field(client: TestClient, name: str) -> None:
    game = get_game(name)
    state = game.new(game.default_players, 6, None).to_json()
    _problem(client.post(f"/v1/{name}/hint", json={"state": {"x": 1}}), "state")
    _problem(
        client.post(f"/v1/{name}/score", json={"state": {**state, "players": "many"}}), "state"
    )
    _problem(client.post(f"/v1/{name}/hint", json={"state": state, "seat": 7}), "seat")
    _problem(client.post(f"/v1/{name}/validate", json={"state": state, "move": {"x": 1}}), "move")
    _problem(client.post(f"/v1/{name}/hint", json={"state": state, "extra": 1}), "extra")
    _problem(client.post(f"/v1/{name}/hint", json={"state": state, "budget_ms": 0}), "budget_ms")


@pytest.mark.parametrize("name", NAMES)
def test_a_finished_game_has_no_hint(
    client: TestClient, name: str, trail: Callable[[str, int], list[Any]]
) -> None:
    final = trail(name, 9)[-1].to_json()
    _problem(client.post(f"/v1/{name}/hint", json={"state": final}), "state", "game-over")


@pytest.mark.parametrize("name", NAMES)
def test_render_answers_an_svg_picture(client: TestClient, name: str) -> None:
    game = get_game(name)
    state = game.new(game.default_players, 6, None).to_json()
    response = client.post(f"/v1/{name}/render.svg", json={"state": state, "seat": 0})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert response.text.startswith("<svg")
    same = client.post(f"/v1/{name}/render.svg", json={"state": state, "seat": 0})
    assert same.content == response.content
    _problem(client.post(f"/v1/{name}/render.svg", json={"state": state, "seat": 7}), "seat")
    _problem(client.post(f"/v1/{name}/render.svg", json={"state": {"x": 1}}), "state")


@pytest.mark.parametrize("name", NAMES)
def test_every_game_answers_from_a_players_view(
    client: TestClient, name: str, trail: Callable[[str, int], list[Any]]
) -> None:
    state = trail(name, 4)[9]
    seat = state.to_move
    view = state.view(seat).to_json()
    from_view = client.post(f"/v1/{name}/hint", json={"state": view}).json()
    from_state = client.post(f"/v1/{name}/hint", json={"state": state.to_json()}).json()
    assert from_view == from_state and from_view["seat"] == seat
    move = from_view["moves"][0]["move"]
    verdict = client.post(f"/v1/{name}/validate", json={"state": view, "move": move})
    assert verdict.json() == {"legal": True, "reason": "legal"}
    score = client.post(f"/v1/{name}/score", json={"state": view})
    assert score.status_code == 200 and score.json()["terminal"] is False
    picture = client.post(f"/v1/{name}/render.svg", json={"state": view})
    assert (
        picture.content
        == client.post(
            f"/v1/{name}/render.svg", json={"state": state.to_json(), "seat": seat}
        ).content
    )
    other = client.post(f"/v1/{name}/hint", json={"state": view, "seat": (seat + 1) % 2})
    _problem(other, "seat")
    waiting = client.post(f"/v1/{name}/hint", json={"state": state.view((seat + 1) % 2).to_json()})
    _problem(waiting, "state", "not-your-turn")


@pytest.mark.parametrize("name", NAMES)
def test_a_hint_that_waited_past_its_deadline_stops(name: str) -> None:
    import time

    from api.services import games as game_service
    from solver.deadline import due_by
    from solver.errors import SolverTimeoutError

    game = get_game(name)
    state = game.new(game.default_players, 6, None).to_json()
    with due_by(time.monotonic() - 0.01), pytest.raises(SolverTimeoutError):
        game_service.hint(name, state, None, 0.5)
