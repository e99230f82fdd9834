"""A game's table, frozen: the fields of a state and every rule that reads them.

The Explorer choice and the hand draft are simultaneous: every seat that has
not chosen yet (:meth:`Table.waiting`, from the turn's first player round the
table) may choose, in any order; ``to_move`` is the first of them. A move names
its seat (``Move.seat``, :mod:`solver.vbm.moves`), or is the seat to move's. Choices made
this turn stay hidden from the other seats (only the Spaceship a hand was passed to
shows) until every player has chosen; then the cards are revealed together and
effects and missions apply (``turns``). The row draft is taken in turn.
:mod:`solver.vbm.rules` applies a move to a table; :class:`solver.vbm.state.State`
adds the protocol of ``solver.game`` on top of it.

Phases: ``explorer`` (each player keeps one of two Explorer cards), then
``draft`` (team and free-for-all modes: hands of 10 passed between Spaceships,
two rounds of 9 turns) or ``rows`` (2 and 3 players: the row draft), then ``over``.

>>> from solver.vbm.state import new_state
>>> state = new_state(2, 7)
>>> state.phase, state.to_move, state.waiting(), len(state.legal_moves())
('explorer', 0, (0, 1), 2)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Self

from solver.errors import IllegalMoveError
from solver.game import Json, Score, each_alone
from solver.vbm.area import Area, Reading, Tally, finish, frontier, read
from solver.vbm.cards import Deck, Pos
from solver.vbm.decks import deck_named
from solver.vbm.moves import Move
from solver.vbm.scoring import explorer_counts, ranked_winners, sheet, team_standing
from solver.vbm.turns import missions, portal_tiles

ROUNDS = 2
TURNS_PER_ROUND = 9
#: Cards dealt to each Spaceship at the start of a round (hand draft).
HAND = 10
#: The phases in which every player chooses at once.
SIMULTANEOUS = ("explorer", "draft")


#: Area readings kept (:func:`reading`).
READINGS_KEPT = 4096
#: Longest area read from the reading of its prefix (a game's areas hold 20 cards at most).
EXTENDED = 32


def undecided(
    phase: str,
    first: int,
    kept: Sequence[bool],
    pending: Sequence[Move | None],
) -> tuple[int, ...]:
    """The seats still to choose in a simultaneous step, from the first player round the
    table: those without an Explorer card (``kept``), or without a choice this turn."""
    players = len(pending)
    order = [(first + k) % players for k in range(players)]
    if phase == "explorer":
        return tuple(s for s in order if not kept[s])
    return tuple(s for s in order if pending[s] is None)


@functools.lru_cache(maxsize=READINGS_KEPT)
def reading(deck_name: str, area: Area, reach: str = "arrow") -> Reading:
    """The area read card by card (:func:`~solver.vbm.area.read`), cached by deck name,
    area and Sand direction (the setting ``sand_direction``): the areas of a state are
    read once, and every placement a player weighs extends them by one card
    (:meth:`~solver.vbm.area.Reading.plus`).

    An area of a game (:data:`EXTENDED` cards at most) extends the reading of the area
    one card shorter, which the state before it read; a longer one is read card by
    card in a loop, whatever its length.
    """
    if 0 < len(area) <= EXTENDED:
        r, c, card_id = area[-1]
        return reading(deck_name, area[:-1], reach).plus(r, c, deck_named(deck_name).by_id[card_id])
    return read(deck_named(deck_name), area, reach)


@functools.lru_cache(maxsize=16384)
def tally(deck_name: str, area: Area, reach: str = "arrow") -> Tally:
    """:func:`~solver.vbm.area.analyse`, cached like :func:`reading`; an area one card
    longer than a read one is read from it."""
    deck = deck_named(deck_name)
    if not area:
        return finish(deck, Reading.empty(reach))
    r, c, card_id = area[-1]
    return finish(deck, reading(deck_name, area[:-1], reach).plus(r, c, deck.by_id[card_id]))


def teams_of(players: int, mode: str | None) -> tuple[tuple[int, int], ...] | None:
    """The teams of ``mode`` at ``players`` seats: teammates sit opposite, seat ``s`` and
    ``s + players / 2`` (team mode only; None in the other modes).

    >>> teams_of(6, "team"), teams_of(4, "free")
    (((0, 3), (1, 4), (2, 5)), None)
    """
    if mode != "team":
        return None
    half = players // 2
    return tuple((s, s + half) for s in range(half))


def sides(players: int, mode: str | None) -> tuple[tuple[int, ...], ...]:
    """The seats that play as one side: the teams in team mode, else each seat alone."""
    return teams_of(players, mode) or each_alone(players, mode)


@dataclass(frozen=True)
class Table:
    """Everything about one game; see the module docstring for the phases.

    ``areas[s]`` are seat ``s``'s placements in order; ``hands[s]`` the cards on
    seat ``s``'s Spaceship this turn (draft) and ``passed[s]`` the cards it has
    passed on this round (only it knows them); ``rows`` the open rows and ``live``
    what is left of the row being drafted (row draft); ``pending[s]`` the choice
    seat ``s`` made this turn; ``pile`` the cards not yet dealt or revealed;
    ``discards`` every discarded card, and ``seen[s]`` those of them seat ``s``
    knows (hand draft: the cards it held that went back to the box);
    ``sand_direction`` the setting of that name (which cells a Sand card counts),
    ``explorer_tokens`` too (whose Reward Mission tokens an Explorer card counts).
    """

    players: int
    seed: int
    mode: str
    deck_name: str
    sides: tuple[int, ...]
    phase: str
    round: int
    turn: int
    first: int
    offers: tuple[tuple[str, ...], ...]
    explorers: tuple[str | None, ...]
    areas: tuple[Area, ...]
    hands: tuple[tuple[str, ...], ...]
    pending: tuple[Move | None, ...]
    pile: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    live: tuple[str, ...]
    tokens: tuple[tuple[int, ...], ...]
    pyramids: tuple[tuple[int, ...], ...]
    claimed: frozenset[tuple[str, int, int]]
    portals: tuple[tuple[Pos, ...], ...]
    portal_left: int
    discards: tuple[str, ...]
    passed: tuple[tuple[str, ...], ...] = ()
    seen: tuple[tuple[str, ...], ...] = ()
    sand_direction: str = "arrow"
    explorer_tokens: str = "own"

    # ----------------------------------------------------------------- basics
    @property
    def deck(self) -> Deck:
        """The deck the game is played with."""
        return deck_named(self.deck_name)

    @property
    def teams(self) -> tuple[tuple[int, int], ...] | None:
        """Teammates sit opposite: seat ``s`` and ``s + players / 2`` (team mode only)."""
        return teams_of(self.players, self.mode)

    def mate(self, seat: int) -> int | None:
        """The teammate of ``seat`` in team mode."""
        return (seat + self.players // 2) % self.players if self.mode == "team" else None

    def order(self) -> list[int]:
        """Seats from this turn's first player round the table."""
        return [(self.first + k) % self.players for k in range(self.players)]

    @property
    def chosen(self) -> int:
        """How many seats have decided this turn (or chosen an explorer)."""
        if self.phase == "explorer":
            return sum(e is not None for e in self.explorers)
        return sum(p is not None for p in self.pending)

    @property
    def to_move(self) -> int | None:
        """The first seat with a decision in this step; None when the game is over."""
        if self.phase == "over":
            return None
        if self.phase in SIMULTANEOUS:
            return self.waiting()[0]
        return (self.first + self.chosen) % self.players

    def waiting(self) -> tuple[int, ...]:
        """Every seat with a decision in this step (see the module docstring)."""
        if self.phase == "over":
            return ()
        if self.phase in SIMULTANEOUS:
            kept = [e is not None for e in self.explorers]
            return undecided(self.phase, self.first, kept, self.pending)
        return ((self.first + self.chosen) % self.players,)

    def is_terminal(self) -> bool:
        """True once the last turn has been revealed."""
        return self.phase == "over"

    def cards(self) -> list[str]:
        """Every card of the game, wherever it lies (a row-draft choice lies in ``pending``)."""
        cards = [c for area in self.areas for _, _, c in area]
        for group in (*self.hands, self.pile, *self.rows, self.live, self.discards):
            cards += group
        if self.mode == "rows":
            cards += [p.card for p in self.pending if p is not None and p.card is not None]
        return cards

    def round_cards(self) -> set[str]:
        """The cards dealt this round of the hand draft: on the Spaceships or placed since."""
        cards = {c for hand in self.hands for c in hand}
        return cards | {c for area in self.areas for _, _, c in area[len(area) - self.turn :]}

    # ------------------------------------------------------------------ moves
    def pass_targets(self, seat: int) -> list[int]:
        """Free Spaceships ``seat`` may pass to: another player's, else its own."""
        taken = {p.pass_to for p in self.pending if p is not None}
        free = [t for t in range(self.players) if t != seat and t not in taken]
        return free or [seat]

    def last_in_row(self) -> bool:
        """Is the seat to move the last to draft from the live row (keeps, no discard)?"""
        return self.chosen == self.players - 1

    def legal_moves(self) -> list[Move]:
        """Every legal move of ``to_move`` in a fixed order (card, cell, target)."""
        seat = self.to_move
        return [] if seat is None else self.choices(seat)

    def choices(self, seat: int, named: bool = False) -> list[Move]:
        """Every legal move of ``seat`` in a fixed order, [] when it has no decision now;
        ``named``: each move names the seat (a seat's own moves in a simultaneous step,
        :meth:`solver.vbm.state.View.legal_moves`), else none does."""
        if seat not in self.waiting():
            return []
        who = seat if named else None
        if self.phase == "explorer":
            return [Move(explorer=e, seat=who) for e in self.offers[seat]]
        cells = frontier(self.areas[seat])
        if self.phase == "draft":
            hand = self.hands[seat]
            if len(hand) <= 2:
                return [Move(card, cell, seat=who) for card in hand for cell in cells]
            targets = self.pass_targets(seat)
            return [
                Move(card, cell, t, seat=who) for card in hand for cell in cells for t in targets
            ]
        if self.chosen == 0:
            return [
                Move(card, cell, row=r, discard=d, seat=who)
                for r, row in enumerate(self.rows)
                for card in row
                for cell in cells
                for d in row
                if d != card
            ]
        if self.last_in_row():
            return [Move(card, cell, seat=who) for card in self.live for cell in cells]
        return [
            Move(card, cell, discard=d, seat=who)
            for card in self.live
            for cell in cells
            for d in self.live
            if d != card
        ]

    # ----------------------------------------------------------------- scores
    def tallies(self) -> list[Tally]:
        """Each seat's area, read once (cached)."""
        return [tally(self.deck_name, area, self.sand_direction) for area in self.areas]

    def counts(self) -> list[dict[str, int]]:
        """Each seat's counters, with its Reward Mission tokens."""
        return [{**t.counts, "tokens": len(self.tokens[s])} for s, t in enumerate(self.tallies())]

    def sheets(self) -> list[dict[str, int]]:
        """Every score-pad line of every seat."""
        deck = self.deck
        counts = self.counts()
        out = []
        for seat, t in enumerate(self.tallies()):
            mate = self.mate(seat)
            mate_counts = counts[mate] if mate is not None else None
            scored = explorer_counts(counts[seat], mate_counts, self.explorer_tokens)
            name = self.explorers[seat]
            explorer = deck.explorer(name) if name is not None else None
            out.append(sheet(deck, t, len(self.portals[seat]), self.tokens[seat], explorer, scored))
        return out

    def scores(self) -> list[Score]:
        """One score per seat: total VP with every score-pad line."""
        return [Score(s, sum(lines.values()), lines) for s, lines in enumerate(self.sheets())]

    def team_score(self, seat: int) -> int:
        """The lower of the two teammates' scores (team mode), else the seat's own."""
        totals = [s.total for s in self.scores()]
        mate = self.mate(seat)
        return totals[seat] if mate is None else min(totals[seat], totals[mate])

    def score_detail(self) -> Json | None:
        """Team mode: each team's score, the tie-break steps and what decided
        (:func:`~solver.vbm.scoring.team_standing`); None in the other modes."""
        teams = self.teams
        if teams is None:
            return None
        sheets = self.sheets()
        totals = [sum(lines.values()) for lines in sheets]
        water = [lines["water"] for lines in sheets]
        return team_standing(totals, water, teams, over=self.is_terminal())

    def winners(self) -> tuple[int, ...]:
        """Winning seats by the rulebook's tie rules (team mode: the whole team)."""
        sheets = self.sheets()
        totals = [sum(lines.values()) for lines in sheets]
        return ranked_winners(totals, [lines["water"] for lines in sheets], self.teams)

    # ------------------------------------------------------------ turn ending
    def reveal(self) -> Self:
        """Place every pending card, then apply portals and missions."""
        areas = list(self.areas)
        for seat, move in enumerate(self.pending):
            assert move is not None and move.at is not None and move.card is not None
            areas[seat] = (*areas[seat], (move.at[0], move.at[1], move.card))
        placed = replace(self, areas=tuple(areas))
        tallies = placed.tallies()
        portals, left = portal_tiles(tallies, self.portals, self.portal_left, self.order())
        sides = [tile[side] for tile, side in zip(self.deck.missions, self.sides, strict=True)]
        counts = [dict(t.counts) for t in tallies]
        given, pyramids, claimed = missions(sides, counts, self.teams, self.pyramids, self.claimed)
        tokens = [list(t) for t in self.tokens]
        for seat, value in given:
            tokens[seat].append(value)
        return replace(
            placed,
            portals=portals,
            portal_left=left,
            pyramids=pyramids,
            claimed=claimed,
            tokens=tuple(tuple(t) for t in tokens),
            pending=(None,) * self.players,
        )


def check(condition: bool, rule: str) -> None:
    """Raise IllegalMoveError(rule) unless ``condition``."""
    if not condition:
        raise IllegalMoveError(rule)
