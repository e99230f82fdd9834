"""What the rulebook says about one play area, as functions over its placements.

A play area is the placements in the order they were made: ``(row, column,
card id)``. The Explorer card lies at ``(0, 0)`` and is the first card of every
area; it holds no monster, so it only counts for adjacency. :func:`analyse`
reads an area once and returns a :class:`Tally`: the counters that missions and
explorers use and the points of every score-pad line that depends only on the
area (portal tiles and mission tokens are the state's business).

>>> from solver.vbm.decks import standard_deck
>>> deck = standard_deck()
>>> area = ((0, 1, "W01"), (0, 2, "W02"), (0, 3, "W03"))
>>> tally = analyse(deck, area)
>>> tally.counts["big_mamas"], tally.lines["water"]
(1, 21)
>>> frontier(area)[:3]
((-1, 0), (-1, 1), (-1, 2))
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Mapping
from typing import NamedTuple

from solver.vbm.cards import (
    COLOURS,
    COUNTERS,
    CRYSTAL_VP,
    STEPS,
    TERRAINS,
    Card,
    CardId,
    Deck,
    Pos,
)
from solver.vbm.sand import Look
from solver.vbm.sand import sand_score as sand_score  # read with the area's other rules

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
_CRYSTAL_COUNTERS = tuple((colour, f"crystal_{colour}") for colour in COLOURS)


class Tally(NamedTuple):
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
    portal_points: frozenset[Pos] = frozenset()


@functools.lru_cache(maxsize=4096)
def frontier(area: Area) -> tuple[Pos, ...]:
    """Empty cells sharing an edge with the explorer or a card, sorted (cached: every
    move of a turn is checked against it).

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


class Reading(NamedTuple):
    """An area gone through card by card, kept so one more card extends it without
    reading the area again (:meth:`plus`): the counters of :func:`finish`'s tally, the
    printed VP by terrain and what each Sand card sees.

    The elements that join across edges (Big Mamas, Ice monsters, crystals, portals)
    are counted when the card that completes them is placed: cards never move, so a
    completed one stays completed. Whether an Ice monster is flipped is counted again
    when an Ice or a Mutagen card is placed; what a Sand card sees, when its rule
    flips. Never change a reading, or the dicts in it: :meth:`plus` copies them.
    """

    reach: str  # the setting ``sand_direction``
    cells: dict[Pos, Card]
    counts: dict[str, int]  # every counter of :data:`~solver.vbm.cards.COUNTERS`
    printed: dict[str, int]  # printed VP by terrain
    beams: dict[Pos, int]  # beams pointing at each cell
    sands: tuple[Look, ...]  # the Sand cards in the order placed, with what they see
    sand: int  # their points
    ice: tuple[Pos, ...]  # the left halves of completed Ice monsters
    flip: int  # the points flipping the flipped ones adds
    portal_points: frozenset[Pos]
    seers: dict[Pos, tuple[int, ...]]  # the Sand cards looking at each cell asked about

    @staticmethod
    def empty(reach: str = "arrow") -> Reading:
        """The reading of an area with no monster card (``reach``: the setting
        ``sand_direction``)."""
        return Reading(
            reach,
            {},
            dict.fromkeys(COUNTERS, 0),
            dict.fromkeys(_LANDS, 0),
            {},
            (),
            0,
            (),
            0,
            frozenset(),
            {},
        )

    def plus(self, r: int, c: int, card: Card) -> Reading:
        """The reading with ``card`` placed at ``(r, c)`` too."""
        pos = (r, c)
        cells = {**self.cells, pos: card}
        counts = self.counts.copy()
        printed = self.printed.copy()
        land = _LAND[card.terrain]
        if not counts[land]:
            counts["terrains"] += 1
        counts[land] += 1
        printed[land] += card.vp
        if card.baby:
            counts["babies"] += 1
            counts["water_monsters"] += 1
        if card.rocks:
            counts["rock_monsters"] += card.rocks
        if card.grass:
            counts["grass_symbols"] += card.grass
        if card.mama is not None and _mama_done(cells, r, c):
            counts["big_mamas"] += 1
            counts["water_monsters"] += 1
        beams, ice, flip = self.beams, self.ice, self.flip
        if card.beams:
            beams = beams.copy()
            counts["mutagens"] += len(card.beams)
            for direction in card.beams:
                dr, dc = STEPS[direction]
                beams[(r + dr, c + dc)] = beams.get((r + dr, c + dc), 0) + 1
        if card.ice is not None:
            ice = (*ice, *_ice_done(cells, r, c))
            counts["ice_monsters"] = len(ice)
        if card.ice is not None or card.beams:
            flip, counts["flipped_ice"] = _ice(cells, ice, beams)
        if card.crystals:
            for colour in _crystals_joined(cells, r, c):
                counts["crystals"] += 1
                counts[f"crystal_{colour}"] += 1
            counts["crystal_sets"] = min(counts[key] for _, key in _CRYSTAL_COUNTERS)
        portal_points = self.portal_points
        if card.portals:
            corners = (("se", r, c), ("sw", r, c - 1), ("ne", r - 1, c), ("nw", r - 1, c - 1))
            portal_points |= {
                (tr + 1, tc + 1)
                for corner, tr, tc in corners  # the card's quarter of a portal at (tr + 1, tc + 1)
                if corner in card.portals and _portal(cells, tr, tc)
            }
            counts["portals"] = len(portal_points)
        sands, sand = self.sands, self.sand
        if sands or card.sand is not None:
            sands, sand = self._sands(pos, card, cells)
        return Reading(
            self.reach,
            cells,
            counts,
            printed,
            beams,
            sands,
            sand,
            ice,
            flip,
            portal_points,
            {},
        )

    def makings(self) -> Hashable:
        """All that :func:`finish` reads of the reading: readings alike in it tally alike."""
        counts, printed = tuple(self.counts.values()), tuple(self.printed.values())
        return counts, printed, self.flip, self.sand, self.portal_points

    def _sands(self, pos: Pos, card: Card, cells: dict[Pos, Card]) -> tuple[tuple[Look, ...], int]:
        """The Sand cards and their points once ``card`` lies at ``pos`` too: those that
        look at ``pos`` see ``card`` (which they are is kept in ``seers``: every card a
        player weighs for one cell asks it again); a Sand card flips the one placed before
        it, which then looks again with its back's rule."""
        seers = self.seers.get(pos)
        if seers is None:
            seers = tuple(k for k, look in enumerate(self.sands) if look.looks_at(pos))
            self.seers[pos] = seers
        if not seers and card.sand is None:
            return self.sands, self.sand
        looks = list(self.sands)
        for k in seers:
            looks[k] = looks[k].saw(card)
        if card.sand is not None:
            if looks:  # flipped: looks again, whatever it saw
                last = looks[-1]
                assert last.card.flipped is not None
                looks[-1] = Look.of(last.pos, last.card, last.card.flipped, cells, self.reach)
            looks.append(Look.of(pos, card, card.sand, cells, self.reach))
        return tuple(looks), sum([look.points for look in looks])


