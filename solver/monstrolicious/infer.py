"""What a seat can infer about the opponent's face-down tiles, and the worlds it allows.

The opponent's tiles the seat has not seen face up (:meth:`View.hidden_values`)
lie in three places: face-down on the board, face-down in the discard pile, and
in the stack. Every face-down tile is a *slot* with the bounds the battles
announced (``at_least`` after it won, ``at_most`` after it lost; a tile that
fought is a monster). A *world* gives every slot a different hidden value; the
values left over are the stack. The constraints are: each slot's value within
its bounds, all values different (so at most one Trap).

python-constraint2 enumerates worlds (:func:`enumerate_worlds`); a dynamic
programme over the bounded slots counts them exactly, gives every slot's value
counts and samples worlds uniformly (:func:`sample_worlds`), which is what the
hint uses when worlds are too many to list.

>>> from solver.monstrolicious.state import View, new_state
>>> s = new_state(2, 3)
>>> s = s.apply(s.legal_moves()[5])
>>> v = View.of(s, s.current)
>>> [slot.name for slot in slots(v)], count_worlds(v)
(['board:cupcakes'], 13)
>>> truth = s.board[1 - v.seat][5].value
>>> any(w.tiles == (truth,) for w in enumerate_worlds(v, 100))
True
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import constraint

from solver.errors import NotationError
from solver.game import Json
from solver.monstrolicious.cards import BUFFET, Value, label, tile_json
from solver.monstrolicious.view import HIDDEN, SeatView

#: How many worlds ``infer`` lists when the caller does not say.
DEFAULT_LIMIT = 50


@dataclass(frozen=True)
class Slot:
    """One opposing face-down tile: on the board (``index`` = space) or in the
    discard pile (``index`` = position), with its announced bounds."""

    place: str
    index: int
    lo: int
    hi: int

    def allows(self, value: Value) -> bool:
        """May the tile have this value?"""
        return self.lo <= value <= self.hi

    @property
    def name(self) -> str:
        """``board:<dessert>`` or ``discard:<position>``."""
        where = BUFFET.keys[self.index] if self.place == "board" else str(self.index)
        return f"{self.place}:{where}"


@dataclass(frozen=True)
class World:
    """Values for every slot (in :func:`slots` order) and the opponent's stack (sorted)."""

    tiles: tuple[Value, ...]
    stack: tuple[Value, ...]


def slots(view: SeatView) -> tuple[Slot, ...]:
    """The opponent's face-down tiles: board in buffet order, then the discard pile."""
    them = 1 - view.seat
    out = [
        Slot("board", i, t.lo, t.hi)
        for i, t in enumerate(view.board[them])
        if t is not None and t.value == HIDDEN
    ]
    out += [
        Slot("discard", i, t.lo, t.hi)
        for i, t in enumerate(view.discards[them])
        if t.value == HIDDEN
    ]
    return tuple(out)


def problem(view: SeatView) -> constraint.Problem:
    """The python-constraint2 problem: one variable per slot, all different."""
    values = view.hidden_values()
    prob = constraint.Problem()
    for slot in slots(view):
        domain = [v for v in values if slot.allows(v)]
        if not domain:
            raise NotationError(f"no tile fits the face-down tile at {slot.name}")
        prob.addVariable(slot.name, domain)
    if len(slots(view)) > 1:
        prob.addConstraint(constraint.AllDifferentConstraint())
    return prob


def _world(view: SeatView, tiles: tuple[Value, ...]) -> World:
    return World(tiles, tuple(v for v in view.hidden_values() if v not in tiles))


def iter_worlds(view: SeatView) -> Iterator[World]:
    """Every world, as python-constraint2 finds them (a fixed order)."""
    names = [s.name for s in slots(view)]
    if not names:
        yield _world(view, ())
        return
    for solution in problem(view).getSolutionIter():
        yield _world(view, tuple(solution[n] for n in names))


def enumerate_worlds(view: SeatView, limit: int) -> list[World]:
    """Up to ``limit`` worlds, sorted by their slot values."""
    out: list[World] = []
    for world in iter_worlds(view):
        if len(out) >= limit:
            break
        out.append(world)
    return sorted(out, key=lambda w: w.tiles)


