"""The CP-SAT engine: the default, and the one that scales past enumeration.

The model has one Boolean per token (true = side 1 up). Each comparison of
the task is a linear constraint over them (see ``linear``). The objective is
lexicographic: fewest flips from the start first, then the smallest
arrangement text, so the same input always gives the same arrangement. For up
to ``SINGLE_OBJECTIVE_TOKENS`` tokens both fit one integer objective; larger
sets solve in stages. When the model is infeasible, each condition gets an
enforcement literal and the conflict comes from CP-SAT's assumption core,
shrunk to a minimal and, within a budget, smallest set.

The count comes from the token set's count-vector histogram (``counting``):
exact, and cheap even where enumeration is not.

>>> from solver.manno.task import parse_task
>>> engine = CpSatEngine()
>>> solution = engine.solve(parse_task("PB=5, TB=5"))
>>> solution.solvable, [str(c) for c in solution.conflict]
(False, ['PB=5', 'TB=5'])
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from ortools.sat.python import cp_model

from solver.errors import MonsterError, SolverTimeoutError, TokenSetError
from solver.manno.conflict import smallest_conflict
from solver.manno.counting import CountHistogram, histogram_for
from solver.manno.engine import DEFAULT_TIME_LIMIT, Solution
from solver.manno.linear import Linear, compile_task
from solver.manno.task import Task
from solver.manno.tokens import Arrangement, TokenSet, standard_tokens

SINGLE_OBJECTIVE_TOKENS = 48
"""Up to this many tokens, flips and tie-break share one 64-bit objective."""
SEED = 0
"""CP-SAT's random seed; with one worker the answers never vary."""


class CpSatEngine:
    """Solve with OR-tools CP-SAT on a prebuilt base model.

    Args:
        tokens: the token set (the standard 15 if omitted); any size.
        time_limit: seconds any one CP-SAT call may run.
    """

    name = "cpsat"

    def __init__(self, tokens: TokenSet | None = None, time_limit: float = DEFAULT_TIME_LIMIT):
        self.tokens = tokens or standard_tokens()
        self.time_limit = time_limit
        self._base = cp_model.CpModel()
        for number in range(1, len(self.tokens) + 1):
            self._base.new_bool_var(f"token_{number}")
        self._local = threading.local()
        try:
            self._histogram: CountHistogram | None = histogram_for(self.tokens)
        except TokenSetError:
            self._histogram = None

    def solve(self, task: Task, start: Arrangement | None = None) -> Solution:
        """See ``Engine.solve``."""
        size = len(self.tokens)
        start = start or Arrangement.zeros(size)
        self.tokens.check(start)
        linears = compile_task(task, self.tokens)
        model, sides = self._fresh_model()
        for group in linears:
            for lin in group:
                _add(model, sides, lin)
        values = self._optimise(model, sides, start)
        if values is None:
            return Solution.clash(task, start, self._conflict(linears))
        count = None if self._histogram is None else self._histogram.count(task)
        return Solution.found(task, start, count, Arrangement(values))

    def _fresh_model(self) -> tuple[cp_model.CpModel, list[cp_model.IntVar]]:
        model = self._base.clone()
        sides = [model.get_bool_var_from_proto_index(i) for i in range(len(self.tokens))]
        return model, sides

    def _solver(self) -> cp_model.CpSolver:
        """One solver per thread, its parameters set once."""
        solver: cp_model.CpSolver | None = getattr(self._local, "solver", None)
        if solver is None:
            solver = cp_model.CpSolver()
            solver.parameters.num_workers = 1
            solver.parameters.random_seed = SEED
            solver.parameters.max_time_in_seconds = self.time_limit
            self._local.solver = solver
        return solver

    def _optimise(
        self, model: cp_model.CpModel, sides: list[cp_model.IntVar], start: Arrangement
    ) -> tuple[int, ...] | None:
        """Fewest flips, then smallest text; ``None`` when infeasible."""
        size = len(sides)
        flip_terms = [(x, -1 if s else 1) for x, s in zip(sides, start.sides, strict=True)]
        flips = cp_model.LinearExpr.weighted_sum(
            [x for x, _ in flip_terms], [c for _, c in flip_terms]
        )
        flips += sum(start.sides)
        if size <= SINGLE_OBJECTIVE_TOKENS:
            weights = [
                (1 << size) * c + (1 << (size - 1 - i)) for i, (_, c) in enumerate(flip_terms)
            ]
            stages = [cp_model.LinearExpr.weighted_sum(sides, weights)]
        else:
            chunks = range(0, size, SINGLE_OBJECTIVE_TOKENS)
            stages = [flips] + [
                cp_model.LinearExpr.weighted_sum(
                    sides[lo : lo + SINGLE_OBJECTIVE_TOKENS],
                    [
                        1 << (len(sides[lo : lo + SINGLE_OBJECTIVE_TOKENS]) - 1 - j)
                        for j in range(len(sides[lo : lo + SINGLE_OBJECTIVE_TOKENS]))
                    ],
                )
                for lo in chunks
            ]
        solver = self._solver()
        for number, objective in enumerate(stages):
            model.minimize(objective)
            status = solver.solve(model)
            if status == cp_model.INFEASIBLE:
                return None
            _check(status, "the fewest-flip solution")
            if number + 1 < len(stages):
                model.add(objective == round(solver.objective_value))
        return tuple(int(solver.boolean_value(x)) for x in sides)

    def _conflict(self, linears: Sequence[Sequence[Linear]]) -> tuple[int, ...]:
        """A smallest set of condition indices that cannot hold together."""
        model, sides = self._fresh_model()
        switches = []
        for number, group in enumerate(linears, start=1):
            switch = model.new_bool_var(f"condition_{number}")
            switches.append(switch)
            for lin in group:
                _add(model, sides, lin).only_enforce_if(switch)
        solver = self._solver()

        def feasible(indices: Sequence[int]) -> bool:
            model.clear_assumptions()
            model.add_assumptions([switches[i] for i in indices])
            status = solver.solve(model)
            if status == cp_model.INFEASIBLE:
                return False
            _check(status, "a conflict")
            return True

        if feasible(range(len(switches))):
            raise MonsterError("the conditions hold together after all")
        position = {switch.index: i for i, switch in enumerate(switches)}
        core = sorted(position[v] for v in solver.sufficient_assumptions_for_infeasibility())
        return smallest_conflict(len(switches), feasible, core)


def _add(model: cp_model.CpModel, sides: list[cp_model.IntVar], lin: Linear) -> cp_model.Constraint:
    """Add one linear comparison; a comparison of constants becomes true or false."""
    used = [(x, c) for x, c in zip(sides, lin.coefs, strict=True) if c]
    if not used:
        return model.add_bool_or([] if not lin.holds((0,) * len(sides)) else [True])
    expr = cp_model.LinearExpr.weighted_sum([x for x, _ in used], [c for _, c in used])
    if lin.sense == ">=":
        return model.add(expr >= lin.rhs)
    if lin.sense == "<=":
        return model.add(expr <= lin.rhs)
    return model.add(expr == lin.rhs)


def _check(status: cp_model.CpSolverStatus, what: str) -> None:
    """Raise unless CP-SAT proved its answer."""
    if status == cp_model.OPTIMAL:
        return
    if status in (cp_model.UNKNOWN, cp_model.FEASIBLE):
        raise SolverTimeoutError(f"CP-SAT ran out of time looking for {what}")
    raise MonsterError(f"CP-SAT could not search for {what} (status {status})")
