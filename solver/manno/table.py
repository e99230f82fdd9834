"""The numpy table engine: every arrangement of the token set, evaluated at once.

The table holds all ``2**n`` arrangements (index = the arrangement text read as
a binary number) with the count of every kind. A task becomes a boolean mask;
the count is its sum, the fewest flips from a start is the smallest popcount of
``index XOR start`` over the mask, and the distance field gives the fewest flips
from *every* arrangement. Each condition's mask is kept for the next task that
shares it; an unsolvable task's conflict search ANDs those masks as bit sets.
Exact and fast for the 15 standard tokens; refuses sets over ``MAX_TOKENS``.

>>> from solver.manno.task import parse_task
>>> engine = TableEngine()
>>> field = engine.distance_field(parse_task("PB=5"))  # all-zero has 5 PB
>>> int(field[0]), int(field.max())
(0, 5)
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from solver.deadline import Clock
from solver.errors import TokenSetError, UnsolvableError, quoted
from solver.manno.conflict import smallest_conflict, timed
from solver.manno.engine import DEFAULT_TIME_LIMIT, Solution
from solver.manno.evaluate import BoolArray, IntArray, MaskCache
from solver.manno.kinds import GROUPS, KINDS, Group
from solver.manno.task import Condition, Task
from solver.manno.tokens import Arrangement, TokenSet, standard_tokens

MAX_TOKENS = 20
"""A table of 2**20 arrangements is the largest this engine builds."""


class TableEngine:
    """Solve by evaluating the task on every arrangement.

    Args:
        tokens: the token set (the standard 15 if omitted).
        time_limit: seconds one ``solve`` or ``distance_field`` may run (less when an
            earlier answer is due, see ``deadline``); the clock is read between steps.

    Raises:
        TokenSetError: more than ``MAX_TOKENS`` tokens.
    """

    name = "table"

    def __init__(self, tokens: TokenSet | None = None, time_limit: float = DEFAULT_TIME_LIMIT):
        self.tokens = tokens or standard_tokens()
        self.time_limit = time_limit
        size = len(self.tokens)
        if size > MAX_TOKENS:
            raise TokenSetError(
                f"the table engine takes at most {MAX_TOKENS} tokens, this set has {size}; "
                "use the cpsat engine"
            )
        self.size = size
        self.index: IntArray = np.arange(1 << size, dtype=np.int64)
        bits = (self.index[:, None] >> np.arange(size - 1, -1, -1)) & 1
        self.popcount: npt.NDArray[np.int8] = bits.sum(axis=1).astype(np.int8)
        kinds = np.zeros((1 << size, len(KINDS)), dtype=np.int8)
        for i, token in enumerate(self.tokens):
            kinds[:, token.side0] += (1 - bits[:, i]).astype(np.int8)
            kinds[:, token.side1] += bits[:, i].astype(np.int8)
        self._group_counts: dict[Group, IntArray] = {
            group: kinds[:, list(group.kinds)].sum(axis=1, dtype=np.int8)
            for group in GROUPS.values()
        }
        self._masks = MaskCache(self.group_counts, len(self.index))

    def group_counts(self, group: Group) -> IntArray:
        """The group's count in every arrangement."""
        return self._group_counts[group]

    def mask(self, task: Task) -> BoolArray:
        """Which arrangements satisfy the task."""
        return self._masks.task_mask(task)

    def bits(self, condition: Condition) -> int:
        """The arrangements one condition accepts, as an integer bit set (kept for reuse)."""
        return self._masks.bits(condition)

    def check_work(self, task: Task) -> None:
        """See ``Engine.check_work``: every task is taken; the clock bounds the search."""

    def solve(self, task: Task, start: Arrangement | None = None) -> Solution:
        """See ``Engine.solve``."""
        start = start or Arrangement.zeros(self.size)
        self.tokens.check(start)
        clock, message = self._clock(task)
        solutions = np.flatnonzero(self.mask(task))
        if len(solutions) == 0:
            oracle = timed(self._masks.oracle(task), clock, message)
            return Solution.clash(task, start, smallest_conflict(len(task.conditions), oracle))
        distances = self.popcount[solutions ^ start.index]
        best = int(solutions[int(np.argmin(distances))])  # first minimum = smallest text
        return Solution.found(task, start, len(solutions), Arrangement.from_index(best, self.size))

    def _clock(self, task: Task) -> tuple[Clock, str]:
        """This call's clock, already checked, and what to say when it runs out."""
        clock = Clock.start(self.time_limit)
        message = f"table engine ran out of time on {quoted(str(task))}"
        clock.check(message)
        return clock, message

    def distance_field(self, task: Task) -> npt.NDArray[np.int8]:
        """Fewest flips to a solution from every arrangement, indexed like the table.

        Hamming distance to a set separates by token, so one pass per token of
        ``d = min(d, d[neighbour] + 1)`` is exact. Neighbours across one token
        are the two halves of blocks of the table, so each pass is a reshape,
        not a gather. Passes over low tokens pair entries only a few apart,
        which numpy walks slowly, so halfway the field is transposed: the low
        tokens become high and every pass runs over long blocks. Distances fit
        in one byte.

        Raises:
            UnsolvableError: nothing satisfies the task.
            SolverTimeoutError: the time ran out between two passes.
        """
        clock, message = self._clock(task)
        mask = self.mask(task)
        if not mask.any():
            raise UnsolvableError(f"task {str(task)!r} has no solution")
        size = self.size
        field = np.where(mask, 0, size + 1).astype(np.int8)
        low = size // 2
        for bit in range(low, size):
            clock.check(message)
            _relax(field, bit)
        turned = field.reshape(1 << (size - low), 1 << low).T.copy()  # bits rotated by low
        for bit in range(size - low, size):
            clock.check(message)
            _relax(turned.reshape(-1), bit)
        return turned.T.reshape(-1)


def _relax(field: npt.NDArray[np.int8], bit: int) -> None:
    """One pass of ``d = min(d, d[neighbour across the bit] + 1)``, in place."""
    halves = field.reshape(-1, 2, 1 << bit)
    np.minimum(halves, halves[:, ::-1, :] + 1, out=halves)
