"""What a placement does for the points still to come: Grassland, missions,
crystals and Sand.

The exact gain (:mod:`solver.vbm.evaluate`) scores a placement as if the game
ended with it. Four lines of the pad pay on what is mostly still to come:

* **Grassland**: the table rises by more for every symbol (1, 3, 4, 5... VP), so a
  symbol is worth what it adds at the count the player can expect at the end,
  not at today's;
* **missions**: a token is paid only once its count is reached, so a card that
  brings a mission nearer is worth the token times the rise in the chance to
  reach it with the cards still to place (and a card that reaches it now, whose
  token the exact gain counts whole, is worth that token less the chance it
  had already);
* **crystals**: half a crystal on a card's top or bottom edge scores once a card
  with the other half of that colour lies against it, so a half with an open
  cell on its side is worth the crystal times the chance of that card coming
  (times ``CELL_ODDS``, for the cell being kept for it); a card placed on such a
  cell ends that chance (if it completes the crystal, the exact gain counts it);
* **Sand** (:meth:`Prospect.sand`, kept apart in the hint's ``sand`` part): a Sand
  card counts the cards placed later where it looks, and scores its flipped VP
  once another Sand card follows it. A row or column card can expect
  ``SAND_PACE`` cards per placement still to come (a player extends the line it
  looks along; a diagonal, whose cells share no edge, half as fast), an adjacent
  card a share of its open neighbours. Against the reference search a Sand card's
  own cards rose by about 0.3 to 0.45 a placement along a row or column, 0.15 to
  0.25 along a diagonal.

The cards still to come are the cards of the sets in play that nobody has placed,
which the seat knows whatever the deal; the player's remaining placements draw
from them, each thing at its share among them, times ``FOCUS`` for a player who
picks what it needs. A count's rise over the remaining placements is Poisson.

>>> poisson_at_least(0.0, 1), poisson_at_least(2.0, 0)
(0.0, 1.0)
>>> round(poisson_at_least(1.0, 1), 3)
0.632
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace

from solver.vbm.area import EXPLORER_POS
from solver.vbm.cards import CRYSTAL_VP, TERRAINS, Card, Deck, MissionSide, Pos
from solver.vbm.sand import sand_rays, sand_score
from solver.vbm.state import State, View
from solver.vbm.table import TURNS_PER_ROUND

#: How much faster than the cards' average a player gathers what it aims for.
FOCUS = 1.5
#: The chance that a cell next to half a crystal is kept for the card completing it.
CELL_ODDS = 0.5
#: The edge that completes each edge's half crystal, and where that card lies.
FACING = {"top": ("bottom", -1), "bottom": ("top", 1)}
#: Cards a Sand card's ray can expect to see, per placement still to come (a
#: diagonal's cells share no edge, so it fills at half the pace); for an adjacent
#: card, the chance per placement that one open cell around it fills.
SAND_PACE = {"row": 0.3, "column": 0.3, "diagonal": 0.15, "adjacent": 0.1}
#: How much of one card seen later each Sand condition counts.
SAND_COUNTS = {"any": 1.0, "same": 0.7, "different": 0.9}
#: Cards a player places in the game: 18 in the hand draft, 20 in the row draft.
PLACED = {False: 2 * TURNS_PER_ROUND, True: 20}


#: The counters a card alone decides (:func:`per_card`).
PER_CARD = (
    *("water", "lava", "ice", "rock", "grassland", "sand"),
    *("babies", "water_monsters", "mutagens", "rock_monsters", "grass_symbols"),
)


def per_card(card: Card) -> dict[str, int]:
    """What one card adds to the counters a card alone decides (``PER_CARD``).

    >>> from solver.vbm.decks import standard_deck
    >>> tuple(per_card(standard_deck().card("G02"))) == PER_CARD
    True
    """
    counts = {terrain: 0 for terrain in ("water", "lava", "ice", "rock", "grassland", "sand")}
    counts[card.terrain.value] = 1
    counts["babies"] = int(card.baby)
    counts["water_monsters"] = int(card.baby)
    counts["mutagens"] = len(card.beams)
    counts["rock_monsters"] = card.rocks
    counts["grass_symbols"] = card.grass
    return counts


def placements_left(state: State, seat: int) -> int:
    """Cards ``seat`` still places after the one it places now."""
    return max(0, PLACED[state.mode == "rows"] - len(state.areas[seat]) - 1)


def rates(view: View) -> dict[str, float]:
    """Mean of each counter over the cards of the sets in play not yet placed, and of
    each half crystal (``"bottom/blue"``)."""
    placed = {c for area in view.areas for _, _, c in area}
    cards = [view.deck.by_id[c] for c in view.deck_cards() if c not in placed]
    total = dict.fromkeys(PER_CARD, 0.0)
    for card in cards:
        for name, value in per_card(card).items():
            total[name] = total.get(name, 0.0) + value
        for edge, colour in card.crystals:
            total[f"{edge}/{colour}"] = total.get(f"{edge}/{colour}", 0.0) + 1
    return {name: value / max(len(cards), 1) for name, value in total.items()}


def poisson_at_least(mean: float, count: int) -> float:
    """The chance that a Poisson count of ``mean`` reaches ``count``."""
    if count <= 0:
        return 1.0
    term = total = math.exp(-mean)
    for k in range(1, count):
        term *= mean / k
        total += term
    return max(0.0, 1.0 - total)


def grass_value(deck: Deck, symbols: float) -> float:
    """The Grassland table read between its steps (and flat past its end)."""
    table = deck.grassland
    low = min(int(symbols), len(table) - 1)
    high = min(low + 1, len(table) - 1)
    return table[low] + (table[high] - table[low]) * (min(symbols, len(table) - 1) - low)


class Prospect:
    """The future part of a placement's value for ``seat`` (see the module docstring)."""

    def __init__(self, view: View) -> None:
        state, seat = view.world, view.seat
        self.state, self.seat, self.deck = state, seat, state.deck
        self.left = left = placements_left(state, seat)
        self.coming = {name: FOCUS * left * rate for name, rate in rates(view).items()}
        self.cells = {(r, c): self.deck.by_id[card] for r, c, card in state.areas[seat]}
        self.missions: list[tuple[str, int, int]] = []  # counter, count needed, token
        for tile, side in enumerate(self._sides()):
            pile = state.pyramids[tile]
            open_ = pile and ("personal", seat, tile) not in state.claimed
            if open_ and side.counter in self.coming:
                self.missions.append((side.counter, side.personal, pile[0]))

    def _sides(self) -> list[MissionSide]:
        return [t[s] for t, s in zip(self.deck.missions, self.state.sides, strict=True)]

    def value(
        self, card: str, cell: Pos, before: Mapping[str, int], after: Mapping[str, int]
    ) -> dict[str, float]:
        """What placing ``card`` at ``cell``, its counters going from ``before`` to
        ``after``, adds beyond today's points, by line: ``grassland``, ``missions`` and
        ``crystals`` (each part may be negative)."""
        return {
            "grassland": self._grass(before, after),
            "missions": self._missions(before, after),
            "crystals": self._crystals(card, cell),
        }

    def sand(self, card: str, cell: Pos) -> float:
        """What a Sand card at ``cell`` can expect beyond today's points: the cards
        placed later where it looks (``SAND_PACE``, counted by ``SAND_COUNTS``), at
        its flipped VP if another Sand card follows it (Poisson, as the missions)."""
        front = self.deck.by_id[card].sand
        if front is None or self.left <= 0:
            return 0.0
        back = self.deck.by_id[card].flipped or front
        reach = self.state.sand_direction
        now = sand_score(replace(front, vp=1), cell, self.cells, reach)
        steps, whole = sand_rays(front, reach)
        if whole:
            seen = min(float(self.left), SAND_PACE[front.region] * self.left * len(steps))
        else:
            r, c = cell
            around = [(r + dr, c + dc) for dr, dc in steps]
            open_ = sum(p not in self.cells and p != EXPLORER_POS for p in around)
            seen = open_ * (1.0 - math.exp(-SAND_PACE["adjacent"] * self.left))
        counted = now + SAND_COUNTS[front.condition] * seen
        if front.condition == "different":
            counted = min(counted, float(max(now, len(TERRAINS))))
        flip = 1.0 - math.exp(-self.coming["sand"])
        return (front.vp + (back.vp - front.vp) * flip) * counted - front.vp * now

    def _half(self, edge: str, colour: str) -> float:
        """What half a crystal with an open cell on its ``edge`` side can expect."""
        other, _ = FACING[edge]
        chance = 1.0 - math.exp(-self.coming.get(f"{other}/{colour}", 0.0))
        return CRYSTAL_VP[colour] * chance * CELL_ODDS

    def _crystals(self, card: str, cell: Pos) -> float:
        """The half crystals the card opens less those whose open cell it fills."""
        r, c = cell
        out = 0.0
        for edge, colour in self.deck.by_id[card].crystals:
            _, step = FACING[edge]
            if (r + step, c) not in self.cells and (r + step, c) != EXPLORER_POS:
                out += self._half(edge, colour)
        for edge, step in (("bottom", -1), ("top", 1)):
            near = self.cells.get((r + step, c))
            if near is not None:
                out -= sum(self._half(e, colour) for e, colour in near.crystals if e == edge)
        return out

    def _grass(self, before: Mapping[str, int], after: Mapping[str, int]) -> float:
        """The symbols' worth at the expected final count, less today's."""
        g0, g1 = before["grass_symbols"], after["grass_symbols"]
        future = self.coming["grass_symbols"]
        table = self.deck.grassland
        exact = table[min(g1, len(table) - 1)] - table[min(g0, len(table) - 1)]
        return grass_value(self.deck, g1 + future) - grass_value(self.deck, g0 + future) - exact

    def _missions(self, before: Mapping[str, int], after: Mapping[str, int]) -> float:
        """The tokens' rise in chance (a token won now is counted by the exact gain)."""
        out = 0.0
        for counter, needed, token in self.missions:
            c0, c1 = before[counter], after[counter]
            if c0 >= needed or c0 == c1:
                continue
            mean = self.coming[counter]
            had = poisson_at_least(mean, needed - c0)
            has = 0.0 if c1 >= needed else poisson_at_least(mean, needed - c1)
            out += token * (has - had)
        return out
