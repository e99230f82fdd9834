"""Shared fixtures for the Manno Monster tests."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pytest

from solver.manno.kinds import KINDS
from solver.manno.table import TableEngine
from solver.manno.task import parse_task
from solver.manno.tokens import Arrangement, TokenSet, standard_tokens

ArrangementMaker = Callable[[Mapping[str, int]], Arrangement]


@pytest.fixture(scope="session")
def tokens() -> TokenSet:
    """The standard 15 tokens."""
    return standard_tokens()


@pytest.fixture(scope="session")
def table() -> TableEngine:
    """One numpy table engine over the standard tokens, built once."""
    return TableEngine()


@pytest.fixture(scope="session")
def arrangement_with_counts(table: TableEngine) -> ArrangementMaker:
    """A function: kind counts (all six, summing to 15) -> an arrangement showing exactly them.

    It solves the exact task ``PB=.., TB=.., ...`` with the table engine, so it
    fails loudly when no arrangement shows those counts.
    """

    def make(counts: Mapping[str, int]) -> Arrangement:
        assert sorted(counts) == sorted(k.name for k in KINDS)
        assert sum(counts.values()) == 15
        task = parse_task(", ".join(f"{k.name}={counts[k.name]}" for k in KINDS))
        solution = table.solve(task)
        assert solution.solvable, f"no arrangement shows {dict(counts)}"
        assert solution.arrangement is not None
        return solution.arrangement

    return make
