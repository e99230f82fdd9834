"""Problems (api/http/problems.py): a type per kind of error, faults as JSON pointers,
no Python text."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.testclient import TestClient
from pydantic import BaseModel

from api.http.app import create_app
from api.http.problems import (
    KINDS,
    PROBLEM,
    NotFoundError,
    RequestTimeoutError,
    install,
)
from api.http.settings import Settings
from api.services.errors import FieldError
from solver.errors import (
    GameOverError,
    IllegalMoveError,
    MonsterError,
    NotationError,
    NotYourTurnError,
    SolverTimeoutError,
    UnknownDeckError,
)


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings())) as test_client:
        yield test_client


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


@pytest.mark.parametrize("path", ["/no/such/route", "/v1/nogame/hint", "/v1/manno/tasks/x/y"])
def test_an_unknown_route_is_a_not_found_problem(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404 and response.headers["content-type"] == PROBLEM
    problem = response.json()
    assert problem["type"] == "/problems/not-found" and problem["status"] == 404
    assert path not in response.text  # the caller's path is not echoed


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [("POST", "/health", "GET"), ("GET", "/v1/manno/solve", "POST"), ("PUT", "/ready", "GET")],
)
def test_a_wrong_method_is_a_method_problem_naming_those_allowed(
    client: TestClient, method: str, path: str, allowed: str
) -> None:
    response = client.request(method, path)
    assert response.status_code == 405 and response.headers["content-type"] == PROBLEM
    assert response.headers["allow"] == allowed
    problem = response.json()
    assert problem["type"] == "/problems/method-not-allowed" and problem["status"] == 405
    assert allowed in problem["detail"]
    schema = client.get("/openapi.json").json()
    assert "`/problems/method-not-allowed` (405" in schema["info"]["description"]


def test_the_schema_lists_every_problem_type() -> None:
    document = TestClient(create_app(Settings())).get("/openapi.json").json()
    kinds = document["components"]["schemas"]["Problem"]["properties"]["type"]["enum"]
    assert kinds == [*(kind.type for kind in KINDS), "about:blank"]
