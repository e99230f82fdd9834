"""Every answer carries an ``X-Request-Id``; each request leaves one JSON log line."""

from __future__ import annotations

import json
import logging
import os
import re
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest
from fastapi.testclient import TestClient

from api.http import protocol, transport
from api.http.app import create_app
from api.http.observe import new_id
from api.http.settings import Settings

ACCESS_LOGGER = "monsters.access"

GENERATED = re.compile(r"[0-9a-f]{16}")
SOLVE = {"task": "PB>=4, PY=0, B>R"}


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Settings(max_body_bytes=1024, cors_origins=("http://f.test",))))


ANSWERS: list[tuple[str, str, dict[str, Any]]] = [
    ("GET", "/health", {}),
    ("GET", "/nowhere", {}),  # 404
    ("POST", "/health", {}),  # 405
    ("POST", "/v1/manno/solve", {"json": SOLVE}),
    ("POST", "/v1/manno/solve", {"json": {"task": "PB>>4"}}),  # 422 problem
    ("POST", "/v1/manno/solve", {"content": b"x" * 2000}),  # 413
    ("POST", "/v1/park/legal", {"content": b"{nope"}),  # 422, not JSON
    ("GET", "/docs", {}),
    ("GET", "/docs/static/swagger-ui.css", {}),
    ("GET", "/openapi.json", {}),
    ("GET", "/metrics", {}),
    ("GET", "/v1/manno/tasks", {"headers": {"accept-encoding": "gzip"}}),
    ("OPTIONS", "/v1/manno/solve", {"headers": {"origin": "http://f.test",
                                                "access-control-request-method": "POST"}}),
]  # fmt: skip


@pytest.mark.parametrize(("method", "path", "options"), ANSWERS)
def test_every_answer_carries_a_request_id(
    client: TestClient, method: str, path: str, options: dict[str, Any]
) -> None:
    answer = client.request(method, path, **options)
    assert GENERATED.fullmatch(answer.headers["x-request-id"]), (answer.status_code, path)
    headers = {**options.get("headers", {}), "x-request-id": "front-7f3a.2"}
    echoed = client.request(method, path, **{**options, "headers": headers})
    assert echoed.headers["x-request-id"] == "front-7f3a.2"
    assert echoed.status_code == answer.status_code


def test_each_request_gets_its_own_id(client: TestClient) -> None:
    ids = {client.get("/health").headers["x-request-id"] for _ in range(20)}
    assert len(ids) == 20


@pytest.mark.parametrize(
    "hostile",
    [
        "a" * 129,
        "two words",
        'quote"d',
        "back\\slash",
        "new\tline",
        "{json}",
        "ünïcode",
        "",
    ],
)
def test_an_id_that_is_not_a_sane_token_is_replaced(client: TestClient, hostile: str) -> None:
    answer = client.get("/health", headers={b"x-request-id": hostile.encode("utf-8")})
    assert GENERATED.fullmatch(answer.headers["x-request-id"])


def test_a_long_sane_id_is_kept(client: TestClient) -> None:
    rid = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01+x/y=z~" + "a" * 60
    assert len(rid) <= 128
    assert client.get("/health", headers={"x-request-id": rid}).headers["x-request-id"] == rid


class Lines(logging.Handler):
    """Keeps every message the access log writes."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


@pytest.fixture
def lines() -> Iterator[list[str]]:
    handler = Lines()
    logger = logging.getLogger(ACCESS_LOGGER)
    logger.addHandler(handler)
    try:
        yield handler.lines
    finally:
        logger.removeHandler(handler)


def test_one_json_line_per_request_naming_the_route_template(lines: list[str]) -> None:
    client = TestClient(create_app(Settings(access_log=True)))
    body = {"game": "park", "players": 2, "seed": 1}
    started = client.post("/v1/sessions", json=body)
    key = started.json()["session"]
    plain = {"x-request-id": "abc-1", "accept-encoding": "identity"}
    got = client.get("/v1/manno/tasks/L1-01", headers=plain)
    client.get("/v1/manno/tasks/L9-99")
    client.post("/v1/sessions/view", json={"session": key})
    client.get("/no/such/path")
    assert len(lines) == 5
    records = [json.loads(line) for line in lines]
    assert set(records[1]) == {"time", "id", "method", "route", "status", "ms", "bytes"}
    assert records[1]["id"] == "abc-1" and records[1]["method"] == "GET"
    assert records[1]["route"] == "/v1/manno/tasks/{task_id}"  # the template: bounded, no id
    assert records[1]["status"] == 200 and records[1]["bytes"] == len(got.content)
    assert records[2]["route"] == "/v1/manno/tasks/{task_id}" and records[2]["status"] == 404
    assert records[3]["route"] == "/v1/sessions/view" and records[3]["status"] == 200
    assert records[4]["route"] == "unmatched" and records[4]["status"] == 404
    assert records[0]["id"] == started.headers["x-request-id"]
    assert records[0]["bytes"] < len(started.content)  # as it left: gzipped
    assert records[0]["route"] == "/v1/sessions" and records[0]["method"] == "POST"
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", records[0]["time"])
    assert all(r["ms"] >= 0 for r in records)
    assert key not in "".join(lines)


def test_a_method_nobody_uses_is_logged_as_other(lines: list[str]) -> None:
    client = TestClient(create_app(Settings(access_log=True)))
    client.request("BREW", "/health")
    assert json.loads(lines[-1])["method"] == "other"


def test_no_log_lines_when_the_access_log_is_off(lines: list[str]) -> None:
    TestClient(create_app(Settings(access_log=False))).get("/health")
    assert lines == []


class FakeServer:
    """Stands in for uvicorn's server: keeps the config it was given."""

    configs: ClassVar[list[Any]] = []

    def __init__(self, config: Any) -> None:
        self.configs.append(config)

    def run(self) -> None:
        pass


@pytest.mark.parametrize(("flag", "variable"), [(True, "1"), (False, "0")])
def test_serve_replaces_uvicorns_access_log_with_its_own(
    monkeypatch: pytest.MonkeyPatch, flag: bool, variable: str
) -> None:
    monkeypatch.setattr("api.http.transport.uvicorn.Server", FakeServer)
    monkeypatch.setenv("MONSTERS_ACCESS_LOG", "unset")
    transport.serve("127.0.0.1", 8000, 1, access_log=flag)
    assert FakeServer.configs[-1].access_log is False
    assert protocol.service_settings().access_log is flag
    assert os.environ["MONSTERS_ACCESS_LOG"] == variable
    protocol.service_settings.cache_clear()


def test_a_forked_worker_draws_ids_of_its_own() -> None:
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover (the child reports through the pipe)
        os.write(write, new_id())
        os._exit(0)
    os.close(write)
    theirs = os.read(read, 64)
    os.waitpid(child, 0)
    os.close(read)
    assert GENERATED.fullmatch(theirs.decode()) and theirs != new_id()