def read(deck: Deck, area: Area, reach: str = "arrow") -> Reading:
    """Go through ``area`` card by card (``reach``: the setting ``sand_direction``)."""
    reading = Reading.empty(reach)
    for r, c, card_id in area:
        reading = reading.plus(r, c, deck.by_id[card_id])
    return reading


def analyse(deck: Deck, area: Area, reach: str = "arrow") -> Tally:
    """Counters and area-decided score lines of one play area.

    Sand cards: every Sand card but the last one placed has been flipped (each
    new Sand card flips the one placed before it); ``reach`` is the setting
    ``sand_direction`` (:func:`~solver.vbm.sand.sand_rays`).
    """
    return finish(deck, read(deck, area, reach))


def finish(deck: Deck, reading: Reading) -> Tally:
    """The tally of a read area; its counters are the reading's own dict (a tally is
    never changed either)."""
    counts, printed = reading.counts, reading.printed
    lines = {
        "ice": reading.flip + printed["ice"],
        "water": printed["water"],
        "grassland": deck.grass_vp(counts["grass_symbols"]) + printed["grassland"],
        "sand": reading.sand + printed["sand"],
        "lava": printed["lava"],
        "rock": printed["rock"],
        "crystals": sum([CRYSTAL_VP[colour] * counts[key] for colour, key in _CRYSTAL_COUNTERS])
        if counts["crystals"]
        else 0,
    }
    return Tally(counts, lines, reading.portal_points)


def _ice(
    cells: Mapping[Pos, Card], completed: tuple[Pos, ...], beams: Mapping[Pos, int]
) -> tuple[int, int]:
    """(points flipping adds, flipped Ice monsters) of the completed Ice monsters: those
    with as many beams on their two cards as they need."""
    points = flipped = 0
    for r, c in completed:
        card, right = cells[(r, c)], cells[(r, c + 1)]
        half = card.ice
        assert half is not None
        if beams.get((r, c), 0) + beams.get((r, c + 1), 0) >= half.beams:
            flipped += 1
            points += half.upgraded - card.vp - right.vp
    return points, flipped


def _ice_done(cells: Mapping[Pos, Card], r: int, c: int) -> tuple[Pos, ...]:
    """The left half of the Ice monster the card at ``(r, c)`` completes, if it does: a
    left half and a right half of the same kind, side by side."""
    half = cells[(r, c)].ice
    left = (r, c) if half is not None and half.half == "left" else (r, c - 1)
    a, b = cells.get(left), cells.get((left[0], left[1] + 1))
    if a is None or b is None or a.ice is None or b.ice is None:
        return ()
    if a.ice.half != "left" or b.ice.half != "right" or a.ice.kind != b.ice.kind:
        return ()
    return (left,)


def _mama_done(cells: Mapping[Pos, Card], r: int, c: int) -> bool:
    """Does the Big Mama piece at ``(r, c)`` complete one: a head, any bodies, a tail,
    left to right in one row?"""
    piece = cells[(r, c)].mama
    if piece != "head":
        k = c - 1
        while (card := cells.get((r, k))) is not None and card.mama == "body":
            k -= 1
        if card is None or card.mama != "head":
            return False
    if piece == "tail":
        return True
    k = c + 1
    while (card := cells.get((r, k))) is not None and card.mama == "body":
        k += 1
    return card is not None and card.mama == "tail"


def _crystals_joined(cells: Mapping[Pos, Card], r: int, c: int) -> list[str]:
    """Colours of the crystals the card at ``(r, c)`` completes with the cards above
    and below it: a top half over a bottom half of the same colour."""
    card = cells[(r, c)]
    joined = []
    for top, below in ((cells.get((r - 1, c)), card), (card, cells.get((r + 1, c)))):
        if top is not None and below is not None:
            joined += [
                colour
                for edge, colour in top.crystals
                if edge == "bottom" and ("top", colour) in below.crystals
            ]
    return joined


def _portal(cells: Mapping[Pos, Card], r: int, c: int) -> bool:
    """Do the four cards with ``(r, c)`` top left show a portal's four quarters?"""
    se, ne = cells.get((r, c)), cells.get((r, c + 1))
    sw, nw = cells.get((r + 1, c)), cells.get((r + 1, c + 1))
    if se is None or ne is None or sw is None or nw is None:
        return False
    return "se" in se.portals and "sw" in ne.portals and "ne" in sw.portals and "nw" in nw.portals
