"""Run the ``monsters`` command line in-process, as a user would from a shell."""

from __future__ import annotations

import io
import random
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from api.cli import main
from solver.game import Json, get_game

Cli = Callable[..., tuple[int, str, str]]


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


@pytest.fixture(scope="session")
def base() -> Iterator[str]:
    """A real ``monsters serve`` process on a free loopback port; its base URL."""
    port = _free_port()
    monsters = str(Path(sys.executable).with_name("monsters"))
    server = subprocess.Popen(
        [monsters, "serve", "--host", "127.0.0.1", "--port", str(port), "--no-access-log"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert server.poll() is None, "the server stopped"
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)
