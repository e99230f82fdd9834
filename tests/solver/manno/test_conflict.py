"""Smallest conflicts: the shrinking logic, and every engine's answer (solver/manno/conflict.py)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Sequence

import pytest

from solver.manno.conflict import minimal_conflict, smallest_conflict
from solver.manno.engines import ENGINE_NAMES, get_engine
from solver.manno.sample import random_tasks
from solver.manno.table import TableEngine
from solver.manno.task import Task, parse_task


class Oracle:
    """Synthetic feasibility: a set of conditions clashes when it holds one of ``clashes``."""

    def __init__(self, clashes: Iterable[Iterable[int]]) -> None:
        self.clashes = [frozenset(c) for c in clashes]
        self.calls: list[tuple[int, ...]] = []

    def __call__(self, indices: Sequence[int]) -> bool:
        self.calls.append(tuple(indices))
        return not any(c <= set(indices) for c in self.clashes)


# --- minimal_conflict ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("clashes", "core", "expected"),
    [
        ([{1}], [0, 1, 2], (1,)),
        ([{0, 2}], [0, 1, 2, 3], (0, 2)),
        ([{0, 2}, {1}], [0, 1, 2], (1,)),
        ([{0, 1}, {1, 2}], [0, 1, 2], (1, 2)),  # deletion from the front drops 0 first
        ([{0, 1}, {1, 2}], [2, 1, 0], (1, 0)),  # the core's order decides which survives
        ([{3, 4, 5}], [5, 4, 3], (5, 4, 3)),
    ],
)
def test_minimal_conflict(
    clashes: list[set[int]], core: list[int], expected: tuple[int, ...]
) -> None:
    oracle = Oracle(clashes)
    result = minimal_conflict(core, oracle)
    assert result == expected
    assert set(result) <= set(core)
    assert not oracle(result)
    for index in result:
        assert oracle([i for i in result if i != index])


def test_minimal_conflict_calls_the_oracle_once_per_member() -> None:
    oracle = Oracle([{2, 7}])
    minimal_conflict(range(10), oracle)
    assert len(oracle.calls) == 10


# --- smallest_conflict -----------------------------------------------------------------------


def test_smallest_conflict_docstring_example() -> None:
    assert smallest_conflict(3, Oracle([{0, 2}, {1}])) == (1,)


def test_smallest_conflict_beats_the_minimal_core() -> None:
    # The core {0, 1, 2} is minimal, but {5} alone clashes.
    assert smallest_conflict(6, Oracle([{0, 1, 2}, {5}]), core=[0, 1, 2]) == (5,)


def test_smallest_conflict_is_first_in_combinations_order() -> None:
    oracle = Oracle([{2, 3}, {0, 4}, {1, 2, 3, 4}])
    assert smallest_conflict(5, oracle) == (0, 4)
    assert smallest_conflict(5, oracle, core=[1, 2, 3]) == (0, 4)
    assert smallest_conflict(5, oracle, core=[3, 2]) == (0, 4)


@pytest.mark.parametrize("seed", range(40))
def test_smallest_conflict_matches_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    count = rng.randint(1, 6)
    clashes = [
        set(rng.sample(range(count), rng.randint(1, count))) for _ in range(rng.randint(1, 3))
    ]
    expected = next(
        s
        for size in range(1, count + 1)
        for s in itertools.combinations(range(count), size)
        if any(c <= set(s) for c in clashes)
    )
    assert smallest_conflict(count, Oracle(clashes)) == expected


def test_budget_path_returns_the_minimal_core() -> None:
    # Budget 5 stops the size-1 search before it reaches (5,).
    oracle = Oracle([{0, 1, 2}, {5}])
    assert smallest_conflict(6, oracle, core=[0, 1, 2], budget=5) == (0, 1, 2)
    assert smallest_conflict(6, oracle, core=[0, 1, 2], budget=6) == (5,)


def test_budget_limits_the_search_calls() -> None:
    oracle = Oracle([{0, 1, 2}, {5}])
    smallest_conflict(6, oracle, core=[0, 1, 2], budget=4)
    assert len(oracle.calls) == 3 + 4  # 3 to check the core is minimal, 4 in the search
    oracle = Oracle([{0, 1, 2}, {5}])
    smallest_conflict(6, oracle, core=[0, 1, 2], budget=0)
    assert len(oracle.calls) == 3


def test_budget_path_answers_ascending() -> None:
    # The docstring: "Condition indices, ascending ... Either way it is minimal."
    oracle = Oracle([{1, 3}])
    assert smallest_conflict(4, oracle, core=[3, 1], budget=0) == (1, 3)


# --- every engine on random unsolvable tasks -------------------------------------------------


def _first_smallest_conflict(task: Task, table: TableEngine) -> tuple[str, ...]:
    """The first infeasible subset by size, then combinations order, by brute force."""
    n = len(task.conditions)
    for size in range(1, n + 1):
        for subset in itertools.combinations(range(n), size):
            if not table.mask(Task(tuple(task.conditions[i] for i in subset))).any():
                return tuple(str(task.conditions[i]) for i in subset)
    raise AssertionError(f"{task} is solvable")


def _unsolvable_random_tasks(table: TableEngine) -> list[Task]:
    tasks = random_tasks(random.Random(31337), 320)
    return [t for t in tasks if not table.mask(t).any()]


def test_enough_unsolvable_tasks(table: TableEngine) -> None:
    assert len(_unsolvable_random_tasks(table)) >= 60


@pytest.mark.parametrize("name", ENGINE_NAMES)
def test_engine_conflicts_on_random_tasks(name: str, table: TableEngine) -> None:
    engine = get_engine(name)
    problems = []
    for task in _unsolvable_random_tasks(table):
        solution = engine.solve(task)
        conflict = solution.conflict
        if not solution.solvable and conflict:
            clash = Task(conflict)
            alone_infeasible = not table.mask(clash).any()
            minimal = all(
                table.mask(Task(conflict[:i] + conflict[i + 1 :])).any()
                for i in range(len(conflict))
                if len(conflict) > 1
            )
            smallest = tuple(map(str, conflict)) == _first_smallest_conflict(task, table)
            subset = all(c in task.conditions for c in conflict)
            if alone_infeasible and minimal and smallest and subset:
                continue
        problems.append((str(task), solution.solvable, [str(c) for c in conflict]))
    assert problems == []


def test_engines_agree_on_conflicts(table: TableEngine) -> None:
    tasks = _unsolvable_random_tasks(table)
    answers = {
        name: [tuple(map(str, get_engine(name).solve(t).conflict)) for t in tasks]
        for name in ENGINE_NAMES
    }
    for name in ENGINE_NAMES:
        assert answers[name] == answers["table"], name


@pytest.mark.parametrize("name", ENGINE_NAMES)
@pytest.mark.parametrize(
    ("text", "conflict"),
    [
        ("PB=5, TB=5", ["PB=5", "TB=5"]),
        ("B<=6, PB=5, TB=5", ["PB=5", "TB=5"]),  # the Makefile's example, reordered
        ("PB>=1, TY>PY, PY>TY, R>=2", ["TY>PY", "PY>TY"]),
        ("P=T", ["P=T"]),
        ("PB>PB, PB>=0", ["PB>PB"]),
        ("B>=10", ["B>=10"]),
        ("Y>=3, PY=0, TY<=2", ["Y>=3", "PY=0", "TY<=2"]),
    ],
)
def test_known_conflicts(name: str, text: str, conflict: list[str]) -> None:
    solution = get_engine(name).solve(parse_task(text))
    assert not solution.solvable
    assert [str(c) for c in solution.conflict] == conflict
    assert solution.to_json()["conflict"] == conflict
    assert (solution.count, solution.flips, solution.arrangement, solution.flip) == (
        0,
        None,
        None,
        (),
    )


def test_engines_agree_on_longer_unsolvable_tasks(table: TableEngine) -> None:
    """Up to 8 conditions every subset fits the search budget: one answer for all engines."""
    rng = random.Random(8)
    tasks = [t for t in random_tasks(rng, 400, max_conditions=8) if len(t.conditions) >= 6]
    unsolvable = [t for t in tasks if not table.mask(t).any()][:40]
    assert len(unsolvable) >= 30
    for task in unsolvable:
        expected = _first_smallest_conflict(task, table)
        for name in ENGINE_NAMES:
            assert tuple(map(str, get_engine(name).solve(task).conflict)) == expected, name


# Every clash among these needs six conditions (six lower bounds adding up past 15), and
# there are several; with eleven conditions the search for a smaller one runs out of budget.
LONG_TASK = "B<=15, R<=15, TB>=3, PR>=3, TY>=1, TR>=3, TY>=3, PY>=3, PB>=3, Y<=15, PY>=1"


@pytest.mark.parametrize("name", ENGINE_NAMES)
def test_conflict_past_the_search_budget_is_still_minimal(name: str, table: TableEngine) -> None:
    task = parse_task(LONG_TASK)
    conflict = get_engine(name).solve(task).conflict
    assert len(conflict) == 6
    assert all(c in task.conditions for c in conflict)
    assert not table.mask(Task(conflict)).any()
    for i in range(len(conflict)):
        assert table.mask(Task(conflict[:i] + conflict[i + 1 :])).any()


def test_engines_agree_past_the_search_budget() -> None:
    """Past the budget every engine falls back to deletion from all conditions, in order."""
    task = parse_task(LONG_TASK)
    answers = {name: get_engine(name).solve(task).conflict for name in ENGINE_NAMES}
    assert len(set(answers.values())) == 1, answers
