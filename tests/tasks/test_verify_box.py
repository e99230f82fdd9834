"""Verifying a typed-in box: the grader's level beside each printed one (tasks/verify.py)."""

from __future__ import annotations

from tasks.boxfile import parse_box
from tasks.catalogue import Catalogue
from tasks.grader import grade
from tasks.verify import WITHIN, Check, Grading, passed, summary, verify

BOX = "far 6: PB>=1\nnear: PB>=1, TY>=1\n3: PB=5, TB=5\nPB>=2, PY>=1\n"


def test_a_box_is_graded_beside_its_printed_levels() -> None:
    entries = parse_box(BOX)
    checks = verify(entries, grade=True)
    far, near, clash, alone = checks
    level = grade(entries[0].task).level
    assert far.grading == Grading(level, abs(level - 6) <= WITHIN) and level <= 4
    assert near.level is None and near.grading == Grading(grade(entries[1].task).level, None)
    assert not clash.solvable and clash.grading == Grading(None, None)
    assert alone.id == "4" and alone.grading is not None and alone.grading.within is None
    assert far.to_json()["graded"] == level and far.to_json()["within_one"] is False
    data = summary(checks)
    assert data["levels_within_one"] is False and data["all_solvable"] is False
    assert not passed(data)


def test_levels_within_one_is_a_verdict_of_its_own() -> None:
    checks = verify(parse_box("1: PB>=1\n6: PB>=1\n"), grade=True)
    data = summary(checks)
    assert data["all_solvable"] and data["engines_agree"]
    assert data["levels_within_one"] is False and not passed(data)
    assert passed(summary(checks[:1]))


def test_a_catalogue_is_not_graded_unless_asked(catalogue: Catalogue) -> None:
    checks = verify(catalogue.entries[:2])
    assert [c.grading for c in checks] == [None, None]
    assert "graded" not in checks[0].to_json() and "levels_within_one" not in summary(checks)
    assert passed(summary(checks))
    failing = Check("X", 1, "PB>=1", True, 5, 0, agree=False)
    assert not passed(summary([*checks, failing]))


def test_within_one_means_one_level_either_way() -> None:
    level = grade(parse_box("PB>=1")[0].task).level
    printed = [p for p in range(level - 2, level + 3) if 1 <= p <= 6]
    box = "".join(f"{p}: PB>=1\n" for p in printed)
    within = [c.grading.within for c in verify(parse_box(box), grade=True) if c.grading]
    assert within == [abs(p - level) <= 1 for p in printed] and False in within
