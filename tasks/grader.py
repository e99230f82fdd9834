"""The difficulty grader: the hardest reasoning step sets the band, the work places it.

A level is first of all *what the card asks*. ``tasks.reasoning`` solves the
card the way a person would, with named steps (``tasks.techniques``); the
hardest step needed is a rung of the rulebook's ladder of card types, and
that rung is the card's band:

=====  ===============================================  ======
rung   hardest step                                     band
=====  ===============================================  ======
1      count: monsters only, "at least"                 1-2
2      force: an exact number or "none"                 2-3
3      balance: "as many ... as ..." over kinds         3-4
4      compare: more / fewer over kinds                 4-5
5      blot: a colour or a shape instead of a kind      5-6
6      shared: groups that share kinds, tied together   6
=====  ===============================================  ======

Within its band a card sits in the upper level when its ``work`` (the
reasoning effort, the flips, the tightness) reaches that rung's ``CUTS``
entry. The exact metrics of the table (solution count, distance field) are
the second axis: reported, and tightness counts toward the work.
``docs/grading.md`` explains each choice and how the cuts were set.

>>> from solver.manno.task import parse_task
>>> graded = grade(parse_task("PB>=4, PR>=3, TY>=2, PY>=1"))
>>> graded.level, graded.why
(1, 'level 1: needs only reading single kind counts (at least 4 plump blue)')
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from dataclasses import asdict, dataclass
from typing import Any

from solver.manno.engines import get_engine
from solver.manno.table import TableEngine
from solver.manno.task import Task
from tasks.explain import why
from tasks.reasoning import Solved, hardest, solve
from tasks.styles import form

CUTS = (8.86, 23.01, 25.71, 38.26, 68.1)
"""Work at which a card of rung 1, 2, 3, 4, 5 moves to the upper level of its band
(what ``tasks.calibrate`` gives)."""
TOP = 6
"""The highest level."""
FLIP_WEIGHT = 1.0
"""Work per token the player turned."""
TIGHTNESS_WEIGHT = 0.5
"""Work per bit of rarity: each halving of the solutions adds this much."""


@dataclass(frozen=True)
class Metrics:
    """Everything the grader measured on one task.

    The exact axis: ``count`` and ``density`` (arrangements that solve it, and
    the share), ``rarity`` (``log2(32768 / count)``, bits), ``mean_flips`` and
    ``worst_flips`` (fewest flips to a solution from a uniformly random
    arrangement: mean and maximum), ``from_zero`` (from all side 0),
    ``conditions`` and ``forms``.

    The reasoning axis (``tasks.reasoning``, the reported run): ``hardest`` (the
    hardest step's name), ``band`` (the levels it allows), ``step_count``
    (steps taken), ``fights``, ``guesses``, ``flips`` (tokens the player turned),
    ``effort`` (steps weighted by rung, plus fights and guesses) and ``work``
    (``effort + FLIP_WEIGHT * flips + TIGHTNESS_WEIGHT * rarity``).
    """

    count: int
    density: float
    rarity: float
    mean_flips: float
    worst_flips: int
    from_zero: int
    conditions: int
    forms: dict[str, int]
    hardest: str
    band: list[int]
    step_count: int
    fights: int
    guesses: int
    flips: int
    effort: int
    work: float

    def to_json(self) -> dict[str, Any]:
        """The metrics as a JSON object."""
        return asdict(self)


@dataclass(frozen=True)
class Grade:
    """A task with its level, the metrics behind it and the reasoning that explains it."""

    task: Task
    level: int
    metrics: Metrics
    solved: Solved
    why: str

    def to_json(self) -> dict[str, Any]:
        """``{"task", "level", "steps", "why", "metrics"}``; ``steps`` in order of first use."""
        return {
            "task": str(self.task),
            "level": self.level,
            "steps": [
                {"step": t.value, "label": t.label, "count": n} for t, n in self.solved.counts()
            ],
            "why": self.why,
            "metrics": self.metrics.to_json(),
        }


def band(rung: int) -> tuple[int, int]:
    """The levels a card whose hardest step stands on ``rung`` may take.

    >>> band(1), band(5), band(6)
    ((1, 2), (5, 6), (6, 6))
    """
    return rung, min(rung + 1, TOP)


def level_of(rung: int, work: float, cuts: tuple[float, ...] = CUTS) -> int:
    """The level: the band's lower level, or its upper one once the work reaches the cut.

    >>> level_of(1, 0.0), level_of(1, CUTS[0]), level_of(6, 0.0)
    (1, 2, 6)
    """
    low, high = band(rung)
    return high if high > low and work >= cuts[rung - 1] else low


def work_of(solved: Solved, rarity: float) -> float:
    """The amount of work: reasoning effort, tokens turned and tightness."""
    return round(solved.effort + FLIP_WEIGHT * solved.flips + TIGHTNESS_WEIGHT * rarity, 4)


def may_grade(task: Task, level: int) -> bool:
    """Whether ``task`` can grade ``level`` at all: its hardest step's band holds it.

    Read off the card alone, no token turned: the generator asks first.
    """
    low, high = band(hardest(task).rank)
    return low <= level <= high


def grade(task: Task, table: TableEngine | None = None) -> Grade:
    """Measure a task, solve it as a person would, and give its level.

    Raises:
        UnsolvableError: nothing satisfies the task.
    """
    table = table or table_engine()
    field = table.distance_field(task)  # raises UnsolvableError when unsolvable
    count = int((field == 0).sum())
    total = len(field)
    rarity = math.log2(total / count)
    solved = solve(table, task)
    rung = solved.hardest.rank
    work = work_of(solved, rarity)
    level = level_of(rung, work)
    forms = Counter(form(c).value for c in task.conditions)
    metrics = Metrics(
        count=count,
        density=count / total,
        rarity=round(rarity, 4),
        mean_flips=round(float(field.mean()), 4),
        worst_flips=int(field.max()),
        from_zero=int(field[0]),
        conditions=len(task.conditions),
        forms=dict(sorted(forms.items())),
        hardest=solved.hardest.value,
        band=list(band(rung)),
        step_count=len(solved.steps),
        fights=solved.fights,
        guesses=solved.guesses,
        flips=solved.flips,
        effort=solved.effort,
        work=work,
    )
    return Grade(task, level, metrics, solved, why(level, solved, task, upper=level > rung))


@functools.cache
def table_engine() -> TableEngine:
    """The table engine the grader reads tasks with (made once)."""
    engine = get_engine("table")
    assert isinstance(engine, TableEngine)
    return engine
