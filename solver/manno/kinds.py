"""The vocabulary of Manno Monster: kinds, colours, shapes and groups.

Six kinds of monster, in the contract's order ``PB TB PR TR PY TY``: a shape
(P = plump, T = thin) and a colour (B = blue, R = red, Y = yellow). A task
counts a *group*: one kind, one colour (both shapes) or one shape (all colours).

>>> GROUPS["B"].kinds
(<Kind.PB: 0>, <Kind.TB: 1>)
>>> parse_group("ty").label
'thin yellow'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from solver.errors import NotationError


class Kind(enum.IntEnum):
    """One of the six monster kinds, numbered in the contract's order."""

    PB = 0
    TB = 1
    PR = 2
    TR = 3
    PY = 4
    TY = 5

    @property
    def shape(self) -> str:
        """``"P"`` or ``"T"``."""
        return self.name[0]

    @property
    def colour(self) -> str:
        """``"B"``, ``"R"`` or ``"Y"``."""
        return self.name[1]

    @property
    def label(self) -> str:
        """Words for people: ``"plump blue"``."""
        return f"{SHAPE_WORDS[self.shape]} {COLOUR_WORDS[self.colour]}"


KINDS: tuple[Kind, ...] = tuple(Kind)
SHAPE_WORDS = {"P": "plump", "T": "thin"}
COLOUR_WORDS = {"B": "blue", "R": "red", "Y": "yellow"}


@dataclass(frozen=True)
class Group:
    """A set of kinds a task can count: a kind, a colour or a shape.

    Attributes:
        name: the task-text name (``"PB"``, ``"B"``, ``"P"``).
        kinds: the kinds it counts, in kind order.
    """

    name: str
    kinds: tuple[Kind, ...]

    @property
    def label(self) -> str:
        """Words for people: ``"plump blue"``, ``"blue"``, ``"plump"``."""
        if len(self.kinds) == 1:
            return self.kinds[0].label
        return SHAPE_WORDS.get(self.name) or COLOUR_WORDS[self.name]

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"parse_group({self.name!r})"


def _build_groups() -> dict[str, Group]:
    groups = {k.name: Group(k.name, (k,)) for k in KINDS}
    for colour in COLOUR_WORDS:
        groups[colour] = Group(colour, tuple(k for k in KINDS if k.colour == colour))
    for shape in SHAPE_WORDS:
        groups[shape] = Group(shape, tuple(k for k in KINDS if k.shape == shape))
    return groups


GROUPS: dict[str, Group] = _build_groups()


def parse_group(text: str, column: int | None = None) -> Group:
    """Read a group name, case-free.

    Args:
        text: ``"PB"``, ``"tb"``, ``"Y"``, ``"p"``...
        column: where the name starts in a longer text, for the error.

    Returns:
        The group.

    Raises:
        NotationError: the name is not a group.

    >>> parse_group("BP")
    Traceback (most recent call last):
    ...
    solver.errors.NotationError: unknown group 'BP' (did you mean 'PB'?)
    """
    name = text.strip().upper()
    if name in GROUPS:
        return GROUPS[name]
    hint = ""
    if len(name) == 2 and name[::-1] in GROUPS:
        hint = f" (did you mean {name[::-1]!r}?)"
    elif not hint:
        hint = f" (groups are {' '.join(GROUPS)})"
    raise NotationError(f"unknown group {text!r}{hint}", column)
