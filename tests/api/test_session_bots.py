"""Session bots bounded like hints: a search stops when its request is due, a decision is
searched once however often it is asked, and bots never hold every solver thread."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import httpx2
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.http.bots import BotSearches
from api.http.limits import SolverGate
from api.http.problems import RequestTimeoutError
from api.http.settings import Settings
from api.services.sessions import Session, Sessions
from solver import mcts

SECRET = "the secret these tests' services share, long enough"
FREED_WITHIN_S = 60.0
"""How long the test waits for a search's thread to end: a bound, not a measurement."""


def _start(client: TestClient, body: dict[str, Any]) -> Any:
    answer = client.post("/v1/sessions", json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()


def _wait_until_free(gate: SolverGate) -> None:
    ends = time.monotonic() + FREED_WITHIN_S
    while gate.cheap.held and time.monotonic() < ends:
        time.sleep(0.02)


ITERATION_S = 0.06
"""How long each search iteration takes at least in the test of a search past its time."""


def test_a_search_past_the_requests_time_stops_and_plays_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    iterations = [0]
    iterate = mcts.Search.iterate

    def counted(search: mcts.Search) -> None:
        iterations[0] += 1
        time.sleep(ITERATION_S)  # each iteration as slow as on a busy machine
        iterate(search)

    monkeypatch.setattr(mcts.Search, "iterate", counted)
    app = create_app(Settings(secret=SECRET, request_seconds=0.3, solver_threads=2))
    client = TestClient(app)
    bots = ["mcts:20"] * 3  # 20 iterations at ITERATION_S or more: over a second
    got = _start(client, {"game": "vbm", "players": 4, "seat": 3, "bots": bots, "seed": 2})
    assert got["bot_decides"]
    late = client.post("/v1/sessions/bot", json={"session": got["session"]})
    assert late.status_code == 503 and late.json()["type"] == "/problems/solver-timeout"
    gate: SolverGate = app.state.gate
    _wait_until_free(gate)
    assert gate.cheap.held == 0 and 0 < iterations[0] < 20
    # the lane serves the next request; the page, which kept its token, goes on from it
    again = client.post("/v1/sessions/view", json={"session": got["session"]})
    assert again.json() == got
    easy = _start(client, {"game": "vbm", "players": 4, "seat": 3, "bots": ["easy"] * 3})
    other = client.post("/v1/sessions/bot", json={"session": easy["session"]})
    assert other.status_code == 200, other.text


def test_a_repeated_request_waits_for_the_search_running_for_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = create_app(Settings(secret=SECRET))
    got = _start(TestClient(app), {"game": "park", "players": 2, "seat": 1, "seed": 6})
    release, calls = threading.Event(), [0]
    decide = Sessions.bot

    def held(self: Sessions, session: Session) -> Any:
        release.wait(FREED_WITHIN_S)
        calls[0] += 1
        return decide(self, session)

    monkeypatch.setattr(Sessions, "bot", held)
    answers = asyncio.run(_twice(app, got["session"], release))
    assert calls[0] == 1 and app.state.bots.joined == 1
    assert [a.status_code for a in answers] == [200, 200]
    assert answers[0].json() == answers[1].json()
    assert len(app.state.bots) == 0  # forgotten once answered: the next ask searches again


async def _twice(app: FastAPI, token: str, release: threading.Event) -> list[httpx2.Response]:
    """Two requests for the same decision; the search is let go once the second waits."""
    searches: BotSearches = app.state.bots
    transport = httpx2.ASGITransport(app=app)
    async with httpx2.AsyncClient(transport=transport, base_url="http://test") as client:
        asks = [
            asyncio.create_task(client.post("/v1/sessions/bot", json={"session": token}))
            for _ in range(2)
        ]
        for _ in range(int(FREED_WITHIN_S * 100)):
            if searches.joined:
                break
            await asyncio.sleep(0.01)
        release.set()
        return list(await asyncio.gather(*asks))


def test_searches_past_the_limit_are_refused_at_once() -> None:
    searches = BotSearches(limit=1)
    release = asyncio.Event()

    async def slow() -> str:
        await release.wait()
        return "done"

    async def scenario() -> tuple[str, str]:
        first = asyncio.create_task(searches.once("one decision", slow))
        await asyncio.sleep(0)
        with pytest.raises(RequestTimeoutError, match="every bot is thinking"):
            await searches.once("another decision", slow)
        joined = asyncio.create_task(searches.once("one decision", slow))
        await asyncio.sleep(0)
        release.set()
        return await first, await joined

    assert asyncio.run(scenario()) == ("done", "done")
    assert searches.joined == 1 and len(searches) == 0


def test_a_worker_keeps_a_solver_thread_free_of_bots() -> None:
    app = create_app(Settings(secret=SECRET))
    gate: SolverGate = app.state.gate
    assert app.state.bots.limit == gate.cheap.size - 1 >= 1
