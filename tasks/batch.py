"""Grading many tasks, one answer per request in order: ``monsters manno grade --batch``.

Requests are read one after another (a line of JSON each, read by the command
line) and graded a block at a time wherever the backend runs its work
(``solver.backends``); the answers come back in the requests' order, each the
``grade --json`` object, or ``{"error", "line"}`` for a request that was bad
to begin with or could not be graded. The answers do not depend on the backend.

>>> [sorted(a) for a in grade_requests([Request(1, "PB>=3"), Request(2, "PB>=3, PB<=2")])]
[['level', 'metrics', 'steps', 'task', 'why'], ['error', 'line']]
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from solver.backend import Backend
from solver.errors import MonsterError
from solver.manno.task import parse_task
from tasks.grader import grade

BLOCK = 8
"""Requests a work unit holds, beyond this process."""


@dataclass(frozen=True)
class Request:
    """One request: its line number, and its task text or what was wrong with it."""

    line: int
    task: str | None
    error: str | None = None


def answer(request: Request) -> dict[str, Any]:
    """The ``grade --json`` object of the request's task, or ``{"error", "line"}``."""
    if request.task is None:
        return {"error": request.error or "no task", "line": request.line}
    try:
        return grade(parse_task(request.task)).to_json()
    except MonsterError as err:
        return {"error": str(err), "line": request.line}


def _answer_block(block: tuple[Request, ...]) -> list[dict[str, Any]]:
    """One work unit: a block of requests answered in order."""
    return [answer(request) for request in block]


def _blocks(requests: Iterable[Request], size: int) -> Iterator[tuple[Request, ...]]:
    source = iter(requests)
    while block := tuple(itertools.islice(source, size)):
        yield block


def grade_requests(
    requests: Iterable[Request], backend: Backend | None = None
) -> Iterator[dict[str, Any]]:
    """An answer per request, in order, each as soon as it and those before it are graded.

    Args:
        requests: read lazily (standard input, say), a few blocks ahead of the answers.
        backend: where the grading runs (default: here, one request at a time).
    """
    runner = backend or Backend()
    size = 1 if runner.in_process else BLOCK
    for block in runner.map(_answer_block, _blocks(requests, size)):
        yield from block
