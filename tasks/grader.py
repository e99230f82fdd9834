"""The difficulty grader: exact metrics, one composite score, a level 1-6.

Every metric is computed, not guessed, on the numpy table of all 32,768
arrangements:

* ``count`` and ``density``: how many arrangements solve the task, and the share;
* ``rarity``: ``log2(1 / density)``, bits of information the card demands;
* ``mean_flips`` / ``worst_flips``: fewest flips to a solution from a uniformly
  random arrangement (the mean and the maximum of the distance field);
* ``from_zero``: fewest flips from all side 0;
* ``conditions`` and ``forms``: how many conditions and of which forms;
* ``reading``: what the card costs to read (a weight per form and group, below);
* ``effort``: the simulated player's median flips over ``STARTS`` seeded starts.

The composite adds them up (weights in ``composite``) and ``THRESHOLDS`` cut it
into levels; ``docs/grading.md`` explains each choice and how the thresholds
were set (``calibrate``).

>>> from solver.manno.task import parse_task
>>> grade(parse_task("PB>=4, PR>=3, TY>=2, PY>=1")).level
1
"""

from __future__ import annotations

import bisect
import functools
import math
from collections import Counter
from dataclasses import asdict, dataclass
from typing import Any

from solver.manno.engines import get_engine
from solver.manno.table import TableEngine
from solver.manno.task import Condition, Task
from tasks.simulate import STARTS, effort_floor, median_effort
from tasks.styles import Form, Scope, form, scope

SEED = 0
"""The simulated player's seed: grades never vary."""

THRESHOLDS = (17.07, 25.03, 31.64, 36.38, 41.97)
"""Composite scores where levels 2, 3, 4, 5 and 6 begin: what ``tasks.calibrate`` gives."""

FORM_WEIGHTS = {
    Form.AT_LEAST: 0.5,
    Form.EXACTLY: 1.0,
    Form.NONE: 1.0,
    Form.AT_MOST: 1.5,
    Form.EQUAL: 2.0,
    Form.MORE: 2.5,
    Form.FEWER: 3.0,
}
"""Reading cost of one condition by form: a plain count is quick, a comparison
needs two counts kept in mind, "fewer" reads against the sign's direction."""
BLOT_WEIGHT = 1.0
"""Extra reading cost per colour or shape group: monsters must be added up."""
CHAIN_WEIGHT = 1.0
"""Extra reading cost per group past the second in an equality chain."""


SURE = 1e-9
"""Margin by which the effort's floor must pass the room left under a ceiling before
``grade_below`` answers ``None`` unsimulated: far above the rounding of the sums."""


@dataclass(frozen=True)
class Metrics:
    """Everything the grader measured on one task (see the module docstring)."""

    count: int
    density: float
    rarity: float
    mean_flips: float
    worst_flips: int
    from_zero: int
    conditions: int
    forms: dict[str, int]
    reading: float
    effort: float
    composite: float

    def to_json(self) -> dict[str, Any]:
        """The metrics as a JSON object."""
        return asdict(self)


@dataclass(frozen=True)
class Grade:
    """A task with its level and the metrics behind it."""

    task: Task
    level: int
    metrics: Metrics

    def to_json(self) -> dict[str, Any]:
        """``{"task", "level", "metrics"}``."""
        return {"task": str(self.task), "level": self.level, "metrics": self.metrics.to_json()}


def reading(condition: Condition) -> float:
    """What one condition costs to read.

    >>> from solver.manno.task import parse_condition
    >>> reading(parse_condition("PB>=4")), reading(parse_condition("B=P=TY"))
    (0.5, 5.0)
    """
    blots = sum(scope(g) is not Scope.KIND for g in condition.groups())
    chain = max(len(condition.groups()) - 2, 0)
    return FORM_WEIGHTS[form(condition)] + BLOT_WEIGHT * blots + CHAIN_WEIGHT * chain


def composite(rarity: float, mean_flips: float, effort: float, reading_cost: float) -> float:
    """One difficulty score: information demanded + distance + effort + reading."""
    return rarity + 2.0 * mean_flips + effort + reading_cost


def level_of(score: float, thresholds: tuple[float, ...] = THRESHOLDS) -> int:
    """The level a composite score falls in.

    >>> level_of(0.0), level_of(THRESHOLDS[0]), level_of(1e9)
    (1, 2, 6)
    """
    return bisect.bisect_right(thresholds, score) + 1


def grade(task: Task, table: TableEngine | None = None) -> Grade:
    """Measure a task and give its level.

    Raises:
        UnsolvableError: nothing satisfies the task.
    """
    graded = grade_below(task, math.inf, table)
    assert graded is not None
    return graded


def grade_below(task: Task, ceiling: float, table: TableEngine | None = None) -> Grade | None:
    """Like ``grade``, but ``None`` as soon as the composite must reach ``ceiling``.

    The simulated player is the costly part and only adds to the score, so a
    task already at the ceiling without it is not simulated, nor one that the
    floor under its effort (``effort_floor``) would take to the ceiling.
    """
    table = table or _table()
    field = table.distance_field(task)  # raises UnsolvableError when unsolvable
    count = int((field == 0).sum())
    total = len(field)
    rarity = math.log2(total / count)
    cost = sum(reading(c) for c in task.conditions)
    mean_flips = float(field.mean())
    room = ceiling - composite(rarity, mean_flips, 0.0, cost)  # what effort may add
    if room <= 0:
        return None
    if effort_floor(field, SEED, STARTS) >= room + SURE:
        return None  # the player needs at least the distance: the score reaches the ceiling
    effort = median_effort(table, task, SEED, STARTS, give_up=room)
    if effort is None:
        return None
    score = composite(rarity, mean_flips, effort, cost)
    if score >= ceiling:
        return None
    forms = Counter(form(c).value for c in task.conditions)
    metrics = Metrics(
        count=count,
        density=count / total,
        rarity=round(rarity, 4),
        mean_flips=round(mean_flips, 4),
        worst_flips=int(field.max()),
        from_zero=int(field[0]),
        conditions=len(task.conditions),
        forms=dict(sorted(forms.items())),
        reading=cost,
        effort=effort,
        composite=round(score, 4),
    )
    return Grade(task, level_of(score), metrics)


@functools.cache
def _table() -> TableEngine:
    engine = get_engine("table")
    assert isinstance(engine, TableEngine)
    return engine
