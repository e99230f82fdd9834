"""The simulated player (tasks/simulate.py)."""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt
import pytest

from solver.manno.table import TableEngine
from solver.manno.task import Task, parse_condition, parse_task
from tasks.catalogue import Catalogue
from tasks.simulate import CAP, STARTS, median_effort, shortfalls, simulate

HARD = parse_task("Y=TB, PR=0, PY>=4, R<PB")
"""A well-made level-5/6 style task on which the player gives up on most starts (median CAP)."""
GIVE_UPS = (0.5, 1, 1.5, 2, 3, 4.5, 6, 9, 14, 20, 33.5, 59, 60)


def _tasks(catalogue: Catalogue) -> list[Task]:
    """Every third catalogue task: all levels, kept quick."""
    return [e.task for e in catalogue.entries[::3]]


def _starts(seed: int, starts: int, size: int = 15) -> npt.NDArray[np.int64]:
    """The starts ``simulate`` walks from: its generator's first draw (an implementation detail)."""
    rng = np.random.default_rng(seed)
    return rng.integers(0, 1 << size, size=starts, dtype=np.int64)


def test_simulate_is_deterministic_for_a_seed(table: TableEngine, catalogue: Catalogue) -> None:
    for task in _tasks(catalogue):
        assert np.array_equal(simulate(table, task, 4), simulate(table, task, 4))


def test_different_seeds_walk_differently(table: TableEngine, catalogue: Catalogue) -> None:
    task = catalogue.by_id("L6-01").task
    runs = {tuple(simulate(table, task, seed).tolist()) for seed in range(5)}
    assert len(runs) == 5


@pytest.mark.parametrize("starts", [1, 15, STARTS, 101])
def test_one_value_per_start_within_zero_and_cap(
    table: TableEngine, catalogue: Catalogue, starts: int
) -> None:
    for task in _tasks(catalogue):
        efforts = simulate(table, task, 2, starts=starts)
        assert efforts.shape == (starts,)
        assert np.issubdtype(efforts.dtype, np.integer)
        assert efforts.min() >= 0
        assert efforts.max() <= CAP


@pytest.mark.parametrize("text", ["PB>=0", "T<=15", "PB>=0, Y>=0"])
def test_a_task_every_arrangement_satisfies_takes_no_flips(table: TableEngine, text: str) -> None:
    task = parse_task(text)
    assert table.mask(task).all()
    assert simulate(table, task, 9).tolist() == [0] * STARTS
    assert median_effort(table, task, 9) == 0.0


def test_solved_starts_take_zero_and_others_at_least_their_distance(
    table: TableEngine, catalogue: Catalogue
) -> None:
    """Each walk needs no fewer flips than the fewest flips from its start; 0 only when solved."""
    for seed in (0, 1):
        starts = _starts(seed, STARTS)
        for task in [*_tasks(catalogue), parse_task("B>=5"), parse_task("PB>R")]:
            field = table.distance_field(task)[starts]
            efforts = simulate(table, task, seed)
            assert np.array_equal(efforts == 0, field == 0), str(task)
            assert (efforts >= field).all(), str(task)


def test_a_dense_task_has_some_starts_solved_and_some_not(table: TableEngine) -> None:
    task = parse_task("B>=5")  # about half of all arrangements
    assert 0.3 < table.mask(task).mean() < 0.7
    efforts = simulate(table, task, 3)
    assert 0 < int((efforts == 0).sum()) < STARTS


def test_median_effort_is_the_median_of_simulate(table: TableEngine, catalogue: Catalogue) -> None:
    for entry in catalogue.entries:
        for seed in (0, 7):
            expected = float(np.median(simulate(table, entry.task, seed)))
            assert median_effort(table, entry.task, seed) == expected, (entry.id, seed)


