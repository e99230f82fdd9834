"""Sand cards: which cells one looks at, and what it scores for the cards it sees.

A Sand card's rule (:class:`~solver.vbm.cards.SandRule`) looks along rays of grid
steps (:func:`sand_rays`) and scores ``vp`` per card seen (``any``), per card of the
largest group sharing a terrain (``same``) or per terrain seen (``different``). A
:class:`Look` is one Sand card of an area with what it sees now, kept so that one
more card placed where it looks updates it (:meth:`Look.saw`) without looking again.

>>> from solver.vbm.decks import standard_deck
>>> lava = standard_deck().card("L01")
>>> rule = SandRule("row", "any", 1, "left")
>>> sand_score(rule, (0, 3), {(0, 1): lava, (0, 2): lava, (1, 3): lava})
2
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple, TypeAlias

from solver.vbm.cards import ARROW_STEPS, STEPS, TERRAINS, Card, Pos, SandRule

#: Cards a Sand rule sees, by terrain (:data:`~solver.vbm.cards.TERRAINS` order).
Seen: TypeAlias = tuple[int, ...]

_NEIGHBOURS = tuple(STEPS.values())
_TERRAIN_INDEX = {t: k for k, t in enumerate(TERRAINS)}
#: The rays of each region with ``sand_direction = "both_ways"``.
_BOTH_WAYS: dict[str, tuple[Pos, ...]] = {
    "row": (STEPS["left"], STEPS["right"]),
    "column": (STEPS["up"], STEPS["down"]),
    "diagonal": tuple(ARROW_STEPS[a] for a in ("up-left", "up-right", "down-left", "down-right")),
}


def sand_rays(rule: SandRule, reach: str = "arrow") -> tuple[tuple[Pos, ...], bool]:
    """The grid steps a Sand card looks along, and whether it looks all the way along
    them (else one step: the 4 cards around an ``adjacent`` card).

    A row, column or diagonal card looks along the ray its arrow points to; with
    ``reach = "both_ways"`` (the older reading) along both rays of its row or column,
    or all four diagonal rays. Never at its own cell.

    >>> sand_rays(SandRule("row", "any", 1, "left"))
    (((0, -1),), True)
    """
    if rule.region == "adjacent":
        return _NEIGHBOURS, False
    if reach == "both_ways":
        return _BOTH_WAYS[rule.region], True
    return (ARROW_STEPS[rule.arrow],), True


def _on_rays(steps: tuple[Pos, ...], whole: bool, dr0: int, dc0: int) -> bool:
    """Is the cell ``(dr0, dc0)`` away on one of the rays (:func:`sand_rays`)?"""
    for dr, dc in steps:
        k = dr0 * dr if dr else dc0 * dc  # how many steps along this ray
        if k > 0 and (whole or k == 1) and dr0 == k * dr and dc0 == k * dc:
            return True
    return False


def sand_looks(rule: SandRule, pos: Pos, cell: Pos, reach: str = "arrow") -> bool:
    """Does a Sand card at ``pos`` look at ``cell`` (:func:`sand_rays`)?

    >>> sand_looks(SandRule("row", "any", 1, "left"), (0, 3), (0, 1))
    True
    """
    return _on_rays(*sand_rays(rule, reach), cell[0] - pos[0], cell[1] - pos[1])


def sand_value(rule: SandRule, seen: Sequence[int]) -> int:
    """Points of a Sand rule that sees ``seen[t]`` cards of each terrain ``t``
    (:data:`~solver.vbm.cards.TERRAINS` order)."""
    if rule.condition == "any":
        return rule.vp * sum(seen)
    if rule.condition == "same":
        return rule.vp * max(seen)
    return rule.vp * sum(1 for n in seen if n)


def sand_score(rule: SandRule, pos: Pos, cells: Mapping[Pos, Card], reach: str = "arrow") -> int:
    """Points of one Sand rule at ``pos`` with the cards ``cells`` (the Sand card never
    counts itself)."""
    return sand_value(rule, _seen(pos, *sand_rays(rule, reach), cells))


def _seen(pos: Pos, steps: tuple[Pos, ...], whole: bool, cells: Mapping[Pos, Card]) -> Seen:
    """What a Sand card at ``pos`` looking along ``steps`` sees among ``cells``: each
    ray is walked cell by cell as far as the farthest card on either axis."""
    r0, c0 = pos
    far = 0
    if cells:
        rows, columns = zip(*cells, strict=True)
        far = max(r0 - min(rows), max(rows) - r0, c0 - min(columns), max(columns) - c0)
    seen = [0] * len(TERRAINS)
    for dr, dc in steps:
        for k in range(1, (far if whole else 1) + 1):
            card = cells.get((r0 + k * dr, c0 + k * dc))
            if card is not None:
                seen[_TERRAIN_INDEX[card.terrain]] += 1
    return tuple(seen)


class Look(NamedTuple):
    """One Sand card of an area, with its rule now (flipped or not) and what it sees."""

    pos: Pos
    card: Card
    rule: SandRule
    steps: tuple[Pos, ...]  # its rays (:func:`sand_rays`)
    whole: bool
    seen: Seen
    points: int

    @staticmethod
    def of(pos: Pos, card: Card, rule: SandRule, cells: Mapping[Pos, Card], reach: str) -> Look:
        """The Sand ``card`` at ``pos`` looking with ``rule`` (its front or its back) at
        ``cells``."""
        steps, whole = sand_rays(rule, reach)
        seen = _seen(pos, steps, whole, cells)
        return Look(pos, card, rule, steps, whole, seen, sand_value(rule, seen))

    def looks_at(self, cell: Pos) -> bool:
        """Does the card look at ``cell``?"""
        return _on_rays(self.steps, self.whole, cell[0] - self.pos[0], cell[1] - self.pos[1])

    def saw(self, card: Card) -> Look:
        """The look once ``card`` lies in a cell it looks at too."""
        t = _TERRAIN_INDEX[card.terrain]
        seen = (*self.seen[:t], self.seen[t] + 1, *self.seen[t + 1 :])
        return self._replace(seen=seen, points=sand_value(self.rule, seen))