class Counter:
    """Exact counts over the bounded slots (forward-backward over sets of used values).

    Slots with no bound are interchangeable with stack positions: they multiply
    every count by the same falling factorial, so only bounded slots need the DP.
    """

    def __init__(self, view: SeatView) -> None:
        self.values = view.hidden_values()
        self.slots = slots(view)
        bounded = [i for i, s in enumerate(self.slots) if (s.lo, s.hi) != (0, 12)]
        self.bounded = sorted(bounded, key=lambda i: sum(map(self.slots[i].allows, self.values)))
        self.free = [i for i in range(len(self.slots)) if i not in bounded]
        self.domains = [[v for v in self.values if self.slots[i].allows(v)] for i in self.bounded]
        left = len(self.values) - len(self.bounded)
        self.free_ways = math.perm(left, len(self.free)) if left >= len(self.free) else 0
        self._back = self._ways()

    def _ways(self) -> list[dict[int, int]]:
        """For every level, the used-value sets reachable there and their ways to finish:
        a pass forward to find the sets, a pass back to count (no recursion)."""
        reached: list[set[int]] = [{0}]
        for domain in self.domains:
            reached.append(
                {used | 1 << v for used in reached[-1] for v in domain if not used >> v & 1}
            )
        ways: list[dict[int, int]] = [{} for _ in reached]
        ways[-1] = dict.fromkeys(reached[-1], 1)
        for level in reversed(range(len(self.domains))):
            below = ways[level + 1]
            ways[level] = {
                used: sum(below[used | 1 << v] for v in self.domains[level] if not used >> v & 1)
                for used in reached[level]
            }
        return ways

    def back(self, level: int, used: int) -> int:
        """Ways to give bounded slots ``level..`` values outside ``used`` (a bit set)."""
        return self._back[level].get(used, 0)

    def total(self) -> int:
        """Number of worlds."""
        return self.back(0, 0) * self.free_ways

    def counts(self) -> list[dict[Value, int]]:
        """For every slot, how many worlds give it each value."""
        out: list[dict[Value, int]] = [{} for _ in self.slots]
        forward: dict[int, int] = {0: 1}
        used_count: dict[Value, int] = dict.fromkeys(self.values, 0)
        for level, slot in enumerate(self.bounded):
            nxt: dict[int, int] = {}
            for used, ways in forward.items():
                for v in self.domains[level]:
                    if used >> v & 1:
                        continue
                    after = used | 1 << v
                    n = ways * self.back(level + 1, after)
                    if n:
                        out[slot][v] = out[slot].get(v, 0) + n * self.free_ways
                        used_count[v] += n
                        nxt[after] = nxt.get(after, 0) + ways
            forward = nxt
        total_bounded = self.back(0, 0)
        left = len(self.values) - len(self.bounded)
        per_value = math.perm(left - 1, len(self.free) - 1) if self.free and left >= 1 else 0
        for slot in self.free:
            out[slot] = {
                v: (total_bounded - used_count[v]) * per_value
                for v in self.values
                if total_bounded - used_count[v]
            }
        return out

    def sample(self, rng: random.Random) -> tuple[Value, ...]:
        """One world's slot values, uniformly among all worlds."""
        tiles: list[Value] = [0] * len(self.slots)
        used = 0
        for level, slot in enumerate(self.bounded):
            options = [v for v in self.domains[level] if not used >> v & 1]
            weights = [self.back(level + 1, used | 1 << v) for v in options]
            v = rng.choices(options, weights)[0]
            tiles[slot] = v
            used |= 1 << v
        rest = [v for v in self.values if not used >> v & 1]
        rng.shuffle(rest)
        for slot, v in zip(self.free, rest, strict=False):
            tiles[slot] = v
        return tuple(tiles)


def fitting(view: SeatView) -> Counter:
    """The :class:`Counter` of a view some world fits.

    Raises:
        NotationError: no arrangement of the opponent's unseen tiles meets the bounds.
    """
    counter = Counter(view)
    if counter.total() == 0:
        raise NotationError("no arrangement of the opponent's tiles fits this view")
    return counter


def count_worlds(view: SeatView) -> int:
    """How many worlds the view allows (exact)."""
    return Counter(view).total()


def sample_worlds(view: SeatView, n: int, rng: random.Random) -> list[World]:
    """``n`` worlds drawn uniformly (with repetition) from all the view allows."""
    counter = fitting(view)
    return [_world(view, counter.sample(rng)) for _ in range(n)]


def view_seed(view: SeatView) -> int:
    """A seed drawn from the view's content: same view, same seed, in any process."""
    text = json.dumps(view.to_json(), sort_keys=True)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def infer(view: SeatView, limit: int = DEFAULT_LIMIT) -> Json:
    """What the seat knows about the opponent's hidden tiles, as JSON.

    Args:
        view: the seat's view.
        limit: the most worlds to list.

    Returns:
        ``{"view_of", "worlds", "listed", "complete", "hidden", "stack", "tiles"}``:
        ``worlds`` the exact number of worlds; ``listed`` up to ``limit`` of them
        (each ``{slot name: tile}`` plus ``"stack"``); ``complete`` whether that is
        all; ``hidden`` the opponent's unseen tiles; ``stack`` how many are still
        in its stack; ``tiles`` one entry per face-down tile: ``slot``,
        ``at_least``/``at_most``, ``counts`` (worlds per value) and ``p`` (the
        share of worlds per value).

    Raises:
        NotationError: no world fits the view.
    """
    counter = fitting(view)
    total = counter.total()
    listed = enumerate_worlds(view, limit)
    tiles: list[dict[str, Any]] = []
    for slot, counts in zip(counter.slots, counter.counts(), strict=True):
        tiles.append(
            {
                "slot": slot.name,
                "at_least": slot.lo,
                "at_most": slot.hi,
                "counts": {label(v).lower(): n for v, n in sorted(counts.items())},
                "p": {label(v).lower(): round(n / total, 4) for v, n in sorted(counts.items())},
            }
        )
    return {
        "view_of": view.seat,
        "worlds": total,
        "listed": [
            {
                **{s.name: tile_json(v) for s, v in zip(counter.slots, w.tiles, strict=True)},
                "stack": [tile_json(v) for v in w.stack],
            }
            for w in listed
        ],
        "complete": len(listed) == total,
        "hidden": [tile_json(v) for v in view.hidden_values()],
        "stack": view.stack_counts[1 - view.seat],
        "tiles": tiles,
    }
