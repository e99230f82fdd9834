"""The one-sentence reason for a level (tasks/explain.py)."""

from __future__ import annotations

import pytest

from solver.manno.task import parse_condition, parse_task
from tasks.catalogue import Catalogue
from tasks.explain import statement
from tasks.grader import Grade, grade


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("PB>=4", "at least 4 plump blue"),
        ("PB>3", "more than 3 plump blue"),
        ("PB=2", "exactly 2 plump blue"),
        ("PY=0", "no plump yellow"),
        ("T<=6", "at most 6 thin"),
        ("PY=TR", "plump yellow must equal thin red"),
        ("PY=PB=TR", "plump yellow, plump blue and thin red must be equal"),
        ("B=R=5", "blue and red must each be exactly 5"),
        ("Y>P", "more yellow than plump"),
        ("PR<TR", "fewer plump red than thin red"),
        ("B>=R", "at least as many blue as red"),
    ],
)
def test_statement(text: str, words: str) -> None:
    assert statement(parse_condition(text)) == words


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (
            "PB>=4, PR>=3, TY>=2, PY>=1",
            "level 1: needs only reading single kind counts (at least 4 plump blue)",
        ),
        ("PB=2, TR=3, TY=1", "level 2: needs forcing tokens' sides for exactly 2 plump blue"),
        ("PY=PB=TR", "level 3: needs balancing plump yellow, plump blue and thin red"),
        ("PR>TR, PB>PY", "level 4: needs comparing plump red with thin red"),
        ("B=R, PY=0, Y>P", "level 6: needs comparing yellow with plump, which share plump yellow"),
        (
            "B>Y, PY=TR, PB>=3",
            "level 6: needs comparing blue with yellow while plump yellow must equal thin red",
        ),
        (
            "PB>=4, PR>=4, TY>=4",
            "level 2: needs reading single kind counts (at least 4 plump blue), and the work"
            " (effort 3, 7 flips) puts it at the top of its band",
        ),
    ],
)
def test_why_of_the_rulebook_examples_and_the_brief(text: str, why: str) -> None:
    assert grade(parse_task(text)).why == why


def test_why_says_when_the_work_lifted_a_card(
    catalogue: Catalogue, grades: dict[str, Grade]
) -> None:
    for entry in catalogue.entries:
        g = grades[entry.id]
        assert g.why.startswith(f"level {g.level}: needs "), entry.id
        lifted = g.level > g.solved.hardest.rank
        assert ("puts it at the top of its band" in g.why) is lifted, entry.id
        if lifted:
            assert f"effort {g.metrics.effort}, {g.metrics.flips} flip" in g.why
