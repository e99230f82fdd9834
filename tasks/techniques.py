"""The reasoning steps a person uses on a Manno Monster card, and which one each condition needs.

The rulebook introduces the card types in an order, and that order is the
ladder of steps (``Technique.rank``): monsters only ("at least these"), exact
numbers (and "none"), "as many ... as ...", more/fewer, then colour blots and
shape symbols instead of kinds, and hardest of all, groups that share kinds
(blue against plump share plump blue) tied to each other. Two more steps are
not read off the card but met while solving (``tasks.reasoning``): conditions
that fight each other, and a guess that has to be taken back.

>>> from solver.manno.task import parse_condition, parse_task
>>> task = parse_task("PB>=4, TR=0, B>R, PY=TY")
>>> [technique(c, task).value for c in task.conditions]
['count', 'force', 'blot', 'balance']
>>> technique(parse_condition("Y>P"), parse_task("Y>P")).value
'shared'

"""

from __future__ import annotations

import enum

from solver.manno.kinds import Group
from solver.manno.task import Condition, Task
from tasks.styles import Form, Scope, form, scope


class Technique(enum.Enum):
    """A named reasoning step, from the easiest to the hardest."""

    COUNT = "count"
    FORCE = "force"
    BALANCE = "balance"
    COMPARE = "compare"
    BLOT = "blot"
    SHARED = "shared"
    FIGHT = "fight"
    GUESS = "guess"

    @property
    def rank(self) -> int:
        """The rung of the rulebook's ladder the step stands on (0: not a form of the card)."""
        return _RANK[self]

    @property
    def weight(self) -> int:
        """What the step adds to a card's effort: the square of its rung, so each rung
        outweighs several steps of the one below; a fight 3, a guess 5."""
        return _WEIGHT.get(self, self.rank**2)

    @property
    def order(self) -> int:
        """Which a person takes first: the steps that fix sides, then counts, then relations."""
        return _ORDER[self]

    @property
    def label(self) -> str:
        """What the step is, in words."""
        return _LABEL[self]


_RANK = {
    Technique.COUNT: 1,
    Technique.FORCE: 2,
    Technique.BALANCE: 3,
    Technique.COMPARE: 4,
    Technique.BLOT: 5,
    Technique.SHARED: 6,
    Technique.FIGHT: 0,
    Technique.GUESS: 0,
}
_WEIGHT = {Technique.FIGHT: 3, Technique.GUESS: 5}
_ORDER = {
    Technique.FORCE: 0,
    Technique.COUNT: 1,
    Technique.BALANCE: 2,
    Technique.COMPARE: 3,
    Technique.BLOT: 4,
    Technique.SHARED: 5,
    Technique.FIGHT: 6,
    Technique.GUESS: 7,
}
_LABEL = {
    Technique.COUNT: "reading a single kind count",
    Technique.FORCE: "exactly or none forcing tokens' sides",
    Technique.BALANCE: "balancing an equality of kinds",
    Technique.COMPARE: "comparing two kinds",
    Technique.BLOT: "counting a whole colour or shape",
    Technique.SHARED: "relating groups that share kinds",
    Technique.FIGHT: "conditions that fight each other",
    Technique.GUESS: "a guess taken back",
}
RELATIONS = frozenset({Form.EQUAL, Form.MORE, Form.FEWER})
"""Forms that relate groups to each other rather than to a number."""


def technique(condition: Condition, task: Task) -> Technique:
    """The step a condition of ``task`` needs (see the module docstring)."""
    if partner(condition, task) is not None:
        return Technique.SHARED
    shape = form(condition)
    if any(scope(g) is not Scope.KIND for g in condition.groups()):
        return Technique.BLOT
    if shape is Form.EQUAL:
        return Technique.BALANCE
    if shape in RELATIONS:
        return Technique.COMPARE
    if shape is Form.AT_LEAST:
        return Technique.COUNT
    return Technique.FORCE


def partner(condition: Condition, task: Task) -> Condition | None:
    """What a relation shares kinds with: itself, another relation of the card, or ``None``.

    A relation (equal, more, fewer) is tangled when two of its own groups
    share a kind (``Y>P``: plump yellow is both), or when one of its colour or
    shape groups shares a kind with a group another relation ties (``B>Y``
    with ``PY=TR``): moving that kind moves both. Plain counts are left out:
    they only fix a number.

    >>> from solver.manno.task import parse_task
    >>> task = parse_task("B>Y, PY=TR, PB>=2")
    >>> str(partner(task.conditions[0], task)), partner(task.conditions[2], task)
    ('PY=TR', None)
    """
    if form(condition) not in RELATIONS:
        return None
    groups = condition.groups()
    if any(_share(a, b) for i, a in enumerate(groups) for b in groups[i + 1 :]):
        return condition
    blots = [g for g in groups if scope(g) is not Scope.KIND]
    for other in task.conditions:
        if other is condition or other == condition or form(other) not in RELATIONS:
            continue
        mine = blots if blots else list(groups)
        theirs = [g for g in other.groups() if blots or scope(g) is not Scope.KIND]
        if any(_share(a, b) for a in mine for b in theirs):
            return other
    return None


def _share(a: Group, b: Group) -> bool:
    return bool(set(a.kinds) & set(b.kinds))
