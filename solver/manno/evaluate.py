"""Evaluate a task over many count rows at once with numpy.

The caller says how to get each group's count as an array (one entry per
arrangement, or per count vector); the conditions are applied with the same
comparisons ``Condition.holds`` uses, elementwise.

>>> import numpy as np
>>> from solver.manno.task import parse_task
>>> counts = {"PB": np.array([3, 4, 5]), "PR": np.array([4, 4, 4])}
>>> task_mask(parse_task("PB>=4, PB>PR"), lambda g: counts[g.name], 3).tolist()
[False, False, True]
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from solver.manno.kinds import Group
from solver.manno.task import Task, Term

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


def task_mask(task: Task, group_counts: Callable[[Group], IntArray], rows: int) -> BoolArray:
    """Which rows satisfy every condition of the task.

    Args:
        task: the task.
        group_counts: a group's count in each row.
        rows: the number of rows.
    """
    cache: dict[Group, IntArray] = {}

    def value(term: Term) -> IntArray | int:
        if isinstance(term, int):
            return term
        if term not in cache:
            cache[term] = group_counts(term)
        return cache[term]

    mask = np.ones(rows, dtype=np.bool_)
    for condition in task.conditions:
        for left, right in condition.pairs():
            mask &= condition.op.test(value(left), value(right))  # type: ignore[arg-type]
    return mask
