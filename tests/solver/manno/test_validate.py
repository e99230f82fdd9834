"""Checking arrangements against tasks, and the rulebook's examples (solver/manno/validate.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import numpy as np
import pytest

from solver.errors import NotationError
from solver.manno.kinds import GROUPS, KINDS
from solver.manno.table import TableEngine
from solver.manno.task import parse_condition, parse_task
from solver.manno.tokens import Arrangement, TokenSet, parse_tokens
from solver.manno.validate import describe, shortfall, validate

ArrangementMaker = Callable[[Mapping[str, int]], Arrangement]

ZEROS = Arrangement.zeros(15)  # PB 5, TB 4, PR 3, TR 2, PY 1, TY 0
ONES = Arrangement.parse("1" * 15)  # PB 0, TB 1, PR 2, TR 3, PY 4, TY 5


def _counts(pb: int, tb: int, pr: int, tr: int, py: int, ty: int) -> dict[str, int]:
    return dict(zip([k.name for k in KINDS], (pb, tb, pr, tr, py, ty), strict=True))


# --- the rulebook's examples -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("task", "counts", "ok"),
    [
        # "Each kind of monster at least x times": 4 PB, 3 PR, 2 TY, 1 PY on the card;
        # the solution shows PB 4, PR 3, TY 3 ("we even have 3"), PY 3.
        ("PB>=4, PR>=3, TY>=2, PY>=1", _counts(4, 1, 3, 1, 3, 3), True),
        ("PB>=4, PR>=3, TY>=2, PY>=1", _counts(3, 2, 3, 1, 3, 3), False),
        ("PB>=4, PR>=3, TY>=2, PY>=1", _counts(4, 2, 3, 3, 0, 3), False),
        # "A monster of the given kind in an exact number (=3x)": neither more nor fewer.
        ("TB=3", _counts(3, 3, 3, 2, 2, 2), True),
        ("TB=3", _counts(3, 2, 3, 3, 2, 2), False),
        ("TB=3", _counts(3, 4, 3, 1, 2, 2), False),
        ("PB=3, PR=3, TY=3", _counts(3, 2, 3, 2, 2, 3), True),
        # "Several kinds in an equal number": PY, PB and TR each three times.
        ("PY=PB=TR", _counts(3, 2, 2, 3, 3, 2), True),
        ("PY=PB=TR", _counts(4, 2, 2, 3, 3, 1), False),
        ("PY=PB=TR", _counts(3, 2, 2, 4, 3, 1), False),
        # "One kind more often than another": PR 4 > TR 2, PB 3 > PY 2.
        ("PR>TR, PB>PY", _counts(3, 2, 4, 2, 2, 2), True),
        ("PR>TR, PB>PY", _counts(3, 2, 4, 2, 3, 1), False),
        ("TR<PR, PY<PB", _counts(3, 2, 4, 2, 2, 2), True),
        # Colours and shapes: blue 5 = red 5, no PY, yellow 5 (all thin) > plump 2 + 2 = 4.
        ("B=R, PY=0, Y>P", _counts(2, 3, 2, 3, 0, 5), True),
        ("B=R=5, PY=0, Y>P", _counts(2, 3, 2, 3, 0, 5), True),
        ("B=R, PY=0, Y>P", _counts(2, 4, 2, 2, 0, 5), False),
        ("B=R, PY=0, Y>P", _counts(3, 2, 2, 3, 0, 5), False),
        ("B=R, PY=0, Y>P", _counts(2, 3, 2, 3, 1, 4), False),
    ],
)
def test_rulebook_examples(
    arrangement_with_counts: ArrangementMaker,
    tokens: TokenSet,
    task: str,
    counts: dict[str, int],
    ok: bool,
) -> None:
    arrangement = arrangement_with_counts(counts)
    report = validate(parse_task(task), arrangement)
    every = {k.name: n for k, n in zip(KINDS, tokens.kind_counts(arrangement), strict=True)}
    assert every == counts
    assert report.ok is ok
    for condition in report.conditions:
        assert condition.counts == {
            g.name: _group(counts, g.name) for g in condition.condition.groups()
        }


def test_rulebook_colour_example_counts(arrangement_with_counts: ArrangementMaker) -> None:
    arrangement = arrangement_with_counts(_counts(2, 3, 2, 3, 0, 5))
    report = validate(parse_task("B=R, PY=0, Y>P"), arrangement)
    assert [c.counts for c in report.conditions] == [
        {"B": 5, "R": 5},
        {"PY": 0},
        {"Y": 5, "P": 4},
    ]


def test_all_fifteen_tokens_always_count(table: TableEngine, tokens: TokenSet) -> None:
    for names in (["PB", "TB", "PR", "TR", "PY", "TY"], ["B", "R", "Y"], ["P", "T"]):
        totals = np.stack([table.group_counts(GROUPS[n]) for n in names]).sum(axis=0)
        assert totals.shape == (2**15,)
        assert (totals == 15).all()
    for index in range(2**15):
        assert sum(tokens.kind_counts(Arrangement.from_index(index, 15))) == 15


def test_no_token_may_be_set_aside() -> None:
    with pytest.raises(NotationError, match="14 tokens"):
        validate(parse_task("PB>=1"), Arrangement.zeros(14))


def _group(counts: Mapping[str, int], name: str) -> int:
    return sum(counts[k.name] for k in GROUPS[name].kinds)


# --- reports, words and shortfalls -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "required"),
    [
        ("PB>=4", "at least 4 plump blue"),
        ("T<=6", "at most 6 thin"),
        ("PR=2", "exactly 2 plump red"),
        ("PY=0", "no plump yellow"),
        ("Y>3", "more than 3 yellow"),
        ("B<2", "fewer than 2 blue"),
        ("PB=PR=3", "exactly 3 each of plump blue, plump red"),
        ("PB=PR=0", "no plump blue and no plump red"),
        ("PB=PR=TY", "as many plump blue as plump red as thin yellow"),
        ("B=P", "as many blue as plump"),
        ("Y>R", "more yellow than red"),
        ("PR<TR", "fewer plump red than thin red"),
        ("P>=T", "at least as many plump as thin"),
        ("TB<=TY", "at most as many thin blue as thin yellow"),
    ],
)
def test_describe_every_form(text: str, required: str) -> None:
    assert describe(parse_condition(text)) == required
    report = validate(parse_task(text), ZEROS)
    assert report.conditions[0].required == required


@pytest.mark.parametrize(
    ("text", "arrangement", "ok", "counts", "short"),
    [
        ("PB>=4", ZEROS, True, {"PB": 5}, 0),
        ("PB>=4", ONES, False, {"PB": 0}, 4),
        ("PB<=2", ZEROS, False, {"PB": 5}, 3),
        ("PB<=2", ONES, True, {"PB": 0}, 0),
        ("TY=3", ZEROS, False, {"TY": 0}, 3),
        ("TY=3", ONES, False, {"TY": 5}, 2),
        ("PY=0", ZEROS, False, {"PY": 1}, 1),
        ("B>R", ZEROS, True, {"B": 9, "R": 5}, 0),
        ("B>R", ONES, False, {"B": 1, "R": 5}, 5),
        ("B<R", ZEROS, False, {"B": 9, "R": 5}, 5),
        ("Y>R", ZEROS, False, {"Y": 1, "R": 5}, 5),
        ("R>5", ZEROS, False, {"R": 5}, 1),
        ("R<5", ZEROS, False, {"R": 5}, 1),
        ("R<6", ZEROS, True, {"R": 5}, 0),
        ("B>=P", ZEROS, True, {"B": 9, "P": 9}, 0),
        ("T>=P", ZEROS, False, {"T": 6, "P": 9}, 3),
        ("T<=Y", ZEROS, False, {"T": 6, "Y": 1}, 5),
        ("PB=PR=TY", ZEROS, False, {"PB": 5, "PR": 3, "TY": 0}, 5),
        ("PB=PR=TY", ONES, False, {"PB": 0, "PR": 2, "TY": 5}, 5),
        ("PB=PR=3", ZEROS, False, {"PB": 5, "PR": 3}, 2),
        ("PB=B", ZEROS, False, {"PB": 5, "B": 9}, 4),
        ("PB=PB", ZEROS, True, {"PB": 5}, 0),
    ],
)
def test_condition_reports(
    text: str, arrangement: Arrangement, ok: bool, counts: dict[str, int], short: int
) -> None:
    report = validate(parse_task(text), arrangement)
    [condition] = report.conditions
    assert (condition.ok, condition.counts, condition.shortfall) == (ok, counts, short)
    assert report.ok is ok
    groups = {GROUPS[name]: n for name, n in counts.items()}
    assert shortfall(parse_condition(text), groups) == short


def test_report_to_json() -> None:
    report = validate(parse_task("pb>=4; py=0, b>r"), ZEROS)
    assert report.to_json() == {
        "task": "PB>=4, PY=0, B>R",
        "arrangement": "000000000000000",
        "ok": False,
        "conditions": [
            {
                "condition": "PB>=4",
                "ok": True,
                "counts": {"PB": 5},
                "required": "at least 4 plump blue",
                "shortfall": 0,
            },
            {
                "condition": "PY=0",
                "ok": False,
                "counts": {"PY": 1},
                "required": "no plump yellow",
                "shortfall": 1,
            },
            {
                "condition": "B>R",
                "ok": True,
                "counts": {"B": 9, "R": 5},
                "required": "more blue than red",
                "shortfall": 0,
            },
        ],
    }


def test_validate_with_a_custom_token_set() -> None:
    small = parse_tokens('tokens = [["PB", "TB"], ["PB", "PR"]]')
    report = validate(parse_task("PB=2, TB=0"), Arrangement.parse("00"), small)
    assert report.ok
    report = validate(parse_task("PB=2, TB=0"), Arrangement.parse("10"), small)
    assert [c.shortfall for c in report.conditions] == [1, 1]


def test_ok_matches_shortfall_zero(table: TableEngine) -> None:
    task = parse_task("PB>=3, TY<2, B=R, Y>T, PR=PY=2")
    for index in range(0, 2**15, 211):
        report = validate(task, Arrangement.from_index(index, 15))
        assert all(c.ok == (c.shortfall == 0) for c in report.conditions)
        assert report.ok == bool(table.mask(task)[index])
