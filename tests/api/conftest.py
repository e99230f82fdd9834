"""Run the ``monsters`` command line in-process, as a user would from a shell."""

from __future__ import annotations

import io
import os
import random
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
import pytest
from fastapi.testclient import TestClient

from api.entry import main
from api.http.app import create_app
from api.http.settings import Settings
from api.services import searched
from solver.game import Json, get_game

Cli = Callable[..., tuple[int, str, str]]


@pytest.fixture(autouse=True)
def fresh_searches() -> None:
    """Each test starts with no hint search kept from another (``api.services.searched``),
    keeping as many as the service does by default: what a test asks of the hint is
    searched in that test."""
    searched.keep(searched.SEARCHES_KEPT)


@pytest.fixture(scope="module")
def client() -> TestClient:
    """The service in-process, with its default settings (a module may name its own)."""
    return TestClient(create_app(Settings()))


@pytest.fixture(scope="module")
def document(client: TestClient) -> dict[str, Any]:
    """The OpenAPI document the service serves."""
    doc: dict[str, Any] = client.get("/openapi.json").json()
    return doc


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Cli:
    """``cli(args, stdin="")`` runs ``monsters ARGS``; returns (exit code, stdout, stderr)."""

    def run(args: list[str], stdin: str = "") -> tuple[int, str, str]:
        saved = sys.argv, sys.stdin
        sys.argv, sys.stdin = ["monsters", *args], io.StringIO(stdin)
        try:
            with pytest.raises(SystemExit) as exited:
                main()
        finally:
            sys.argv, sys.stdin = saved
        out, err = capsys.readouterr()
        code = exited.value.code
        return code if isinstance(code, int) else 0, out, err

    return run


def answered(client: Any, path: str, body: Mapping[str, Any]) -> Any:
    """The JSON of ``client``'s POST of ``body`` to ``path``, which must answer 200."""
    response = client.post(path, json=body)
    assert response.status_code == 200, response.text
    return response.json()


def game_trail(name: str, seed: int = 0) -> list[Any]:
    """Every state of one random game, set-up to end."""
    game = get_game(name)
    rng = random.Random(seed)
    state = game.new(game.default_players, seed, None)
    trail = [state]
    while not state.is_terminal():
        state = state.apply(rng.choice(list(state.legal_moves())))
        trail.append(state)
    return trail


def illegal_case(name: str) -> tuple[Json, Json]:
    """A state and a well-formed move that is not legal in it."""
    game = get_game(name)
    trail = game_trail(name, 1)
    seen: list[Any] = []
    for state in trail:
        offered = set(state.legal_moves())
        for move in seen:
            if move not in offered:
                return state.to_json(), game.move_to_json(move)
        seen.extend(offered)
    raise AssertionError(f"no illegal move found in a {name} game")


@pytest.fixture
def trail() -> Callable[[str, int], list[Any]]:
    """``trail(game, seed)``: every state of one random game, set-up to end."""
    return game_trail


@pytest.fixture
def illegal() -> Callable[[str], tuple[Json, Json]]:
    """``illegal(game)``: a state and a well-formed move that is not legal in it."""
    return illegal_case


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass(frozen=True)
class Server:
    """A running ``monsters serve`` process and where it listens."""

    process: subprocess.Popen[bytes]
    port: int

    @property
    def url(self) -> str:
        """The base URL, ``http://127.0.0.1:PORT``."""
        return f"http://127.0.0.1:{self.port}"


READY_IN_A_ROW = 4
"""Ready answers in a row, per worker, that make a server ready: which worker answers
a new connection is the kernel's choice, so a cold one is all but sure to be asked."""


def _ready(server: Server, workers: int) -> bool:
    """Whether ``GET /ready`` answers 200 ``READY_IN_A_ROW`` times per worker in a row,
    each on a new connection (a worker still warming its engines answers 503)."""
    for _ in range(READY_IN_A_ROW * workers):
        if httpx2.get(f"{server.url}/ready", timeout=1).status_code != 200:
            return False
    return True


@contextmanager
def serving(env: Mapping[str, str] | None = None, workers: int = 1) -> Iterator[Server]:
    """``monsters serve`` on a free loopback port, with ``MONSTERS_*`` settings in ``env``,
    once it is ready: its engines warm, so no test times their warm-up."""
    port = _free_port()
    monsters = str(Path(sys.executable).with_name("monsters"))
    args = ["--host", "127.0.0.1", "--port", str(port), "--workers", str(workers)]
    process = subprocess.Popen(
        [monsters, "serve", *args, "--no-access-log"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, **(env or {})},
    )
    server = Server(process, port)
    try:
        deadline = time.monotonic() + 120  # start-up and warm-up, on a loaded machine
        while True:
            try:
                if _ready(server, workers):
                    break
            except httpx2.TransportError:
                pass
            assert process.poll() is None, "the server stopped"
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)
        yield server
    finally:
        if process.poll() is None:
            process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="session")
def base() -> Iterator[str]:
    """A real ``monsters serve`` process on a free loopback port; its base URL. Its
    requests get a generous time: the tests that use it check answers and pages, and a
    busy machine must not turn a queued hint into a 503 (the limits have tests of their own)."""
    with serving({"MONSTERS_REQUEST_SECONDS": "60"}) as server:
        yield server.url
