"""The python-constraint engine: an independent check by plain enumeration.

One 0/1 variable per token; every comparison becomes one of the library's
sum constraints (``MinSumConstraint``, ``MaxSumConstraint``,
``ExactSumConstraint``) with the linear coefficients as multipliers, never a
Python lambda. The solver enumerates every solution: the count is their
number, the fastest is the one nearest the start (smallest text on ties).

>>> from solver.manno.task import parse_task
>>> solution = CspEngine().solve(parse_task("PB=4, PR=4"))
>>> solution.count, solution.flips
(512, 1)
"""

from __future__ import annotations

import itertools
import operator
import time
from collections.abc import Sequence
from typing import Any

import constraint
import numpy as np

from solver.errors import SolverTimeoutError
from solver.manno.conflict import smallest_conflict
from solver.manno.engine import DEFAULT_TIME_LIMIT, Solution
from solver.manno.linear import Linear, compile_task
from solver.manno.task import Task
from solver.manno.tokens import Arrangement, TokenSet, standard_tokens

_CHECK_EVERY = 1024
"""Solutions enumerated between two looks at the clock."""


class CspEngine:
    """Solve with python-constraint2's backtracking solver.

    Args:
        tokens: the token set (the standard 15 if omitted).
        time_limit: seconds one enumeration may take.
    """

    name = "csp"

    def __init__(self, tokens: TokenSet | None = None, time_limit: float = DEFAULT_TIME_LIMIT):
        self.tokens = tokens or standard_tokens()
        self.time_limit = time_limit
        self.names = [f"token_{i}" for i in range(1, len(self.tokens) + 1)]

    def solve(self, task: Task, start: Arrangement | None = None) -> Solution:
        """See ``Engine.solve``."""
        start = start or Arrangement.zeros(len(self.tokens))
        self.tokens.check(start)
        linears = compile_task(task, self.tokens)
        everything = [lin for group in linears for lin in group]
        deadline = time.monotonic() + self.time_limit
        solutions = self._problem(everything).getSolutionIter()
        sides = operator.itemgetter(*self.names)
        rows: list[tuple[int, ...]] = []
        while chunk := list(itertools.islice(solutions, _CHECK_EVERY)):
            if time.monotonic() > deadline:
                raise SolverTimeoutError(f"csp engine ran out of time on {str(task)!r}")
            rows.extend(map(sides, chunk))
        if not rows:

            def feasible(indices: Sequence[int]) -> bool:
                if time.monotonic() > deadline:
                    raise SolverTimeoutError(f"csp engine ran out of time on {str(task)!r}")
                chosen = [lin for i in indices for lin in linears[i]]
                return self._problem(chosen).getSolution() is not None

            return Solution.clash(task, start, smallest_conflict(len(linears), feasible))
        found = np.array(rows, dtype=np.int8).reshape(len(rows), len(self.names))
        flips = (found != np.array(start.sides, dtype=np.int8)).sum(axis=1)
        # fewest flips, then the smallest text: sort keys are last-first for lexsort
        best = np.lexsort([*found.T[::-1], flips])[0]
        return Solution.found(task, start, len(rows), Arrangement(tuple(map(int, found[best]))))

    def _problem(self, linears: Sequence[Linear]) -> constraint.Problem:
        problem = constraint.Problem()
        problem.addVariables(self.names, [0, 1])
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
