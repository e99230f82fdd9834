"""Request models (api/http/schemas.py): the OpenAPI schema says exactly what validation checks."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.http.settings import Settings


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings())) as test_client:
        yield test_client


def _schemas(client: TestClient) -> dict[str, Any]:
    components: dict[str, Any] = client.get("/openapi.json").json()["components"]["schemas"]
    return components


def _is_integer(value: object) -> bool:
    """JSON Schema's "integer": a number with no fraction (not a boolean, not text)."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())


@pytest.mark.parametrize(
    "text",
    [
        "0" * 15,
        "1" * 15,
        "0" * 14,
        "0" * 16,
        "0" * 14 + " ",
        "0" * 7 + " " + "0" * 8,
        "0" * 14 + "x",
        "0" * 15 + "\n",
        "0" * 14 + "\uff11",
        "",
    ],
)
def test_the_arrangement_pattern_is_what_validation_accepts(client: TestClient, text: str) -> None:
    pattern = _schemas(client)["ValidateRequest"]["properties"]["arrangement"]["pattern"]
    from_ = _schemas(client)["SolveRequest"]["properties"]["from"]["anyOf"][0]["pattern"]
    assert pattern == from_ == "^[01]{15}$"
    valid = re.fullmatch(r"[01]{15}", text) is not None  # the pattern, as JSON Schema reads it
    checked = client.post("/v1/manno/validate", json={"task": "PB>=1", "arrangement": text})
    assert (checked.status_code == 200) is valid
    solved = client.post("/v1/manno/solve", json={"task": "PB>=1", "from": text})
    assert (solved.status_code == 200) is valid
    if not valid:
        [entry] = checked.json()["errors"]
        assert entry["field"] == "/arrangement" and "column" in entry


@pytest.mark.parametrize("count", [2, 2.0, 2.5, "2", True, None, 0, 51, 1e300])
def test_a_whole_number_is_what_the_schema_calls_an_integer(
    client: TestClient, count: object
) -> None:
    field = _schemas(client)["GenerateRequest"]["properties"]["count"]
    assert field["type"] == "integer" and (field["minimum"], field["maximum"]) == (1, 50)
    valid = _is_integer(count) and 1 <= count <= 50  # type: ignore[operator]
    response = client.post("/v1/manno/generate", json={"level": 2, "count": count})
    assert (response.status_code == 200) is valid
    if valid:
        assert len(response.json()["tasks"]) == 2


@pytest.mark.parametrize("number", [b"NaN", b"Infinity", b"-Infinity"])
def test_no_number_is_nan_or_infinite(client: TestClient, number: bytes) -> None:
    body = b'{"state": {}, "budget_ms": ' + number + b"}"
    response = client.post(
        "/v1/park/hint", content=body, headers={"content-type": "application/json"}
    )
    assert response.status_code == 422
    assert response.json()["errors"] == [
        {
            "field": "/budget_ms",
            "message": f"must be a finite number, not {float(number)}",
        }
    ]


def test_the_picture_query_says_what_it_checks(client: TestClient) -> None:
    operation = client.get("/openapi.json").json()["paths"]["/v1/manno/render.svg"]["get"]
    params = {p["name"]: p["schema"] for p in operation["parameters"]}
    [arrangement] = [s for s in params["arrangement"]["anyOf"] if s["type"] == "string"]
    assert arrangement["pattern"] == "^[01]{15}$"
    [task] = [s for s in params["task"]["anyOf"] if s["type"] == "string"]
    assert task["maxLength"] == 2000
    refused = client.get("/v1/manno/render.svg", params={"arrangement": "0" * 16})
    assert refused.status_code == 422 and refused.json()["errors"][0]["field"] == "/arrangement"
