"""The hint: every legal move ranked, with its value and a one-line reason.

Placement moves are valued in four parts:

* **gain** - the exact rise of the objective if the card goes to that cell
  (:class:`~solver.vbm.evaluate.Evaluator`): the player's own score, or in team
  mode the lower teammate's score (each teammate's rise weighted by the chance
  it ends lower); a Sand card adds what it can expect from the cards placed
  later in its region;
* **prospect** - what the placement changes in the points still to come
  (:mod:`solver.vbm.prospect`): the Grassland table at the count to be expected,
  the chance of mission tokens, half crystals with their cell open;
* **plan** - for the best few placements, the CP-SAT model of
  :mod:`solver.vbm.plan`: the expected extra points of the cards still to come
  this round (the open rows, or the hand that may come back) in the cells the
  placement opens;
* **others** - what the rest of the move hands to the other players: the
  best card left for the next players in the row (row draft, after the
  discard), or in the passed hand (hand draft: good for a teammate, bad for an
  opponent).

Explorer choices are valued by the points each Explorer card would score on
the expected end-of-game counts of the cards in play.

>>> from solver.vbm.state import new_state
>>> state = new_state(2, 3)
>>> while state.phase == "explorer":
...     state = state.apply(state.legal_moves()[0])
>>> ranked = hint(View.of(state, 0))
>>> len(ranked) == len(state.legal_moves()), ranked[0].reason.startswith("place the")
(True, True)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import replace

from solver.errors import GameOverError
from solver.facts import Fact, Reason
from solver.game import DEFAULT_HINT_BUDGET, RankedMove
from solver.vbm.area import frontier
from solver.vbm.cards import Pos
from solver.vbm.evaluate import Evaluator
from solver.vbm.explorers import rank_explorers
from solver.vbm.moves import Move
from solver.vbm.plan import plan
from solver.vbm.prospect import Prospect
from solver.vbm.reasons import describe, placement, tell_apart
from solver.vbm.state import State, View
from solver.vbm.table import TURNS_PER_ROUND
from solver.vbm.writing import move_to_json

#: Placements the CP-SAT plan looks at (the best by exact gain).
PLANNED = 4
#: Cells of another player's area tried when valuing cards left to them.
OTHER_CELLS = 5
#: Most cards the plan expects (the likeliest first).
EXPECTED = 6
#: Weight of what a passed hand gives its receiver.
PASS_WEIGHT = 0.3


def _short_list(state: State, seat: int, limit: int) -> list[Pos]:
    """The ``limit`` open cells of ``seat`` with the most neighbours (ties: first)."""
    taken = {(r, c) for r, c, _ in state.areas[seat]} | {(0, 0)}
    cells = frontier(state.areas[seat])

    def crowd(cell: Pos) -> int:
        r, c = cell
        return sum((r + dr, c + dc) in taken for dr in (-1, 0, 1) for dc in (-1, 0, 1))

    return sorted(cells, key=lambda cell: -crowd(cell))[:limit]


class _Others:
    """Best gain another seat could make with a card (cached per seat and card)."""

    def __init__(self, state: State, ev: Evaluator) -> None:
        self.state, self.ev = state, ev
        self.cells: dict[int, list[Pos]] = {}
        self.best: dict[tuple[int, str], int] = {}

    def gain(self, seat: int, cards: Sequence[str]) -> int:
        out = 0
        for card in cards:
            key = (seat, card)
            if key not in self.best:
                if seat not in self.cells:
                    self.cells[seat] = _short_list(self.state, seat, OTHER_CELLS)
                self.best[key] = max(
                    (self.ev.own_gain(card, cell, seat) for cell in self.cells[seat]), default=0
                )
            out = max(out, self.best[key])
        return out


def hint(view: View, budget: float = DEFAULT_HINT_BUDGET) -> list[RankedMove]:
    """Every legal move of the view's seat, best first, from the view alone.

    The placement hint works on :attr:`View.world <solver.vbm.state.View.world>`,
    whose hidden cards it never reads: the seat's own hand, its passed cards, the
    open rows and the play areas are all it weighs.

    Raises:
        GameOverError: the game is over.
        NotYourTurnError: the seat has no decision in this step (any seat still to
            choose in a simultaneous step has one).
    """
    if view.is_terminal():
        raise GameOverError("the game is over: there is no move to hint")
    seat = view.seat
    view.require_decision()
    if view.phase == "explorer":
        return rank_explorers(view)
    state = view.world
    moves = view.legal_moves()
    ev = Evaluator(state, seat)
    pairs = sorted({(str(m.card), m.at) for m in moves if m.at is not None})
    exact = {pair: ev.team_gain(*pair) for pair in pairs}
    coming = Prospect(view)
    before, weight = ev.counts[seat], ev.weight()
    sand = {pair: weight * coming.sand(*pair) for pair in pairs}
    parts = {
        pair: {
            k: weight * v for k, v in coming.value(*pair, before, ev.outcome(*pair).counts).items()
        }
        for pair in pairs
    }
    later = {pair: sum(parts[pair].values()) for pair in pairs}
    gain = {pair: exact[pair] + sand[pair] + later[pair] for pair in pairs}
    others = _Others(state, ev)
    future = _future(state, ev, gain, others, budget)
    said = {
        pair: placement(state, ev, pair, sand[pair], future.get(pair, 0.0), parts[pair])
        for pair in pairs
    }
    tell_apart(state, seat, said)
    ranked = []
    for move in moves:
        assert move.card is not None and move.at is not None
        pair = (move.card, move.at)
        left, why = _others(state, seat, move, others)
        value = gain[pair] + future.get(pair, 0.0) + left
        reason = said[pair] + why
        ranked.append(
            RankedMove(
                move_to_json(move),
                round(value, 3),
                reason.text,
                {
                    "gain": round(exact[pair], 3),
                    "sand": round(sand[pair], 3),
                    "prospect": round(later[pair], 3),
                    "plan": round(future.get(pair, 0.0), 3),
                    "others": round(left, 3),
                },
                summary=reason.summary,
                because=reason.facts,
            )
        )
    ranked.sort(key=lambda r: -r.value)
    return ranked


def _expected(state: State, seat: int, card: str) -> tuple[dict[str, float], int]:
    """Cards ``seat`` may still get this round (with their chance) and how many it places.

    Row draft: the cards of the other open rows, one of which it takes next turn.
    Hand draft: the rest of the hand, which may come back round, and the cards it
    passed on earlier this round that nobody has placed yet (half as likely).
    Only cards that score more beside the right neighbours are planned.
    """
    chance = 1.0 / state.players
    deck = state.deck
    if state.phase == "rows":
        rows = [row for row in state.rows if card not in row]
        return {c: chance for row in rows for c in row if deck.by_id[c].connects}, 1
    placed = {c for area in state.areas for _, _, c in area}
    hand = [c for c in state.hands[seat] if c != card]
    passed = state.passed[seat] if state.passed else ()
    expect = {c: chance / 2 for c in passed if c not in placed and c not in hand}
    expect |= {c: chance for c in hand}
    likely = sorted((c for c in expect if deck.by_id[c].connects), key=lambda c: (-expect[c], c))
    expect = {c: expect[c] for c in likely[:EXPECTED]}
    return expect, TURNS_PER_ROUND - state.turn - 1


def _future(
    state: State,
    ev: Evaluator,
    gain: dict[tuple[str, Pos], float],
    others: _Others,
    budget: float,
) -> dict[tuple[str, Pos], float]:
    """Planned extra points of the best few placements (CP-SAT, see ``plan``)."""
    seat = ev.seat
    top = sorted(gain, key=lambda pair: (-gain[pair], pair))[:PLANNED]
    values: dict[Hashable, dict[tuple[Hashable, str], float]] = {}
    chances: dict[str, float] = {}
    slots = 1
    here = _short_list(state, seat, OTHER_CELLS)
    best_now: dict[str, float] = {}
    for card, cell in top:
        expect, slots = _expected(state, seat, card)
        chances.update(expect)
        if not expect or slots <= 0:
            continue
        placed = (*state.areas[seat], (cell[0], cell[1], card))
        areas = list(state.areas)
        areas[seat] = placed
        after = Evaluator(_with_areas(state, tuple(areas)), seat)
        taken = {(r, c) for r, c, _ in placed} | {(0, 0)}
        near = [
            (cell[0] + dr, cell[1] + dc)
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if (cell[0] + dr, cell[1] + dc) not in taken
        ]
        table: dict[tuple[Hashable, str], float] = {}
        for other in expect:
            if other not in best_now:
                best_now[other] = max(
                    (ev.team_gain(other, spot) for spot in here if spot != cell), default=0.0
                )
            for spot in near:
                extra = after.team_gain(other, spot) - best_now[other]
                if extra > 0:
                    table[(spot, other)] = float(extra)
        values[(card, cell)] = table
    if not values:
        return {}
    planned = plan(values, chances, slots, budget)
    return {pair: value for pair, value in planned.items() if isinstance(pair, tuple)}


def _with_areas(state: State, areas: tuple[tuple[tuple[int, int, str], ...], ...]) -> State:
    return replace(state, areas=areas)


def _others(state: State, seat: int, move: Move, others: _Others) -> tuple[float, Reason]:
    """What the rest of the move leaves to the other players: (value, reason)."""
    deck = state.deck
    if state.phase == "draft":
        rest = [c for c in state.hands[seat] if c != move.card]
        target = move.pass_to
        if target is None:
            return 0.0, _discarded(state, rest)
        count = len(rest)
        cards = f"the other {count} card{'s' * (count > 1)}"
        if target == seat:
            text = f"; keep {cards} on your own Spaceship (every other one is taken)"
            return 0.0, Reason(text, (Fact("keeps-cards", {"count": count}),))
        best = others.gain(target, rest)
        passed = {"seat": target, "count": count, "points": best}
        if state.mode == "team" and target == state.mate(seat):
            text = f"; pass {cards} to your teammate (seat {target}): the best is worth +{best} "
            short = f"passes your teammate a card worth +{best}"
            fact = Fact("passes-to-teammate", passed)
            return PASS_WEIGHT * best, Reason(text + "to them", (fact,), (short,))
        text = f"; pass {cards} to seat {target}, an opponent: the best is worth +{best} to them"
        short = f"passes seat {target} a card worth +{best}"
        fact = Fact("passes-to-opponent", passed)
        return -PASS_WEIGHT * best, Reason(text, (fact,), (short,))
    row = state.rows[move.row] if move.row is not None else state.live
    if move.discard is None:
        return 0.0, _discarded(state, [c for c in row if c != move.card])
    rest = [c for c in row if c not in (move.card, move.discard)]
    nxt = (seat + 1) % state.players
    best = others.gain(nxt, rest)
    weight = 1.0 / (state.players - 1)
    text = (
        f"; discard {describe(deck.card(move.discard), state.sand_direction)}: the best card "
        f"then left in the row is worth +{best} to the next player (seat {nxt})"
    )
    fact = Fact("leaves-next-player", {"card": move.discard, "seat": nxt, "points": best})
    return -weight * best, Reason(text, (fact,), (f"leaves seat {nxt} a card worth +{best}",))


def _discarded(state: State, cards: list[str]) -> Reason:
    """The cards a move leaves to the discard pile."""
    if not cards:
        return Reason()
    named = " and ".join(describe(state.deck.card(c), state.sand_direction) for c in cards)
    fact = Fact("discards-rest", {"cards": ", ".join(cards)})
    return Reason(f"; the other card, {named}, is discarded", (fact,))
