"""The hint ladder (solver/manno/hint.py)."""

from __future__ import annotations

import random

import pytest

from solver.errors import MonsterError, NotationError
from solver.manno.engines import ENGINE_NAMES, get_engine
from solver.manno.hint import hint
from solver.manno.sample import random_task
from solver.manno.table import TableEngine
from solver.manno.task import Task, parse_task
from solver.manno.tokens import Arrangement, TokenSet
from solver.manno.validate import validate

ZEROS = Arrangement.zeros(15)


def _pairs(seed: int, count: int, table: TableEngine) -> list[tuple[Task, Arrangement]]:
    """Seeded random (task, arrangement) pairs whose task is solvable and not yet solved."""
    rng = random.Random(seed)
    pairs: list[tuple[Task, Arrangement]] = []
    while len(pairs) < count:
        task = random_task(rng)
        here = Arrangement.from_index(rng.randrange(2**15), 15)
        mask = table.mask(task)
        if mask.any() and not mask[here.index]:
            pairs.append((task, here))
    return pairs


# --- level 1 ----------------------------------------------------------------------------------


def test_level_one_docstring_example() -> None:
    task = parse_task("PB>=4, PY=0, B>R")
    step = hint(task, ZEROS, level=1)
    assert step.text == "Fix PY=0 first: you need no plump yellow, you have 1 plump yellow."
    assert (step.solved, step.flips_left, step.condition) == (False, 1, "PY=0")


def test_level_one_picks_the_largest_shortfall() -> None:
    # From all-zero: PY=0 is 1 short, TY>=4 is 4 short, B<R is 5 short.
    task = parse_task("PY=0, TY>=4, B<R")
    step = hint(task, ZEROS, level=1)
    assert step.condition == "B<R"
    assert step.text == "Fix B<R first: you need fewer blue than red, you have 9 blue and 5 red."


def test_level_one_takes_the_first_among_equals() -> None:
    # TY>=1 and PY=0 are each 1 short; TY>=1 comes first on the card.
    task = parse_task("PB>=1, TY>=1, PY=0")
    assert hint(task, ZEROS, level=1).condition == "TY>=1"


@pytest.mark.parametrize("seed", range(4))
def test_level_one_property(seed: int, table: TableEngine) -> None:
    for task, here in _pairs(100 + seed, 25, table):
        step = hint(task, here, level=1)
        report = validate(task, here)
        unmet = [c for c in report.conditions if not c.ok]
        worst = max(c.shortfall for c in unmet)
        expected = next(c for c in unmet if c.shortfall == worst)
        assert step.condition == str(expected.condition)
        assert step.text.startswith(f"Fix {expected.condition} first: you need {expected.required}")
        assert step.flips_left == int(table.distance_field(task)[here.index])


# --- level 2 ----------------------------------------------------------------------------------


def test_level_two_lists_the_fastest_flips() -> None:
    task = parse_task("PB>=4, PY=0, B>R")
    step = hint(task, ZEROS, level=2)
    assert step.tokens == (15,)
    assert step.text == "Turn token 15 (1 flip)."
    step = hint(parse_task("TY=3"), ZEROS, level=2)
    assert step.text == "Turn tokens 12, 14, 15 (3 flips)."


@pytest.mark.parametrize("seed", range(4))
def test_level_two_property(seed: int, table: TableEngine) -> None:
    for task, here in _pairs(200 + seed, 25, table):
        step = hint(task, here, level=2)
        fastest = get_engine("cpsat").solve(task, here)
        assert step.tokens == fastest.flip
        assert len(step.tokens) == step.flips_left == int(table.distance_field(task)[here.index])
        assert validate(task, here.flipped(step.tokens)).ok


# --- level 3 ----------------------------------------------------------------------------------


def test_level_three_docstring_example() -> None:
    task = parse_task("PB>=4, PY=0, B>R")
    step = hint(task, ZEROS, level=3)
    assert step.text == "Turn token 15 from plump yellow to thin yellow."
    assert step.flip is not None
    assert (step.flip.token, step.flip.before, step.flip.after) == (15, "PY", "TY")
    assert hint(task, ZEROS.flipped([15])).solved


@pytest.mark.parametrize("seed", range(8))
def test_following_level_three_reaches_solved(
    seed: int, table: TableEngine, tokens: TokenSet
) -> None:
    for task, here in _pairs(300 + seed, 25, table):
        first = hint(task, here, level=3)
        assert first.flips_left is not None and first.flips_left > 0
        left = first.flips_left
        for _ in range(first.flips_left):
            step = hint(task, here, level=3)
            assert step.flips_left == left
            assert step.flip is not None
            token = tokens[step.flip.token - 1]
            assert step.flip.before == token.up(here.sides[step.flip.token - 1]).name
            assert step.flip.after == token.up(1 - here.sides[step.flip.token - 1]).name
            here = here.flipped([step.flip.token])
            after = hint(task, here, level=3)
            assert after.flips_left == left - 1
            left -= 1
        done = hint(task, here, level=3)
        assert (done.solved, done.flips_left) == (True, 0)
        assert validate(task, here).ok


def test_level_three_with_each_engine(table: TableEngine) -> None:
    for task, here in _pairs(400, 10, table):
        answers = {name: hint(task, here, 3, get_engine(name)).to_json() for name in ENGINE_NAMES}
        assert answers["cpsat"] == answers["table"] == answers["csp"]


# --- solved, unsolvable, bad input ------------------------------------------------------------


@pytest.mark.parametrize("level", [1, 2, 3])
def test_solved_arrangement(level: int) -> None:
    step = hint(parse_task("PB>=4, B>R"), ZEROS, level)
    assert (step.solved, step.flips_left, step.level) == (True, 0, level)
    assert step.to_json() == {
        "solved": True,
        "flips_left": 0,
        "level": level,
        "text": "Solved: every condition holds.",
    }


@pytest.mark.parametrize("level", [1, 2, 3])
def test_unsolvable_task(level: int) -> None:
    step = hint(parse_task("PR>=1, PB=5, TB=5"), ZEROS, level)
    assert (step.solved, step.flips_left, step.conflict) == (False, None, ("PB=5", "TB=5"))
    assert step.to_json() == {
        "solved": False,
        "flips_left": None,
        "level": level,
        "text": "This task cannot be solved: PB=5 and TB=5 cannot hold together.",
        "conflict": ["PB=5", "TB=5"],
    }


@pytest.mark.parametrize("level", [0, 4, -1])
def test_bad_level(level: int) -> None:
    with pytest.raises(MonsterError, match=f"hint level must be 1, 2 or 3, not {level}"):
        hint(parse_task("PB>=1"), ZEROS, level)


def test_bad_arrangement() -> None:
    with pytest.raises(NotationError):
        hint(parse_task("PB>=1"), Arrangement.zeros(16), 1)


def test_to_json_keys_per_level() -> None:
    task = parse_task("TY=3")
    one, two, three = (hint(task, ZEROS, level).to_json() for level in (1, 2, 3))
    base = {"solved", "flips_left", "level", "text"}
    assert set(one) == base | {"condition"}
    assert set(two) == base | {"tokens"}
    assert set(three) == base | {"tokens", "flip", "before", "after"}
    assert isinstance(three["flip"], int)
    assert three["flip"] == 12
    assert (three["before"], three["after"]) == ("PR", "TY")
    assert two["tokens"] == [12, 14, 15]
    assert one["condition"] == "TY=3"
    assert [d["flips_left"] for d in (one, two, three)] == [3, 3, 3]
    assert all(d["solved"] is False for d in (one, two, three))
