"""The difficulty grader: exact metrics, the composite, levels (tasks/grader.py)."""

from __future__ import annotations

import json
import math

import numpy as np
import numpy.typing as npt
import pytest

from solver.errors import UnsolvableError
from solver.manno.engines import get_engine
from solver.manno.table import TableEngine
from solver.manno.task import Task, parse_condition, parse_task
from tasks.catalogue import Catalogue
from tasks.grader import (
    SEED,
    THRESHOLDS,
    Grade,
    composite,
    grade,
    grade_below,
    level_of,
    reading,
)
from tasks.simulate import CAP, STARTS, simulate

ALL = 1 << 15
HARD = parse_task("Y=TB, PR=0, PY>=4, R<PB")
"""A task the simulated player gives up on from most starts: its effort is CAP."""
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


def test_effort_is_the_median_of_the_seeded_player(
    catalogue: Catalogue, grades: dict[str, Grade], table: TableEngine
) -> None:
    for entry in catalogue.entries:
        expected = float(np.median(simulate(table, entry.task, SEED, STARTS)))
        assert grades[entry.id].metrics.effort == expected, entry.id


@pytest.mark.parametrize(
    ("text", "cost"),
    [
        ("PB>=4", 0.5),
        ("PB=2", 1.0),
        ("PY=0", 1.0),
        ("PB<=3", 1.5),
        ("T<=6", 2.5),
        ("PB=PR", 2.0),
        ("B=P=TY", 5.0),
        ("B=R=Y", 6.0),
        ("PR>TR", 2.5),
        ("Y>R", 4.5),
        ("PB<PR", 3.0),
        ("Y<P", 5.0),
        ("B=5", 2.0),
    ],
)
def test_reading_cost(text: str, cost: float) -> None:
    assert reading(parse_condition(text)) == cost


def test_reading_of_a_task_adds_its_conditions() -> None:
    metrics = grade(parse_task("PB>=4, PY=0, B>R")).metrics
    assert metrics.reading == 0.5 + 1.0 + 4.5


# --- composite and levels ----------------------------------------------------------------------


def test_composite_formula() -> None:
    assert composite(1.0, 2.0, 3.0, 4.0) == 1.0 + 2 * 2.0 + 3.0 + 4.0
    assert composite(0.0, 0.0, 0.0, 0.0) == 0.0
    assert composite(3.5, 0.25, 7.0, 1.5) == 12.5


def test_composite_is_the_formula_of_the_metrics(
    catalogue: Catalogue, grades: dict[str, Grade]
) -> None:
    for entry in catalogue.entries:
        m = grades[entry.id].metrics
        assert m.composite == pytest.approx(
            composite(m.rarity, m.mean_flips, m.effort, m.reading), abs=1e-3
        ), entry.id


def test_level_is_level_of_the_composite(catalogue: Catalogue, grades: dict[str, Grade]) -> None:
    for entry in catalogue.entries:
        g = grades[entry.id]
        assert g.level == level_of(g.metrics.composite), entry.id


def test_level_of_respects_the_threshold_boundaries() -> None:
    assert len(THRESHOLDS) == 5
    assert level_of(-1.0) == 1
    assert level_of(0.0) == 1
    for i, threshold in enumerate(THRESHOLDS):
        assert level_of(float(np.nextafter(threshold, -math.inf))) == i + 1
        assert level_of(threshold) == i + 2
        assert level_of(threshold + 0.01) == i + 2
    assert level_of(math.inf) == 6


def test_level_of_with_other_thresholds() -> None:
    assert [level_of(x, (10.0, 20.0)) for x in (5.0, 10.0, 15.0, 20.0, 99.0)] == [1, 2, 2, 3, 3]


def test_the_rulebook_example_is_level_1() -> None:
    g = grade(parse_task("PB>=4, PR>=3, TY>=2, PY>=1"))
    assert g.level == 1
    assert g.metrics.forms == {"at least": 4}


# --- behaviour -----------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["PB>=3, PB<=2", "PB=5, TB=5", "B>R, R>B"])
def test_grading_an_unsolvable_task_raises(text: str) -> None:
    task = parse_task(text)
    with pytest.raises(UnsolvableError):
        grade(task)
    with pytest.raises(UnsolvableError):
        grade_below(task, 10.0)


def test_grade_is_deterministic_and_table_independent(catalogue: Catalogue) -> None:
    fresh = TableEngine()
    for entry in catalogue.entries[::5]:
        first = grade(entry.task)
        assert grade(entry.task) == first
        assert grade(entry.task, fresh) == first


def test_grade_below_is_none_exactly_when_the_composite_reaches_the_ceiling(
    catalogue: Catalogue, grades: dict[str, Grade]
) -> None:
    wrong = []
    for entry in catalogue.entries:
        full = grades[entry.id]
        score = full.metrics.composite
        ceilings = [score + d for d in (-20.0, -5.0, -1.0, -0.3, 0.3, 1.0, 5.0)]
        for ceiling in [*ceilings, *THRESHOLDS, math.inf]:
            if abs(ceiling - score) < 1e-3:
                continue
            got = grade_below(entry.task, ceiling)
            expected = None if score >= ceiling else full
            if got != expected:
                wrong.append((entry.id, str(entry.task), score, round(ceiling, 4), got))
    assert wrong == []


def test_grade_below_a_ceiling_above_a_capped_effort(table: TableEngine) -> None:
    """The effort is CAP; a ceiling half a point above the composite must still grade it."""
    full = grade(HARD)
    assert full.metrics.effort == CAP
    for above in (0.5, 1.0, 2.0):
        assert grade_below(HARD, full.metrics.composite + above) == full, above
    assert grade_below(HARD, full.metrics.composite - 0.5) is None


def test_to_json_shape() -> None:
    g = grade(parse_task("4<=PB, PY=0, B>R"))
    data = g.to_json()
    assert set(data) == {"task", "level", "metrics"}
    assert data["task"] == "PB>=4, PY=0, B>R"
    assert data["level"] == g.level
    assert set(data["metrics"]) == {
        "count",
        "density",
        "rarity",
        "mean_flips",
        "worst_flips",
        "from_zero",
        "conditions",
        "forms",
        "reading",
        "effort",
        "composite",
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
    assert m.effort == 0.0
