"""The CP-SAT engine: the default, and the one that scales past enumeration.

The model has one Boolean per token (true = side 1 up). Each comparison of
the task is a linear constraint over them (see ``linear``). The objective is
lexicographic: fewest flips from the start first, then the smallest
arrangement text, so the same input always gives the same arrangement. For up
to ``SINGLE_OBJECTIVE_TOKENS`` tokens both fit one integer objective; larger
sets solve in stages.

Nothing is set up twice. Each thread keeps one model holding the token
variables and one solver; a task only swaps in its constraints and objective.
Tasks share conditions, so each condition's constraints are compiled once and
kept. The optimum is unique, so the solver parameters only change how fast it
is found: tiny models (up to ``TUNED_TOKENS`` tokens) skip presolve,
linearisation, symmetry, probing and inprocessing, which cost more there than
they save.

The count comes from the token set's count-vector histogram (``counting``):
exact, and cheap even where enumeration is not. When CP-SAT proves the model
infeasible, the histogram also answers the conflict search's "can these
conditions hold together?" exactly, far cheaper than a CP-SAT call each, and
the search runs from all conditions in order, as in the other engines, so all
three name the same clash. For token sets too large to count, each question
is a CP-SAT call with assumptions over one enforcement literal per condition,
and the search starts from CP-SAT's assumption core.

>>> from solver.manno.task import parse_task
>>> engine = CpSatEngine()
>>> solution = engine.solve(parse_task("PB=5, TB=5"))
>>> solution.solvable, [str(c) for c in solution.conflict]
(False, ['PB=5', 'TB=5'])
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from ortools.sat.python import cp_model, cp_model_helper

from solver.deadline import Clock
from solver.errors import MonsterError, SolverTimeoutError, TokenSetError
from solver.manno.conflict import smallest_conflict, timed
from solver.manno.counting import CountHistogram, histogram_for
from solver.manno.engine import DEFAULT_TIME_LIMIT, Solution
from solver.manno.linear import Linear, compile_condition
from solver.manno.task import Condition, Task
from solver.manno.tokens import Arrangement, TokenSet, standard_tokens

SINGLE_OBJECTIVE_TOKENS = 48
"""Up to this many tokens, flips and tie-break share one 64-bit objective."""
SEED = 0
"""CP-SAT's random seed; with one worker the answers never vary."""
TUNED_TOKENS = 20
"""Up to this many tokens the optimisation runs with the tiny-model parameters."""
CONDITION_CACHE = 4096
"""Compiled conditions kept for reuse."""


class CpSatEngine:
    """Solve with OR-tools CP-SAT on a prebuilt base model.

    Args:
        tokens: the token set (the standard 15 if omitted); any size.
        time_limit: seconds one ``solve`` may run, all its CP-SAT calls together (less
            when an earlier answer is due, see ``deadline``).
    """

    name = "cpsat"

    def __init__(self, tokens: TokenSet | None = None, time_limit: float = DEFAULT_TIME_LIMIT):
        self.tokens = tokens or standard_tokens()
        self.time_limit = time_limit
        self._base = cp_model.CpModel()
        for number in range(1, len(self.tokens) + 1):
            self._base.new_bool_var(f"token_{number}")
        self._local = threading.local()
        self._rows = functools.lru_cache(maxsize=CONDITION_CACHE)(self._compile)
        try:
            self._histogram: CountHistogram | None = histogram_for(self.tokens)
        except TokenSetError:
            self._histogram = None

    def check_work(self, task: Task) -> None:
        """See ``Engine.check_work``: every task is taken; the clock bounds the search."""

    def solve(self, task: Task, start: Arrangement | None = None) -> Solution:
        """See ``Engine.solve``."""
        start = start or Arrangement.zeros(len(self.tokens))
        self.tokens.check(start)
        clock = Clock.start(self.time_limit)
        work = self._workspace()
        constraints = work.model.proto.constraints
        constraints.clear()
        for condition in task.conditions:
            constraints.extend(self._rows(condition))
        values = self._optimise(work, start, clock)
        if values is None:
            return Solution.clash(task, start, self._conflict(task, clock))
        count = None if self._histogram is None else self._histogram.count(task)
        return Solution.found(task, start, count, Arrangement(values))

    def _compile(self, condition: Condition) -> tuple[cp_model_helper.ConstraintProto, ...]:
        """The condition's constraints, ready to copy into a model (kept by ``_rows``)."""
        rows = (_row(lin) for lin in compile_condition(condition, self.tokens))
        return tuple(row for row in rows if row is not None)

    def _workspace(self) -> _Workspace:
        """This thread's model and solvers, built on first use."""
        work: _Workspace | None = getattr(self._local, "work", None)
        if work is None:
            model = self._base.clone()
            sides = [model.get_bool_var_from_proto_index(i) for i in range(len(self.tokens))]
            tuned = self._new_solver()
            if len(sides) <= TUNED_TOKENS:
                _tune_for_tiny_models(tuned.parameters)
            work = _Workspace(model, sides, tuned, self._new_solver())
            self._local.work = work
        return work

    def _new_solver(self) -> cp_model.CpSolver:
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.random_seed = SEED
        return solver

    def _optimise(
        self, work: _Workspace, start: Arrangement, clock: Clock
    ) -> tuple[int, ...] | None:
        """Fewest flips, then smallest text; ``None`` when infeasible."""
        model, sides, solver = work.model, work.sides, work.tuned
        size = len(sides)
        signs = [-1 if s else 1 for s in start.sides]
        if size <= SINGLE_OBJECTIVE_TOKENS:
            # 2**size * (flips - flips from start to all-zero) + arrangement index
            weights = [(1 << size) * c + (1 << (size - 1 - i)) for i, c in enumerate(signs)]
            model.proto.clear_objective()
            objective = model.proto.objective
            objective.vars.extend(range(size))
            objective.coeffs.extend(weights)
            objective.scaling_factor = 1.0
            status = _solve(solver, model, clock, "the fewest-flip solution")
            if status == cp_model.INFEASIBLE:
                return None
            _check(status, "the fewest-flip solution")
        else:
            flips = cp_model.LinearExpr.weighted_sum(sides, signs) + sum(start.sides)
            chunks = [
                sides[lo : lo + SINGLE_OBJECTIVE_TOKENS]
                for lo in range(0, size, SINGLE_OBJECTIVE_TOKENS)
            ]
            stages = [flips] + [
                cp_model.LinearExpr.weighted_sum(
                    chunk, [1 << (len(chunk) - 1 - j) for j in range(len(chunk))]
                )
                for chunk in chunks
            ]
            for number, stage in enumerate(stages):
                model.minimize(stage)
                status = _solve(solver, model, clock, "the fewest-flip solution")
                if status == cp_model.INFEASIBLE:
                    return None
                _check(status, "the fewest-flip solution")
                if number + 1 < len(stages):
                    model.add(stage == round(solver.objective_value))
        return tuple(list(solver.response_proto.solution)[:size])

    def _conflict(self, task: Task, clock: Clock) -> tuple[int, ...]:
        """A smallest set of condition indices that cannot hold together."""
        count = len(task.conditions)
        exact = None if self._histogram is None else self._histogram.oracle(task)
        if exact is not None:
            # exact and cheap: search from all conditions, as the other engines do, so
            # every engine names the same clash even when the search runs out of budget
            return smallest_conflict(count, timed(exact, clock, _OUT_OF_TIME + "a conflict"))
        model = self._base.clone()
        switches = []
        for number, condition in enumerate(task.conditions, start=1):
            switch = model.new_bool_var(f"condition_{number}")
            switches.append(switch)
            for row in self._rows(condition):
                enforced = cp_model_helper.ConstraintProto()
                enforced.copy_from(row)
                enforced.enforcement_literal.append(switch.index)
                model.proto.constraints.append(enforced)
        solver = self._workspace().plain

        def feasible(indices: Sequence[int]) -> bool:
            model.clear_assumptions()
            model.add_assumptions([switches[i] for i in indices])
            status = _solve(solver, model, clock, "a conflict")
            if status == cp_model.INFEASIBLE:
                return False
            _check(status, "a conflict")
            return True

        if feasible(range(len(switches))):
            raise MonsterError("the conditions hold together after all")
        position = {switch.index: i for i, switch in enumerate(switches)}
        core = sorted(position[v] for v in solver.sufficient_assumptions_for_infeasibility())
        return smallest_conflict(len(switches), feasible, core)


