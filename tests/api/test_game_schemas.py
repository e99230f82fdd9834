"""The typed game routes: every example of the OpenAPI document is a request the
service answers, every answer matches its published schema, and the cards are served.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.services import games as game_service
from solver.game import GAMES, get_game

NAMES = sorted(GAMES)


@pytest.mark.parametrize("name", NAMES)
def test_every_route_example_is_answered(
    client: TestClient, document: dict[str, Any], name: str
) -> None:
    routes = {p: item["post"] for p, item in document["paths"].items() if "post" in item}
    mine = {p: op for p, op in routes.items() if p.startswith(f"/v1/{name}/")}
    assert len(mine) == 9
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
    answer = client.get(f"/v1/{name}/cards")
    assert answer.status_code == 200 and answer.json() == game.cards()
    assert "ETag" in answer.headers and "max-age" in answer.headers["Cache-Control"]


def test_operation_ids_name_the_game_and_the_route(document: dict[str, Any]) -> None:
    ids = {op["operationId"] for item in document["paths"].values() for op in item.values()}
    for name in NAMES:
        for route in ("New", "Apply", "View", "Legal", "Hint", "Validate", "Review", "Score"):
            assert f"{name}{route}" in ids
        assert f"{name}Cards" in ids


def _fields(moves: list[dict[str, Any]]) -> set[tuple[str, ...]]:
    return {(*sorted(m), *sorted(m["detail"]), *sorted(m["move"])) for m in moves}


@pytest.mark.parametrize("name", NAMES)
def test_typed_answers_are_the_services_documents_unchanged(client: TestClient, name: str) -> None:
    """The response models describe the answers; they add no field the codec left out."""
    game = get_game(name)
    state = game.new(game.default_players, 5, None)
    for _ in range(12):
        if state.is_terminal():
            break
        doc = state.to_json()
        seen = game.view(state, state.to_move).to_json()
        asks: list[tuple[str, dict[str, Any], Any]] = [
            ("view", {"state": doc, "seat": 0}, game_service.view_with_turn(name, doc, 0)),
            ("legal", {"state": seen}, game_service.legal(name, seen)),
        ]
        for route, body, direct in asks:
            assert client.post(f"/v1/{name}/{route}", json=body).json() == direct, route
        # a hint may rank differently on a busy machine; its moves' fields may not differ
        hinted = client.post(f"/v1/{name}/hint", json={"state": seen}).json()["moves"]
        ranked = game_service.hint(name, seen, None)["moves"]
        assert _fields(hinted) == _fields(ranked)
        state = state.apply(state.legal_moves()[0])
