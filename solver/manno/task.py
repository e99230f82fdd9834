"""Tasks: the conditions on a task card, as text and as values.

A condition compares groups with each other or with a number::

    PB>=4      at least 4 plump blue          PY=0      no plump yellow
    T<=6       at most 6 thin                 PB=PR=TY  equal counts (a chain)
    Y>R        more yellow than red           PR<TR     fewer plump red than thin red

Conditions are separated by ``,``, ``;`` or new lines; spaces are ignored and
case does not matter. Numbers are written with the digits ``0``-``9`` only, and
leading zeros are read as a player writes them (``PB>=04`` is ``PB>=4``).
``str(task)`` is the canonical text and ``parse_task(str(task)) == task``.

>>> task = parse_task("pb >= 4; py=0\\n b > r")
>>> str(task)
'PB>=4, PY=0, B>R'
>>> parse_task(str(task)) == task
True
>>> str(parse_task("4 <= PB, 3 = PR = TY"))
'PB>=4, PR=TY=3'
"""

from __future__ import annotations

import enum
import itertools
import operator
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from solver.errors import NotationError, quoted
from solver.manno.kinds import Group, parse_group

N = TypeVar("N", int, Any)
"""A count: an int, or a numpy array of counts."""

MAX_NUMBER = 999
"""The largest number a condition may name (more than any token set holds)."""
MAX_TEXT = 2000
"""The longest task text read, in characters (a card holds a few dozen)."""


class Op(enum.Enum):
    """A comparison, by its canonical symbol."""

    GE = ">="
    LE = "<="
    EQ = "="
    GT = ">"
    LT = "<"

    @property
    def mirrored(self) -> Op:
        """The same comparison with its sides swapped: ``4 <= PB`` is ``PB >= 4``."""
        return _MIRROR[self]

    @property
    def test(self) -> Callable[[int, int], bool]:
        """The Python comparison it stands for."""
        return _TESTS[self]

    def gap(self, left: N, right: N) -> N:
        """How many monsters ``left op right`` is short of holding (<= 0 when it holds).

        Plain arithmetic, so it works on ints and elementwise on numpy arrays.

        >>> Op.GT.gap(3, 5), Op.EQ.gap(4, 2), Op.GE.gap(6, 4)
        (3, 2, -2)
        """
        if self is Op.GE:
            return right - left
        if self is Op.LE:
            return left - right
        if self is Op.EQ:
            return abs(left - right)
        if self is Op.GT:
            return right - left + 1
        return left - right + 1


_MIRROR = {Op.GE: Op.LE, Op.LE: Op.GE, Op.EQ: Op.EQ, Op.GT: Op.LT, Op.LT: Op.GT}
_TESTS: dict[Op, Callable[[int, int], bool]] = {
    Op.GE: operator.ge,
    Op.LE: operator.le,
    Op.EQ: operator.eq,
    Op.GT: operator.gt,
    Op.LT: operator.lt,
}
_OP_ALIASES = {">=": Op.GE, "≥": Op.GE, "<=": Op.LE, "≤": Op.LE, "=": Op.EQ, ">": Op.GT, "<": Op.LT}

Term = Group | int
"""One side of a comparison: a group's count or a fixed number."""


@dataclass(frozen=True)
class Condition:
    """One condition of a task: ``terms[0] op terms[1] op terms[2] ...``.

    Only ``=`` chains past two terms. A number is always last: the parser turns
    ``4<=PB`` into ``PB>=4`` and ``3=PB=PR`` into ``PB=PR=3``.
    """

    terms: tuple[Term, ...]
    op: Op

    def pairs(self) -> Iterator[tuple[Term, Term]]:
        """Each comparison the condition makes: neighbours in the chain."""
        return itertools.pairwise(self.terms)

    def groups(self) -> tuple[Group, ...]:
        """The groups it counts, in order."""
        return tuple(t for t in self.terms if isinstance(t, Group))

    def holds(self, counts: Mapping[Group, int]) -> bool:
        """Whether the condition holds given each of its groups' counts."""

        def value(term: Term) -> int:
            return term if isinstance(term, int) else counts[term]

        return all(self.op.test(value(a), value(b)) for a, b in self.pairs())

    def __str__(self) -> str:
        return self.op.value.join(str(t) for t in self.terms)

    def __repr__(self) -> str:
        return f"parse_condition({str(self)!r})"


@dataclass(frozen=True)
class Task:
    """All the conditions of one task card; every one must hold at once."""

    conditions: tuple[Condition, ...]

    def groups(self) -> tuple[Group, ...]:
        """Every group the task counts, each once, in order of appearance."""
        return tuple(dict.fromkeys(g for c in self.conditions for g in c.groups()))

    def __str__(self) -> str:
        return ", ".join(str(c) for c in self.conditions)

    def __repr__(self) -> str:
        return f"parse_task({str(self)!r})"


