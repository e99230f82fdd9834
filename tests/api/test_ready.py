"""``GET /health`` (the service runs) and ``GET /ready`` (its engines are warm)."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
from fastapi.testclient import TestClient

from api.http import ready
from api.http.app import create_app
from api.http.limits import SolverGate
from api.http.settings import Settings

PROBLEM = "application/problem+json"
WAIT_S = 60.0
"""How long warming may take on a loaded machine."""


def _until_ready(client: TestClient) -> float:
    began = time.monotonic()
    while client.get("/ready").status_code != 200:
        assert time.monotonic() - began < WAIT_S, "never ready"
        time.sleep(0.05)
    return time.monotonic() - began


def test_not_ready_before_the_engines_warm() -> None:
    client = TestClient(create_app(Settings()))  # no start-up has run: nothing is warm
    answer = client.get("/ready")
    assert answer.status_code == 503
    assert answer.headers["content-type"].startswith(PROBLEM)
    assert answer.headers["retry-after"] == "1"
    assert "warming" in answer.json()["detail"]
    assert client.get("/health").json() == {"status": "ok"}


def test_ready_once_warmed_and_alive_meanwhile(monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()
    started = threading.Event()

    async def held(gate: SolverGate) -> None:
        started.set()
        await asyncio.to_thread(release.wait, WAIT_S)

    monkeypatch.setattr("api.http.app.warm_up", held)
    with TestClient(create_app(Settings())) as client:
        assert started.wait(WAIT_S)
        for _ in range(3):
            assert client.get("/ready").status_code == 503
            assert client.get("/health").status_code == 200  # warming is off the event loop
        release.set()
        _until_ready(client)
        assert client.get("/ready").json() == {"status": "ok"}


def test_the_real_warm_up_ends_and_the_service_is_ready() -> None:
    with TestClient(create_app(Settings())) as client:
        _until_ready(client)


@pytest.mark.parametrize(
    ("name", "call"), ready.warm_calls(), ids=[n for n, _ in ready.warm_calls()]
)
def test_every_warming_call_answers(name: str, call: object) -> None:
    assert callable(call)
    assert call() is not None, name


def test_warming_covers_the_solver_and_every_game() -> None:
    names = [name for name, _ in ready.warm_calls()]
    assert {"manno cpsat", "manno table", "park hint", "vbm hint", "monstrolicious hint"} <= set(
        names
    )


def test_a_warming_call_that_fails_still_ends_warming(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> None:
        raise ValueError("no engine")

    monkeypatch.setattr(ready, "warm_calls", lambda: [("broken", broken)])
    gate = SolverGate(2, 5.0, heavy_processes=0)
    try:
        asyncio.run(ready.warm_up(gate))  # logged, not raised: the worker serves regardless
    finally:
        gate.shutdown()