@pytest.mark.parametrize("starts", [1, 2, 15, 63])
def test_median_effort_with_other_start_counts(
    table: TableEngine, catalogue: Catalogue, starts: int
) -> None:
    for task in _tasks(catalogue):
        expected = float(np.median(simulate(table, task, 5, starts=starts)))
        assert median_effort(table, task, 5, starts=starts) == expected


def test_shortfalls_passed_in_change_nothing(table: TableEngine, catalogue: Catalogue) -> None:
    for task in _tasks(catalogue):
        short = shortfalls(table, task)
        assert np.array_equal(simulate(table, task, 1), simulate(table, task, 1, short=short))
        assert median_effort(table, task, 1) == median_effort(table, task, 1, short=short)


def test_shortfalls_are_zero_exactly_where_each_condition_holds(
    table: TableEngine, catalogue: Catalogue
) -> None:
    task = catalogue.by_id("L6-03").task
    short = shortfalls(table, task)
    assert short.shape == (len(task.conditions), 1 << 15)
    assert (short >= 0).all()
    for row, condition in zip(short, task.conditions, strict=True):
        assert np.array_equal(row == 0, table.mask(Task((condition,))))


def test_shortfall_counts_monsters_short() -> None:
    table = TableEngine()
    short = shortfalls(table, parse_task("PB>=4, PB=5"))
    counts = table.group_counts(parse_condition("PB>=4").groups()[0])
    assert np.array_equal(short[0], np.maximum(4 - counts, 0))
    assert np.array_equal(short[1], np.abs(5 - counts))


def test_give_up_answers_none_only_when_the_median_reaches_it(
    table: TableEngine, catalogue: Catalogue
) -> None:
    for task in _tasks(catalogue):
        for seed in (0, 3):
            true = float(np.median(simulate(table, task, seed)))
            for give_up in GIVE_UPS:
                got = median_effort(table, task, seed, give_up=give_up)
                if got is None:
                    assert true >= give_up, (str(task), seed, give_up, true)
                else:
                    assert got == true, (str(task), seed, give_up)


def test_give_up_at_or_below_the_median_answers_none(table: TableEngine) -> None:
    task = parse_task("B=R=5, PY=0, Y>P")
    true = float(np.median(simulate(table, task, 1)))
    assert true >= 2
    assert median_effort(table, task, 1, give_up=1) is None
    assert median_effort(table, task, 1, give_up=true + 0.5) == true
    assert median_effort(table, task, 1, give_up=math.inf) == true


def test_give_up_above_a_capped_median_still_answers_it(table: TableEngine) -> None:
    """Median CAP (most walks give up), give_up just above CAP: the answer is CAP, not None."""
    efforts = simulate(table, HARD, 0)
    assert float(np.median(efforts)) == CAP
    assert median_effort(table, HARD, 0) == CAP
    assert median_effort(table, HARD, 0, give_up=CAP) is None
    assert median_effort(table, HARD, 0, give_up=CAP + 2) == CAP
    assert median_effort(table, HARD, 0, give_up=CAP + 0.5) == CAP
    assert median_effort(table, HARD, 0, give_up=CAP + 1) == CAP


def test_the_player_gets_there(table: TableEngine, catalogue: Catalogue) -> None:
    """Easy cards are solved in a handful of flips; over the catalogue, far below CAP."""
    for entry in catalogue.level(1):
        efforts = simulate(table, entry.task, 0)
        assert (efforts < CAP).all(), entry.id
        assert np.median(efforts) <= 8, entry.id
    mean = np.mean([np.mean(simulate(table, e.task, 0)) for e in catalogue.entries])
    assert mean < CAP / 3


def test_the_player_beats_a_random_walk(table: TableEngine) -> None:
    """A thinking player needs far fewer flips than turning tokens blindly would."""
    task = parse_task("PB=1, TB=1, PR=1, TR=4, PY=4, TY=4")  # 4 of 32,768 arrangements
    assert 0 < int(table.mask(task).sum()) < 10  # a blind walk would need thousands of flips
    assert np.median(simulate(table, task, 0)) < 20
