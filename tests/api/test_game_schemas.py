"""The typed game routes: every example of the OpenAPI document is a request the
service answers, every answer matches its published schema, and the cards are served.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.http.settings import Settings
from solver.game import GAMES, get_game

NAMES = sorted(GAMES)


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Settings()))


@pytest.fixture(scope="module")
def document(client: TestClient) -> dict[str, Any]:
    doc: dict[str, Any] = client.get("/openapi.json").json()
    return doc


@pytest.mark.parametrize("name", NAMES)
def test_every_route_example_is_answered(
    client: TestClient, document: dict[str, Any], name: str
) -> None:
    routes = {p: item["post"] for p, item in document["paths"].items() if "post" in item}
    mine = {p: op for p, op in routes.items() if p.startswith(f"/v1/{name}/")}
    assert len(mine) == 8
    for path, op in mine.items():
        content = op["requestBody"]["content"]["application/json"]
        examples = content["examples"]
        assert list(examples) == ["seeded"], path
        answer = client.post(path, json=examples["seeded"]["value"])
        assert answer.status_code == 200, (path, answer.text[:300])


@pytest.mark.parametrize("name", NAMES)
def test_states_views_and_moves_are_typed_per_game(document: dict[str, Any], name: str) -> None:
    schemas = document["components"]["schemas"]
    prefix = name.capitalize()
    for part in ("State", "View", "Move", "HintDetail", "Settings", "HintResponse"):
        assert f"{prefix}{part}" in schemas, part
    hint = schemas[f"{prefix}HintRequest"]["properties"]["state"]
    assert {r["$ref"].rsplit("/", 1)[1] for r in hint["anyOf"]} == {
        f"{prefix}State",
        f"{prefix}View",
    }
    detail = schemas[f"{prefix}HintDetail"]["properties"]
    assert detail and all(p.get("description") for p in detail.values())


@pytest.mark.parametrize("name", NAMES)
def test_the_cards_are_served_and_kept(client: TestClient, name: str) -> None:
    game = get_game(name)
    assert game.cards is not None
    answer = client.get(f"/v1/{name}/cards")
    assert answer.status_code == 200 and answer.json() == game.cards()
    assert "ETag" in answer.headers and "max-age" in answer.headers["Cache-Control"]


def test_operation_ids_name_the_game_and_the_route(document: dict[str, Any]) -> None:
    ids = {op["operationId"] for item in document["paths"].values() for op in item.values()}
    for name in NAMES:
        for route in ("New", "Apply", "View", "Legal", "Hint", "Validate", "Score", "Cards"):
            assert f"{name}{route}" in ids
