"""Over HTTP, the same hint request answers the same bytes on a busy machine, and says
``complete: false`` when the clock, not the work its budget buys, ended a search."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.http.settings import Settings
from api.services import games as game_service
from api.services import searched
from solver import counted, deadline
from solver.game import get_game
from tests.busy import burning, seeded_views

#: (game, players, seed): a few views of each are asked about.
CASES = [("park", 2, 5), ("vbm", 3, 7), ("monstrolicious", 2, 5)]


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Settings(hint_cache=0)))  # no answer kept as bytes


def _bodies(name: str, players: int, seed: int) -> list[dict[str, Any]]:
    views = seeded_views(name, players, seed, 4, 5)
    return [{"state": view.to_json(), "budget_ms": budget} for view in views for budget in (80, 20)]


def _hint(client: TestClient, name: str, body: dict[str, Any]) -> bytes:
    answer = client.post(f"/v1/{name}/hint", json=body)
    assert answer.status_code == 200, answer.text
    content: bytes = answer.content
    return content


@pytest.mark.parametrize(("name", "players", "seed"), CASES)
def test_the_same_request_answers_the_same_bytes_on_a_busy_machine(
    client: TestClient, name: str, players: int, seed: int
) -> None:
    bodies = _bodies(name, players, seed)
    quiet = [_hint(client, name, body) for body in bodies]
    searched.forget()  # searched again under load, not answered from the quiet searches
    with burning():
        busy = [_hint(client, name, body) for body in bodies]
    assert busy == quiet
    assert all(b'"complete":true' in answer for answer in quiet)


@pytest.mark.parametrize("name", ["park", "vbm"])
def test_a_hint_the_guard_stops_answers_complete_false(
    client: TestClient, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    body = _bodies(name, 2, 5)[2]  # past Very Big Monster's Explorer choice
    monkeypatch.setattr(counted, "GUARD", 0.0)
    monkeypatch.setattr(counted, "MIN_GUARD", 0.0)  # the guard has no time at all
    answer = client.post(f"/v1/{name}/hint", json=body).json()
    assert answer["complete"] is False
    assert answer["moves"]  # still every move, valued by the exact parts


def test_the_hint_schema_documents_complete(client: TestClient) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    for prefix in ("Park", "Vbm", "Monstrolicious"):
        hint = schemas[f"{prefix}HintResponse"]
        assert hint["properties"]["complete"]["type"] == "boolean"
        assert "complete" in hint["required"]


class _Slow:
    """``time`` as a thread sees it on a busy machine: 50 ms pass between any two looks."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        self.now += 0.05
        return self.now


def test_a_short_budget_is_not_spent_before_the_hint_starts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = get_game("park")
    seen = game.view(game.new(2, 5, None), 0).to_json()
    monkeypatch.setattr(deadline, "time", _Slow())
    answer = game_service.hint("park", seen, None, 0.01)  # due by nothing: it must answer
    assert answer["complete"] and answer["moves"]
