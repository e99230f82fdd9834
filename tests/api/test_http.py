"""The HTTP service in-process (TestClient) and once as a real uvicorn process."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx2
import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.http.settings import Settings
from api.services import manno as manno_service
from tasks.generator import generate

ZERO = "0" * 15
PROBLEM = "application/problem+json"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    # a generous time: these tests check answers, and a busy machine must not turn one into a 503
    settings = Settings(cors_origins=("http://front.test",), request_seconds=60.0)
    with TestClient(create_app(settings)) as test_client:
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
    answer = httpx2.post(f"{base}/v1/manno/solve", json={"task": "PB>=4, PY=0, B>R"}, timeout=10)
    assert answer.status_code == 200 and answer.json()["arrangement"] == "000000000000001"


def _posted(client: TestClient, path: str, body: bytes) -> httpx2.Response:
    """``body`` as sent, declared JSON."""
    answer: httpx2.Response = client.post(
        path, content=body, headers={"content-type": "application/json"}
    )
    return answer


def test_a_key_given_twice_is_refused_naming_it(client: TestClient) -> None:
    """Python's json keeps the last value: this would have solved PB>=99."""
    twice = _posted(client, "/v1/manno/solve", b'{"task": "PB>=4", "task": "PB>=99"}')
    assert twice.status_code == 422 and twice.headers["content-type"] == PROBLEM
    assert twice.json()["errors"] == [
        {"field": "/task", "message": "the key 'task' appears more than once"}
    ]
    state = client.post("/v1/park/new", json={"players": 2, "seed": 1}).json()["state"]
    key = next(iter(state))
    text = json.dumps(state)[:-1] + f', "{key}": {json.dumps(state[key])}}}'
    nested = _posted(client, "/v1/park/view", f'{{"state": {text}, "seat": 0}}'.encode())
    assert nested.status_code == 422
    assert [e["field"] for e in nested.json()["errors"]] == [f"/state/{key}"]
    assert _posted(
        client, "/v1/park/view", json.dumps({"state": state, "seat": 0}).encode()
    ).is_success


SOLVE = '{"task": "PB>=4"}'


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b"\xef\xbb\xbf" + SOLVE.encode(), "byte order mark"),
        (SOLVE.encode("utf-16"), "not UTF-8"),
        (SOLVE.encode("utf-16-le"), "not UTF-8"),
        (SOLVE.encode("utf-16-be"), "not UTF-8"),
        (SOLVE.encode("utf-32"), "not UTF-8"),
    ],
    ids=["utf-8 with a mark", "utf-16", "utf-16-le", "utf-16-be", "utf-32"],
)
def test_a_body_with_a_byte_order_mark_or_in_utf_16_or_32_is_refused(
    client: TestClient, body: bytes, message: str
) -> None:
    answer = _posted(client, "/v1/manno/solve", body)
    assert answer.status_code == 422 and answer.headers["content-type"] == PROBLEM
    [fault] = answer.json()["errors"]
    assert fault["field"] == "" and message in fault["message"]
    assert _posted(client, "/v1/manno/solve", SOLVE.encode()).is_success  # UTF-8, no mark
