"""Every game's moves are told apart by one field a generated client can switch on:
Monster Park's ``action``, Very Big Monster's and Monstrolicious's ``action``. Every move
the service answers with carries it (``legal``, ``hint``, ``review``); a move sent
without it is read by its fields, as earlier releases wrote it."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.http.settings import Settings
from solver.game import get_game

TOLD_BY = {"park": "action", "vbm": "action", "monstrolicious": "action"}
"""Each game's field that names a move's kind (Monster Park's moves always had it)."""


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Settings()))


def _post(client: TestClient, path: str, body: dict[str, Any]) -> Any:
    answer = client.post(path, json=body)
    assert answer.status_code == 200, (path, answer.text[:300])
    return answer.json()


@pytest.mark.parametrize("name", sorted(TOLD_BY))
def test_every_move_answered_names_its_kind_and_a_move_without_it_still_reads(
    client: TestClient, name: str
) -> None:
    game, field = get_game(name), TOLD_BY[name]
    state = game.new(game.default_players, 3, None)
    kinds: set[str] = set()
    for _ in range(30):
        if state.is_terminal():
            break
        seen = game.view(state, state.to_move).to_json()
        listed = _post(client, f"/v1/{name}/legal", {"state": seen})["moves"]
        hinted = _post(client, f"/v1/{name}/hint", {"state": seen, "top": 2, "budget_ms": 5})
        moves = listed + [ranked["move"] for ranked in hinted["moves"]]
        assert all(field in move for move in moves)
        kinds |= {move[field] for move in listed}
        written = game.move_to_json(state.legal_moves()[0])
        bare = {k: v for k, v in written.items() if name == "park" or k != "action"}
        reviewed = _post(client, f"/v1/{name}/review", {"state": seen, "move": bare})
        assert field in reviewed["move"] and field in reviewed["best"]["move"]
        applied = _post(client, f"/v1/{name}/apply", {"state": state.to_json(), "move": bare})
        state = state.apply(state.legal_moves()[0])
        assert applied["state"] == state.to_json()
    assert kinds  # one kind or more: a Donuts reveal may not come up


@pytest.mark.parametrize("name", ["vbm", "monstrolicious"])
def test_a_listed_move_requires_its_kind_in_the_schema(client: TestClient, name: str) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    prefix = name.capitalize()
    listed = [ref["$ref"].rsplit("/", 1)[1] for ref in schemas[f"{prefix}ListedMove"]["oneOf"]]
    kinds = [schemas[model]["properties"]["action"]["const"] for model in listed]
    assert len(set(kinds)) == len(listed) > 1
    assert all("action" in schemas[model]["required"] for model in listed)
