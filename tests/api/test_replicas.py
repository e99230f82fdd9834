"""Stateless by construction: two replicas behind a round-robin client answer as one does.

Every request of a seeded mix (Manno solve, validate and hint; for each game
new, view, legal, hint, validate, apply and score, played on from each answer)
goes to the next of two separately made services in turn; the same mix sent to
a third, alone, must get byte-identical answers. A caller that holds its own
state needs no replica to remember anything; nor does a session, whose game
travels sealed in its token: every replica given the same secret plays it on.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import cycle
from typing import Any

import httpx2
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
    """Sends each request to the next service in turn (an app here, or an ``httpx2.Client``
    of a real server); keeps every answer."""

    def __init__(self, *clients: TestClient | httpx2.Client) -> None:
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


SECRET = "the secret both replicas were given, long enough to be a key"
SESSION_STEPS = 24
"""Decisions a session game plays across replicas."""


def test_a_session_plays_on_any_replica_with_the_same_secret() -> None:
    """A game started on one replica is played on by both in turn, and each answer's view
    is the one a single replica gives; a replica of another key refuses its token."""
    first, second = (TestClient(create_app(Settings(secret=SECRET))) for _ in range(2))
    alone = TestClient(create_app(Settings(secret=SECRET)))
    body = {"game": "park", "players": 3, "seat": 1, "bots": ["medium", "easy"], "seed": 7}
    spread, single = RoundRobin(first, second), RoundRobin(alone)
    views = [_session_game(client, body) for client in (spread, single)]
    assert views[0] == views[1] and len(views[0]) > SESSION_STEPS
    other = TestClient(create_app(Settings(secret=SECRET.upper())))
    token = first.post("/v1/sessions", json=body).json()["session"]
    refused = other.post("/v1/sessions/view", json={"session": token})
    assert refused.status_code == 422 and refused.json()["type"] == "/problems/bad-session"


def _session_game(client: RoundRobin, body: dict[str, Any]) -> list[Any]:
    """The views of a session game's first decisions, each request to the next replica."""
    got = client.post("/v1/sessions", body)
    views = [got["view"]]
    while not got["turn"]["terminal"] and len(views) <= SESSION_STEPS:
        if got["bot_decides"]:
            got = client.post("/v1/sessions/bot", {"session": got["session"]})
        else:
            moves = client.post("/v1/park/legal", {"state": got["view"]})["moves"]
            got = client.post("/v1/sessions/move", {"session": got["session"], "move": moves[0]})
        views.append(got["view"])
    return views
