"""Level styles: condition forms, group scopes, sampling and fitting (tasks/styles.py)."""

from __future__ import annotations

import random

import pytest

from solver.manno.kinds import GROUPS
from solver.manno.task import Condition, Task, parse_condition, parse_task
from tasks.styles import LEVELS, STYLES, TRIES, Form, Scope, fits, form, sample, scope

SEEDS = range(150)


# --- classification -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical", "expected"),
    [
        ("PB>=4", "PB>=4", Form.AT_LEAST),
        ("4<=PB", "PB>=4", Form.AT_LEAST),
        ("PB>3", "PB>3", Form.AT_LEAST),
        ("3<PB", "PB>3", Form.AT_LEAST),
        ("R>=6", "R>=6", Form.AT_LEAST),
        ("PR=2", "PR=2", Form.EXACTLY),
        ("B=5", "B=5", Form.EXACTLY),
        ("5=T", "T=5", Form.EXACTLY),
        ("PY=0", "PY=0", Form.NONE),
        ("0=PY", "PY=0", Form.NONE),
        ("PB<=3", "PB<=3", Form.AT_MOST),
        ("T<=6", "T<=6", Form.AT_MOST),
        ("3>=PB", "PB<=3", Form.AT_MOST),
        ("PB<3", "PB<3", Form.AT_MOST),
        ("PB=PR", "PB=PR", Form.EQUAL),
        ("B=P", "B=P", Form.EQUAL),
        ("PB=PR=TY", "PB=PR=TY", Form.EQUAL),
        ("Y>R", "Y>R", Form.MORE),
        ("PR>=TR", "PR>=TR", Form.MORE),
        ("Y<R", "Y<R", Form.FEWER),
        ("PR<TR", "PR<TR", Form.FEWER),
        ("B<=P", "B<=P", Form.FEWER),
    ],
)
def test_form_of_every_condition_form(text: str, canonical: str, expected: Form) -> None:
    condition = parse_condition(text)
    assert str(condition) == canonical
    assert form(condition) is expected


def test_scope_of_every_group() -> None:
    assert {name: scope(g) for name, g in GROUPS.items()} == {
        "PB": Scope.KIND,
        "TB": Scope.KIND,
        "PR": Scope.KIND,
        "TR": Scope.KIND,
        "PY": Scope.KIND,
        "TY": Scope.KIND,
        "B": Scope.COLOUR,
        "R": Scope.COLOUR,
        "Y": Scope.COLOUR,
        "P": Scope.SHAPE,
        "T": Scope.SHAPE,
    }


# --- the styles -------------------------------------------------------------------------------


def test_six_styles_one_per_level() -> None:
    assert LEVELS == (1, 2, 3, 4, 5, 6)
    assert [STYLES[level].level for level in LEVELS] == list(LEVELS)


def test_style_vocabulary_follows_the_rulebook_ladder() -> None:
    """Each level adds the card type the rulebook introduces next, and nothing after it."""
    assert STYLES[1].forms == {Form.AT_LEAST}
    assert STYLES[1].scopes == {Scope.KIND}
    assert STYLES[1].shown == (8, 11)
    assert STYLES[2].forms == {Form.AT_LEAST, Form.EXACTLY, Form.NONE}
    assert STYLES[3].forms == STYLES[2].forms | {Form.EQUAL}
    assert STYLES[4].forms == STYLES[3].forms | {Form.MORE, Form.FEWER}
    for level in (2, 3, 4):
        assert STYLES[level].scopes == {Scope.KIND}, level
    for level in (5, 6):
        assert STYLES[level].forms == STYLES[4].forms
        assert STYLES[level].scopes == set(Scope)
    assert all(Form.AT_MOST not in STYLES[level].forms for level in LEVELS)  # not printed
    assert [STYLES[level].overlap for level in LEVELS] == [False] * 5 + [True]
    for level in LEVELS:
        low, high = STYLES[level].conditions
        assert 2 <= low <= high <= 4


def test_only_level_6_sets_a_colour_against_a_shape_it_shares_a_kind_with() -> None:
    def overlaps(task: Task) -> bool:
        return any(
            len(c.groups()) > 1
            and bool(set(c.groups()[0].kinds) & {k for g in c.groups()[1:] for k in g.kinds})
            for c in task.conditions
        )

    assert any(overlaps(sample(STYLES[6], random.Random(seed))) for seed in SEEDS)
    for level in (3, 4, 5):
        assert not any(overlaps(sample(STYLES[level], random.Random(s))) for s in SEEDS), level


# --- what sample guarantees --------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_sample_uses_only_allowed_forms_and_scopes(level: int) -> None:
    style = STYLES[level]
    for seed in SEEDS:
        task = sample(style, random.Random(seed))
        assert 1 <= len(task.conditions) <= style.conditions[1], (seed, str(task))
        for condition in task.conditions:
            assert form(condition) in style.forms, (seed, str(task))
            assert all(scope(g) in style.scopes for g in condition.groups()), (seed, str(task))


