"""Evaluate a task over many count rows at once with numpy.

The caller says how to get each group's count as an array (one entry per
arrangement, or per count vector); the conditions are applied with the same
comparisons ``Condition.holds`` uses, elementwise. A task's mask is the AND of
its conditions' masks, and tasks share conditions, so ``MaskCache`` keeps each
condition's mask (and, for conflict searches, the same mask as one integer bit
set) for reuse.

>>> import numpy as np
>>> from solver.manno.task import parse_task
>>> counts = {"PB": np.array([3, 4, 5]), "PR": np.array([4, 4, 4])}
>>> cache = MaskCache(lambda g: counts[g.name], 3)
>>> cache.task_mask(parse_task("PB>=4, PB>PR")).tolist()
[False, False, True]
>>> feasible = cache.oracle(parse_task("PB<4, PB>PR"))
>>> feasible([0]), feasible([1]), feasible([0, 1])
(True, True, False)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from solver.manno.conflict import Feasible
from solver.manno.kinds import Group
from solver.manno.task import Condition, Task, Term

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
GroupCounts = Callable[[Group], IntArray]
"""A group's count in each row."""

MASK_CACHE_BYTES = 32 << 20
"""Memory one ``MaskCache`` may keep masks in; the least recently used go first."""


def condition_mask(condition: Condition, group_counts: GroupCounts, rows: int) -> BoolArray:
    """Which rows satisfy one condition (every comparison of its chain)."""

    def value(term: Term) -> IntArray | int:
        return term if isinstance(term, int) else group_counts(term)

    mask: BoolArray | None = None
    for left, right in condition.pairs():
        holds: BoolArray | bool = condition.op.test(value(left), value(right))  # type: ignore[arg-type]
        if not isinstance(holds, np.ndarray):  # a comparison of two numbers
            holds = np.full(rows, holds, dtype=np.bool_)
        if mask is None:
            mask = holds
        else:
            mask &= holds
    return np.ones(rows, dtype=np.bool_) if mask is None else mask


def condition_shortfall(condition: Condition, group_counts: GroupCounts, rows: int) -> IntArray:
    """In each row, how many monsters the condition is short of holding (0 where it holds).

    >>> import numpy as np
    >>> from solver.manno.task import parse_condition
    >>> counts = {"B": np.array([3, 5, 7]), "R": np.array([5, 5, 5])}
    >>> condition_shortfall(parse_condition("B>R"), lambda g: counts[g.name], 3).tolist()
    [3, 1, 0]
    """

    def value(term: Term) -> IntArray | int:
        return term if isinstance(term, int) else group_counts(term).astype(np.int64)

    total: IntArray = np.zeros(rows, dtype=np.int64)
    for left, right in condition.pairs():
        total += np.maximum(condition.op.gap(value(left), value(right)), 0)
    return total


class MaskCache:
    """Condition masks over a fixed set of rows, each computed once and kept.

    Args:
        group_counts: a group's count in each row (called on every cache miss,
            so it should be cheap: a lookup of precomputed columns).
        rows: the number of rows.
        max_bytes: memory the kept masks may take.
    """

    def __init__(
        self, group_counts: GroupCounts, rows: int, max_bytes: int = MASK_CACHE_BYTES
    ) -> None:
        self.group_counts = group_counts
        self.rows = rows
        entries = max(16, max_bytes // (rows + rows // 8 + 1))
        self.mask: Callable[[Condition], BoolArray] = functools.lru_cache(maxsize=entries)(
            self._mask
        )
        self.bits: Callable[[Condition], int] = functools.lru_cache(maxsize=entries)(self._bits)

    def _mask(self, condition: Condition) -> BoolArray:
        """Which rows satisfy the condition (read-only: it is shared)."""
        mask = condition_mask(condition, self.group_counts, self.rows)
        mask.flags.writeable = False
        return mask

    def _bits(self, condition: Condition) -> int:
        """The condition's mask as one integer, a set bit per satisfying row."""
        return int.from_bytes(np.packbits(self.mask(condition)).tobytes(), "big")

    def task_mask(self, task: Task) -> BoolArray:
        """Which rows satisfy every condition of the task (a new, writable array)."""
        masks = [self.mask(c) for c in task.conditions]
        if len(masks) < 2:
            return masks[0].copy() if masks else np.ones(self.rows, dtype=np.bool_)
        mask = masks[0] & masks[1]
        for other in masks[2:]:
            mask &= other
        return mask

    def oracle(self, task: Task) -> Feasible:
        """Whether a subset of the task's conditions (by index) can hold together."""
        bits = [self.bits(c) for c in task.conditions]

        def feasible(indices: Sequence[int]) -> bool:
            rows = -1  # every row
            for i in indices:
                rows &= bits[i]
            return rows != 0

        return feasible
