"""Stateless by construction: two replicas behind a round-robin client answer as one does.

Every request of a seeded mix (Manno solve, validate and hint; for each game
new, view, legal, hint, validate, apply and score, played on from each answer)
goes to the next of two separately made services in turn; the same mix sent to
a third, alone, must get byte-identical answers. A caller that holds its own
state needs no replica to remember anything. The session store is the one
thing a replica keeps, so a game started on one is unknown to the other.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import cycle
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.http.settings import Settings
from solver.game import GAMES, get_game
from tasks.catalogue import load_catalogue

STEPS = 8
"""Moves played per game."""
SEED = 20261201

Answer = tuple[str, int, bytes]


class RoundRobin:
    """Sends each request to the next service in turn (an app here, or an ``httpx.Client``
    of a real server); keeps every answer."""

    def __init__(self, *clients: TestClient | httpx.Client) -> None:
        self.next = cycle(clients)
        self.answers: list[Answer] = []

    def post(self, path: str, body: dict[str, Any]) -> Any:
        answer = next(self.next).post(path, json=body, headers={"accept-encoding": "identity"})
        self.answers.append((path, answer.status_code, answer.content))
        assert answer.status_code == 200, (path, answer.text)
        return answer.json()


def _service() -> TestClient:
    return TestClient(create_app(Settings()))


def play(client: RoundRobin, seed: int) -> None:
    """The seeded mix of requests, each body made from the answers before it."""
    rng = random.Random(seed)
    entries = load_catalogue().entries
    for entry in rng.sample(entries, 3):
        bits = "".join(rng.choice("01") for _ in range(15))
        task = str(entry.task)
        client.post("/v1/manno/solve", {"task": task, "from": bits})
        client.post("/v1/manno/validate", {"task": task, "arrangement": bits})
        client.post("/v1/manno/hint", {"task": task, "arrangement": bits, "level": 3})
    for name in sorted(GAMES):
        game = get_game(name)
        base = f"/v1/{name}"
        started = client.post(f"{base}/new", {"players": game.default_players, "seed": seed})
        state, turn = started["state"], started["turn"]
        for _ in range(STEPS):
            if turn["terminal"]:
                break
            seat = turn["to_move"] if turn["to_move"] is not None else turn["waiting"][0]
            view = client.post(f"{base}/view", {"state": state, "seat": seat})["view"]
            moves = client.post(f"{base}/legal", {"state": view})["moves"]
            client.post(f"{base}/hint", {"state": view, "top": 2, "budget_ms": 20})
            move = rng.choice(moves)
            assert client.post(f"{base}/validate", {"state": view, "move": move})["legal"]
            played = client.post(f"{base}/apply", {"state": state, "move": move})
            state, turn = played["state"], played["turn"]
            client.post(f"{base}/score", {"state": view})
        client.post(f"{base}/score", {"state": state})


@pytest.fixture(scope="module")
def services() -> Iterator[tuple[TestClient, TestClient, TestClient]]:
    yield _service(), _service(), _service()


def test_two_replicas_answer_as_one(services: tuple[TestClient, TestClient, TestClient]) -> None:
    first, second, alone = services
    spread, single = RoundRobin(first, second), RoundRobin(alone)
    play(spread, SEED)
    play(single, SEED)
    same_answers(spread, single)


def same_answers(spread: RoundRobin, single: RoundRobin) -> None:
    """The two sent the same requests and got the same bytes back."""
    assert len(spread.answers) == len(single.answers) > 100
    for (path, status, body), other in zip(spread.answers, single.answers, strict=True):
        assert (path, status, body) == other, path


def test_a_session_lives_in_the_replica_that_started_it(
    services: tuple[TestClient, TestClient, TestClient],
) -> None:
    first, second, _ = services
    started = first.post("/v1/sessions", json={"game": "park", "players": 2, "seed": 3})
    key = started.json()["session"]
    assert first.get(f"/v1/sessions/{key}").status_code == 200
    assert second.get(f"/v1/sessions/{key}").status_code == 404
