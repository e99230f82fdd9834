"""The worlds that matter: the opponent's hidden tiles, grouped by what can change the end.

A world (:mod:`infer`) fixes every opposing face-down tile, on the board and in
the discard pile, and with them the opponent's stack. Much of that cannot change
how the game ends. A face-down discard never plays again: it matters only by the
tile it keeps out of the stack. A hidden tile matters only through the seat's own
tiles that can still meet it in a battle: whether it is the Trap, and for each of
those tiles whether it is weaker, as strong (the Lollipop decides) or stronger.
So a tile's *class* is the Trap, or where its strength falls among the strengths
it can still meet (:func:`tile_class`).

A *relevant world* is that much of a world: the class of every opposing hidden
tile on the board and the classes in the opponent's stack. Its weight is the
number of worlds that share it; the weights add up to :func:`infer.count_worlds`.
:func:`relevant_worlds` finds them with a dynamic programme over the slots:
values of one class that every slot's bounds treat alike are interchangeable, so
the programme only follows how many of each such group are used.

>>> from solver.monstrolicious.state import new_state
>>> s = new_state(2, 3)
>>> s = s.apply(s.legal_moves()[5])
>>> v = View.of(s, s.current)
>>> found = relevant_worlds(v, {5: (7,)}, (), 100)
>>> [(w.world.tiles, w.weight) for w in found]
[((0,), 1), ((1,), 6), ((7,), 1), ((8,), 5)]
>>> tile_class(0, (7,)), tile_class(3, (7,)), tile_class(7, (7,)), tile_class(9, (7,))
(-1, 0, 1, 2)
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple, TypeAlias

from solver.monstrolicious.cards import TRAP, Value
from solver.monstrolicious.infer import Slot, World, slots
from solver.monstrolicious.state import View

#: At most this many partial assignments are followed before the programme gives up.
MAX_STATES = 4_000

Strengths = tuple[Value, ...]
"""The seat's monster strengths a hidden tile can still meet, in order."""
Group: TypeAlias = list[Value]
"""Values that the tiles still to come and the discards cannot tell apart."""
Partial: TypeAlias = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""A partial assignment as the programme keeps it: how many of each group are used,
the board classes so far and the stack's classes (sorted). A plain tuple: the
programme makes millions of them."""
Ways: TypeAlias = tuple[int, tuple[Value, ...]]
"""The ways to reach a partial assignment: their number, and the values one of them
gives the board (the stack's in order after them)."""


class Classes(NamedTuple):
    """What a relevant world fixes: the class of every board tile and the stack's."""

    board: tuple[int, ...]
    stack: tuple[int, ...]


@dataclass
class Effort:
    """How many more steps (one partial assignment extended by one tile) the
    programme may take, shared by the calls that draw on it; None: no cap."""

    left: int | None = None

    def spend(self, steps: int) -> bool:
        """Take ``steps``; False once the allowance is used up."""
        if self.left is None:
            return True
        self.left -= steps
        return self.left >= 0


@dataclass(frozen=True)
class Relevant:
    """One relevant world: a world standing for all that share its classes, and how many."""

    world: World
    weight: int


def tile_class(value: Value, meets: Strengths) -> int:
    """-1 for the Trap; else twice the number of ``meets`` weaker than ``value``,
    plus one when one of them is exactly as strong."""
    if value == TRAP:
        return -1
    below = bisect.bisect_left(meets, value)
    return 2 * below + (below < len(meets) and meets[below] == value)


def relevant_worlds(
    view: View,
    board: Mapping[int, Strengths],
    stack: Strengths,
    limit: int,
    effort: Effort | None = None,
) -> list[Relevant] | None:
    """Every relevant world of the view, each once with its weight; None past ``limit``
    relevant worlds, ``MAX_STATES`` partial assignments or the ``effort`` allowed.

    The programme walks the board slots and then the stack, one tile at a time;
    the face-down discards take the values left. Their bounds form a chain (a
    discarded tile is unbounded, or a monster at most some strength), so the ways
    to fill them are a product: the discards sorted by how many values they
    allow, each has the values its bounds allow less the ones before it.

    Args:
        view: the seat's view.
        board: for every space where the opponent has a face-down tile, the
            seat's strengths that tile can still meet (sorted).
        stack: the seat's strengths a tile of the opponent's stack can still meet.
        limit: the most relevant worlds wanted.
        effort: the steps the programme may take (no cap when None).
    """
    effort = effort or Effort()
    walk = _Walk.of(view, board, stack)
    if walk is None:
        return None
    members = walk.groups(0)
    states: dict[Partial, Ways] = {((0,) * len(members), (), ()): (1, ())}
    for level in range(len(walk.steps)):
        if not effort.spend(len(states) * len(members)):
            return None
        coarser = walk.groups(level + 1)
        states = walk.extend(level, members, coarser, states)
        if (
            len(states) > MAX_STATES
            or len({(placed, piled) for _, placed, piled in states}) > limit
        ):
            return None
        members = coarser
    found = walk.finish(members, states, limit)
    if found is None:
        return None
    return [
        Relevant(_world(view, len(walk.where), chosen, walk.discards), number)
        for number, chosen in found.values()
    ]


@dataclass(frozen=True)
class _Walk:
    """What the programme walks: the hidden values, then one step a tile (the board
    slots', then the stack's) and the face-down discards filled last.

    Args:
        values: the hidden values.
        where: the board slots, in step order.
        discards: the face-down discards, the most bounded first.
        steps: each step's strengths a tile can meet; None for a stack tile.
        stack: the strengths a tile of the stack can meet.
        stack_size: the tiles in the opponent's stack.
    """

    values: tuple[Value, ...]
    where: list[Slot]
    discards: list[Slot]
    steps: list[Strengths | None]
    stack: Strengths
    stack_size: int

    @classmethod
    def of(cls, view: View, board: Mapping[int, Strengths], stack: Strengths) -> _Walk | None:
        """The walk of ``view``; None when the discards' bounds form no chain."""
        where = [s for s in slots(view) if s.place == "board"]
        discards = sorted(
            (s for s in slots(view) if s.place == "discard"), key=lambda s: (s.hi, -s.lo)
        )
        if any(a.lo < b.lo for a, b in itertools.pairwise(discards)):
            return None
        stack_size = view.stack_counts[1 - view.seat]
        steps: list[Strengths | None] = [board[s.index] for s in where]
        steps += [None] * stack_size
        return cls(tuple(view.hidden_values()), where, discards, steps, stack, stack_size)

    def groups(self, level: int) -> list[Group]:
        """The values that the steps from ``level`` and the discards cannot tell apart."""
        out: dict[tuple[object, ...], Group] = {}
        for v in self.values:
            ahead = tuple(
                (self.where[i].allows(v), tile_class(v, meets))
                if meets is not None
                else (True, tile_class(v, self.stack))
                for i, meets in enumerate(self.steps[level:], level)
            )
            out.setdefault((ahead, tuple(s.allows(v) for s in self.discards)), []).append(v)
        return list(out.values())

    def extend(
        self,
        level: int,
        members: list[Group],
        coarser: list[Group],
        states: dict[Partial, Ways],
    ) -> dict[Partial, Ways]:
        """Every partial assignment of ``states`` given one more tile, the tile of step
        ``level``, from each group of ``members`` it allows; counted in the groups of
        ``coarser``, those of the next level."""
        meets = self.steps[level]
        slot = None if meets is None else self.where[level]
        into = {v: g for g, vals in enumerate(coarser) for v in vals}
        moved = [into[vals[0]] for vals in members]
        extended: dict[Partial, Ways] = {}
        stack = self.stack
        for (used, board_classes, stack_classes), (number, chosen) in states.items():
            for g, vals in enumerate(members):
                if used[g] == len(vals) or (slot is not None and not slot.allows(vals[0])):
                    continue
                value = next(v for v in vals if v not in chosen)
                regrouped = [0] * len(coarser)
                for h, n in zip(moved, used, strict=True):
                    regrouped[h] += n
                regrouped[moved[g]] += 1
                if meets is None:
                    piled = tuple(sorted((*stack_classes, tile_class(value, stack))))
                    state = (tuple(regrouped), board_classes, piled)
                else:
                    placed = (*board_classes, tile_class(value, meets))
                    state = (tuple(regrouped), placed, stack_classes)
                count = number * (len(vals) - used[g])
                old = extended.get(state)
                extended[state] = (
                    (count, (*chosen, value)) if old is None else (old[0] + count, old[1])
                )
        return extended

    def finish(
        self, members: list[Group], states: dict[Partial, Ways], limit: int
    ) -> dict[Classes, Ways] | None:
        """The relevant worlds of the complete assignments ``states``, each counted with
        the ways to fill the discards from the values they leave; None past ``limit``."""
        orders = math.factorial(self.stack_size)
        allowed = [[s.allows(vals[0]) for vals in members] for s in self.discards]
        found: dict[Classes, Ways] = {}
        for (used, placed, piled), (number, chosen) in states.items():
            rest = [len(vals) - n for vals, n in zip(members, used, strict=True)]
            free = [
                sum(n for n, ok in zip(rest, allows, strict=True) if ok) - i
                for i, allows in enumerate(allowed)
            ]
            if min(free, default=1) <= 0:
                continue
            classes = Classes(placed, piled)
            count = number // orders * math.prod(free)
            old = found.get(classes)
            found[classes] = (count, chosen) if old is None else (old[0] + count, old[1])
            if len(found) > limit:
                return None
        return found


def _world(view: View, on_board: int, chosen: tuple[Value, ...], discards: list[Slot]) -> World:
    """The world of ``chosen`` (the board's values, then the stack's) with the discards
    filled from the rest, the most bounded first (any value it allows leaves the
    others, which allow more, enough)."""
    rest = [v for v in view.hidden_values() if v not in chosen]
    filled = {}
    for slot in discards:
        value = next(v for v in rest if slot.allows(v))
        rest.remove(value)
        filled[slot] = value
    tiles = (*chosen[:on_board], *(filled[s] for s in slots(view) if s.place == "discard"))
    return World(tiles, tuple(sorted(chosen[on_board:])))
