"""The difficulty grader: exact metrics, the reasoning axis, bands and levels (tasks/grader.py)."""

from __future__ import annotations

import json
import math
import random

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from solver.errors import UnsolvableError
from solver.manno.engines import get_engine
from solver.manno.table import TableEngine
from solver.manno.task import Task, parse_condition, parse_task
from tasks.catalogue import Catalogue
from tasks.grader import (
    CUTS,
    FLIP_WEIGHT,
    TIGHTNESS_WEIGHT,
    Grade,
    band,
    grade,
    level_of,
    may_grade,
    work_of,
)
from tasks.pool import POOL_SEED, POOL_SIZE, served
from tasks.styles import LEVELS, STYLES, sample

ALL = 1 << 15
FEW_SOLUTIONS = [
    "PB=1, TB=1, PR=1, TR=4, PY=4, TY=4",
    "PB>=4, PY=0, B>R",
    "B=R=5, PY=0, Y>P",
    "PB=5",
    "TY=0, Y>PR, R>=6, PY=PB=TR",
]


def _field_by_search(mask: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
    """Fewest flips to the solution set from every arrangement, by breadth-first search."""
    bits = np.int64(1) << np.arange(15, dtype=np.int64)
    field = np.full(ALL, -1, dtype=np.int64)
    frontier = np.flatnonzero(mask).astype(np.int64)
    field[frontier] = 0
    distance = 0
    while frontier.size:
        distance += 1
        near = (frontier[:, None] ^ bits[None, :]).ravel()
        field[near[field[near] < 0]] = distance
        frontier = np.flatnonzero(field == distance)
    assert (field >= 0).all()
    return field


def _field_by_popcount(mask: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
    """Fewest flips from every arrangement: the least popcount of XOR with any solution."""
    solutions = np.flatnonzero(mask).astype(np.int64)
    everything = np.arange(ALL, dtype=np.int64)
    best = np.full(ALL, 99, dtype=np.int64)
    for chunk in np.array_split(solutions, max(1, len(solutions) // 64)):
        xor = everything[:, None] ^ chunk[None, :]
        best = np.minimum(best, np.bitwise_count(xor).min(axis=1).astype(np.int64))
    return best


# --- exact metrics ---------------------------------------------------------------------------


def test_counts_and_densities_are_the_table_mask_sums(
    catalogue: Catalogue, grades: dict[str, Grade], table: TableEngine
) -> None:
    for entry in catalogue.entries:
        metrics = grades[entry.id].metrics
        count = int(table.mask(entry.task).sum())
        assert metrics.count == count, entry.id
        assert metrics.density == count / 32768
        assert metrics.rarity == pytest.approx(math.log2(32768 / count), abs=1e-4)


def test_counts_agree_with_the_cpsat_engine(catalogue: Catalogue, grades: dict[str, Grade]) -> None:
    cpsat = get_engine("cpsat")
    for entry in catalogue.entries[::4]:
        assert grades[entry.id].metrics.count == cpsat.solve(entry.task).count, entry.id


def test_flip_metrics_match_a_breadth_first_search(
    catalogue: Catalogue, grades: dict[str, Grade], table: TableEngine
) -> None:
    for entry in catalogue.entries:
        field = _field_by_search(table.mask(entry.task))
        metrics = grades[entry.id].metrics
        assert metrics.mean_flips == pytest.approx(field.mean(), abs=1e-4), entry.id
        assert metrics.worst_flips == int(field.max()), entry.id
        assert metrics.from_zero == int(field[0]), entry.id


@pytest.mark.parametrize("text", FEW_SOLUTIONS)
def test_flip_metrics_match_brute_force_popcounts(text: str, table: TableEngine) -> None:
    task = parse_task(text)
    field = _field_by_popcount(table.mask(task))
    metrics = grade(task).metrics
    assert metrics.mean_flips == pytest.approx(field.mean(), abs=1e-4)
    assert metrics.worst_flips == int(field.max())
    assert metrics.from_zero == int(field[0])


def test_from_zero_is_the_cpsat_fewest_flips_from_all_zero(
    catalogue: Catalogue, grades: dict[str, Grade]
) -> None:
    cpsat = get_engine("cpsat")
    for entry in catalogue.entries:
        assert grades[entry.id].metrics.from_zero == cpsat.solve(entry.task).flips, entry.id


def test_condition_count_and_forms(catalogue: Catalogue, grades: dict[str, Grade]) -> None:
    metrics = grade(parse_task("PB>=4, PY=0, B>R, TR=2, Y<P, PR>=1")).metrics
    assert metrics.conditions == 6
    assert metrics.forms == {"at least": 2, "exactly": 1, "fewer": 1, "more": 1, "none": 1}
    for entry in catalogue.entries:
        m = grades[entry.id].metrics
        assert m.conditions == len(entry.task.conditions)
        assert sum(m.forms.values()) == m.conditions


# --- the reasoning axis, bands and levels ------------------------------------------------------

RULEBOOK_BANDS = [
    # the rulebook's example of each card type, and the band its form implies
    ("PB>=4, PR>=3, TY>=2, PY>=1", (1, 2)),  # "at least": monsters only
    ("PB=2, TR=3, TY=1", (2, 3)),  # exact numbers (the rulebook gives no text: a card of its kind)
    ("PY=PB=TR", (3, 4)),  # "as many ... as ..."
    ("PR>TR, PB>PY", (4, 5)),  # more / fewer
    ("B=R, PY=0, Y>P", (5, 6)),  # colour blots and shape symbols
]


@pytest.mark.parametrize(("text", "expected"), RULEBOOK_BANDS)
def test_every_rulebook_example_grades_in_its_band(text: str, expected: tuple[int, int]) -> None:
    graded = grade(parse_task(text))
    low, high = expected
    assert low <= graded.level <= high
    assert graded.level == low or text == "B=R, PY=0, Y>P"  # each is a plain card of its type
    assert tuple(graded.metrics.band) == band(graded.solved.hardest.rank)


def test_the_colour_and_shape_example_is_level_6_since_yellow_and_plump_share_a_kind() -> None:
    graded = grade(parse_task("B=R, PY=0, Y>P"))
    assert (graded.level, graded.metrics.hardest) == (6, "shared")


def test_bands_and_levels() -> None:
    assert [band(r) for r in range(1, 7)] == [(1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 6)]
    for rung in range(1, 6):
        cut = CUTS[rung - 1]
        assert level_of(rung, float(np.nextafter(cut, -math.inf))) == rung
        assert level_of(rung, cut) == rung + 1
    assert level_of(6, 0.0) == level_of(6, 1e9) == 6
    assert level_of(2, 5.0, (1.0, 9.0, 9.0, 9.0, 9.0)) == 2
    assert level_of(1, 5.0, (1.0, 9.0, 9.0, 9.0, 9.0)) == 2


def test_level_is_the_band_and_the_work(catalogue: Catalogue, grades: dict[str, Grade]) -> None:
    for entry in catalogue.entries:
        g = grades[entry.id]
        m = g.metrics
        assert m.work == pytest.approx(
            m.effort + FLIP_WEIGHT * m.flips + TIGHTNESS_WEIGHT * m.rarity, abs=1e-3
        )
        assert m.work == work_of(g.solved, math.log2(32768 / m.count))
        assert g.level == level_of(g.solved.hardest.rank, m.work), entry.id
        assert m.band[0] <= g.level <= m.band[1]
        assert may_grade(entry.task, g.level)
        assert m.effort == g.solved.effort and m.step_count == len(g.solved.steps)
        assert (m.hardest, m.fights, m.guesses, m.flips) == (
            g.solved.hardest.value,
            g.solved.fights,
            g.solved.guesses,
            g.solved.flips,
        )


def test_may_grade_is_the_band_read_off_the_card() -> None:
    task = parse_task("PR>TR, PB>PY")
    assert [level for level in LEVELS if may_grade(task, level)] == [4, 5]
    assert [level for level in LEVELS if may_grade(parse_task("Y>P"), level)] == [6]


def test_a_short_loose_card_can_be_level_6() -> None:
    graded = grade(parse_task("B>Y, PY=TR"))
    assert graded.level == 6 and graded.metrics.count > 1000 and graded.metrics.conditions == 2


def _medians(metrics: list[dict[str, float]], name: str) -> float:
    return float(np.median([m[name] for m in metrics]))


EFFORT_MEASURES = ("effort", "work")
"""The reasoning axis' measures of effort: each level's median rises with the level."""


def test_effort_medians_rise_with_the_level_over_the_catalogue(
    catalogue: Catalogue, grades: dict[str, Grade]
) -> None:
    by_level = {
        level: [grades[e.id].metrics.to_json() for e in catalogue.level(level)] for level in LEVELS
    }
    for name in EFFORT_MEASURES:
        medians = [_medians(by_level[level], name) for level in LEVELS]
        assert medians == sorted(set(medians)), (name, medians)  # strictly rising


def test_effort_medians_rise_with_the_level_over_generated_tasks() -> None:
    """The ready pool: ``POOL_SIZE`` generated tasks per level (``benchmarks/grading_table.py``
    checks 1,000)."""
    by_level = {level: served(level, POOL_SIZE, POOL_SEED) for level in LEVELS}
    for name in EFFORT_MEASURES:
        medians = [_medians([t["metrics"] for t in by_level[lv] or []], name) for lv in LEVELS]
        assert medians == sorted(set(medians)), (name, medians)


# --- adding a condition -------------------------------------------------------------------------

_TABLE = TableEngine()


@settings(derandomize=True, database=None, max_examples=150, deadline=None)
@given(st.sampled_from(LEVELS), st.sampled_from(LEVELS), st.integers(0, 10_000), st.data())
def test_adding_a_condition_never_makes_a_task_easier_by_more_than_one_level(
    level: int, other: int, seed: int, data: st.DataObject
) -> None:
    """The rule: the hardest step can only stay or rise, so the band never falls, and the
    level falls by at most one (from the top of a band to the bottom of the same band)."""
    task = sample(STYLES[level], random.Random(seed))
    extra = sample(STYLES[other], random.Random(seed + 1)).conditions
    assume(task.conditions and extra)
    added = data.draw(st.sampled_from(extra))
    assume(added not in task.conditions)
    bigger = Task((*task.conditions, added))
    assume(bool(_TABLE.mask(bigger).any()))
    before, after = grade(task, _TABLE), grade(bigger, _TABLE)
    assert after.solved.hardest.rank >= before.solved.hardest.rank
    assert after.metrics.band[0] >= before.metrics.band[0]
    assert after.level >= before.level - 1, (str(task), str(added), before.why, after.why)


# --- behaviour -----------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["PB>=3, PB<=2", "PB=5, TB=5", "B>R, R>B"])
def test_grading_an_unsolvable_task_raises(text: str) -> None:
    task = parse_task(text)
    with pytest.raises(UnsolvableError):
        grade(task)


def test_grade_is_deterministic_and_table_independent(catalogue: Catalogue) -> None:
    fresh = TableEngine()
    for entry in catalogue.entries[::5]:
        first = grade(entry.task)
        assert grade(entry.task) == first
        assert grade(entry.task, fresh) == first


def test_grades_never_depend_on_a_seed() -> None:
    """Nothing in grading draws from a random stream: a task generated from any seed,
    graded again after the global streams are moved, gets the same grade."""
    from tasks.generator import generate

    for seed in (1, 2):
        for level in (2, 5, 6):
            for g in generate(level, 3, seed):
                random.seed(seed * 7)
                np.random.seed(seed * 7)
                assert grade(g.task, TableEngine()) == g


def test_to_json_shape() -> None:
    g = grade(parse_task("4<=PB, PY=0, B>R"))
    data = g.to_json()
    assert list(data) == ["task", "level", "steps", "why", "metrics"]
    assert data["task"] == "PB>=4, PY=0, B>R"
    assert data["level"] == g.level
    assert data["steps"] == [
        {"step": t.value, "label": t.label, "count": n} for t, n in g.solved.counts()
    ]
    assert [s["step"] for s in data["steps"]] == ["force", "count", "blot"]
    assert data["why"] == g.why
    assert set(data["metrics"]) == {
        "count",
        "density",
        "rarity",
        "mean_flips",
        "worst_flips",
        "from_zero",
        "conditions",
        "forms",
        "hardest",
        "band",
        "step_count",
        "fights",
        "guesses",
        "flips",
        "effort",
        "work",
    }
    assert data["metrics"]["count"] == 222
    assert json.loads(json.dumps(data)) == data


def test_metrics_of_a_task_everything_satisfies() -> None:
    m = grade(Task((parse_condition("PB>=0"),))).metrics
    assert (m.count, m.density, m.rarity, m.mean_flips, m.worst_flips, m.from_zero) == (
        32768,
        1.0,
        0.0,
        0.0,
        0,
        0,
    )
    assert (m.flips, m.fights, m.guesses) == (0, 0, 0)
