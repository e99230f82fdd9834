"""The HTTP service in-process (TestClient) and once as a real uvicorn process."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.testclient import TestClient
from pydantic import BaseModel

from api import manno_service
from api.main import create_app
from api.problems import KINDS, FieldError, NotFoundError, RequestTimeoutError, install
from api.settings import Settings
from solver.errors import (
    GameOverError,
    IllegalMoveError,
    MonsterError,
    NotationError,
    NotYourTurnError,
    SolverTimeoutError,
    UnknownDeckError,
)
from tasks.generator import generate

ZERO = "0" * 15
PROBLEM = "application/problem+json"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings(cors_origins=("http://front.test",)))) as test_client:
        yield test_client


def test_solve_is_the_cli_object(client: TestClient) -> None:
    response = client.post("/v1/manno/solve", json={"task": "pb>=4; py=0, b>r", "from": ZERO})
    assert response.status_code == 200
    assert response.json() == manno_service.solve("PB>=4, PY=0, B>R", ZERO)
    assert response.json()["flip"] == [15]


@pytest.mark.parametrize("engine", ["cpsat", "table", "csp"])
def test_solve_every_engine(client: TestClient, engine: str) -> None:
    body = {"task": "B=R=5, PY=0, Y>P", "from": "000000000000001", "engine": engine}
    assert client.post("/v1/manno/solve", json=body).json()["flips"] == 7


def test_same_request_same_bytes(client: TestClient) -> None:
    body = {"task": "PB=5, TB=5, R>=1"}
    first = client.post("/v1/manno/solve", json=body).content
    assert first == client.post("/v1/manno/solve", json=body).content
    assert json.loads(first)["conflict"] == ["PB=5", "TB=5"]


def test_validate_hint_grade(client: TestClient) -> None:
    body = {"task": "PB>=4, PY=0, B>R", "arrangement": ZERO}
    report = client.post("/v1/manno/validate", json=body).json()
    assert report["ok"] is False and [c["ok"] for c in report["conditions"]] == [True, False, True]
    hint = client.post("/v1/manno/hint", json={**body, "level": 3}).json()
    assert hint["flip"] == 15 and hint["flips_left"] == 1 and hint["solved"] is False
    assert "condition" not in hint  # rungs carry only their own fields
    solved = client.post("/v1/manno/hint", json={**body, "arrangement": "0" * 14 + "1"}).json()
    assert solved["solved"] is True and solved["flips_left"] == 0
    grade = client.post("/v1/manno/grade", json={"task": "PB>=4, PR>=3, TY>=2, PY>=1"}).json()
    assert grade["level"] == 1 and grade["metrics"]["count"] == 1314


def test_catalogue_routes(client: TestClient) -> None:
    tasks = client.get("/v1/manno/tasks").json()["tasks"]
    assert len(tasks) == 108 and tasks[0]["id"] == "L1-01" and tasks[0]["side"] == "front"
    one = client.get("/v1/manno/tasks/l4-07").json()
    assert one["id"] == "L4-07" and one["card"] == 7 and one["side"] == "back"
    missing = client.get("/v1/manno/tasks/L9-99")
    assert missing.status_code == 404 and missing.headers["content-type"] == PROBLEM
    assert missing.json()["type"] == "/problems/not-found"


def test_generate_from_the_pool_and_live(client: TestClient) -> None:
    pooled = client.post("/v1/manno/generate", json={"level": 2, "count": 3, "seed": 0}).json()
    assert pooled["tasks"] == [g.to_json() for g in generate(2, 3, 0)]
    live = client.post("/v1/manno/generate", json={"level": 2, "count": 2, "seed": 9}).json()
    assert live["tasks"] == [g.to_json() for g in generate(2, 2, 9)]


@pytest.mark.parametrize(
    ("route", "body", "field", "column"),
    [
        ("solve", {"task": "PB>=4, PX=2"}, "task", 8),
        ("solve", {"task": "PB>=4", "from": "01x"}, "from", 3),
        ("validate", {"task": "PB>=4", "arrangement": "0101"}, "arrangement", 5),
        ("hint", {"task": "PB>=4 >", "arrangement": ZERO}, "task", 8),
    ],
)
def test_bad_text_names_field_and_column(
    client: TestClient, route: str, body: dict[str, str], field: str, column: int
) -> None:
    response = client.post(f"/v1/manno/{route}", json=body)
    assert response.status_code == 422 and response.headers["content-type"] == PROBLEM
    problem = response.json()
    assert problem["status"] == 422 and problem["type"] == "/problems/invalid-input"
    [entry] = problem["errors"]
    assert (entry["field"], entry["column"]) == (f"/{field}", column)
    assert problem["detail"] == f"/{field}: {entry['message']} at column {column}"
    assert "column" not in entry["message"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"task": "PB>=4", "arrangement": ZERO, "level": 4}, "level"),
        ({"task": "PB>=4", "arrangement": ZERO, "engine": "magic"}, "engine"),
        ({"task": "PB>=4", "arrangement": ZERO, "colour": "red"}, "colour"),
        ({"arrangement": ZERO}, "task"),
        ({"task": 7, "arrangement": ZERO}, "task"),
    ],
)
def test_bad_fields_are_named(client: TestClient, body: dict[str, object], field: str) -> None:
    response = client.post("/v1/manno/hint", json=body)
    assert response.status_code == 422 and response.headers["content-type"] == PROBLEM
    assert [e["field"] for e in response.json()["errors"]] == [f"/{field}"]


def test_bad_json_is_a_problem(client: TestClient) -> None:
    response = client.post(
        "/v1/manno/solve", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert response.status_code == 422
    assert response.json()["errors"] == [
        {
            "field": "",
            "message": "not JSON: Expecting property name enclosed in double quotes",
            "column": 2,
        }
    ]


def test_grade_of_an_unsolvable_task_is_422(client: TestClient) -> None:
    response = client.post("/v1/manno/grade", json={"task": "PB>=6"})
    assert response.status_code == 422 and response.json()["errors"][0]["field"] == "/task"


def test_large_bodies_are_refused_unread(client: TestClient) -> None:
    big = json.dumps({"task": "P" * 20_000}).encode()
    declared = client.post(
        "/v1/manno/solve", content=big, headers={"content-type": "application/json"}
    )
    assert declared.status_code == 413 and declared.headers["content-type"] == PROBLEM

    def chunks() -> Iterator[bytes]:
        for _ in range(40):
            yield b" " * 1000  # no length declared: counted as it streams

    streamed = client.post(
        "/v1/manno/solve", content=chunks(), headers={"content-type": "application/json"}
    )
    assert streamed.status_code == 413


def test_out_of_time_is_503_and_the_service_goes_on() -> None:
    with TestClient(create_app(Settings(request_seconds=0.001))) as slow:
        response = slow.post("/v1/manno/solve", json={"task": "PB>=0", "engine": "csp"})
        assert response.status_code == 503 and response.headers["content-type"] == PROBLEM
        assert response.json()["type"] == "/problems/solver-timeout"
        assert response.headers["retry-after"] == "1"
        assert slow.get("/health").json() == {"status": "ok"}


def test_cors_for_configured_origins(client: TestClient) -> None:
    allowed = client.options(
        "/v1/manno/solve",
        headers={"origin": "http://front.test", "access-control-request-method": "POST"},
    )
    assert allowed.headers.get("access-control-allow-origin") == "http://front.test"
    other = client.get("/health", headers={"origin": "http://elsewhere.test"})
    assert "access-control-allow-origin" not in other.headers


def test_docs_and_schema(client: TestClient) -> None:
    assert client.get("/docs").status_code == 200
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/v1/manno/solve", "/v1/manno/hint", "/v1/manno/validate", "/health"} <= set(paths)


def test_a_real_server_over_loopback(base: str) -> None:
    answer = httpx.post(f"{base}/v1/manno/solve", json={"task": "PB>=4, PY=0, B>R"}, timeout=10)
    assert answer.status_code == 200 and answer.json()["arrangement"] == "000000000000001"


# problem kinds


class QueueFullError(RequestTimeoutError):
    """A subclass as the request limits may raise: its kind is its parent's."""


