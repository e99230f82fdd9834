"""The python-constraint engine: an independent check by plain enumeration.

One 0/1 variable per token; every comparison becomes one of the library's
sum constraints (``MinSumConstraint``, ``MaxSumConstraint``,
``ExactSumConstraint``) with the linear coefficients as multipliers, never a
Python lambda. The solver enumerates every solution: the count is their
number, the fastest is the one nearest the start (smallest text on ties).
The search runs in Python and holds the interpreter, so a task whose search
would be long (``CspEngine.work``) is refused before it starts, and the
search reads the clock as it goes.

>>> from solver.manno.task import parse_task
>>> solution = CspEngine().solve(parse_task("PB=4, PR=4"))
>>> solution.count, solution.flips
(512, 1)
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

import constraint
import numpy as np

from solver.deadline import Clock
from solver.errors import SolverTimeoutError, TokenSetError, quoted
from solver.manno.conflict import smallest_conflict, timed
from solver.manno.counting import histogram_for
from solver.manno.engine import DEFAULT_TIME_LIMIT, Solution
from solver.manno.linear import Linear, compile_task
from solver.manno.task import Task
from solver.manno.tokens import Arrangement, TokenSet, standard_tokens

MAX_WORK = 1 << 20
"""Arrangements enumerated times the comparisons each is checked against, in one solve.

About half a second of enumeration here; a looser task (many arrangements
satisfy it) or a longer one (many comparisons) is refused before any search.
"""
MAX_CLASH_WORK = 1 << 25
"""The same for an unsolvable task, whose work is a bound (see ``CspEngine.work``).

