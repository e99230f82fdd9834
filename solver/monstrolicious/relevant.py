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
from typing import TypeAlias

from solver.monstrolicious.cards import TRAP, Value
from solver.monstrolicious.infer import Slot, World, slots
from solver.monstrolicious.state import View

#: At most this many partial assignments are followed before the programme gives up.
MAX_STATES = 4_000

Strengths = tuple[Value, ...]
"""The seat's monster strengths a hidden tile can still meet, in order."""
Step: TypeAlias = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""A partial assignment as the programme keeps it: how many of each group are used,
the board classes so far and the stack's classes (sorted)."""


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
    values = view.hidden_values()
    where = [s for s in slots(view) if s.place == "board"]
    discards = sorted((s for s in slots(view) if s.place == "discard"), key=lambda s: (s.hi, -s.lo))
    if any(a.lo < b.lo for a, b in itertools.pairwise(discards)):
        return None
    steps: list[Strengths | None] = [board[s.index] for s in where]
    steps += [None] * view.stack_counts[1 - view.seat]

    def groups(level: int) -> list[list[Value]]:
        """The values that the steps from ``level`` and the discards cannot tell apart."""
        out: dict[tuple[object, ...], list[Value]] = {}
        for v in values:
            ahead = tuple(
                (where[i].allows(v), tile_class(v, m))
                if m is not None
                else (True, tile_class(v, stack))
                for i, m in enumerate(steps[level:], level)
            )
            out.setdefault((ahead, tuple(s.allows(v) for s in discards)), []).append(v)
        return list(out.values())

    # a state: how many of each group are used, the board classes so far and the
    # stack's classes (sorted); its value: the number of ways and the values one of
    # those ways gives the board (the stack's in order after them)
    members = groups(0)
    states: dict[Step, tuple[int, tuple[Value, ...]]] = {((0,) * len(members), (), ()): (1, ())}
    for i, meets in enumerate(steps):
        coarser = groups(i + 1)
        into = {v: g for g, vals in enumerate(coarser) for v in vals}
        moved = [into[vals[0]] for vals in members]
        nxt: dict[Step, tuple[int, tuple[Value, ...]]] = {}
        if not effort.spend(len(states) * len(members)):
            return None
        for (used, key, piled), (ways, chosen) in states.items():
            for g, vals in enumerate(members):
                if used[g] == len(vals) or (meets is not None and not where[i].allows(vals[0])):
                    continue
                value = next(v for v in vals if v not in chosen)
                after = [0] * len(coarser)
                for h, n in zip(moved, used, strict=True):
                    after[h] += n
                after[moved[g]] += 1
                if meets is None:
                    state = (tuple(after), key, tuple(sorted((*piled, tile_class(value, stack)))))
                else:
                    state = (tuple(after), (*key, tile_class(value, meets)), piled)
                n = ways * (len(vals) - used[g])
                old = nxt.get(state)
                nxt[state] = (n, (*chosen, value)) if old is None else (old[0] + n, old[1])
        if len(nxt) > MAX_STATES or len({k[1:] for k in nxt}) > limit:
            return None
        members, states = coarser, nxt
    orders = math.factorial(view.stack_counts[1 - view.seat])
    found: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, tuple[Value, ...]]] = {}
    allowed = [[s.allows(vals[0]) for vals in members] for s in discards]
    for (used, key, piled), (ways, chosen) in states.items():
        rest = [len(vals) - n for vals, n in zip(members, used, strict=True)]
        free = [
            sum(n for n, ok in zip(rest, allows, strict=True) if ok) - i
            for i, allows in enumerate(allowed)
        ]
        if min(free, default=1) <= 0:
            continue
        fill = math.prod(free)
        old = found.get((key, piled))
        n = ways // orders * fill
        found[key, piled] = (n, chosen) if old is None else (old[0] + n, old[1])
        if len(found) > limit:
            return None
    return [
        Relevant(_world(view, len(where), chosen, discards), ways)
        for ways, chosen in found.values()
    ]


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
