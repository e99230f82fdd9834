"""What every benchmark shares: checks that survive ``python -O``, the machine, the CLI.

Run the benchmarks as modules from the repository root, e.g.
``.venv/bin/python -m benchmarks.manno_engines``.
"""

from __future__ import annotations

import json
import os
import platform
import sys
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from solver.game import AnyGame


def require(ok: bool, message: str) -> None:
    """A check that survives ``python -O``: a benchmark checks answers as it times them."""
    if not ok:
        raise AssertionError(message)


def environment() -> dict[str, Any]:
    """Versions and CPUs, printed with every result so figures can be compared."""
    return {
        "versions": {
            "python": platform.python_version(),
            "ortools": version("ortools"),
            "numpy": np.__version__,
        },
        "cpus": os.cpu_count(),
    }


def emit(result: dict[str, Any], as_json: bool, report: Callable[[dict[str, Any]], str]) -> None:
    """Print the result: JSON for machines, else the report and the run's length."""
    if as_json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
    else:
        print(report(result))
        print(f"\n(whole run {result['seconds']} s)")


def monsters(*args: str) -> list[str]:
    """The ``monsters`` command of this interpreter's environment, with arguments."""
    return [str(Path(sys.executable).with_name("monsters")), *args]


def decisions(game: AnyGame, count: int, seed: int) -> list[Any]:
    """``count`` states with a real choice for the seat to move, from greedy games."""
    greedy = game.players["greedy"]
    states: list[Any] = []
    played = 0
    while len(states) < count:
        state = game.new(2, seed + played, None)
        players = [greedy(seed + played), greedy(seed + played + 1)]
        step = 0
        while not state.is_terminal() and len(states) < count:
            if step % 5 == played % 5 and len(state.legal_moves()) > 1:
                states.append(state)
            state = state.apply(players[state.to_move].choose(state))
            step += 1
        played += 1
    return states