def _raising(error: BaseException) -> TestClient:
    """An app with the service's problem handlers and one route that raises ``error``."""
    app = FastAPI()
    install(app)

    @app.post("/raise")
    def raise_it() -> None:
        raise error

    return TestClient(app, raise_server_exceptions=False)


@pytest.mark.parametrize(
    ("error", "status", "kind"),
    [
        (NotationError("bad text", column=3), 422, "invalid-input"),
        (MonsterError("give a task"), 422, "invalid-input"),
        (IllegalMoveError("a ride takes 4 tourists"), 422, "illegal-move"),
        (FieldError("move", IllegalMoveError("a ride takes 4 tourists")), 422, "illegal-move"),
        (GameOverError("the game is over"), 422, "game-over"),
        (NotYourTurnError("seat 1 has nothing to decide"), 422, "not-your-turn"),
        (FieldError("settings", UnknownDeckError("no deck 'big'")), 422, "unknown-deck"),
        (UnknownDeckError("no deck 'big'"), 422, "unknown-deck"),
        (SolverTimeoutError("the solver ran out of time"), 503, "solver-timeout"),
        (FieldError("level", SolverTimeoutError("out of time")), 503, "solver-timeout"),
        (RequestTimeoutError("the request took more than 5 s"), 503, "solver-timeout"),
        (QueueFullError("every solver is busy", retry_after=3), 503, "solver-timeout"),
        (NotFoundError("no task 'L9-99' in the catalogue"), 404, "not-found"),
        (FieldError("move", FieldError("to", IllegalMoveError("full"))), 422, "illegal-move"),
    ],
)
def test_every_error_has_the_type_of_its_kind(error: BaseException, status: int, kind: str) -> None:
    response = _raising(error).post("/raise")
    problem = response.json()
    assert response.status_code == status == problem["status"]
    assert response.headers["content-type"] == PROBLEM
    assert problem["type"] == f"/problems/{kind}"
    assert problem["type"] in {k.type for k in KINDS}
    assert "None" not in response.text
    if status == 503:
        expected = str(error.retry_after) if isinstance(error, RequestTimeoutError) else "1"
        assert response.headers["retry-after"] == expected
    if status == 422:
        [entry] = problem["errors"]
        assert entry["field"] == (f"/{error.field}" if isinstance(error, FieldError) else "")


