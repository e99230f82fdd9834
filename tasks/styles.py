"""What tasks of each level look like, as the printed game builds them.

The rulebook introduces its card types in order, and each level's cards are
made of the types introduced so far: level 1 only shows monsters ("at least
these"); level 2 adds exact numbers (and "none"); level 3 "as many ... as
..."; level 4 more/fewer; level 5 colour blots and shape symbols instead of
kinds; level 6 compares or equates groups that share kinds (yellow against
plump) or ties a colour or shape to a kind another comparison ties. Cards are
short: two to four conditions, as most of the rulebook's example cards are, and a
level-6 card may be short and loose. A ``Style`` says which condition forms
and groups a level may use, which it must use, and how many conditions a card
holds; ``sample`` draws a task in a style and ``fits`` checks one.

>>> import random
>>> task = sample(STYLES[1], random.Random(3))
>>> fits(task, STYLES[1]), {form(c) for c in task.conditions}
(True, {<Form.AT_LEAST: 'at least'>})
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable
from dataclasses import dataclass

from solver.manno.kinds import GROUPS, Group
from solver.manno.task import Condition, Op, Task


class Form(enum.Enum):
    """The kind of ask a condition makes, as a card shows it."""

    AT_LEAST = "at least"
    EXACTLY = "exactly"
    NONE = "none"
    AT_MOST = "at most"
    EQUAL = "equal"
    MORE = "more"
    FEWER = "fewer"


class Scope(enum.Enum):
    """What a group counts: one kind, one colour or one shape."""

    KIND = "kind"
    COLOUR = "colour"
    SHAPE = "shape"


def form(condition: Condition) -> Form:
    """The form of a condition.

    >>> from solver.manno.task import parse_condition
    >>> form(parse_condition("PY=0")), form(parse_condition("B=P")), form(parse_condition("Y<R"))
    (<Form.NONE: 'none'>, <Form.EQUAL: 'equal'>, <Form.FEWER: 'fewer'>)
    """
    last = condition.terms[-1]
    if isinstance(last, int):
        if condition.op is Op.EQ:
            return Form.NONE if last == 0 else Form.EXACTLY
        by_op = {Op.GE: Form.AT_LEAST, Op.LE: Form.AT_MOST, Op.GT: Form.AT_LEAST}
        return by_op.get(condition.op, Form.AT_MOST)
    by_op = {Op.EQ: Form.EQUAL, Op.GT: Form.MORE, Op.GE: Form.MORE, Op.LT: Form.FEWER}
    return by_op.get(condition.op, Form.FEWER)


def scope(group: Group) -> Scope:
    """Whether a group is a kind, a colour or a shape."""
    if len(group.kinds) == 1:
        return Scope.KIND
    return Scope.SHAPE if group.name in ("P", "T") else Scope.COLOUR


@dataclass(frozen=True)
class Style:
    """The make-up of one level's cards.

    Attributes:
        level: 1 (easiest) to 6.
        conditions: fewest and most conditions on a card.
        forms: the forms a card may use.
        scopes: the groups it may count.
        musts: for each entry, at least one condition must have one of these forms
            over a group of one of these scopes.
        ceiling: largest number an "at least" / "exactly" on one kind asks.
        shown: for cards that only show monsters, how many they show in all
            (the rulebook's example shows 10), or ``None``.
        overlap: whether a colour or shape may be set against a group of the
            other scope it shares a kind with (yellow against plump).
    """

    level: int
    conditions: tuple[int, int]
    forms: frozenset[Form]
    scopes: frozenset[Scope]
    musts: tuple[tuple[frozenset[Form], frozenset[Scope]], ...]
    ceiling: int
    shown: tuple[int, int] | None = None
    overlap: bool = False


_ALL_SCOPES = frozenset(Scope)
_KIND = frozenset({Scope.KIND})
_BLOTS = frozenset({Scope.COLOUR, Scope.SHAPE})
_COMPARE = frozenset({Form.MORE, Form.FEWER})
_RELATE = frozenset({Form.EQUAL, Form.MORE, Form.FEWER})
_COUNTS = frozenset({Form.AT_LEAST, Form.EXACTLY, Form.NONE})
_PRINTED = _COUNTS | _RELATE
"""The forms the rulebook shows ("at most" is not one of them)."""

STYLES: dict[int, Style] = {
    1: Style(1, (3, 4), frozenset({Form.AT_LEAST}), _KIND, (), 4, shown=(8, 11)),
    2: Style(2, (2, 4), _COUNTS, _KIND, ((frozenset({Form.EXACTLY, Form.NONE}), _KIND),), 4),
    3: Style(3, (2, 3), _COUNTS | {Form.EQUAL}, _KIND, ((frozenset({Form.EQUAL}), _KIND),), 4),
    4: Style(4, (2, 3), _PRINTED, _KIND, ((_COMPARE, _KIND),), 4),
    5: Style(5, (2, 4), _PRINTED, _ALL_SCOPES, ((_PRINTED - {Form.NONE}, _BLOTS),), 4),
    6: Style(6, (2, 4), _PRINTED, _ALL_SCOPES, ((_RELATE, _BLOTS),), 4, overlap=True),
}
"""Level 1: monsters only, 8-11 shown as on the rulebook's example; 2: an exact
number or "none"; 3: an equality of kinds; 4: a comparison of kinds; 5: a colour
or shape; 6: a comparison or equality over a colour or shape, which may share
kinds with the group it is set against."""
LEVELS = tuple(STYLES)


def fits(task: Task, style: Style) -> bool:
    """Whether a task is made the way the style's cards are."""
    low, high = style.conditions
    if not low <= len(task.conditions) <= high:
        return False
    if style.shown is not None:
        shown = sum(t for c in task.conditions for t in c.terms if isinstance(t, int))
        if not style.shown[0] <= shown <= style.shown[1]:
            return False
    for condition in task.conditions:
        if form(condition) not in style.forms:
            return False
        if any(scope(g) not in style.scopes for g in condition.groups()):
            return False
    return all(
        any(
            form(c) in forms and any(scope(g) in scopes for g in c.groups())
            for c in task.conditions
        )
        for forms, scopes in style.musts
    )


Keep = Callable[[Condition], bool]
"""Asked once per drawn condition: may it join the card? ``True`` adds it."""

TRIES = 20
"""Draws per condition the card still needs before giving up on it."""


def sample(style: Style, rng: random.Random, keep: Keep | None = None) -> Task:
    """A task drawn in the style: a condition for each must, then random allowed ones.

    A group is the subject of at most one count ("at least", "exactly",
    "none", "at most") and of at most one comparison, so a card never asks the
    same thing twice or asks two different numbers of one group. ``keep`` may
    refuse a drawn condition (say, one that leaves nothing solvable); the card
    then draws again, up to ``TRIES`` times per condition, and may come out
    short, so check the result with ``fits``.
    """
    count = rng.randint(*style.conditions)
    forms = sorted(style.forms, key=_order)
    scopes = sorted(style.scopes, key=_order)
    wants = [(sorted(f, key=_order), sorted(s, key=_order)) for f, s in style.musts]
    wants += [(forms, scopes)] * (count - len(wants))
    conditions: list[Condition] = []
    used: set[tuple[bool, str]] = set()
    for want_forms, want_scopes in wants:
        for _ in range(TRIES):
            condition = _condition(rng.choice(want_forms), rng.choice(want_scopes), style, rng)
            key = (isinstance(condition.terms[-1], int), condition.groups()[0].name)
            fresh = key not in used and condition not in conditions
            if fresh and (keep is None or keep(condition)):
                used.add(key)
                conditions.append(condition)
                break
    rng.shuffle(conditions)
    return Task(tuple(conditions))


_BY_SCOPE: dict[Scope, tuple[Group, ...]] = {
    s: tuple(g for g in GROUPS.values() if scope(g) is s) for s in Scope
}
_APART: dict[Group, tuple[Group, ...]] = {
    group: tuple(g for g in GROUPS.values() if not set(g.kinds) & set(group.kinds))
    for group in GROUPS.values()
}
"""Groups that share no kind with a group: what it can sensibly be compared with."""
_OVERLAP: dict[Group, tuple[Group, ...]] = {
    group: _APART[group]
    + tuple(
        g
        for g in GROUPS.values()
        if scope(g) not in (Scope.KIND, scope(group)) and set(g.kinds) & set(group.kinds)
    )
    for group in GROUPS.values()
}
"""For a colour or shape, also the groups of the other scope it shares a kind with
(yellow and plump share plump yellow): what a level-6 card may set it against."""
_REACH = {Scope.KIND: 5, Scope.COLOUR: 10, Scope.SHAPE: 15}
"""How many of a group the 15 tokens can show at most."""


def _order(item: Form | Scope) -> str:
    return str(item.value)


def _condition(want: Form, where: Scope, style: Style, rng: random.Random) -> Condition:
    group = rng.choice(_BY_SCOPE[where])
    reach = _REACH[where]
    if want is Form.AT_LEAST:
        high = style.ceiling if where is Scope.KIND else reach - 2
        return Condition((group, rng.randint(1 if where is Scope.KIND else 3, high)), Op.GE)
    if want is Form.EXACTLY:
        if where is Scope.KIND:
            return Condition((group, rng.randint(1, style.ceiling)), Op.EQ)
        return Condition((group, rng.randint(reach // 5 + 1, reach - reach // 5 - 1)), Op.EQ)
    if want is Form.NONE:
        return Condition((rng.choice(_BY_SCOPE[Scope.KIND]), 0), Op.EQ)
    if want is Form.AT_MOST:
        return Condition((group, rng.randint(1, reach // 2)), Op.LE)
    others = _OVERLAP[group] if style.overlap and where is not Scope.KIND else _APART[group]
    others = tuple(g for g in others if scope(g) in style.scopes)
    if want is Form.EQUAL:
        size = 3 if rng.random() < 0.3 else 2
        if where is Scope.KIND:
            others = tuple(g for g in others if scope(g) is Scope.KIND)
        return Condition((group, *rng.sample(others, size - 1)), Op.EQ)
    other = rng.choice(others)
    return Condition((group, other), Op.GT if want is Form.MORE else Op.LT)
