"""The model of a person solving a card (tasks/reasoning.py), against a plain re-reading of it."""

from __future__ import annotations

import random

import numpy as np
import pytest

from solver.manno.kinds import GROUPS, KINDS
from solver.manno.table import TableEngine
from solver.manno.task import Task, parse_task
from tasks.catalogue import Catalogue
from tasks.reasoning import STARTS, Solved, Step, hardest, nearest, plan, solve, starts
from tasks.techniques import Technique

ALL = 1 << 15


def _reference(table: TableEngine, task: Task) -> Solved:
    """The documented model, one start and one step at a time, by scanning whole masks."""
    steps = plan(task)
    popcount = np.bitwise_count(np.arange(ALL))
    runs = []
    for start in starts(table):
        here = int(start)
        met = np.ones(ALL, dtype=bool)
        turned: list[int] = []
        fought: list[bool] = []
        choice: list[bool] = []
        moved: list[int] = []
        for _, condition in steps:
            alone = table.mask(Task((condition,)))
            met = met & alone
            if met[here]:
                turned.append(0)
                fought.append(False)
                choice.append(False)
                moved.append(0)
                continue
            solutions = np.flatnonzero(met)
            distances = popcount[solutions ^ here]
            best = int(distances.min())
            near = int(solutions[distances == best].min())
            alone_best = int(popcount[np.flatnonzero(alone) ^ here].min())
            turned.append(best)
            fought.append(best > alone_best)
            choice.append(int((distances == best).sum()) > 1)
            moved.append(here ^ near)
            here = near
        guessed = [
            choice[i] and any(moved[i] & moved[j] for j in range(i + 1, len(steps)))
            for i in range(len(steps))
        ]
        runs.append((int(start), here, turned, fought, guessed))

    def work(run: tuple[int, int, list[int], list[bool], list[bool]]) -> int:
        _, _, turned, fought, guessed = run
        weights = sum(t.weight for t, _ in steps)
        return weights + 3 * sum(fought) + 5 * sum(guessed) + sum(turned)

    start, end, turned, fought, guessed = sorted(runs, key=work)[(len(runs) - 1) // 2]
    done = []
    for j, (tech, condition) in enumerate(steps):
        done.append(Step(tech, condition, turned[j]))
        if fought[j]:
            done.append(Step(Technique.FIGHT, condition, 0))
        if guessed[j]:
            done.append(Step(Technique.GUESS, condition, 0))
    top = max((t for t, _ in steps), key=lambda t: t.rank)
    return Solved(tuple(done), top, sum(turned), sum(fought), sum(guessed), start, end)


def test_solve_is_the_documented_model(catalogue: Catalogue, table: TableEngine) -> None:
    for entry in catalogue.entries:
        assert solve(table, entry.task) == _reference(table, entry.task), entry.id


def test_the_reported_run_ends_on_a_solution_and_adds_up(
    catalogue: Catalogue, table: TableEngine
) -> None:
    for entry in catalogue.entries:
        solved = solve(table, entry.task)
        assert table.mask(entry.task)[solved.end], entry.id
        assert solved.start in starts(table)
        assert solved.flips == sum(s.flips for s in solved.steps)
        assert solved.flips >= int(np.bitwise_count(solved.start ^ solved.end))
        assert solved.fights == sum(s.technique is Technique.FIGHT for s in solved.steps)
        assert solved.guesses == sum(s.technique is Technique.GUESS for s in solved.steps)
        ladder = [s for s in solved.steps if s.technique.rank > 0]
        assert [s.condition for s in ladder] == [c for _, c in plan(entry.task)]


def test_fights_and_guesses_happen_and_cost() -> None:
    """Some catalogue-style cards make the player go round or take a choice back."""
    table = TableEngine()
    fought = solve(table, parse_task("TY>=4, PR>TY"))
    assert (fought.fights, fought.guesses) == (1, 0)
    assert [s.technique for s in fought.steps] == [
        Technique.COUNT,
        Technique.COMPARE,
        Technique.FIGHT,
    ]
    guessed = solve(table, parse_task("Y=7, T=PR=R, R<PB"))
    assert guessed.guesses == 1 and Technique.GUESS in dict(guessed.counts())
    for solved in (fought, guessed):
        assert solved.effort == sum(s.technique.weight for s in solved.steps)


def test_starts_are_fixed_balanced_arrangements(table: TableEngine) -> None:
    chosen = starts(table)
    assert len(chosen) == STARTS == len(set(chosen.tolist()))
    for start in chosen:
        for kind in KINDS:
            assert 2 <= int(table.group_counts(GROUPS[kind.name])[start]) <= 3
    assert starts(TableEngine()).tolist() == chosen.tolist()


def test_nearest_agrees_with_a_full_scan(table: TableEngine) -> None:
    rng = random.Random(4)
    popcount = np.bitwise_count(np.arange(ALL))
    for text in ["PB=5", "B=R, PY=0, Y>P", "PB>=1", "TY=PY=TB, PR=1", "P<T, PY>PR"]:
        mask = table.mask(parse_task(text))
        at = np.array([rng.randrange(ALL) for _ in range(12)], dtype=np.int64)
        near, best, ties = nearest(table, mask, at)
        solutions = np.flatnonzero(mask)
        for i, here in enumerate(at.tolist()):
            distances = popcount[solutions ^ here]
            assert best[i] == distances.min()
            assert near[i] == solutions[distances == distances.min()].min()
            assert ties[i] == (distances == distances.min()).sum()


def test_the_plan_fixes_sides_first_and_relations_last() -> None:
    order = [t for t, _ in plan(parse_task("B=Y, TY>=2, PY=0, PR>TR"))]
    assert order == [Technique.FORCE, Technique.COUNT, Technique.COMPARE, Technique.BLOT]
    assert [t for t, _ in plan(parse_task("Y>P, PB>=1"))] == [Technique.COUNT, Technique.SHARED]
    assert hardest(parse_task("PB>=4, PR>=3")) is Technique.COUNT


@pytest.mark.parametrize("text", ["PB>=4, PR>=3, TY>=2, PY>=1", "B=R, PY=0, Y>P"])
def test_solving_draws_on_no_random_state(text: str, table: TableEngine) -> None:
    first = solve(table, parse_task(text))
    random.seed(99)
    np.random.seed(99)
    assert solve(TableEngine(), parse_task(text)) == first
