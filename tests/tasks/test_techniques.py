"""Which reasoning step each condition needs (tasks/techniques.py)."""

from __future__ import annotations

import pytest

from solver.manno.task import parse_task
from tasks.techniques import Technique, partner, technique


@pytest.mark.parametrize(
    ("text", "which", "expected"),
    [
        ("PB>=4, PR>=3", 0, Technique.COUNT),
        ("PB>3", 0, Technique.COUNT),
        ("PB=2", 0, Technique.FORCE),
        ("PY=0", 0, Technique.FORCE),
        ("PB<=2", 0, Technique.FORCE),
        ("PY=PB=TR", 0, Technique.BALANCE),
        ("PR=TY=2", 0, Technique.FORCE),  # equal at a number: two exact numbers
        ("PR>TR", 0, Technique.COMPARE),
        ("PR<TR", 0, Technique.COMPARE),
        ("PB>PR, PB=TY", 0, Technique.COMPARE),  # kinds shared by two relations: still kinds
        ("B>=5", 0, Technique.BLOT),
        ("B=R", 0, Technique.BLOT),
        ("P>TY", 0, Technique.BLOT),  # thin yellow is not plump: nothing shared
        ("Y>P", 0, Technique.SHARED),  # both count plump yellow
        ("B=P", 0, Technique.SHARED),
        ("B>Y, PY=TR", 0, Technique.SHARED),  # yellow holds plump yellow, tied to thin red
        ("B>Y, PY=TR", 1, Technique.SHARED),
        ("B>Y, PY=2", 0, Technique.BLOT),  # a count only fixes a number
        ("B=R, PY=0, Y>P", 0, Technique.SHARED),  # blue shares plump blue with plump
        ("B=R=5, Y>P", 0, Technique.BLOT),  # equal at a number is a count
    ],
)
def test_technique(text: str, which: int, expected: Technique) -> None:
    task = parse_task(text)
    assert technique(task.conditions[which], task) is expected


def test_partner_names_what_a_relation_shares_kinds_with() -> None:
    task = parse_task("B>Y, PY=TR, PB>=2, Y>P")
    first, second, count, shared = task.conditions
    assert partner(first, task) == second
    assert partner(count, task) is None
    assert partner(shared, task) == shared  # itself: yellow and plump share plump yellow


def test_the_ladder_follows_the_rulebook_order() -> None:
    ladder = [t for t in Technique if t.rank > 0]
    assert [t.rank for t in ladder] == [1, 2, 3, 4, 5, 6]
    assert [t.value for t in ladder] == ["count", "force", "balance", "compare", "blot", "shared"]
    assert [t.weight for t in ladder] == [1, 4, 9, 16, 25, 36]
    assert (Technique.FIGHT.weight, Technique.GUESS.weight) == (3, 5)
    assert Technique.FORCE.order < Technique.COUNT.order < Technique.BALANCE.order
    assert all(t.label for t in Technique)
