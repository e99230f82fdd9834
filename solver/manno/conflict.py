"""Why a task is unsolvable: a smallest set of conditions that clash.

Every engine supplies one oracle, ``feasible(indices) -> bool`` (can these
conditions hold together?), and this module does the rest: shrink a starting
core by deletion until it is minimal (drop any one condition and the rest can
hold), then look for a smaller clash among all conditions, size by size, in a
fixed order, within a bounded number of oracle calls. Within that budget the
answer depends only on the task, never on the engine or the clock.

>>> clash = {frozenset({0, 2}), frozenset({1})}
>>> def feasible(ix): return not any(c <= set(ix) for c in clash)
>>> smallest_conflict(3, feasible)
(1,)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

from solver.deadline import Clock

Feasible = Callable[[Sequence[int]], bool]

SEARCH_BUDGET = 400
"""Oracle calls spent looking for a conflict smaller than the minimal one found."""


def timed(feasible: Feasible, clock: Clock, message: str) -> Feasible:
    """The same oracle, stopping with ``message`` once the clock's time is up.

    Raises:
        SolverTimeoutError: from the returned oracle, when called too late.
    """

    def checked(indices: Sequence[int]) -> bool:
        clock.check(message)
        return feasible(indices)

    return checked


def minimal_conflict(core: Sequence[int], feasible: Feasible) -> tuple[int, ...]:
    """Shrink an infeasible set of conditions until every one of them is needed.

    Args:
        core: indices of conditions that cannot hold together.
        feasible: the engine's oracle.

    Returns:
        A subset of ``core`` that is infeasible, and feasible without any one member.
    """
    kept = list(core)
    for index in list(kept):
        trial = [i for i in kept if i != index]
        if not feasible(trial):
            kept = trial
    return tuple(kept)


def smallest_conflict(
    count: int,
    feasible: Feasible,
    core: Sequence[int] | None = None,
    budget: int = SEARCH_BUDGET,
) -> tuple[int, ...]:
    """A minimal conflict among ``count`` conditions, the smallest one the budget finds.

    Args:
        count: how many conditions the task has (all together are infeasible).
        feasible: the engine's oracle.
        core: an infeasible subset to start from (all conditions if omitted).
        budget: how many oracle calls the search for a smaller conflict may make.

    Returns:
        Condition indices, ascending: the first infeasible subset in order of
        size, then of ``itertools.combinations`` order (so every engine gives
        the same answer) when the search ends within the budget; otherwise the
        deletion-minimal one. Either way it is minimal.
    """
    best = minimal_conflict(core if core is not None else range(count), feasible)
    spent = 0
    for size in range(1, len(best) + 1):
        for subset in itertools.combinations(range(count), size):
            if spent == budget:
                return tuple(sorted(best))
            spent += 1
            if not feasible(subset):
                return subset
    return tuple(sorted(best))
