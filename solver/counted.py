"""Hint searches bounded by counted work, with the wall clock only as a guard.

A hint's budget buys counted work (CP-SAT's deterministic time here; worlds and
playouts where a game samples), so the same view and budget do the same work
and give the same answer on a quiet machine and a busy one. The wall clock only
guards: a search still running ``GUARD`` times its budget later (at least
``MIN_GUARD`` seconds), or at the request's deadline (:mod:`solver.deadline`),
stops there, and the call that asked for the hint learns that its answer is
incomplete (``watch``) rather than silently different.

>>> with watch() as run:
...     pass
>>> run.complete
True
>>> with watch() as run:
...     cut_short()
>>> run.complete
False
>>> work(DEFAULT_HINT_BUDGET, 0.05), work(DEFAULT_HINT_BUDGET / 2, 0.05)
(0.05, 0.025)
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING

from solver.deadline import Clock
from solver.game import DEFAULT_HINT_BUDGET

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

#: The guard stops a search this many times its budget after it starts...
GUARD = 10.0
#: ...and never sooner than this many seconds (the request's deadline aside).
MIN_GUARD = 1.0


@dataclass
class Run:
    """Whether every search of one call ran its counted work to the end.

    Attributes:
        complete: False once a guard stopped a search early.
    """

    complete: bool = True


_RUN: ContextVar[Run | None] = ContextVar("solver_run", default=None)
"""The run the current call reports to, if one is watched."""


@contextmanager
def watch() -> Iterator[Run]:
    """Within the block, a search the guard stops marks the yielded run incomplete."""
    run = Run()
    token = _RUN.set(run)
    try:
        yield run
    finally:
        _RUN.reset(token)


def cut_short() -> None:
    """Tell the watched call (if any) that a guard stopped one of its searches early."""
    run = _RUN.get()
    if run is not None:
        run.complete = False


def work(budget: float, at_default: float) -> float:
    """The counted work ``budget`` seconds buy, when the default budget buys ``at_default``."""
    return at_default * budget / DEFAULT_HINT_BUDGET


def solve(solver: cp_model.CpSolver, model: cp_model.CpModel, limit: float, budget: float) -> int:
    """Solve ``model`` on one worker (one worker is deterministic) within ``limit``
    deterministic seconds, guarded by the wall clock of ``budget`` (see ``GUARD``).

    Returns:
        CP-SAT's status; UNKNOWN without solving when the guard has no time left.
        Whenever the guard, not the counted work, ended the search, the watched
        call is told (``cut_short``).
    """
    from ortools.sat.python import cp_model  # loaded by the first plan, not by the rules

    left = Clock.start(max(GUARD * budget, MIN_GUARD)).left()
    if left <= 0:
        cut_short()
        return int(cp_model.UNKNOWN)
    solver.parameters.num_workers = 1
    solver.parameters.max_deterministic_time = limit
    solver.parameters.max_time_in_seconds = left
    status = int(solver.solve(model))
    proved = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE, cp_model.MODEL_INVALID)
    if not proved and solver.deterministic_time < limit:
        cut_short()
    return status
