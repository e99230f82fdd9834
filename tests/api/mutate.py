"""Structural mutations of real game documents, for the fuzzed-state tests.

A :class:`Mutator` walks a JSON tree (a state or a view) to a random spot and
changes it the way a careless client or an attacker would: drops, duplicates or
moves cards, changes numbers and types, names other seats and phases, inserts
huge arrays and deep nesting. Its choices come from one ``pick(n)`` function, so
hypothesis can drive it (and shrink) and a seeded ``random.Random`` can too.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable
from typing import Any

Pick = Callable[[int], int]
"""``pick(n)`` -> a choice in ``range(n)``."""

SCALARS: tuple[Any, ...] = (
    0,
    -1,
    1,
    2,
    3,
    7,
    9,
    600,
    -(2**63),
    2**64,
    10**30,
    0.5,
    -0.0,
    2.0,
    math.nan,
    math.inf,
    True,
    False,
    None,
    "",
    "x",
    "standard",
    "/etc/passwd",
    "../deck.toml",
    "action",
    "over",
    "W01",
    "water-01",
    "٤",
    "\x00",
    "a" * 5000,
    [],
    {},
)

HUGE = 10_000
DEEP = 1_200


def _children(node: Any) -> list[Any]:
    if isinstance(node, dict):
        return list(node)
    if isinstance(node, list):
        return list(range(len(node)))
    return []


class Mutator:
    """Mutations of a document, every choice made by ``pick``."""

    def __init__(self, pick: Pick) -> None:
        self.pick = pick

    def _spot(self, doc: Any) -> tuple[Any, Any]:
        """A container in ``doc`` and one of its keys, walked to at random (mostly
        deep inside, where the cards are, rather than among the top-level fields)."""
        parent, key = None, None
        node = doc
        for _ in range(12):
            keys = _children(node)
            deeper = [k for k in keys[:200] if isinstance(node[k], (dict, list)) and node[k]]
            if not keys:
                break
            if deeper and self.pick(4):
                keys = deeper
            parent, key = node, keys[self.pick(len(keys))]
            node = parent[key]
            if not _children(node) or self.pick(5) == 0:
                break
        return parent, key

    def _containers(self, doc: Any) -> list[Any]:
        """Lists in ``doc`` (at most 500, found among its first 5,000 nodes)."""
        out: list[Any] = []
        stack = [doc]
        for _ in range(5_000):
            if not stack or len(out) >= 500:
                break
            node = stack.pop()
            if isinstance(node, list):
                out.append(node)
            keys = _children(node)
            stack.extend(node[k] for k in keys[:50])
        return out

    def mutate(self, doc: Any, times: int) -> Any:
        """A changed deep copy of ``doc`` (``times`` mutations; parts may be shared)."""
        doc = copy.deepcopy(doc)
        for _ in range(times):
            self._once(doc)
        return doc

    def _once(self, doc: Any) -> None:
        parent, key = self._spot(doc)
        if parent is None:
            return
        value = parent[key]
        kind = self.pick(16)
        if kind >= 10:  # most changes are small: a card dropped, moved or swapped, a number
            kind = (8, 8, 3, 3, 2, 0)[kind - 10]
        if kind == 0:  # drop
            del parent[key]
        elif kind == 1 and isinstance(parent, list):  # duplicate in place
            parent.insert(self.pick(len(parent) + 1), value)
        elif kind == 2:  # move to another list
            lists = self._containers(doc)
            if lists:
                target = lists[self.pick(len(lists))]
                if target is not parent:
                    del parent[key]
                    target.insert(self.pick(len(target) + 1), value)
        elif kind == 3:  # a number nearby, or far
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                parent[key] = [value + 1, value - 1, -value - 1, value * 10**6, value + 0.5][
                    self.pick(5)
                ]
            else:
                parent[key] = copy.deepcopy(SCALARS[self.pick(len(SCALARS))])
        elif kind == 4:  # a value from elsewhere in the document
            donor_parent, donor_key = self._spot(doc)
            if donor_parent is not None:
                parent[key] = donor_parent[donor_key]
        elif kind == 5:  # a huge array
            parent[key] = [value] * HUGE if self.pick(2) else list(range(HUGE))
        elif kind == 6:  # deep nesting
            nested: Any = value
            for _ in range(DEEP):
                nested = [nested]
            parent[key] = nested
        elif kind == 7:  # another type of container
            parent[key] = {"0": value} if isinstance(value, list) else [value]
        elif kind == 8 and isinstance(parent, list) and len(parent) > 1:  # swap two
            other = self.pick(len(parent))
            parent[key], parent[other] = parent[other], parent[key]
        else:
            parent[key] = copy.deepcopy(SCALARS[self.pick(len(SCALARS))])
