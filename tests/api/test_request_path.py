"""A request's path through the service costs what it must: each route found by a
string comparison where its path has no parameters, a JSON body read once, and no
OpenTelemetry of FastAPI's own; and every answer is what it was."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from opentelemetry import trace
from starlette import requests as starlette_requests
from starlette.routing import BaseRoute

from api.http.app import create_app
from api.http.routers import ExactRoute
from api.http.settings import Settings

VALIDATE = {"task": "PB>=4, PY=0, B>R", "arrangement": "000000000000001"}


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Settings()))


def _paths(routes: list[BaseRoute]) -> list[str]:
    """Every route's own path, with a final newline, a final slash and a parameter filled,
    and paths that are no route's."""
    own = [route.path for route in routes if isinstance(route, APIRoute)]
    filled = [path.replace("{", "x").replace("}", "") for path in own]
    odd = ["/", "", "/v1", "/v1/park/legal/", "/v1/park/legalx", "/V1/park/legal", "/v1/park"]
    return own + [p + "\n" for p in own] + [p + "/" for p in own] + filled + odd


def test_every_route_matches_a_path_as_its_pattern_does(client: TestClient) -> None:
    """An ``ExactRoute`` answers every path, method and ``root_path`` as ``APIRoute``'s
    regular expression does: the same match and the same scope."""
    routes = client.app.router.routes  # type: ignore[attr-defined]
    exact = [route for route in routes if isinstance(route, ExactRoute)]
    assert len(exact) > 40  # every route of the routers: the games', Manno's, the pages'
    for route in exact:
        for path in _paths(routes):
            for method in ("GET", "POST"):
                for root in ("", "/api"):
                    scope = {"type": "http", "path": path, "method": method, "root_path": root}
                    assert route.matches(scope) == APIRoute.matches(route, scope), (route, scope)


def test_a_json_body_is_parsed_once(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The body checks read the JSON (to refuse a key given twice); FastAPI takes their
    document instead of reading the same bytes again."""
    parsed: list[Any] = []

    def counted(text: Any, **options: Any) -> Any:
        parsed.append(text)
        return json.loads(text, **options)

    monkeypatch.setattr(starlette_requests, "json", SimpleNamespace(loads=counted))
    answer = client.post("/v1/manno/validate", json=VALIDATE)
    assert answer.status_code == 200 and answer.json()["ok"] is True
    monkeypatch.undo()
    assert parsed == []


@pytest.mark.parametrize(
    ("body", "headers"),
    [
        (b'{"task": "PB>=4\xff", "arrangement": "000000000000001"}', "application/json"),
        (b'{"task": "PB>=4", "arrangement": "000000000000001"', "application/json"),
        (json.dumps(VALIDATE).encode(), "text/plain"),
    ],
    ids=["not-utf-8", "not-json", "not-json-media-type"],
)
def test_a_body_the_checks_did_not_read_is_read_as_before(
    client: TestClient, body: bytes, headers: str
) -> None:
    """A body the checks could not read whole (not UTF-8, not JSON) or did not read (not
    sent as JSON) answers as FastAPI's own reading says: 422, naming the body."""
    answer = client.post("/v1/manno/validate", content=body, headers={"content-type": headers})
    assert answer.status_code == 422, answer.text
    assert answer.headers["content-type"] == "application/problem+json"


class Recording(trace.TracerProvider):
    """A tracer provider that counts who asks it for a tracer."""

    def __init__(self) -> None:
        self.asked = 0

    def get_tracer(self, *args: Any, **kwargs: Any) -> trace.Tracer:
        self.asked += 1
        return trace.NoOpTracer()


def test_fastapi_traces_nothing_even_where_a_tracer_is_set_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The service counts and logs its requests itself: FastAPI's own OpenTelemetry stays
    off, and asks for no tracer, even in a process that has one set up."""
    provider = Recording()
    monkeypatch.setattr(trace, "get_tracer_provider", lambda: provider)
    client = TestClient(create_app(Settings()))
    assert client.post("/v1/manno/validate", json=VALIDATE).status_code == 200
    assert client.get("/health").status_code == 200
    assert provider.asked == 0
