"""Exact solution counts without enumerating arrangements.

A task only looks at how many of each kind show, so the arrangements can be
grouped by their kind-count vector. The histogram (vector -> how many
arrangements give it) is built once per token set by dynamic programming over
the tokens, on a grid with one axis per kind; the standard set has 2,932 vectors
for 32,768 arrangements, a 30-token set 62,683 for a billion. A task's
count is the sum of the weights of the vectors that satisfy it. The same
vectors answer "can these conditions hold together?" exactly, which makes the
histogram a cheap oracle for conflict searches.

>>> from solver.manno.task import parse_task
>>> from solver.manno.tokens import standard_tokens
>>> histogram = CountHistogram(standard_tokens())
>>> int(histogram.weights.sum()), histogram.count(parse_task("PB=5"))
(32768, 1024)
>>> feasible = histogram.oracle(parse_task("PB=5, TB=5, PR>=1"))
>>> feasible([0, 2]), feasible([0, 1])
(True, False)
"""

from __future__ import annotations

import functools
import math

import numpy as np

from solver.errors import TokenSetError
from solver.manno.conflict import Feasible
from solver.manno.evaluate import BoolArray, IntArray, MaskCache
from solver.manno.kinds import GROUPS, KINDS, Group
from solver.manno.task import Task
from solver.manno.tokens import TokenSet

MAX_GRID = 20_000_000
"""Cells the dynamic-programming grid may have (one axis per kind)."""
MAX_TOKENS = 62
"""Beyond this the number of arrangements no longer fits a 64-bit count."""


class CountHistogram:
    """The kind-count vectors a token set can show, each with its number of arrangements.

    Raises:
        TokenSetError: the token set is too large to count exactly.
    """

    def __init__(self, tokens: TokenSet) -> None:
        if len(tokens) > MAX_TOKENS:
            raise TokenSetError(
                f"cannot count a set of {len(tokens)} tokens (at most {MAX_TOKENS})"
            )
        shape = tuple(1 + sum(k in (t.side0, t.side1) for t in tokens) for k in KINDS)
        if math.prod(shape) > MAX_GRID:
            raise TokenSetError(f"a set of {len(tokens)} tokens has too many count vectors")
        grid = np.zeros(shape, dtype=np.int64)
        grid[(0,) * len(KINDS)] = 1
        for token in tokens:
            grid = _shifted(grid, token.side0) + _shifted(grid, token.side1)
        where = np.nonzero(grid)
        self.vectors: IntArray = np.stack(where, axis=1).astype(np.int64)
        self.weights: IntArray = grid[where]
        self._group_counts: dict[Group, IntArray] = {
            group: self.vectors[:, list(group.kinds)].sum(axis=1) for group in GROUPS.values()
        }
        self._masks = MaskCache(self.group_counts, len(self.vectors))

    def group_counts(self, group: Group) -> IntArray:
        """The group's count in every vector."""
        return self._group_counts[group]

    def count(self, task: Task) -> int:
        """How many arrangements satisfy the task."""
        return int(self.weights[self.mask(task)].sum())

    def mask(self, task: Task) -> BoolArray:
        """Which count vectors satisfy the task."""
        return self._masks.task_mask(task)

    def oracle(self, task: Task) -> Feasible:
        """Whether the conditions at some indices of the task can hold together (exact)."""
        return self._masks.oracle(task)


def _shifted(grid: IntArray, axis: int) -> IntArray:
    """The grid moved one step up along ``axis``: one more monster of that kind."""
    out = np.zeros_like(grid)
    source = [slice(None)] * grid.ndim
    target = [slice(None)] * grid.ndim
    source[axis] = slice(0, -1)
    target[axis] = slice(1, None)
    out[tuple(target)] = grid[tuple(source)]
    return out


@functools.cache
def histogram_for(tokens: TokenSet) -> CountHistogram:
    """The histogram of a token set, built once."""
    return CountHistogram(tokens)
