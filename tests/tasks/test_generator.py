"""The task generator (tasks/generator.py)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from solver.backends import ProcessBackend
from solver.errors import MonsterError
from solver.manno.table import TableEngine
from solver.manno.task import Task
from tasks import generator
from tasks.generator import candidate, generate, judge, well_made
from tasks.grader import Grade, grade
from tasks.styles import LEVELS, STYLES, fits

Idle = Callable[[Task], list[int]]
"""The conftest's ``idle_conditions``: indices of conditions that can go unnoticed."""
COUNT = 4
SEED = 11


@pytest.fixture(scope="module")
def generated() -> dict[int, list[Grade]]:
    """``COUNT`` tasks of every level from seed ``SEED``."""
    return {level: generate(level, COUNT, SEED) for level in LEVELS}


def test_generate_gives_count_tasks_of_the_level(generated: dict[int, list[Grade]]) -> None:
    for level, grades in generated.items():
        assert len(grades) == COUNT
        assert [g.level for g in grades] == [level] * COUNT


def test_generated_tasks_grade_exactly_their_level(generated: dict[int, list[Grade]]) -> None:
    for level, grades in generated.items():
        for g in grades:
            assert grade(g.task) == g, (level, str(g.task))


def test_generated_tasks_fit_the_level_style(generated: dict[int, list[Grade]]) -> None:
    for level, grades in generated.items():
        assert all(fits(g.task, STYLES[level]) for g in grades), level


def test_generated_tasks_are_solvable_and_distinct(
    generated: dict[int, list[Grade]], table: TableEngine
) -> None:
    for grades in generated.values():
        masks = [table.mask(g.task) for g in grades]
        assert all(m.any() for m in masks)
        assert len({np.packbits(m).tobytes() for m in masks}) == COUNT


def test_every_generated_condition_matters(
    generated: dict[int, list[Grade]], idle_conditions: Idle
) -> None:
    for grades in generated.values():
        for g in grades:
            assert idle_conditions(g.task) == [], str(g.task)


def test_same_seed_same_output(generated: dict[int, list[Grade]]) -> None:
    for level in (1, 4, 6):
        assert generate(level, COUNT, SEED) == generated[level]


def test_different_seed_different_output(generated: dict[int, list[Grade]]) -> None:
    for level in LEVELS:
        other = generate(level, COUNT, SEED + 1)
        assert [g.task for g in other] != [g.task for g in generated[level]], level


@pytest.mark.parametrize("level", [2, 5])
def test_workers_do_not_change_the_output(level: int) -> None:
    assert generate(level, 5, seed=3, workers=2) == generate(level, 5, seed=3, workers=1)


def test_exclude_removes_those_meanings(
    generated: dict[int, list[Grade]], table: TableEngine
) -> None:
    grades = generated[3]
    rest = generate(3, COUNT - 1, SEED, exclude=[grades[0].task])
    assert rest == grades[1:]  # candidates come in the same order; the first is now taken
    taken = np.packbits(table.mask(grades[0].task)).tobytes()
    assert all(np.packbits(table.mask(g.task)).tobytes() != taken for g in rest)


def test_exclude_compares_meanings_not_texts(generated: dict[int, list[Grade]]) -> None:
    """A task written differently but accepting the same arrangements is excluded too."""
    first = generated[2][0].task
    reordered = Task(tuple(reversed(first.conditions)))
    assert str(reordered) != str(first)
    assert generate(2, COUNT - 1, SEED, exclude=[reordered]) == generated[2][1:]


def test_progress_is_called_with_1_to_n() -> None:
    calls: list[int] = []
    generate(4, 5, seed=2, progress=calls.append)
    assert calls == [1, 2, 3, 4, 5]


@pytest.mark.parametrize(
    ("level", "count", "workers"),
    [(0, 1, 1), (7, 1, 1), (-1, 1, 1), (1, 0, 1), (1, -3, 1), (1, 1, 0)],
)
def test_bad_requests_raise_monster_errors(level: int, count: int, workers: int) -> None:
    with pytest.raises(MonsterError):
        generate(level, count, seed=1, workers=workers)


def test_running_out_of_candidates_is_a_monster_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(generator, "MAX_CANDIDATES_PER_TASK", 1)
    with pytest.raises(MonsterError, match="found only"):
        generate(5, 4, seed=1)


# --- the candidate stream ----------------------------------------------------------------------


def test_candidates_depend_only_on_seed_level_and_index() -> None:
    assert candidate(1, 4, 17) == candidate(1, 4, 17)
    assert [candidate(1, 4, k) for k in range(5)] == [candidate(1, 4, k) for k in range(5)]
    assert len({candidate(1, 4, k) for k in range(20)}) > 15


def test_well_made_candidates_fit_matter_and_carry_their_meaning(
    table: TableEngine, idle_conditions: Idle
) -> None:
    for level in LEVELS:
        made = [well_made(9, level, k) for k in range(15)]
        assert any(m is not None for m in made), level
        for m in made:
            if m is None:
                continue
            task, meaning = m
            mask = table.mask(task)
            assert mask.any()
            assert meaning == np.packbits(mask).tobytes()
            assert fits(task, STYLES[level])
            assert idle_conditions(task) == []


def test_judge_keeps_only_candidates_of_the_level() -> None:
    for level in LEVELS:
        for k in range(15):
            verdict = judge(9, level, k)
            if verdict.grade is not None:
                assert verdict.grade.level == level
                assert verdict.grade == grade(verdict.grade.task)


def test_a_process_backend_gives_the_same_output() -> None:
    pooled = generate(3, 4, seed=5, backend=ProcessBackend(2))
    assert pooled == generate(3, 4, seed=5)


def test_a_worker_keeps_the_meanings_of_its_last_stream_only() -> None:
    generator._judge_many(1, 2, range(0, 40))
    generator._judge_many(5, 3, range(0, 200))
    assert list(generator._KEPT) == [(5, 3)]
    # forked workers start with what this process kept: a fact of the stream, not of a run
    assert generate(3, 4, seed=5, backend=ProcessBackend(2)) == generate(3, 4, seed=5)
    generator._KEPT.clear()