@dataclass
class _Workspace:
    """What one thread reuses from task to task.

    Attributes:
        model: the token variables; each task replaces its constraints and objective.
        sides: the token variables, in token order.
        tuned: the solver for the optimisation (tiny-model parameters where they apply).
        plain: the solver with default parameters, for the assumption core.
    """

    model: cp_model.CpModel
    sides: list[cp_model.IntVar]
    tuned: cp_model.CpSolver
    plain: cp_model.CpSolver


def _tune_for_tiny_models(parameters: cp_model_helper.SatParameters) -> None:
    """Drop the set-up work that only pays off on large models (the optimum is unchanged)."""
    parameters.cp_model_presolve = False
    parameters.linearization_level = 0
    parameters.symmetry_level = 0
    parameters.cp_model_probing_level = 0
    parameters.use_sat_inprocessing = False


def _row(lin: Linear) -> cp_model_helper.ConstraintProto | None:
    """One comparison as a constraint, encoded as ``CpModel.add`` would encode it.

    A comparison of constants that holds needs no constraint (``None``); one
    that fails becomes an empty clause.
    """
    row = cp_model_helper.ConstraintProto()
    used = [(i, c) for i, c in enumerate(lin.coefs) if c]
    if not used:
        if lin.holds((0,) * len(lin.coefs)):
            return None
        row.bool_or.literals.extend([])
        return row
    bounds = {
        ">=": (lin.rhs, cp_model.INT_MAX),
        "<=": (cp_model.INT_MIN, lin.rhs),
        "==": (lin.rhs, lin.rhs),
    }
    row.linear.vars.extend([i for i, _ in used])
    row.linear.coeffs.extend([c for _, c in used])
    row.linear.domain.extend(bounds[lin.sense])
    return row


_OUT_OF_TIME = "CP-SAT ran out of time looking for "


def _solve(
    solver: cp_model.CpSolver, model: cp_model.CpModel, clock: Clock, what: str
) -> cp_model.CpSolverStatus:
    """One CP-SAT call, given only the time the clock has left."""
    clock.check(_OUT_OF_TIME + what)
    solver.parameters.max_time_in_seconds = clock.left()
    return solver.solve(model)


def _check(status: cp_model.CpSolverStatus, what: str) -> None:
    """Raise unless CP-SAT proved its answer."""
    if status == cp_model.OPTIMAL:
        return
    if status in (cp_model.UNKNOWN, cp_model.FEASIBLE):
        raise SolverTimeoutError(_OUT_OF_TIME + what)
    raise MonsterError(f"CP-SAT could not search for {what} (status {status})")
