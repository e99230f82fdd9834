"""A request's faults reach a front end in player words, whatever checked them: what
the field must be and what it was, never the validator's "Input should be"."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.http.settings import Settings


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Settings()))


@pytest.mark.parametrize(
    ("path", "body", "field", "message"),
    [
        ("/v1/park/new", {"players": 9}, "/players", "must be at most 8, not 9"),
        ("/v1/park/new", {"players": "x"}, "/players", "must be a whole number, not 'x'"),
        ("/v1/park/new", {"players": 2, "colour": 1}, "/colour", "is no field of this request"),
        ("/v1/vbm/new", {"seed": -1}, "/seed", "must be at least 0, not -1"),
        ("/v1/park/new", [1], "", "must be a JSON object, not a list of 1 entry"),
        ("/v1/park/hint", {"state": {}, "top": 0}, "/top", "must be at least 1, not 0"),
        ("/v1/park/hint", {"budget_ms": 30}, "/state", "is missing"),
        ("/v1/manno/solve", {"task": 3}, "/task", "must be a text, not 3"),
        (
            "/v1/sessions",
            {"game": "park", "bots": ["x" * 50]},
            "/bots/0",
            "must hold at most 40 characters",
        ),
    ],
)
def test_a_fault_says_what_the_field_must_be(
    client: TestClient, path: str, body: Any, field: str, message: str
) -> None:
    answer = client.post(path, json=body)
    assert answer.status_code == 422
    assert answer.json()["errors"] == [{"field": field, "message": message}]
    assert "should" not in answer.json()["detail"]


@pytest.mark.parametrize("headers", [{}, {"content-type": "text/plain"}])
def test_a_body_not_sent_as_json_is_told_how_to_send_it(
    client: TestClient, headers: dict[str, str]
) -> None:
    answer = client.post("/v1/park/new", content=b'{"players": 2}', headers=headers)
    assert answer.status_code == 422
    assert answer.json()["detail"] == (
        "send the body as JSON, with the header Content-Type: application/json"
    )