@pytest.mark.parametrize(
    ("error", "field", "message"),
    [
        (
            FieldError("state", NotationError("a land monster swims", path="parks[0].water[2]")),
            "/state/parks/0/water/2",
            "a land monster swims",
        ),
        (
            FieldError("state", NotationError("missing field 'settings'", path="state")),
            "/state",
            "missing field 'settings'",
        ),
        (
            FieldError("state", NotationError("state: missing field 'settings'")),
            "/state",
            "missing field 'settings'",
        ),
        (
            FieldError("state", NotationError("no such card", path="state.hands[1]")),
            "/state/hands/1",
            "no such card",
        ),
        (FieldError("from", NotationError("bad side 'x'", column=3)), "/from", "bad side 'x'"),
        (
            NotationError("a monster cannot swim", path="parks[0]"),
            "/parks/0",
            "a monster cannot swim",
        ),
        (GameOverError("the game is over"), "", "the game is over"),
    ],
)
def test_a_fault_names_its_field_as_a_json_pointer_once(
    error: BaseException, field: str, message: str
) -> None:
    problem = _raising(error).post("/raise").json()
    [entry] = problem["errors"]
    assert (entry["field"], entry["message"]) == (field, message)
    column = f" at column {entry['column']}" if "column" in entry else ""
    assert problem["detail"] == (f"{field}: {message}" if field else message) + column


def test_a_crash_is_answered_inside_cors() -> None:
    app = FastAPI()
    install(app)
    app.add_middleware(CORSMiddleware, allow_origins=["http://front.test"])

    @app.get("/crash")
    def crash() -> None:
        raise KeyError("secret_internal_name")

    client = TestClient(app, raise_server_exceptions=False)
    response = client.get("/crash", headers={"origin": "http://front.test"})
    assert response.status_code == 500 and response.headers["content-type"] == PROBLEM
    assert response.headers.get("access-control-allow-origin") == "http://front.test"


def test_a_crash_is_a_problem_without_python_text() -> None:
    response = _raising(KeyError("secret_internal_name")).post("/raise")
    assert response.status_code == 500 and response.headers["content-type"] == PROBLEM
    assert "secret_internal_name" not in response.text and "KeyError" not in response.text


class Levels(BaseModel):
    level: int


def _reading() -> TestClient:
    """An app with the service's problem handlers and a route that reads a JSON body,
    without the body checks in front of it (so FastAPI's own reading is what answers)."""
    app = FastAPI()
    install(app)

    @app.post("/read")
    def read(body: Levels) -> int:
        return body.level

    return TestClient(app)


@pytest.mark.parametrize(
    ("body", "message", "column"),
    [
        (b"[" * 5000 + b"]" * 5000, "not JSON: nested too deep", None),
        (b'{"task": "\xff"}', "not UTF-8 text", 11),
        (b'{"level": 1' + b"0" * 5000 + b"}", "not JSON: a number too long", None),
    ],
)
def test_a_body_that_does_not_read_is_invalid_input(
    body: bytes, message: str, column: int | None
) -> None:
    response = _reading().post("/read", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 422 and response.json()["type"] == "/problems/invalid-input"
    [entry] = response.json()["errors"]
    assert entry["field"] == "" and entry["message"].startswith(message)
    assert entry.get("column") == column
    for leak in ("codec", "sys.set_int_max_str_digits", "parsing the body", "position"):
        assert leak not in response.text


def test_every_problem_type_is_documented(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    for kind in KINDS:
        assert f"`{kind.type}` ({kind.status}" in schema["info"]["description"]
    solve = schema["paths"]["/v1/manno/solve"]["post"]["responses"]
    assert "/problems/invalid-input" in solve["422"]["description"]
    assert "/problems/body-too-large" in solve["413"]["description"]
    assert "Retry-After" in solve["503"]["headers"]
    assert all(PROBLEM in solve[status]["content"] for status in ("413", "422", "503"))


# the schema says what validation checks


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
        {"field": "/budget_ms", "message": "Input should be a finite number"}
    ]
