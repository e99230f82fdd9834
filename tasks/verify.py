"""Verify a catalogue: every task solvable, and all three engines agreeing on it.

Each task is solved from all side 0 by the CP-SAT, numpy-table and
python-constraint engines; the task agrees when the three answers are the
same in every field (solvable, count, flips, arrangement, flips to make).

Asked to ``grade`` (a typed-in box, ``tasks.boxfile``), each solvable task is
also given the grader's level, and where its card's printed level is known,
whether the two lie within one level of each other (``WITHIN``).

The tasks may be checked elsewhere (a process pool, a Ray cluster:
``solver.backends``), a slice of ``SLICE`` at a time; the checks come back in
the list's order, the same wherever they ran.

>>> from tasks.catalogue import load_catalogue
>>> checks = verify(load_catalogue().entries[:2])
>>> [(c.id, c.solvable, c.agree) for c in checks]
[('L1-01', True, True), ('L1-02', True, True)]
>>> from tasks.boxfile import parse_box
>>> [c.grading for c in verify(parse_box("1: PB>=4, PR>=3, TY>=2, PY>=1"), grade=True)]
[Grading(level=1, within=True)]
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from solver.backend import Backend
from solver.manno.engine import Engine
from solver.manno.engines import ENGINE_NAMES, get_engine
from solver.manno.task import Task
from tasks.grader import grade as grade_task

WITHIN = 1
"""How far the grader's level may lie from a printed level and still agree with it."""
VERDICTS = ("all_solvable", "engines_agree", "levels_within_one")
"""The verdicts a ``summary`` may hold; verifying fails when one of them is false."""


class Listed(Protocol):
    """A task to check: a catalogue ``Entry`` or a typed-in ``BoxEntry``."""

    @property
    def id(self) -> str: ...
    @property
    def level(self) -> int | None: ...
    @property
    def task(self) -> Task: ...


@dataclass(frozen=True)
class Grading:
    """The grader's level of a solvable task (None when unsolvable), and whether it
    lies within ``WITHIN`` of the printed level (None when no level is printed)."""

    level: int | None
    within: bool | None


@dataclass(frozen=True)
class Check:
    """One task checked by every engine (and graded, when asked).

    ``level`` is the catalogue's or the printed one (None if the box leaves it out).
    """

    id: str
    level: int | None
    task: str
    solvable: bool
    count: int | None
    flips: int | None
    agree: bool
    grading: Grading | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"id", "level", "task", "solvable", "count", "flips", "agree"}``; graded,
        also ``"graded"`` (the grader's level) and ``"within_one"`` (of the printed one)."""
        graded = {}
        if self.grading is not None:
            graded = {"graded": self.grading.level, "within_one": self.grading.within}
        return {
            "id": self.id,
            "level": self.level,
            "task": self.task,
            "solvable": self.solvable,
            "count": self.count,
            "flips": self.flips,
            "agree": self.agree,
            **graded,
        }


SLICE = 4
"""Tasks a work unit holds, beyond this process (the engines take 1 to 50 ms a task)."""


def verify(
    entries: Sequence[Listed],
    progress: Callable[[], None] | None = None,
    grade: bool = False,
    backend: Backend | None = None,
) -> list[Check]:
    """Check each entry with every engine, in order.

    Args:
        entries: the tasks of a catalogue or a typed-in box.
        progress: called after each task.
        grade: also grade each solvable task and compare with its level.
        backend: where the tasks are checked (``solver.backends``; default here),
            a slice of the list at a time; the checks do not depend on it.
    """
    runner = backend or Backend()
    size = 1 if runner.in_process else SLICE
    slices = [tuple(entries[i : i + size]) for i in range(0, len(entries), size)]

    def done(part: tuple[Listed, ...]) -> None:
        for _ in part:
            if progress is not None:
                progress()

    found = runner.map(functools.partial(_check_slice, grade), slices, done)
    return [check for part in found for check in part]


def _check_slice(grade: bool, entries: tuple[Listed, ...]) -> list[Check]:
    """One work unit: ``entries`` checked by every engine (and graded, if asked)."""
    return [_check(entry, _engines(), grade) for entry in entries]


@functools.cache
def _engines() -> tuple[Engine, ...]:
    """Every engine, made once in a process."""
    return tuple(get_engine(name) for name in ENGINE_NAMES)


def _check(entry: Listed, engines: Sequence[Engine], grade: bool) -> Check:
    answers = [engine.solve(entry.task).to_json() for engine in engines]
    first = answers[0]
    return Check(
        entry.id,
        entry.level,
        first["task"],
        first["solvable"],
        first["count"],
        first["flips"],
        all(a == first for a in answers[1:]),
        _grading(entry, first["solvable"]) if grade else None,
    )


def _grading(entry: Listed, solvable: bool) -> Grading:
    if not solvable:
        return Grading(None, None)
    level = grade_task(entry.task).level
    return Grading(level, None if entry.level is None else abs(level - entry.level) <= WITHIN)


def summary(checks: Sequence[Check]) -> dict[str, Any]:
    """The ``verify --json`` object: every check, and the verdicts: ``all_solvable``,
    ``engines_agree`` and, when graded, ``levels_within_one`` (no printed level missed)."""
    result = {
        "tasks": [c.to_json() for c in checks],
        "all_solvable": all(c.solvable for c in checks),
        "engines_agree": all(c.agree for c in checks),
    }
    if any(c.grading is not None for c in checks):
        result["levels_within_one"] = all(
            c.grading is None or c.grading.within is not False for c in checks
        )
    return result


def passed(result: dict[str, Any]) -> bool:
    """Whether every verdict of a ``summary`` holds."""
    return all(result[name] for name in VERDICTS if name in result)
