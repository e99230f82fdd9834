"""Exact value of placing one card: what a player's (and the team's) score becomes.

:class:`Evaluator` reads a state once for one seat and then answers, for any
``(card, cell)``, the seat's new total and its teammate's, as the rules would
score them at the end of this turn if the seat's card were the only one placed:
printed VP, completed elements, Sand, Grassland, portals (while tiles are left),
personal and team mission tokens (while the pyramid has tokens) and both
explorers.

>>> from solver.vbm.state import new_state
>>> state = new_state(2, 5)
>>> ev = Evaluator(state, 0)
>>> ev.own_gain("W01", (0, 1))
10
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from typing import NamedTuple

from solver.vbm.area import Reading, Tally, finish, frontier
from solver.vbm.cards import Pos
from solver.vbm.scoring import combined, explorer_counts, explorer_points, sheet
from solver.vbm.state import State
from solver.vbm.table import TURNS_PER_ROUND, reading
from solver.vbm.turns import missions

#: Spread of a teammate's final score around today's (VP): a base plus a part
#: per card still to place.
SPREAD_BASE = 4.0
SPREAD_PER_CARD = 2.0


class Outcome(NamedTuple):
    """Totals after one placement, and what changed."""

    total: int
    mate_total: int | None
    tokens: int  # VP of mission tokens the placement wins
    portals: int  # portal tiles it takes
    lines: Mapping[str, int]  # the seat's score pad after it
    counts: Mapping[str, int]  # the seat's counters after it


class Evaluator:
    """Exact scores after a placement by ``seat`` (see the module docstring)."""

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.deck = state.deck
        self.mate = state.mate(seat)
        self.counts = state.counts()
        self.sheets = state.sheets()
        self.totals = [sum(lines.values()) for lines in self.sheets]
        self.sides = [t[s] for t, s in zip(self.deck.missions, state.sides, strict=True)]
        self.cache: dict[tuple[str, Pos], Outcome] = {}
        self.alike: dict[tuple[int, Hashable], Outcome] = {}
        self.readings: dict[int, Reading] = {}
        self.together = [combined(self.counts[a], self.counts[b]) for a, b in state.teams or ()]
        self.given: dict[tuple[int, tuple[int, ...], tuple[int, ...]], list[tuple[int, int]]] = {}
        self.explorers = [
            self.deck.explorer(name) if name is not None else None for name in state.explorers
        ]
        self.mate_explorer = 0
        placed = len(state.areas[seat])
        self.cards_left = max(0, 2 * TURNS_PER_ROUND - placed)
        if self.mate is not None:
            mates = explorer_counts(
                self.counts[self.mate], self.counts[seat], state.explorer_tokens
            )
            self.mate_explorer = self._explorer(self.mate, mates)

    def _reading(self, seat: int) -> Reading:
        """``seat``'s area as it is, read once: each placement extends it by one card."""
        found = self.readings.get(seat)
        if found is None:
            state = self.state
            found = reading(state.deck_name, state.areas[seat], state.sand_direction)
            self.readings[seat] = found
        return found

    def _explorer(self, seat: int, counts: dict[str, int]) -> int:
        explorer = self.explorers[seat]
        return explorer_points(explorer, counts) if explorer is not None else 0

    def outcome(self, card: str, cell: Pos, seat: int | None = None) -> Outcome:
        """Totals after ``seat`` (default: the evaluator's) places ``card`` at ``cell``."""
        seat = self.seat if seat is None else seat
        key = (card, cell) if seat == self.seat else (f"{seat}/{card}", cell)
        if key in self.cache:
            return self.cache[key]
        placed = self._reading(seat).plus(*cell, self.deck.by_id[card])
        alike = (seat, placed.makings())
        out = self.alike.get(alike)
        if out is None:
            out = self.alike[alike] = self._score(seat, finish(self.deck, placed))
        self.cache[key] = out
        return out

    def _score(self, seat: int, after: Tally) -> Outcome:
        """The outcome of ``seat``'s area tallying ``after``: placements that leave the
        area alike in all that its tally reads (:meth:`~solver.vbm.area.Reading.makings`)
        score alike, whatever the card and the cell."""
        state = self.state
        mate = state.mate(seat)
        counts = {**after.counts, "tokens": len(state.tokens[seat])}
        mate_counts = dict(self.counts[mate]) if mate is not None else None
        both = combined(counts, mate_counts) if mate_counts is not None else None
        given = self._missions(seat, counts, both)
        gained = [value for s, value in given if s == seat]
        mate_gained = [value for s, value in given if s == mate]
        counts["tokens"] += len(gained)
        if mate_counts is not None and both is not None:
            mate_counts["tokens"] += len(mate_gained)
        taken = state.portals[seat]
        new_portals = min(len(after.portal_points.difference(taken)), state.portal_left)
        explorer = self.explorers[seat]
        lines = sheet(
            self.deck,
            after,
            len(taken) + new_portals,
            (*state.tokens[seat], *gained),
            explorer,
            explorer_counts(counts, mate_counts, state.explorer_tokens),
        )
        total = sum(lines.values())
        mate_total = None
        if mate is not None and mate_counts is not None and seat == self.seat:
            mate_total = (
                self.totals[mate]
                - self.mate_explorer
                + sum(mate_gained)
                + self._explorer(mate, explorer_counts(mate_counts, counts, state.explorer_tokens))
            )
        return Outcome(total, mate_total, sum(gained), new_portals, lines, counts)

    def _missions(
        self, seat: int, counts: dict[str, int], both: dict[str, int] | None
    ) -> list[tuple[int, int]]:
        """The tokens the missions give when only ``seat``'s counters are ``counts``
        (and its team's ``both``). The check reads no more of them than the counter
        of each tile, so placements alike in those share one check."""
        sides = self.sides
        key = (
            seat,
            tuple([counts[side.counter] for side in sides]),
            tuple([both[side.counter] for side in sides]) if both is not None else (),
        )
        given = self.given.get(key)
        if given is None:
            state = self.state
            table = list(self.counts)
            table[seat] = counts
            together = list(self.together)
            if both is not None and state.teams is not None:
                together[next(t for t, team in enumerate(state.teams) if seat in team)] = both
            given, _, _ = missions(
                sides, table, state.teams, state.pyramids, state.claimed, together
            )
            self.given[key] = given
        return given

    def own_gain(self, card: str, cell: Pos, seat: int | None = None) -> int:
        """How much ``seat``'s own total rises."""
        seat = self.seat if seat is None else seat
        return self.outcome(card, cell, seat).total - self.totals[seat]

    def lower_gain(self, card: str, cell: Pos) -> int:
        """Rise of the lower teammate's score (team mode), else of the seat's own."""
        out = self.outcome(card, cell)
        if out.mate_total is None or self.mate is None:
            return out.total - self.totals[self.seat]
        before = min(self.totals[self.seat], self.totals[self.mate])
        return min(out.total, out.mate_total) - before

    def weight(self) -> float:
        """The chance that the seat ends the lower of the two teammates (team mode; 1.0
        outside it): a logistic curve of today's gap over the spread the cards still to
        place allow."""
        if self.mate is None:
            return 1.0
        me, mate = self.totals[self.seat], self.totals[self.mate]
        spread = SPREAD_BASE + SPREAD_PER_CARD * self.cards_left
        return 1.0 / (1.0 + math.exp((me - mate) / spread))

    def mate_gain(self, card: str, cell: Pos) -> int:
        """How much the teammate's total rises (its Explorer, its mission tokens); 0
        outside team mode."""
        out = self.outcome(card, cell)
        if out.mate_total is None or self.mate is None:
            return 0
        return out.mate_total - self.totals[self.mate]

    def team_gain(self, card: str, cell: Pos) -> float:
        """Rise of the expected objective: in team mode, of the lower teammate's
        final score, else of the seat's own total.

        Which teammate ends lower is not settled until the end: each teammate's
        rise is weighted by the chance that this teammate ends lower (:meth:`weight`).
        """
        out = self.outcome(card, cell)
        if out.mate_total is None or self.mate is None:
            return float(out.total - self.totals[self.seat])
        weight = self.weight()
        return weight * self.own_gain(card, cell) + (1.0 - weight) * self.mate_gain(card, cell)

    def best_gain(self, seat: int, cards: tuple[str, ...]) -> int:
        """The most ``seat`` could add to its own total with one of ``cards``."""
        cells = frontier(self.state.areas[seat])
        return max((self.own_gain(card, cell, seat) for card in cards for cell in cells), default=0)
