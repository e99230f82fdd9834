"""Verifying a catalogue with all three engines (tasks/verify.py)."""

from __future__ import annotations

import json

import pytest

from solver.manno.engines import ENGINE_NAMES
from solver.manno.table import TableEngine
from tasks.catalogue import Catalogue, parse_catalogue
from tasks.verify import Check, summary, verify

MIXED = """
[[tasks]]
id = "OK-1"
level = 2
task = "PB=2, TR>=1, TY>=3"

[[tasks]]
id = "CLASH-1"
level = 3
task = "PB>=3, PB<=2"

[[tasks]]
id = "CLASH-2"
level = 5
card = 20
task = "PB=5, TB=5, PR>=2"
"""


@pytest.fixture(scope="module")
def checks(catalogue: Catalogue) -> list[Check]:
    """The whole built-in catalogue, verified."""
    return verify(catalogue.entries)


def test_three_engines_take_part() -> None:
    assert set(ENGINE_NAMES) == {"cpsat", "table", "csp"}


def test_the_catalogue_verifies(checks: list[Check], catalogue: Catalogue) -> None:
    assert [c.id for c in checks] == [e.id for e in catalogue.entries]
    assert [c.level for c in checks] == [e.level for e in catalogue.entries]
    assert [c.task for c in checks] == [str(e.task) for e in catalogue.entries]
    assert [c.id for c in checks if not c.solvable] == []
    assert [c.id for c in checks if not c.agree] == []


def test_counts_and_flips_are_the_table_engine_s(
    checks: list[Check], catalogue: Catalogue, table: TableEngine
) -> None:
    for check, entry in zip(checks, catalogue.entries, strict=True):
        assert check.count == int(table.mask(entry.task).sum()), entry.id
        assert check.flips == int(table.distance_field(entry.task)[0]), entry.id


def test_summary_shape(checks: list[Check]) -> None:
    data = summary(checks)
    assert set(data) == {"tasks", "all_solvable", "engines_agree"}
    assert data["all_solvable"] is True
    assert data["engines_agree"] is True
    assert len(data["tasks"]) == 108
    for row in data["tasks"]:
        assert {"id", "level", "task", "solvable", "count", "agree"} <= set(row)
    first = data["tasks"][0]
    assert first["id"] == "L1-01"
    assert first["task"] == "PB>=4, PR>=3, TY>=2, PY>=1"
    assert first["solvable"] is True
    assert json.loads(json.dumps(data)) == data


def test_an_unsolvable_task_fails_all_solvable() -> None:
    checks = verify(parse_catalogue(MIXED).entries)
    assert [(c.id, c.solvable) for c in checks] == [
        ("OK-1", True),
        ("CLASH-1", False),
        ("CLASH-2", False),
    ]
    assert [c.count for c in checks][1:] == [0, 0]
    assert [c.flips for c in checks][1:] == [None, None]
    data = summary(checks)
    assert data["all_solvable"] is False
    assert data["engines_agree"] is True  # they agree it cannot be done
    assert [row["solvable"] for row in data["tasks"]] == [True, False, False]


def test_engines_disagreeing_fail_engines_agree(checks: list[Check]) -> None:
    broken = [*checks[:3], Check("X", 1, "PB>=1", True, 5, 0, agree=False)]
    data = summary(broken)
    assert data["engines_agree"] is False
    assert data["all_solvable"] is True


def test_progress_is_called_once_per_task(catalogue: Catalogue) -> None:
    ticks: list[None] = []
    verify(catalogue.entries[:5], progress=lambda: ticks.append(None))
    assert len(ticks) == 5


def test_check_to_json() -> None:
    check = Check("L9", 4, "PB=2", True, 10, 3, True)
    assert check.to_json() == {
        "id": "L9",
        "level": 4,
        "task": "PB=2",
        "solvable": True,
        "count": 10,
        "flips": 3,
        "agree": True,
    }
