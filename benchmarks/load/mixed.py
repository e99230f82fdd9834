"""Mixed requests over all four games, and the answer each gets when sent alone.

The pool holds distinct requests: Manno ``solve`` / ``hint`` / ``validate`` /
``grade`` (``benchmarks.load.manno``'s tasks), and for Monster Park, Very Big
Monster and Monstrolicious ``hint``, ``validate``, ``score`` and
``render.svg`` over real states: each made by ``monsters <game> new
--players N --seed S``, then played on by seeded random legal moves in this
process, so the pool covers set-up, middle and end; ``validate`` asks about
one legal move of the state. ``reference`` sends every request of the pool
once, one at a time over one connection, and keeps its answer (status and
bytes): under load the same request must get exactly that answer back.
"""

from __future__ import annotations

import json
import random
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from benchmarks.common import monsters
from benchmarks.load.client import Connection
from benchmarks.load.manno import task_pool
from benchmarks.load.phase import Check
from benchmarks.load.server import ROOT
from solver.game import GAMES, get_game
from solver.manno.tokens import Arrangement

GAME_ROUTES = ("hint", "validate", "score", "render.svg")
NEW_PER_GAME = 3
"""States made by ``monsters <game> new`` per game (each run starts the command line)."""
PLAYOUTS = 4
"""States played on from each new one, each by its own random moves."""
MANNO_REQUESTS = 200
NEW_TIMEOUT_S = 60.0


@dataclass(frozen=True)
class Call:
    """One distinct request of the pool; ``key`` is its place in the pool."""

    kind: str
    path: str
    body: bytes
    key: int
    method: str = "POST"


def game_states(name: str, seed: int) -> list[dict[str, Any]]:
    """States of a game: made by ``monsters <game> new``, each played on ``PLAYOUTS`` ways."""
    game = get_game(name)
    rng = random.Random(f"{name}:{seed}")
    states: list[dict[str, Any]] = []
    for i in range(NEW_PER_GAME):
        players = game.min_players + i % (game.max_players - game.min_players + 1)
        made = subprocess.run(
            monsters(name, "new", "--players", str(players), "--seed", str(seed + i)),
            cwd=ROOT,
            capture_output=True,
            check=True,
            timeout=NEW_TIMEOUT_S,
        )
        start = game.from_json(json.loads(made.stdout))
        for playout in range(PLAYOUTS):
            state = start
            for _ in range(playout * rng.randint(5, 20)):
                if state.is_terminal():
                    break
                state = state.apply(rng.choice(list(state.legal_moves())))
            states.append(state.to_json())
    return states


def pool(seed: int, games: Sequence[str] | None = None) -> list[Call]:
    """The distinct requests, in a fixed order from ``seed``."""
    rng = random.Random(seed)
    bodies: list[tuple[str, str, dict[str, Any]]] = []
    tasks = task_pool(seed)
    for _ in range(MANNO_REQUESTS):
        task = rng.choice(tasks)
        here = str(Arrangement.from_index(rng.getrandbits(15), 15))
        route = rng.choice(("solve", "hint", "validate", "grade"))
        body: dict[str, Any] = {"task": task}
        if route == "solve":
            body["from"] = here
        elif route == "hint":
            body |= {"arrangement": here, "level": rng.randint(1, 3)}
        elif route == "validate":
            body["arrangement"] = here
        bodies.append((f"manno {route}", f"/v1/manno/{route}", body))
    for name in sorted(GAMES) if games is None else games:
        game = get_game(name)
        for doc in game_states(name, seed):
            state = game.from_json(doc)
            for route in GAME_ROUTES:
                body = {"state": doc}
                if route == "validate":
                    moves = list(state.legal_moves())
                    if not moves:
                        continue
                    body["move"] = game.move_to_json(rng.choice(moves))
                bodies.append((f"{name} {route}", f"/v1/{name}/{route}", body))
    return [
        Call(kind, path, json.dumps(body).encode(), key)
        for key, (kind, path, body) in enumerate(bodies)
    ]


def draw(calls: Sequence[Call], count: int, seed: int) -> list[Call]:
    """``count`` requests drawn from the pool, with repeats, from ``seed``."""
    rng = random.Random(seed)
    return [rng.choice(calls) for _ in range(count)]


async def reference(host: str, port: int, calls: Sequence[Call]) -> list[tuple[int, bytes]]:
    """Every call's answer when it is the only request the server has."""
    connection = Connection(host, port)
    answers = []
    try:
        for call in calls:
            answers.append(await connection.send(call.method, call.path, call.body))
    finally:
        connection.close()
    return answers


def checker(answers: Sequence[tuple[int, bytes]]) -> Check:
    """``check`` for ``phase.load``: the answer must be the one the call got alone."""

    def check(call: Call, status: int, content: bytes) -> str | None:
        alone_status, alone = answers[call.key]
        if status != alone_status:
            return f"{call.kind}: status {status}, alone {alone_status}"
        if content != alone:
            return f"{call.kind}: answer differs from the one it got alone"
        return None

    return check


def statuses(answers: Sequence[tuple[int, bytes]], calls: Sequence[Call]) -> dict[str, int]:
    """How many calls of the pool got each status alone, by kind (a pool is all 200s)."""
    seen: dict[str, int] = {}
    for call, (status, _) in zip(calls, answers, strict=True):
        label = f"{call.kind} {status}"
        seen[label] = seen.get(label, 0) + 1
    return dict(sorted(seen.items()))
