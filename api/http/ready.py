"""Readiness: a worker says it is ready once its engines are warm.

A worker's first CP-SAT solve and first hint of each game pay for what later
ones find made (the solver's start, card data, models, caches): ``warm_up``
pays it at start-up, on the solver gate's threads, off the event loop, while
the worker already answers ``GET /health`` (it runs) and ``GET /ready`` (503
until warm, then 200). A load balancer sends a replica work once it is ready.

>>> [name for name, _ in warm_calls()][:3]
['manno cpsat', 'manno table', 'manno hint']
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from typing import Any

from api.http.limits import SolverGate
from api.services import games as game_service
from api.services import manno as manno_service
from solver.game import GAMES, get_game

WARM_TASK = "PB>=2, PY=0, B>R"
"""A small Manno task every engine solves in milliseconds once warm."""
START = "0" * 15
"""Every token on its side 0."""

_log = logging.getLogger("uvicorn.error")


def warm_calls() -> list[tuple[str, Callable[[], Any]]]:
    """What a worker runs once before it is ready: named calls, each a first request."""
    calls: list[tuple[str, Callable[[], Any]]] = [
        (f"manno {engine}", functools.partial(_first_solve, engine))
        for engine in ("cpsat", "table")
    ]
    calls.append(("manno hint", _first_manno_hint))
    calls += [(f"{name} hint", functools.partial(_first_hint, name)) for name in GAMES]
    return calls


def _first_solve(engine: str) -> Any:
    return manno_service.solve_work(WARM_TASK, START, engine)()


def _first_manno_hint() -> Any:
    return manno_service.hint_work(WARM_TASK, START, 3)()


def _first_hint(name: str) -> Any:
    """The hint of the first seat of a seeded new game of ``name``, from its view."""
    game = get_game(name)
    state = game.new(game.default_players, 1, None)
    view = game.view(state, state.to_move).to_json()
    return game_service.hint(name, view, None)


async def warm_up(gate: SolverGate) -> None:
    """Run ``warm_calls`` on the gate, one after another; a call that fails is logged
    (the worker is as warm as it gets, and serves)."""
    for name, call in warm_calls():
        try:
            await gate.run(call)
        except asyncio.CancelledError:
            raise
        except Exception as err:  # readiness must come: a failure here is the engine's to show
            _log.warning("warming %s failed: %s", name, err)