@pytest.mark.parametrize("level", LEVELS)
def test_sample_never_asks_one_thing_twice(level: int) -> None:
    """A group leads at most one count and at most one comparison; no condition repeats."""
    for seed in SEEDS:
        task = sample(STYLES[level], random.Random(seed))
        assert len(set(task.conditions)) == len(task.conditions)
        leads = [(isinstance(c.terms[-1], int), c.groups()[0].name) for c in task.conditions]
        assert len(set(leads)) == len(leads), (seed, str(task))


@pytest.mark.parametrize("level", LEVELS)
def test_sampled_tasks_round_trip_through_text(level: int) -> None:
    for seed in SEEDS:
        task = sample(STYLES[level], random.Random(seed))
        assert parse_task(str(task)) == task


@pytest.mark.parametrize("level", LEVELS)
def test_sample_is_deterministic_per_seed(level: int) -> None:
    tasks = [sample(STYLES[level], random.Random(seed)) for seed in range(20)]
    again = [sample(STYLES[level], random.Random(seed)) for seed in range(20)]
    assert tasks == again
    assert len(set(tasks)) > 10


@pytest.mark.parametrize("level", LEVELS)
def test_sample_keeps_the_musts_when_nothing_is_refused(level: int) -> None:
    """Without ``keep``, every must gets its condition (a clash is redrawn ``TRIES`` times)."""
    style = STYLES[level]
    for seed in SEEDS:
        task = sample(style, random.Random(seed))
        for forms, scopes in style.musts:
            assert any(
                form(c) in forms and any(scope(g) in scopes for g in c.groups())
                for c in task.conditions
            ), (seed, str(task))


def test_sample_only_keeps_what_keep_accepts() -> None:
    asked: list[Condition] = []

    def no_blue(condition: Condition) -> bool:
        asked.append(condition)
        return all("B" not in g.name for g in condition.groups())

    for seed in SEEDS:
        asked.clear()
        task = sample(STYLES[6], random.Random(seed), no_blue)
        assert all(no_blue(c) for c in task.conditions)
        assert set(task.conditions) <= set(asked)


def test_sample_comes_out_short_when_keep_refuses_everything() -> None:
    calls: list[Condition] = []

    def refuse(condition: Condition) -> bool:
        calls.append(condition)
        return False

    task = sample(STYLES[2], random.Random(5), refuse)
    assert task == Task(())
    assert len(calls) >= TRIES * STYLES[2].conditions[0]
    assert not fits(task, STYLES[2])


# --- fits ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "text", "expected"),
    [
        (1, "PB>=4, PR>=3, TY>=2, PY>=1", True),  # the rulebook example: 10 shown
        (1, "PB>=3, PR>=3, TY>=2", True),  # 8 shown
        (1, "PB>=4, PR>=4, TY>=3", True),  # 11 shown
        (1, "PB>=1, PR>=1, TY>=1, PY>=1", False),  # 4 shown
        (1, "PB>=3, PR>=2, TY>=2", False),  # 7 shown
        (1, "PB>=4, PR>=4, TY>=4", False),  # 12 shown
        (1, "PB>=4, PR>=3, TY>=2, PY=1", False),  # "exactly" is not a level-1 form
        (1, "B>=4, PR>=3, TY>=2, PY>=1", False),  # a colour is not a level-1 group
        (1, "PB>=4, PR>=4", False),  # too few conditions
        (1, "PB>=2, PR>=2, TY>=2, PY>=2, TB>=2", False),  # too many
        (2, "PB=2, PR>=3, TY>=2", True),
        (2, "PY=0, TR>=2", True),  # "none" forces sides as "exactly" does
        (2, "PB>=2, PR>=3, TY>=2", False),  # no "exactly" or "none"
        (2, "PB=2, PR>=3, TY>=2, TB>=1, TR>=1", False),  # five conditions
        (2, "B=4, PR>=3", False),  # a colour is not a level-2 group
        (3, "PB=PR, TY>=2", True),
        (3, "PY=PB=TR, PR=1, TB>=2", True),
        (3, "PY=PB=TR", False),  # one condition: level-3 cards have two or three
        (3, "PB=2, PR>=3, TY>=2", False),  # no equality
        (3, "B=R, PY>=2", False),  # colours come at level 5
        (4, "PR>TR, PB>PY", True),  # the rulebook's "more" example
        (4, "PR<TR, PB=PY, TY=0", True),
        (4, "PB=PR, TY>=2", False),  # no comparison
        (4, "B>R, TY>=2", False),  # colours come at level 5
        (5, "PB>TR, TY=0, R>=3", True),
        (5, "B=5, PY>=1", True),
        (5, "PB>TR, TY=0", False),  # no colour or shape
        (5, "PB>TR, TY<=1, R>=3", False),  # "at most" is not printed
        (6, "B=R, PY=0, Y>P", True),  # the rulebook's colour and shape example
        (6, "B>Y, PY=TR", True),
        (6, "B=5, PY=TR", False),  # the colour is only counted
        (6, "PB>TR, PB=PR, TY=0", False),  # no colour or shape
    ],
)
def test_fits(level: int, text: str, expected: bool) -> None:
    assert fits(parse_task(text), STYLES[level]) is expected
