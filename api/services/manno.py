"""Manno requests from text to JSON, shared by the command line and the HTTP API.

Each function takes what a user types (task text, ``0``/``1`` arrangement
text, an engine name) and returns the contract's JSON object. Bad input raises
``FieldError`` (a ``MonsterError``) naming the request field at fault; the
command line prints its message, the HTTP API answers 422 naming the field.
A solver out of time is no fault of a field: its ``SolverTimeoutError`` goes
on as it is (the HTTP API answers 503). ``solve_work`` and ``hint_work`` read
a request and return its work apart, as a call another process can run, so
the HTTP API reads on one lane and solves on another (``api.http.limits``).

>>> solve("PB>=4, PY=0, B>R")["flip"]
[15]
>>> solve("PB>=4", start="01")
Traceback (most recent call last):
...
api.services.errors.FieldError: arrangement '01' has 2 tokens, it needs 15 tokens at column 3
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from api.services.errors import in_field
from solver.manno.engine import DEFAULT_TIME_LIMIT, Engine
from solver.manno.engines import get_engine
from solver.manno.task import Task, parse_task
from solver.manno.tokens import Arrangement, TokenSet, standard_tokens
from solver.manno.validate import validate as validate_report

if TYPE_CHECKING:
    from tasks.grader import Grade


HEAVY_ENGINES = frozenset({"csp"})
"""Engines whose search runs in Python and holds the interpreter for its whole run."""


def is_heavy(engine: str) -> bool:
    """Whether a request for ``engine`` is heavy work (see ``api.http.limits``).

    >>> is_heavy("csp"), is_heavy("cpsat"), is_heavy("table")
    (True, False, False)
    """
    return engine in HEAVY_ENGINES


def task_field(text: str, name: str = "task") -> Task:
    """Parse task text from a request field."""
    return in_field(name, lambda: parse_task(text))


def arrangement_field(text: str, tokens: TokenSet, name: str = "arrangement") -> Arrangement:
    """Parse arrangement text from a request field."""
    return in_field(name, lambda: Arrangement.parse(text, len(tokens)))


def engine_field(name: str, tokens: TokenSet, time_limit: float = DEFAULT_TIME_LIMIT) -> Engine:
    """An engine named in a request field."""
    return in_field("engine", lambda: get_engine(name, tokens, time_limit))


def solve(
    task: str,
    start: str | None = None,
    engine: str = "cpsat",
    tokens: TokenSet | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> dict[str, Any]:
    """``{"task", "solvable", "count", "flips", "arrangement", "flip", "conflict"}``."""
    return solve_work(task, start, engine, tokens, time_limit)()


def solve_work(
    task: str,
    start: str | None = None,
    engine: str = "cpsat",
    tokens: TokenSet | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> Callable[[], dict[str, Any]]:
    """Read a solve request and return its work, a call another process can run.

    Raises:
        FieldError: bad input.
        SolverTimeoutError: the engine refuses the task as too long (``check_work``).
    """
    tokens = tokens or standard_tokens()
    parsed = task_field(task)
    begin = None if start is None else arrangement_field(start, tokens, "from")
    engine_field(engine, tokens, time_limit).check_work(parsed)
    return functools.partial(_solve, parsed, begin, engine, tokens, time_limit)


def _solve(
    task: Task, start: Arrangement | None, engine: str, tokens: TokenSet, time_limit: float
) -> dict[str, Any]:
    return engine_field(engine, tokens, time_limit).solve(task, start).to_json()


def validate(task: str, arrangement: str, tokens: TokenSet | None = None) -> dict[str, Any]:
    """``{"task", "arrangement", "ok", "conditions": [...]}``."""
    tokens = tokens or standard_tokens()
    parsed, here = task_field(task), arrangement_field(arrangement, tokens)
    return validate_report(parsed, here, tokens).to_json()


def hint(
    task: str,
    arrangement: str,
    level: int = 1,
    engine: str = "cpsat",
    tokens: TokenSet | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> dict[str, Any]:
    """``{"solved", "flips_left", "level", "text", ...}`` (``"flip"`` at level 3)."""
    return hint_work(task, arrangement, level, engine, tokens, time_limit)()


def hint_work(
    task: str,
    arrangement: str,
    level: int = 1,
    engine: str = "cpsat",
    tokens: TokenSet | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> Callable[[], dict[str, Any]]:
    """Read a hint request and return its work, a call another process can run.

    Raises:
        FieldError: bad input.
        SolverTimeoutError: the engine refuses the task as too long (``check_work``).
    """
    tokens = tokens or standard_tokens()
    parsed, here = task_field(task), arrangement_field(arrangement, tokens)
    from solver.manno.hint import check_level  # the hint ladder, when a hint is asked for

    in_field("level", lambda: check_level(level))
    engine_field(engine, tokens, time_limit).check_work(parsed)
    return functools.partial(_hint, parsed, here, level, engine, tokens, time_limit)


def _hint(
    task: Task,
    here: Arrangement,
    level: int,
    engine: str,
    tokens: TokenSet,
    time_limit: float,
) -> dict[str, Any]:
    from solver.manno.hint import hint as hint_ladder

    chosen = engine_field(engine, tokens, time_limit)
    return in_field("level", lambda: hint_ladder(task, here, level, chosen)).to_json()


def grade(task: str) -> dict[str, Any]:
    """``{"task", "level", "metrics"}``."""
    parsed = task_field(task)
    return in_field("task", lambda: grade_task(parsed)).to_json()


def grade_task(task: Task) -> Grade:
    """``tasks.grader.grade``, imported on the first grade: the grader's tables need
    numpy, which reading, checking and solving a task do not."""
    from tasks.grader import grade as grade_it

    return grade_it(task)
