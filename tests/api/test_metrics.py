"""``GET /metrics``: requests by route template and status, solver time, hint overruns,
the gate's queue; one server of two workers counts as one service."""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from api.http.app import create_app
from api.http.limits import SolverGate, Work
from api.http.settings import Settings
from api.services import games as game_service
from solver.game import get_game
from tests.api.test_replicas import SEED, RoundRobin, play, same_answers

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def samples(text: str) -> Samples:
    """Every sample of a Prometheus text page, by name and sorted labels."""
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def value(page: Samples, name: str, **labels: str) -> float:
    return page.get((name, tuple(sorted(labels.items()))), 0.0)


def series(page: Samples, name: str) -> list[dict[str, str]]:
    return [dict(labels) for (n, labels) in page if n == name]


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Settings(hint_cache=0)))  # every hint a search, to count


def scrape(client: TestClient) -> Samples:
    answer = client.get("/metrics")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain; version=")
    return samples(answer.text)


def _park_view() -> dict[str, Any]:
    game = get_game("park")
    state = game.new(2, 5, None)
    doc: dict[str, Any] = game.view(state, state.to_move).to_json()
    return doc


def _no_moves(*args: Any, **kwargs: Any) -> Any:
    """A Park hint answered at once, in place of the real search."""
    return {"game": "park", "seat": 0, "moves": []}


def test_requests_are_counted_by_route_template_and_status(client: TestClient) -> None:
    before = scrape(client)
    view = _park_view()
    for _ in range(3):
        assert client.post("/v1/park/legal", json={"state": view}).status_code == 200
    assert client.post("/v1/park/legal", json={"state": {"game": "park"}}).status_code == 422
    after = scrape(client)
    ok = {"method": "POST", "route": "/v1/park/legal", "status": "200"}
    bad = ok | {"status": "422"}
    assert (
        value(after, "monsters_requests_total", **ok)
        - value(before, "monsters_requests_total", **ok)
        == 3
    )
    assert (
        value(after, "monsters_requests_total", **bad)
        - value(before, "monsters_requests_total", **bad)
        == 1
    )
    count = value(after, "monsters_request_seconds_count", **ok)
    assert count - value(before, "monsters_request_seconds_count", **ok) == 3
    assert value(after, "monsters_request_seconds_bucket", **ok, le="+Inf") == count


def test_labels_stay_bounded_whatever_paths_and_methods_clients_send(
    client: TestClient,
) -> None:
    for n in range(30):
        client.get(f"/no/such/{n}")
        client.get(f"/v1/manno/tasks/L9-{n:02d}")
        client.request(f"X{n}", "/health")
    page = scrape(client)
    routes = {labels["route"] for labels in series(page, "monsters_requests_total")}
    methods = {labels["method"] for labels in series(page, "monsters_requests_total")}
    assert "unmatched" in routes and "/v1/manno/tasks/{task_id}" in routes
    assert not any(route.startswith("/no/") for route in routes)
    assert not any(route.startswith("/v1/manno/tasks/L") for route in routes)
    assert methods <= {"GET", "POST", "HEAD", "OPTIONS", "PUT", "PATCH", "DELETE", "other"}
    assert "other" in methods


def test_solver_seconds_by_game_and_engine(client: TestClient) -> None:
    before = scrape(client)
    client.post("/v1/manno/solve", json={"task": "PB>=4, PY=0, B>R", "engine": "table"})
    client.post("/v1/park/hint", json={"state": _park_view(), "top": 1})
    after = scrape(client)
    for game, engine in (("manno", "table"), ("park", "hint")):
        labels = {"game": game, "engine": engine}
        ran = value(after, "monsters_solver_seconds_count", **labels) - value(
            before, "monsters_solver_seconds_count", **labels
        )
        assert ran == 1, (game, engine)
        assert value(after, "monsters_solver_seconds_sum", **labels) > value(
            before, "monsters_solver_seconds_sum", **labels
        )


