"""What the rulebook says about one play area, as functions over its placements.

A play area is the placements in the order they were made: ``(row, column,
card id)``. The Explorer card lies at ``(0, 0)`` and is the first card of every
area; it holds no monster, so it only counts for adjacency. :func:`analyse`
reads an area once and returns a :class:`Tally`: the counters that missions and
explorers use and the points of every score-pad line that depends only on the
area (portal tiles and mission tokens are the state's business).

>>> from solver.vbm.cards import standard_deck
>>> deck = standard_deck()
>>> area = ((0, 1, "W01"), (0, 2, "W02"), (0, 3, "W03"))
>>> tally = analyse(deck, area)
>>> tally.counts["big_mamas"], tally.lines["water"]
(1, 21)
>>> frontier(area)[:3]
((-1, 0), (-1, 1), (-1, 2))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from solver.vbm.cards import (
    ARROW_STEPS,
    COLOURS,
    CRYSTAL_VP,
    STEPS,
    TERRAINS,
    Card,
    CardId,
    Deck,
    Pos,
    SandRule,
)

Placement = tuple[int, int, CardId]
Area = tuple[Placement, ...]

EXPLORER_POS: Pos = (0, 0)

#: Score-pad lines, in the rulebook's order (its example sheet, then Rock).
PAD_LINES = (
    "portals",
    "ice",
    "water",
    "grassland",
    "sand",
    "lava",
    "rock",
    "crystals",
    "rewards",
    "explorer",
)

_NEIGHBOURS = tuple(STEPS.values())
_LAND = {t: t.value for t in TERRAINS}
_LANDS = tuple(_LAND.values())


@dataclass(frozen=True)
class Tally:
    """One area read once.

    Args:
        counts: counter name -> number (``portals`` counts completed portals,
            ``tokens`` is filled in by the state).
        lines: score-pad line -> points for the lines the area alone decides.
        portal_points: grid points ``(row, col)`` of completed portals (the
            point below-right of the card at ``(row - 1, col - 1)``).
    """

    counts: Mapping[str, int]
    lines: Mapping[str, int]
    portal_points: frozenset[Pos] = field(default_factory=frozenset)


def frontier(area: Area) -> tuple[Pos, ...]:
    """Empty cells sharing an edge with the explorer or a card, sorted.

    >>> frontier(())
    ((-1, 0), (0, -1), (0, 1), (1, 0))
    """
    taken = {(r, c) for r, c, _ in area}
    taken.add(EXPLORER_POS)
    cells = {
        (r + dr, c + dc)
        for r, c in taken
        for dr, dc in _NEIGHBOURS
        if (r + dr, c + dc) not in taken
    }
    return tuple(sorted(cells))


def grid(deck: Deck, area: Area) -> dict[Pos, Card]:
    """Position -> card for the monster cards of ``area``."""
    return {(r, c): deck.by_id[card_id] for r, c, card_id in area}


def sand_cells(rule: SandRule, pos: Pos, reach: str = "arrow") -> Callable[[Pos], bool]:
    """Which cells a Sand card at ``pos`` looks at: the 4 around it (adjacent), else the
    cells of its row, column or diagonal on the side its arrow points to; with
    ``reach = "both_ways"`` (the older reading) both sides of the row or column and all
    four diagonal rays. Never the Sand card's own cell."""
    r0, c0 = pos
    if rule.region == "adjacent":
        return lambda p: abs(p[0] - r0) + abs(p[1] - c0) == 1
    if reach == "both_ways":
        if rule.region == "row":
            return lambda p: p[0] == r0 and p[1] != c0
        if rule.region == "column":
            return lambda p: p[1] == c0 and p[0] != r0
        return lambda p: abs(p[0] - r0) == abs(p[1] - c0) and p[0] != r0
    dr, dc = ARROW_STEPS[rule.arrow]

    def ahead(p: Pos) -> bool:
        k = (p[0] - r0) * dr if dr else (p[1] - c0) * dc
        return k > 0 and p == (r0 + k * dr, c0 + k * dc)

    return ahead


def sand_score(rule: SandRule, pos: Pos, cells: Mapping[Pos, Card], reach: str = "arrow") -> int:
    """Points of one Sand rule at ``pos`` (:func:`sand_cells`; the Sand card never counts
    itself)."""
    looks = sand_cells(rule, pos, reach)
    seen = [card for p, card in cells.items() if looks(p)]
    if not seen:
        return 0
    if rule.condition == "any":
        return rule.vp * len(seen)
    terrains = Counter(card.terrain for card in seen)
    if rule.condition == "same":
        return rule.vp * max(terrains.values())
    return rule.vp * len(terrains)


