"""Shared fixtures for the task catalogue, grader, generator and deal tests."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt
import pytest

from solver.manno.engines import get_engine
from solver.manno.table import TableEngine
from solver.manno.task import Task
from tasks.catalogue import Catalogue, load_catalogue
from tasks.grader import Grade, grade

Mask = npt.NDArray[np.bool_]
Idle = Callable[[Task], list[int]]
"""Indices of the conditions of a task that can be dropped without changing its solutions."""


@pytest.fixture(scope="session")
def table() -> TableEngine:
    """The shared numpy table engine over the standard 15 tokens."""
    engine = get_engine("table")
    assert isinstance(engine, TableEngine)
    return engine


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    """The built-in 108-task catalogue."""
    return load_catalogue()


@pytest.fixture(scope="session")
def grades(catalogue: Catalogue) -> dict[str, Grade]:
    """Every catalogue task graded, by id."""
    return {entry.id: grade(entry.task) for entry in catalogue.entries}


@pytest.fixture(scope="session")
def idle_conditions(table: TableEngine) -> Idle:
    """A function: task -> indices of conditions whose removal leaves the solutions unchanged."""

    def idle(task: Task) -> list[int]:
        full = table.mask(task)
        found = []
        for i in range(len(task.conditions)):
            rest = Task(task.conditions[:i] + task.conditions[i + 1 :])
            if np.array_equal(table.mask(rest), full):
                found.append(i)
        return found

    return idle
