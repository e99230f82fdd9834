"""Verify a catalogue: every task solvable, and all three engines agreeing on it.

Each task is solved from all side 0 by the CP-SAT, numpy-table and
python-constraint engines; the task agrees when the three answers are the
same in every field (solvable, count, flips, arrangement, flips to make).

>>> from tasks.catalogue import load_catalogue
>>> checks = verify(load_catalogue().entries[:2])
>>> [(c.id, c.solvable, c.agree) for c in checks]
[('L1-01', True, True), ('L1-02', True, True)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from solver.manno.engines import ENGINE_NAMES, get_engine
from tasks.catalogue import Entry


@dataclass(frozen=True)
class Check:
    """One catalogue task checked by every engine."""

    id: str
    level: int
    task: str
    solvable: bool
    count: int | None
    flips: int | None
    agree: bool

    def to_json(self) -> dict[str, Any]:
        """``{"id", "level", "task", "solvable", "count", "agree"}`` and ``flips``."""
        return {
            "id": self.id,
            "level": self.level,
            "task": self.task,
            "solvable": self.solvable,
            "count": self.count,
            "flips": self.flips,
            "agree": self.agree,
        }


def verify(entries: Sequence[Entry], progress: Callable[[], None] | None = None) -> list[Check]:
    """Check each entry with every engine, in order.

    Args:
        entries: the catalogue's tasks.
        progress: called after each task.
    """
    engines = [get_engine(name) for name in ENGINE_NAMES]
    checks = []
    for entry in entries:
        answers = [engine.solve(entry.task).to_json() for engine in engines]
        first = answers[0]
        checks.append(
            Check(
                entry.id,
                entry.level,
                first["task"],
                first["solvable"],
                first["count"],
                first["flips"],
                all(a == first for a in answers[1:]),
            )
        )
        if progress is not None:
            progress()
    return checks


def summary(checks: Sequence[Check]) -> dict[str, Any]:
    """The ``verify --json`` object: every check, and the two verdicts."""
    return {
        "tasks": [c.to_json() for c in checks],
        "all_solvable": all(c.solvable for c in checks),
        "engines_agree": all(c.agree for c in checks),
    }