@dataclass(frozen=True)
class Reading:
    """An area gone through card by card: what :func:`finish` needs, kept so one more
    card extends it without reading the area again (:meth:`plus`).

    Treat it as immutable: :meth:`plus` copies before it changes anything.
    """

    cells: dict[Pos, Card]
    count: dict[str, int]
    printed: dict[str, int]
    beams: dict[Pos, int]
    heads: list[Pos]
    lefts: list[Pos]
    tops: list[Pos]
    corners: list[Pos]
    sands: list[tuple[Pos, Card]]
    totals: tuple[int, int, int, int]  # babies, grass symbols, Mutagen and Rock monsters

    @staticmethod
    def empty() -> Reading:
        """The reading of an area with no monster card."""
        return Reading(
            {},
            dict.fromkeys(_LANDS, 0),
            dict.fromkeys(_LANDS, 0),
            {},
            [],
            [],
            [],
            [],
            [],
            (0, 0, 0, 0),
        )

    def plus(self, r: int, c: int, card: Card) -> Reading:
        """The reading with ``card`` placed at ``(r, c)`` too."""
        pos = (r, c)
        cells = {**self.cells, pos: card}
        land = _LAND[card.terrain]
        count = dict(self.count)
        printed = dict(self.printed)
        count[land] += 1
        printed[land] += card.vp
        babies, grass, mutagens, rocks = self.totals
        beams = self.beams
        if card.beams:
            beams = dict(beams)
            mutagens += len(card.beams)
            for direction in card.beams:
                dr, dc = STEPS[direction]
                beams[(r + dr, c + dc)] = beams.get((r + dr, c + dc), 0) + 1
        ice = card.ice
        return Reading(
            cells,
            count,
            printed,
            beams,
            [*self.heads, pos] if card.mama == "head" else self.heads,
            [*self.lefts, pos] if ice is not None and ice.half == "left" else self.lefts,
            [*self.tops, pos] if card.crystals else self.tops,
            [*self.corners, pos] if "se" in card.portals else self.corners,
            [*self.sands, (pos, card)] if card.sand is not None else self.sands,
            (babies + card.baby, grass + card.grass, mutagens, rocks + card.rocks),
        )


def read(deck: Deck, area: Area) -> Reading:
    """Go through ``area`` card by card."""
    reading = Reading.empty()
    for r, c, card_id in area:
        reading = reading.plus(r, c, deck.by_id[card_id])
    return reading


def analyse(deck: Deck, area: Area, reach: str = "arrow") -> Tally:
    """Counters and area-decided score lines of one play area.

    Sand cards: every Sand card but the last one placed has been flipped (each
    new Sand card flips the one placed before it); ``reach`` is the setting
    ``sand_direction`` (:func:`sand_cells`).
    """
    return finish(deck, read(deck, area), reach)


def finish(deck: Deck, reading: Reading, reach: str = "arrow") -> Tally:
    """The tally of a read area (``reach``: as :func:`analyse`)."""
    cells, printed, beams = reading.cells, reading.printed, reading.beams
    heads, lefts, tops, corners, sands = (
        reading.heads,
        reading.lefts,
        reading.tops,
        reading.corners,
        reading.sands,
    )
    count = reading.count
    babies, grass, mutagens, rocks = reading.totals
    ice_points, ice_monsters, flipped = _ice(cells, lefts, beams)
    ice_points += printed["ice"]
    mamas = _mamas(cells, heads)
    crystals = _crystals(cells, tops)
    portal_points = _portals(cells, corners)
    sand_points = 0
    for k, (pos, card) in enumerate(sands):
        rule = card.flipped if k < len(sands) - 1 else card.sand
        assert rule is not None
        sand_points += sand_score(rule, pos, cells, reach)
    counts: dict[str, int] = dict(count)
    counts |= {
        "water_monsters": mamas + babies,
        "big_mamas": mamas,
        "babies": babies,
        "ice_monsters": ice_monsters,
        "flipped_ice": flipped,
        "mutagens": mutagens,
        "rock_monsters": rocks,
        "crystals": sum(crystals.values()),
        "crystal_sets": min(crystals.get(colour, 0) for colour in COLOURS),
        **{f"crystal_{colour}": crystals.get(colour, 0) for colour in COLOURS},
        "portals": len(portal_points),
        "grass_symbols": grass,
        "terrains": sum(1 for n in count.values() if n),
        "tokens": 0,
    }
    lines = {
        "ice": ice_points,
        "water": printed["water"],
        "grassland": deck.grass_vp(grass) + printed["grassland"],
        "sand": sand_points + printed["sand"],
        "lava": printed["lava"],
        "rock": printed["rock"],
        "crystals": sum(CRYSTAL_VP[colour] * n for colour, n in crystals.items()),
    }
    return Tally(counts, lines, portal_points)


def _ice(
    cells: Mapping[Pos, Card], lefts: list[Pos], beams: Mapping[Pos, int]
) -> tuple[int, int, int]:
    """(points flipping adds, completed Ice monsters, flipped Ice monsters)."""
    points = complete = flipped = 0
    for r, c in lefts:
        card = cells[(r, c)]
        half = card.ice
        right = cells.get((r, c + 1))
        if half is None or right is None or right.ice is None or right.ice.half != "right":
            continue
        if right.ice.kind != half.kind:
            continue
        complete += 1
        if beams.get((r, c), 0) + beams.get((r, c + 1), 0) >= half.beams:
            flipped += 1
            points += half.upgraded - card.vp - right.vp
    return points, complete, flipped


def _mamas(cells: Mapping[Pos, Card], heads: list[Pos]) -> int:
    done = 0
    for r, c in heads:
        k = c + 1
        while (nxt := cells.get((r, k))) is not None and nxt.mama == "body":
            k += 1
        if nxt is not None and nxt.mama == "tail":
            done += 1
    return done


def _crystals(cells: Mapping[Pos, Card], tops: list[Pos]) -> dict[str, int]:
    done: dict[str, int] = {}
    for r, c in tops:
        below = cells.get((r + 1, c))
        if below is None or not below.crystals:
            continue
        for edge, colour in cells[(r, c)].crystals:
            if edge == "bottom" and ("top", colour) in below.crystals:
                done[colour] = done.get(colour, 0) + 1
    return done


def _portals(cells: Mapping[Pos, Card], corners: list[Pos]) -> frozenset[Pos]:
    points = set()
    for r, c in corners:
        ne, sw, nw = cells.get((r, c + 1)), cells.get((r + 1, c)), cells.get((r + 1, c + 1))
        if ne and sw and nw and "sw" in ne.portals and "ne" in sw.portals and "nw" in nw.portals:
            points.add((r + 1, c + 1))
    return frozenset(points)
