"""Task text: parse, format, round trip and errors (solver/manno/task.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import MonsterError, NotationError
from solver.manno.kinds import GROUPS, Group
from solver.manno.task import (
    MAX_NUMBER,
    MAX_TEXT,
    Condition,
    Op,
    Task,
    Term,
    parse_condition,
    parse_task,
)

SETTINGS = settings(derandomize=True, database=None, max_examples=400, deadline=None)

groups: st.SearchStrategy[Group] = st.sampled_from(list(GROUPS.values()))
numbers: st.SearchStrategy[int] = st.integers(0, MAX_NUMBER)


@st.composite
def conditions(draw: st.DrawFn) -> Condition:
    """Any canonical condition: two terms, or an '=' chain; a number only last."""
    op = draw(st.sampled_from(list(Op)))
    with_number = draw(st.booleans())
    if op is Op.EQ:
        n_groups = draw(st.integers(1 if with_number else 2, 4))
    else:
        n_groups = 1 if with_number else 2
    terms: list[Term] = list(draw(st.lists(groups, min_size=n_groups, max_size=n_groups)))
    if with_number:
        terms.append(draw(numbers))
    return Condition(tuple(terms), op)


tasks: st.SearchStrategy[Task] = st.lists(conditions(), min_size=1, max_size=6).map(
    lambda cs: Task(tuple(cs))
)

_SPACES = st.sampled_from(["", "", " ", "  ", "\t"])
_ALIASES = {Op.GE: [">=", "≥"], Op.LE: ["<=", "≤"], Op.EQ: ["="], Op.GT: [">"], Op.LT: ["<"]}


def _messy_word(draw: st.DrawFn, word: str) -> str:
    """Random case, random spaces between the letters."""
    out = []
    for char in word:
        out.append(draw(_SPACES))
        out.append(char.lower() if draw(st.booleans()) else char.upper())
    return "".join(out)


@st.composite
def messy_conditions(draw: st.DrawFn, condition: Condition) -> str:
    """The condition as a person might type it."""
    terms = [_messy_word(draw, str(t)) for t in condition.terms]
    op = condition.op
    has_number = isinstance(condition.terms[-1], int)
    if has_number and len(terms) == 2 and draw(st.booleans()):
        terms.reverse()  # '4<=PB' for 'PB>=4'
        op = op.mirrored
    elif has_number and len(terms) > 2:
        number = terms.pop()
        terms.insert(draw(st.integers(0, len(terms))), number)  # '3=PB=PR' for 'PB=PR=3'
    out = [draw(_SPACES), terms[0]]
    for term in terms[1:]:
        out += [draw(_SPACES), draw(st.sampled_from(_ALIASES[op])), draw(_SPACES), term]
    return "".join(out) + draw(_SPACES)


@st.composite
def messy_texts(draw: st.DrawFn, task: Task) -> str:
    """The whole task with random separators and spacing."""
    parts = [draw(messy_conditions(c)) for c in task.conditions]
    out = parts[0]
    for part in parts[1:]:
        out += draw(st.sampled_from([",", ";", "\n", " ,", "; ", ",\n"])) + part
    return draw(st.sampled_from(["", " ", "\n"])) + out + draw(st.sampled_from(["", "\n", " "]))


# --- round trips -----------------------------------------------------------------------------


@given(tasks)
@SETTINGS
def test_canonical_text_round_trips(task: Task) -> None:
    assert parse_task(str(task)) == task
    assert str(parse_task(str(task))) == str(task)


@given(tasks, st.data())
@SETTINGS
def test_messy_text_parses_to_the_canonical_task(task: Task, data: st.DataObject) -> None:
    text = data.draw(messy_texts(task))
    assert parse_task(text) == parse_task(str(task)) == task


@given(tasks)
@SETTINGS
def test_repr_rebuilds_task_and_conditions(task: Task) -> None:
    assert eval(repr(task), {"parse_task": parse_task}) == task
    for condition in task.conditions:
        assert eval(repr(condition), {"parse_condition": parse_condition}) == condition


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("pb >= 4; py=0\n b > r", "PB>=4, PY=0, B>R"),
        ("4 <= PB, 3 = PR = TY", "PB>=4, PR=TY=3"),
        ("4<=PB", "PB>=4"),
        ("4>=PB", "PB<=4"),
        ("4<PB", "PB>4"),
        ("4>PB", "PB<4"),
        ("0=py", "PY=0"),
        ("PB=3=PR", "PB=PR=3"),
        ("P B ≥ 4 ; t ≤ 6", "PB>=4, T<=6"),
        ("y>r\nPR<TR", "Y>R, PR<TR"),
        ("B=P", "B=P"),
        ("PB=PR=TY=Y", "PB=PR=TY=Y"),
        ("PB>=999", "PB>=999"),
        ("PB>=04", "PB>=4"),
    ],
)
def test_canonical_texts(text: str, canonical: str) -> None:
    assert str(parse_task(text)) == canonical


def test_parsed_values() -> None:
    task = parse_task("4<=PB, PR=TY=Y, B>R")
    assert task.conditions == (
        Condition((GROUPS["PB"], 4), Op.GE),
        Condition((GROUPS["PR"], GROUPS["TY"], GROUPS["Y"]), Op.EQ),
        Condition((GROUPS["B"], GROUPS["R"]), Op.GT),
    )
    assert task.groups() == tuple(GROUPS[n] for n in ("PB", "PR", "TY", "Y", "B", "R"))


def test_groups_are_listed_once() -> None:
    assert parse_task("PB>PR, PR>=2, B=PB").groups() == tuple(GROUPS[n] for n in ("PB", "PR", "B"))


@pytest.mark.parametrize(
    ("text", "counts", "holds"),
    [
        ("PB>=4", {"PB": 4}, True),
        ("PB>=4", {"PB": 3}, False),
        ("PB<=4", {"PB": 5}, False),
        ("PB=PR=TY", {"PB": 2, "PR": 2, "TY": 2}, True),
        ("PB=PR=TY", {"PB": 2, "PR": 2, "TY": 3}, False),
        ("PB=PR=3", {"PB": 3, "PR": 3}, True),
        ("PB=PR=3", {"PB": 3, "PR": 2}, False),
        ("Y>R", {"Y": 5, "R": 5}, False),
        ("Y<R", {"Y": 4, "R": 5}, True),
    ],
)
def test_condition_holds(text: str, counts: dict[str, int], holds: bool) -> None:
    condition = parse_condition(text)
    assert condition.holds({GROUPS[n]: v for n, v in counts.items()}) is holds


def test_op_mirror_and_test() -> None:
    for op in Op:
        assert op.mirrored.mirrored is op
        for a in range(3):
            for b in range(3):
                assert op.test(a, b) == op.mirrored.test(b, a)
    assert [op.value for op in Op] == [">=", "<=", "=", ">", "<"]


def test_parse_condition_wants_exactly_one() -> None:
    assert parse_condition(" b = p ") == Condition((GROUPS["B"], GROUPS["P"]), Op.EQ)
    with pytest.raises(NotationError, match="holds 2 conditions"):
        parse_condition("PB>=1, PR>=1")


# --- errors ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "column", "message"),
    [
        ("PB>=4, PX=2", 8, r"unknown group 'PX' \(groups are PB TB PR TR PY TY B R Y P T\)"),
        ("PB >= 4, PX = 2", 10, "unknown group 'PX'"),
        ("BP>=4", 1, r"unknown group 'BP' \(did you mean 'PB'\?\)"),
        ("PR=2, yt<3", 7, r"did you mean 'TY'\?"),
        ("PB>=", 5, "comparison '>=' has nothing on its right"),
        ("PB>=, PR=2", 5, "comparison '>=' has nothing on its right"),
        ("PR=2, PB=", 10, "comparison '=' has nothing on its right"),
        ("PB>=4>=3", 6, "only '=' can be chained"),
        ("PB=PR>TY", 6, "only '=' can be chained"),
        ("PB<4<PR", 5, "only '=' can be chained"),
        ("PB=3=4", 1, "more than one number"),
        ("PR=1, 3=PB=4", 7, "more than one number"),
        ("3=4", 1, "numbers only"),
        ("3<4=5", 4, "only '=' can be chained"),
        ("", 1, "has no conditions"),
        (" ,; \n", 1, "has no conditions"),
        ("PB>=4!", 6, "unexpected '!'"),
        ("PB>=4, PR=2#", 12, "unexpected '#'"),
        ("PB>=1000", 5, "number 1000 is larger than 999"),
        ("PR=1, PB>=123456789012345678901234567890", 11, "number 123456789012... is larger"),
        ("PB=>4", 4, "expected a group or a number, found '>'"),
        ("PB 4", 4, "expected a comparison"),
        ("PB>=4 PR", 7, "expected a comparison"),
        ("PB", 1, "compares nothing"),
        ("PB>=4, 7", 8, "compares nothing"),
    ],
)
def test_parse_errors(text: str, column: int, message: str) -> None:
    with pytest.raises(NotationError, match=message) as info:
        parse_task(text)
    assert info.value.column == column
    assert str(info.value).endswith(f"at column {column}")
    assert isinstance(info.value, MonsterError)
    assert isinstance(info.value, ValueError)


def test_error_quotes_the_input() -> None:
    with pytest.raises(NotationError, match="'PB>=4!'"):
        parse_task("PB>=4!")


@pytest.mark.parametrize(
    ("text", "column", "char"),
    [
        ("PB>=\u0664", 5, "\u0664"),  # Arabic-Indic four
        ("PB>=\uff14", 5, "\uff14"),  # fullwidth four
        ("PB>=4\u0664", 6, "\u0664"),
        ("PB>=1, \u0969=PR", 8, "\u0969"),  # Devanagari three
    ],
)
def test_only_ascii_digits_are_numbers(text: str, column: int, char: str) -> None:
    with pytest.raises(NotationError, match=f"{char!r} is not a digit: write numbers with 0-9"):
        parse_task(text)
    with pytest.raises(NotationError) as info:
        parse_task(text)
    assert info.value.column == column


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("PB>=0004", "PB>=4"), ("PB=" + "0" * 1900 + "7", "PB=7"), ("PY=000", "PY=0")],
)
def test_leading_zeros_are_read_as_written(text: str, canonical: str) -> None:
    task = parse_task(text)
    assert str(task) == canonical and parse_task(str(task)) == task


@pytest.mark.parametrize("text", ["PB>=0001000", "PB>=" + "9" * 1900])
def test_too_large_says_the_limit_in_one_short_line(text: str) -> None:
    with pytest.raises(NotationError, match=f"is larger than {MAX_NUMBER}") as info:
        parse_task(text)
    assert info.value.column == 5 and len(str(info.value)) < 100


TASKISH = st.text(alphabet="PTBRYpt0123456789<>=,; \n\t≥≤\u0664\uff14²!", max_size=40)


@given(st.one_of(st.text(max_size=40), TASKISH))
@SETTINGS
def test_any_text_parses_or_names_its_fault(text: str) -> None:
    try:
        parse_task(text)
    except NotationError as err:
        assert err.column is not None and 1 <= err.column <= len(text) + 1
        for leak in ("None", "index out of range", "invalid literal", "Exceeds the limit"):
            assert leak not in err.message


def test_task_text_is_bounded_before_it_is_read() -> None:
    assert str(parse_task("PB>=1" + " " * (MAX_TEXT - 5))) == "PB>=1"
    with pytest.raises(NotationError, match="longer than 2,000 characters") as info:
        parse_task("PB>=4, " * 1000)
    assert info.value.column == MAX_TEXT + 1 and len(str(info.value)) < 100