def test_a_hint_longer_than_its_budget_is_an_overrun(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A hint spends about its budget, more on a busy machine: the one inside
    # its budget answers at once, the one past it sleeps beyond its 10 ms.
    def slow(*args: Any, **kwargs: Any) -> Any:
        time.sleep(0.05)
        return _no_moves()

    view = _park_view()
    before = value(scrape(client), "monsters_hint_budget_overruns_total", game="park")
    monkeypatch.setattr(game_service, "hint", _no_moves)
    client.post("/v1/park/hint", json={"state": view, "top": 1, "budget_ms": 2000})
    assert value(scrape(client), "monsters_hint_budget_overruns_total", game="park") == before
    monkeypatch.setattr(game_service, "hint", slow)
    answer = client.post("/v1/park/hint", json={"state": view, "top": 1, "budget_ms": 10})
    assert answer.status_code == 200
    assert value(scrape(client), "monsters_hint_budget_overruns_total", game="park") == before + 1


def test_the_gate_queue_counts_calls_waiting_and_running(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    release, entered = threading.Event(), threading.Event()

    def held(*args: Any, **kwargs: Any) -> Any:
        entered.set()
        release.wait(10)
        return _no_moves()

    monkeypatch.setattr(game_service, "hint", held)
    body = {"state": _park_view(), "top": 1}
    asked = threading.Thread(target=lambda: client.post("/v1/park/hint", json=body))
    asked.start()
    try:
        assert entered.wait(10)
        assert value(scrape(client), "monsters_gate_calls", lane="cheap") == 1
    finally:
        release.set()
        asked.join(10)
    assert value(scrape(client), "monsters_gate_calls", lane="cheap") == 0


def test_the_gate_tells_each_call_and_each_change() -> None:
    told: list[tuple[Work, float]] = []
    held: list[tuple[str, int]] = []
    gate = SolverGate(2, 5.0, heavy_processes=0, done=lambda w, s: told.append((w, s)),
                      held=lambda lane, n: held.append((lane, n)))  # fmt: skip
    try:
        work = Work("park", "hint", 0.5)
        assert asyncio.run(gate.run(lambda: 7, work=work)) == 7
        assert asyncio.run(gate.run(lambda: 8)) == 8  # unnamed: held, not told
    finally:
        gate.shutdown()
    assert [w for w, _ in told] == [work] and told[0][1] >= 0
    assert held[:2] == [("cheap", 1), ("cheap", 0)] and len(held) == 4


def test_metrics_are_not_part_of_the_api_schema(client: TestClient) -> None:
    assert "/metrics" not in client.get("/openapi.json").json()["paths"]


# one real server of two workers ------------------------------------------------------


@dataclass
class Running:
    """``monsters serve --workers 2`` with its standard error in a file and its own TMPDIR."""

    url: str
    port: int
    process: subprocess.Popen[bytes]
    log: Path
    tmp: Path


def _port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def two(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    """Two workers, access log on; ready once both have started."""
    tmp = tmp_path_factory.mktemp("serve")
    log = tmp / "stderr.log"
    port = _port()
    monsters = str(Path(sys.executable).with_name("monsters"))
    args = ["serve", "--host", "127.0.0.1", "--port", str(port), "--workers", "2"]
    with log.open("wb") as out:
        process = subprocess.Popen(
            [monsters, *args], stdout=out, stderr=out, env={**os.environ, "TMPDIR": str(tmp)}
        )
    running = Running(f"http://127.0.0.1:{port}", port, process, log, tmp)
    try:
        deadline = time.monotonic() + 90
        while log.read_bytes().count(b"Application startup complete") < 2:
            assert process.poll() is None, log.read_text()
            assert time.monotonic() < deadline, "the workers did not start"
            time.sleep(0.1)
        yield running
    finally:
        process.terminate()
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _metrics_dirs(tmp: Path) -> list[Path]:
    return sorted(tmp.glob("monsters-metrics-*"))


def test_two_workers_count_as_one_service(two: Running) -> None:
    """Requests until both workers have answered some; then /metrics, on fresh connections
    (either worker answers), counts every one of them each time."""
    (folder,) = _metrics_dirs(two.tmp)
    sent = 0
    with ThreadPoolExecutor(6) as pool:
        while len(list(folder.glob("counter_*.db"))) < 2:
            assert sent < 2000, "one worker took every connection"
            codes = list(
                pool.map(lambda _: httpx2.get(f"{two.url}/v1/games").status_code, range(24))
            )
            assert codes == [200] * 24
            sent += 24
    labels = {"method": "GET", "route": "/v1/games", "status": "200"}
    for _ in range(8):
        page = samples(httpx2.get(f"{two.url}/metrics").text)
        assert value(page, "monsters_requests_total", **labels) == sent
        assert value(page, "monsters_request_seconds_count", **labels) == sent
    lines = [json.loads(line) for line in two.log.read_text().splitlines() if line.startswith("{")]
    games = [line for line in lines if line["route"] == "/v1/games"]
    assert len(games) == sent and {line["status"] for line in games} == {200}
    assert "GET /v1/games HTTP/1.1" not in two.log.read_text()  # uvicorn's own access log is off


def test_an_answer_of_the_http_layer_carries_a_request_id(two: Running) -> None:
    with socket.create_connection(("127.0.0.1", two.port), timeout=10) as sock:
        sock.sendall(b"NOT HTTP AT ALL\r\n\r\n")
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = sock.recv(65536)
            assert chunk
            head += chunk
    assert head.startswith(b"HTTP/1.1 400")
    assert re.search(rb"\r\nx-request-id: [0-9a-f]{16}\r\n", head.lower())


def test_a_real_server_in_the_round_robin_answers_as_the_app_here(two: Running) -> None:
    """Two service processes' answers (a real server's workers, an app here) interleaved
    are byte for byte one app's."""
    with httpx2.Client(base_url=two.url, timeout=30) as remote:
        spread = RoundRobin(TestClient(create_app(Settings())), remote)
        play(spread, SEED + 1)
    single = RoundRobin(TestClient(create_app(Settings())))
    play(single, SEED + 1)
    same_answers(spread, single)


def test_a_session_plays_on_whichever_worker_answers(two: Running) -> None:
    """Every request on a fresh connection (either worker takes it): the workers share
    the key ``monsters serve`` made, so each reads the token the other sealed."""
    body = {"game": "park", "players": 2, "seat": 0, "bots": ["easy"], "seed": 4}
    got = httpx2.post(f"{two.url}/v1/sessions", json=body).json()
    for _ in range(12):
        if got["bot_decides"]:
            answer = httpx2.post(f"{two.url}/v1/sessions/bot", json={"session": got["session"]})
        else:
            moves = httpx2.post(f"{two.url}/v1/park/legal", json={"state": got["view"]})
            move = {"session": got["session"], "move": moves.json()["moves"][0]}
            answer = httpx2.post(f"{two.url}/v1/sessions/move", json=move)
        assert answer.status_code == 200, answer.text
        got = answer.json()
        again = httpx2.post(f"{two.url}/v1/sessions/view", json={"session": got["session"]})
        assert again.status_code == 200 and again.json()["view"] == got["view"]


def test_the_metrics_folder_is_private_and_removed_at_the_end(two: Running) -> None:
    (folder,) = _metrics_dirs(two.tmp)
    assert folder.stat().st_mode & 0o077 == 0  # nobody else's to read or fill
    two.process.terminate()
    two.process.wait(30)
    assert _metrics_dirs(two.tmp) == []