_LEXEME = re.compile(
    r"(?P<group>[A-Za-z]+)|(?P<number>[0-9]+)|(?P<op>>=|<=|[=<>≥≤])|(?P<sep>[,;\n])"
)


@dataclass(frozen=True)
class _Lexeme:
    kind: str
    text: str
    column: int


def _lex(text: str) -> Iterator[_Lexeme]:
    """Split text into lexemes, ignoring spaces (``P B`` reads as ``PB``)."""
    kept = [(c, col) for col, c in enumerate(text, start=1) if c == "\n" or not c.isspace()]
    squeezed = "".join(c for c, _ in kept)
    position = 0
    while position < len(squeezed):
        match = _LEXEME.match(squeezed, position)
        if match is None or match.lastgroup is None:
            char, column = kept[position]
            if char.isdigit():
                raise NotationError(f"{char!r} is not a digit: write numbers with 0-9", column)
            raise NotationError(f"unexpected {char!r} in task {quoted(text)}", column)
        yield _Lexeme(match.lastgroup, match.group(), kept[position][1])
        position = match.end()


def _number(lexeme: _Lexeme) -> int:
    """The value of a number lexeme (ASCII digits); leading zeros do not count."""
    digits = lexeme.text.lstrip("0") or "0"
    if len(digits) > len(str(MAX_NUMBER)) or int(digits) > MAX_NUMBER:
        shown = lexeme.text if len(lexeme.text) <= 12 else lexeme.text[:12] + "..."
        raise NotationError(f"number {shown} is larger than {MAX_NUMBER}", lexeme.column)
    return int(digits)


def parse_task(text: str) -> Task:
    """Read task text (see the module docstring for the grammar).

    Raises:
        NotationError: with the column of the first fault (or past ``MAX_TEXT``
            characters, the text is not read).

    >>> parse_task("PB>=4, PX=2")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    solver.errors.NotationError: unknown group 'PX' (groups are ...) at column 8
    """
    if len(text) > MAX_TEXT:
        raise NotationError(f"task text is longer than {MAX_TEXT:,} characters", MAX_TEXT + 1)
    conditions: list[Condition] = []
    current: list[_Lexeme] = []
    for lexeme in [*_lex(text), _Lexeme("sep", "", len(text) + 1)]:
        if lexeme.kind != "sep":
            current.append(lexeme)
        elif current:
            conditions.append(_parse_condition(current))
            current = []
    if not conditions:
        raise NotationError(f"task {quoted(text)} has no conditions", 1)
    return Task(tuple(conditions))


def parse_condition(text: str) -> Condition:
    """Read one condition.

    >>> parse_condition("b = p")
    parse_condition('B=P')
    """
    task = parse_task(text)
    if len(task.conditions) != 1:
        raise NotationError(f"{quoted(text)} holds {len(task.conditions)} conditions, not one", 1)
    return task.conditions[0]


def _parse_condition(lexemes: list[_Lexeme]) -> Condition:
    terms: list[Term] = []
    ops: list[tuple[Op, int]] = []
    for i, lexeme in enumerate(lexemes):
        expect_term = i % 2 == 0
        if expect_term and lexeme.kind == "group":
            terms.append(parse_group(lexeme.text, lexeme.column))
        elif expect_term and lexeme.kind == "number":
            terms.append(_number(lexeme))
        elif not expect_term and lexeme.kind == "op":
            ops.append((_OP_ALIASES[lexeme.text], lexeme.column))
        else:
            want = "a group or a number" if expect_term else "a comparison (>= <= = > <)"
            raise NotationError(f"expected {want}, found {lexeme.text!r}", lexeme.column)
    start = lexemes[0].column
    if not ops:
        raise NotationError(f"condition {lexemes[0].text!r} compares nothing", start)
    if len(terms) == len(ops):
        end = lexemes[-1]
        raise NotationError(
            f"comparison {end.text!r} has nothing on its right", end.column + len(end.text)
        )
    op = ops[0][0]
    for other, column in ops[1:]:
        if other is not Op.EQ or op is not Op.EQ:
            raise NotationError("only '=' can be chained", column)
    numbers = [t for t in terms if isinstance(t, int)]
    if len(numbers) == len(terms):
        raise NotationError("condition compares numbers only, name a group", start)
    if len(numbers) > 1:
        raise NotationError("condition names more than one number", start)
    if numbers and not isinstance(terms[-1], int):
        if len(terms) == 2:
            terms.reverse()
            op = op.mirrored
        else:
            terms = [t for t in terms if not isinstance(t, int)] + numbers
    return Condition(tuple(terms), op)