The search for a clash runs one full search per condition; the solver's
forward checking cuts each far shorter than the bound, so the bound may be
larger: about a second here for the longest task allowed.
"""
_CLOCK_EVERY = 1024
"""Search steps between two looks at the clock."""


class CspEngine:
    """Solve with python-constraint2's backtracking solver.

    The search holds the interpreter while it runs, so it is given only tasks
    whose ``work`` is within what it may take, and its clock is read inside
    the search itself: every solve stops at its time.

    Args:
        tokens: the token set (the standard 15 if omitted).
        time_limit: seconds one solve may take (less when an earlier answer is
            due, see ``deadline``).
        max_work: the most ``work`` a solvable task may need.
        max_clash_work: the most ``work`` an unsolvable task may need.
    """

    name = "csp"

    def __init__(
        self,
        tokens: TokenSet | None = None,
        time_limit: float = DEFAULT_TIME_LIMIT,
        max_work: int = MAX_WORK,
        max_clash_work: int = MAX_CLASH_WORK,
    ):
        self.tokens = tokens or standard_tokens()
        self.time_limit = time_limit
        self.max_work = max_work
        self.max_clash_work = max_clash_work
        self.names = [f"token_{i}" for i in range(1, len(self.tokens) + 1)]

    def work(self, task: Task) -> tuple[int, int]:
        """How much search a solve takes, and the most it may: checks of a comparison.

        A solvable task enumerates its solutions (counted exactly), each checked
        against every comparison; an unsolvable one searches once in full and once
        per condition for the clash, each search bounded by every arrangement.

        >>> from solver.manno.task import parse_task
        >>> CspEngine().work(parse_task("PB=4, PR=4"))
        (1024, 1048576)
        >>> CspEngine().work(parse_task("PB=5, TB=5"))
        (196608, 33554432)
        """
        comparisons = max(sum(len(group) for group in compile_task(task, self.tokens)), 1)
        try:
            count = histogram_for(self.tokens).count(task)
        except TokenSetError:  # too many tokens to count: every arrangement may be visited
            count = 1 << len(self.tokens)
        if count:
            return count * comparisons, self.max_work
        searches = len(task.conditions) + 1
        return searches * comparisons * (1 << len(self.tokens)), self.max_clash_work

    def check_work(self, task: Task) -> None:
        """See ``Engine.check_work``: refuse a task whose ``work`` is over what it may take."""
        work, most = self.work(task)
        if work > most:
            raise SolverTimeoutError(
                f"the csp engine would need {work:,} checks for {quoted(str(task))}, more than "
                f"the {most:,} it may take; the cpsat and table engines answer it"
            )

    def solve(self, task: Task, start: Arrangement | None = None) -> Solution:
        """See ``Engine.solve``.

        Raises:
            SolverTimeoutError: the task needs more than ``max_work``, or the time ran out.
        """
        start = start or Arrangement.zeros(len(self.tokens))
        self.tokens.check(start)
        clock = Clock.start(self.time_limit)
        message = f"csp engine ran out of time on {quoted(str(task))}"
        clock.check(message)
        self.check_work(task)
        linears = compile_task(task, self.tokens)
        everything = [lin for group in linears for lin in group]
        sides = operator.itemgetter(*self.names)
        rows = [sides(s) for s in self._problem(everything, clock, message).getSolutionIter()]
        if not rows:

            def feasible(indices: Sequence[int]) -> bool:
                chosen = [lin for i in indices for lin in linears[i]]
                return self._problem(chosen, clock, message).getSolution() is not None

            oracle = timed(feasible, clock, message)
            return Solution.clash(task, start, smallest_conflict(len(linears), oracle))
        found = np.array(rows, dtype=np.int8).reshape(len(rows), len(self.names))
        flips = (found != np.array(start.sides, dtype=np.int8)).sum(axis=1)
        # fewest flips, then the smallest text: sort keys are last-first for lexsort
        best = np.lexsort([*found.T[::-1], flips])[0]
        return Solution.found(task, start, len(rows), Arrangement(tuple(map(int, found[best]))))

    def _problem(self, linears: Sequence[Linear], clock: Clock, message: str) -> constraint.Problem:
        problem = constraint.Problem()
        problem.addVariables(self.names, [0, 1])
        problem.addConstraint(_Watch(clock, message), self.names)
        for lin in linears:
            used = [(name, c) for name, c in zip(self.names, lin.coefs, strict=True) if c]
            if not used:  # a comparison of constants: 0 <sense> rhs
                if not lin.holds((0,) * len(self.names)):
                    problem.addConstraint(constraint.InSetConstraint([]), self.names[:1])
                continue
            names = [name for name, _ in used]
            multipliers = [c for _, c in used]
            problem.addConstraint(_SUMS[lin.sense](lin.rhs, multipliers), names)
        return problem


class _Watch(constraint.Constraint):  # type: ignore[misc]
    """A constraint that always holds and reads the clock: it stops the search in time.

    The solver asks it at every step (it covers every token), so a search of
    any shape, even one that finds nothing, ends within ``_CLOCK_EVERY`` steps
    of the time.
    """

    def __init__(self, clock: Clock, message: str) -> None:
        self.clock, self.message, self.steps = clock, message, 0

    def __call__(self, *args: Any, **kwargs: Any) -> bool:
        self.steps += 1
        if self.steps % _CLOCK_EVERY == 0:
            self.clock.check(self.message)
        return True

    def preProcess(self, *args: Any) -> None:  # noqa: N802
        """Nothing to prune."""


class _SkipEmptied:
    """Leave an already emptied domain to the solver instead of pre-processing it.

    The library's sum constraints prune domains while pre-processing; when an
    earlier constraint has emptied one (the task is infeasible), the next
    ``preProcess`` would call ``max()`` on it. Skipping lets the problem report
    "no solution" as it should.
    """

    def preProcess(self, variables: Any, domains: Any, *rest: Any) -> None:  # noqa: N802
        if all(domains[v] for v in variables):
            super().preProcess(variables, domains, *rest)  # type: ignore[misc]


class _MinSum(_SkipEmptied, constraint.MinSumConstraint):  # type: ignore[misc]
    """``MinSumConstraint`` that skips emptied domains."""


class _MaxSum(_SkipEmptied, constraint.MaxSumConstraint):  # type: ignore[misc]
    """``MaxSumConstraint`` that skips emptied domains."""


class _ExactSum(_SkipEmptied, constraint.ExactSumConstraint):  # type: ignore[misc]
    """``ExactSumConstraint`` that skips emptied domains."""


_SUMS: dict[str, type[constraint.Constraint]] = {">=": _MinSum, "<=": _MaxSum, "==": _ExactSum}
