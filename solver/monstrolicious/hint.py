"""The hint: every legal move ranked by its chance to win, then the final margin it
leads to, from the view only.

The model is determinised search over the worlds the view allows
(:mod:`infer`): each world fixes the opponent's face-down tiles, and both
stacks get an order. Every candidate move is played in the same worlds (common
random numbers), then the game is played out by the greedy policy of
:mod:`sim`. When searching every *relevant* world (:mod:`relevant`: the
face-down discards folded away, each hidden tile known only as far as the
seat's tiles that can still meet it tell it apart), every stack order and every
reply costs at most ``EXACT_PLAYS`` placements, the hint searches the rest of
the game to its end in each, both sides playing their best there, weighting
each by the worlds it stands for. The game's last tile is always searched so:
its values are the exact expectations.

A move's value puts what a player wants first: the win chance (ties count half)
to the ``WIN_DIGITS`` decimals that ``detail`` gives it, then the expected final
margin (own points minus the opponent's), weighed so that no margin outweighs
one step of the win chance (:func:`placing_value`): a sure win is never given up
for a few points more. ``detail`` gives both, the expected points and the
chance that the placement takes the dessert.

The number of worlds is fixed from the budget and the work one world costs, so
the same view and budget give the same hint. After a Donuts win, the tiles to
turn up are ranked by the points they guard and how little is known of them.

>>> from solver.monstrolicious.state import new_state
>>> s = new_state(2, 5)
>>> ranked = hint(View.of(s, s.current), 0.05)
>>> len(ranked) == len(s.legal_moves()), ranked[0].value >= ranked[-1].value
(True, True)
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass

from solver.errors import GameOverError
from solver.facts import Reason
from solver.game import RankedMove
from solver.monstrolicious import sim
from solver.monstrolicious.cards import BUFFET, SPACES, STRONGEST, TRAP, Value
from solver.monstrolicious.infer import (
    Counter,
    World,
    fitting,
    slots,
    view_seed,
)
from solver.monstrolicious.moves import Move
from solver.monstrolicious.reasons import place_reason, reveal_reason
from solver.monstrolicious.relevant import Effort, Relevant, relevant_worlds
from solver.monstrolicious.rules import empty_spaces, holds_lollipop, wins_battle
from solver.monstrolicious.state import View
from solver.monstrolicious.view import HIDDEN

#: Seconds one playout step and one world's set-up are taken to cost: with the
#: share of the budget planned, they fix the sample size (never the clock, so the
#: same view and budget give the same hint). The rest of the budget is headroom.
STEP_SECONDS = 0.3e-6
WORLD_SECONDS = 30e-6
SHARE = 0.18
#: Fewest and most worlds sampled per hint.
MIN_WORLDS, MAX_WORLDS = 6, 300
#: Exact search when searching every relevant world, stack order and reply takes
#: at most this many placements.
EXACT_PLAYS = 3_000
#: ...and listing the relevant worlds takes at most this many steps (not counted
#: for the game's last tile, which is always searched exactly).
EXACT_STEPS = 4_000
#: Decimals of a win chance, in the ranking as in ``detail``.
WIN_DIGITS = 4
#: The widest final margin: every dessert and the pair bonus on one side.
MOST_MARGIN = sum(BUFFET.points) + BUFFET.pair_bonus


@dataclass(frozen=True)
class Tally:
    """Sums over the worlds for one move."""

    margin: float = 0.0
    points: float = 0.0
    wins: float = 0.0
    weight: float = 0.0

    def add(self, margin: float, points: float, weight: float) -> Tally:
        """This tally with one more world."""
        return Tally(
            self.margin + margin * weight,
            self.points + points * weight,
            self.wins + (weight if margin > 0 else weight / 2 if margin == 0 else 0.0),
            self.weight + weight,
        )


def hint(view: View, budget: float) -> list[RankedMove]:
    """Every legal move of the view's seat ranked best first, from the view alone.

    Args:
        view: what the seat asking knows; it must be the seat to decide.
        budget: seconds the hint may spend (it sizes the sample; p95 stays under it).

    Raises:
        GameOverError: the game is over.
        NotYourTurnError: the decision is the other seat's.
        NotationError: no arrangement of the opponent's unseen tiles fits the view.
    """
    if view.is_terminal():
        raise GameOverError("the game is over: there is no move to hint")
    view.check_turn()
    moves = view.legal_moves()
    counter = fitting(view)
    if view.reveal_pending:
        return _rank_reveals(view, moves, counter)
    return _rank_places(view, moves, counter, budget)


def _rank_reveals(view: View, moves: list[Move], counter: Counter) -> list[RankedMove]:
    counts = dict(zip(counter.slots, counter.counts(), strict=True))
    total = counter.total()
    ranked = []
    for move in moves:
        assert move.reveal is not None
        slot = next(s for s in counts if s.place == "board" and s.index == move.reveal)
        values = counts[slot]
        p_trap = values.get(TRAP, 0) / total
        spread = len(values)
        dessert = BUFFET.desserts[move.reveal]
        value = dessert.points + spread / (STRONGEST + 1) + p_trap
        said = reveal_reason(move.reveal, values)
        detail = {"points": dessert.points, "trap": p_trap}
        ranked.append(_entry(move, round(value, 4), said, detail))
    return sorted(ranked, key=lambda r: -r.value)


def _sampled(
    view: View, counter: Counter, budget: float, n_moves: int
) -> list[tuple[World, float]]:
    """Worlds drawn uniformly, as many as the budget plans for, each of weight 1."""
    left = sum(view.stack_counts) - 1
    rng = random.Random(view_seed(view))
    per_world = WORLD_SECONDS + n_moves * (left + 1) * SPACES * STEP_SECONDS
    planned = budget * SHARE / per_world
    n = (
        MAX_WORLDS
        if planned >= MAX_WORLDS
        else int(planned)
        if planned >= MIN_WORLDS
        else MIN_WORLDS
    )
    hidden = view.hidden_values()
    worlds = []
    for _ in range(n):
        tiles = counter.sample(rng)
        worlds.append((World(tiles, tuple(v for v in hidden if v not in tiles)), 1.0))
    return worlds


def _exact_plan(view: View, moves: list[Move]) -> list[list[Relevant]] | None:
    """For every move, the relevant worlds after it (:mod:`relevant`), when searching
    each of them, every stack order and every reply takes at most ``EXACT_PLAYS``
    placements and listing them at most ``EXACT_STEPS`` steps (no cap for the
    game's last tile); else None.

    After the move, a hidden board tile can still meet the seat's tiles left in
    its stack (the one just placed too, at the space it fights for, since a lost
    battle frees that space again); a tile of the opponent's stack can meet every
    tile of the seat's that is not in its discard pile.
    """
    tile = view.next_tile
    own = view.own_stack()
    mine = tuple(v for v in own if v != TRAP)
    later = tuple(v for v in mine if v != tile)
    placed = {t.value for t in view.board[view.seat] if t is not None and t.value != TRAP}
    stack = tuple(sorted(placed | set(mine)))
    theirs = view.stack_counts[1 - view.seat]
    orders = math.factorial(len(own) - 1) * math.factorial(theirs)
    spaces = len(empty_spaces(view.board, 1 - view.seat))
    replies = math.prod(max(len(moves) - 1 - i, 1) for i in range(len(own) - 1))
    replies *= math.prod(max(spaces - i, 1) for i in range(theirs))
    room = EXACT_PLAYS // (orders * replies)
    if room < len(moves):
        return None
    hidden = [s.index for s in slots(view) if s.place == "board"]
    effort = Effort(None if theirs + len(own) == 1 else EXACT_STEPS)
    found: dict[int | None, list[Relevant] | None] = {}
    plan = []
    for move in moves:
        fought = move.dessert if move.dessert in hidden else None
        if fought not in found:
            meets = {s: mine if s == fought else later for s in hidden}
            found[fought] = relevant_worlds(view, meets, stack, room, effort)
        worlds = found[fought]
        if worlds is None or len(worlds) > room:
            return None
        room -= len(worlds)
        plan.append(worlds)
    return plan


def _orders(view: View, world: World, rng: random.Random | None) -> list[list[list[Value]]]:
    """Stack orders to play in ``world``, popped from the end: one drawn with ``rng``,
    or every order without one."""
    own = [v for v in view.own_stack() if v != view.next_tile]
    them = list(world.stack)
    if rng is not None:
        rng.shuffle(own)
        rng.shuffle(them)
        pairs = [(own, them)]
    else:
        pairs = [
            (list(a), list(b))
            for a in sorted(set(itertools.permutations(own)))
            for b in sorted(set(itertools.permutations(them)))
        ]
    out = []
    for a, b in pairs:
        stacks: list[list[Value]] = [[], []]
        stacks[view.seat], stacks[1 - view.seat] = a[::-1], b[::-1]
        out.append(stacks)
    return out


def _rank_places(
    view: View, moves: list[Move], counter: Counter, budget: float
) -> list[RankedMove]:
    tile = view.next_tile
    assert tile is not None
    owner, base = sim.from_board(view.board)
    hidden_spaces = [s.index for s in slots(view) if s.place == "board"]
    plan = _exact_plan(view, moves)
    total = counter.total()
    if plan is not None:
        tallies = [
            _exact_tally(view, move, worlds, (owner, base), hidden_spaces, total)
            for move, worlds in zip(moves, plan, strict=True)
        ]
        n_worlds = [len(worlds) for worlds in plan]
    else:
        worlds = _sampled(view, counter, budget, len(moves))
        tallies = _sampled_tallies(view, moves, worlds, (owner, base), hidden_spaces)
        n_worlds = [len(worlds)] * len(moves)
    marginals = {
        slot.index: counts
        for slot, counts in zip(counter.slots, counter.counts(), strict=True)
        if slot.place == "board"
    }
    ranked = []
    for move, tally, n in zip(moves, tallies, n_worlds, strict=True):
        assert move.dessert is not None
        take = _take_chance(view, move.dessert, tile, marginals.get(move.dessert, {}), total)
        ranked.append(_ranked(view, move, tally, take, plan is not None, n))
    return sorted(ranked, key=lambda r: -r.value)


Table = tuple[list[int], list[int]]
"""Who holds each dessert and the value there (:mod:`sim`), before the hidden tiles."""


def _filled(table: Table, spaces: list[int], world: World) -> tuple[list[int], list[int]]:
    value = table[1].copy()
    for space, hidden in zip(spaces, world.tiles, strict=False):
        value[space] = hidden
    return table[0], value


def _exact_tally(
    view: View,
    move: Move,
    worlds: list[Relevant],
    table: Table,
    spaces: list[int],
    total: int,
) -> Tally:
    """The move searched to the end in every relevant world and stack order."""
    assert move.dessert is not None and view.next_tile is not None
    tally = Tally()
    for relevant in worlds:
        owner, value = _filled(table, spaces, relevant.world)
        orders = _orders(view, relevant.world, None)
        for stacks in orders:
            o, v = owner.copy(), value.copy()
            sim.play(o, v, view.seat, view.next_tile, move.dessert)
            st = [stacks[0].copy(), stacks[1].copy()]
            margin = sim.best_reply_margin(o, v, st, 1 - view.seat, view.seat)
            tally = tally.add(margin, float("nan"), relevant.weight / total / len(orders))
    return tally


def _sampled_tallies(
    view: View,
    moves: list[Move],
    worlds: list[tuple[World, float]],
    table: Table,
    spaces: list[int],
) -> list[Tally]:
    """Every move played out greedily in the same sampled worlds and stack orders."""
    seat, tile = view.seat, view.next_tile
    assert tile is not None
    rng = random.Random(view_seed(view) ^ 1)
    tallies = [Tally() for _ in moves]
    for world, weight in worlds:
        owner, value = _filled(table, spaces, world)
        (stacks,) = _orders(view, world, rng)
        for i, move in enumerate(moves):
            assert move.dessert is not None
            o, v = owner.copy(), value.copy()
            sim.play(o, v, seat, tile, move.dessert)
            st = [stacks[0].copy(), stacks[1].copy()]
            sim.playout(o, v, st, 1 - seat)
            margin = sim.final_margin(o, v, seat)
            points = sim.final_scores(o, v)[seat]
            tallies[i] = tallies[i].add(margin, points, weight)
    return tallies


def _take_chance(
    view: View, space: int, tile: Value, counts: dict[Value, int], total: int
) -> float:
    """The exact chance that placing ``tile`` at ``space`` leaves it in the seat's hands."""
    them = 1 - view.seat
    opposing = view.board[them][space]
    if opposing is None:
        return 1.0
    lollipop = holds_lollipop(view.board, them)
    if opposing.value != HIDDEN:
        counts, total = {opposing.value: 1}, 1
    won = sum(
        n
        for v, n in counts.items()
        if tile != TRAP and v != TRAP and wins_battle(tile, v, lollipop)
    )
    return won / total


def _ranked(
    view: View, move: Move, tally: Tally, take: float, exact: bool, n_worlds: int
) -> RankedMove:
    assert move.dessert is not None and view.next_tile is not None
    w = tally.weight
    margin = tally.margin / w
    win = tally.wins / w
    detail: dict[str, float] = {
        "expected_margin": round(margin, 3),
        "win_chance": round(win, WIN_DIGITS),
        "take_chance": round(take, 4),
        "worlds": float(n_worlds),
        "exact": 1.0 if exact else 0.0,
    }
    if not exact:
        detail["expected_points"] = round(tally.points / w, 3)
    said = place_reason(view, move.dessert, take, margin, win, exact)
    return _entry(move, placing_value(win, margin), said, detail)


def _entry(move: Move, value: float, said: Reason, detail: dict[str, float]) -> RankedMove:
    """One ranked move: its value, its reason in full, short and as facts."""
    return RankedMove(
        move.to_json(), value, said.text, detail, summary=said.summary, because=said.facts
    )


def placing_value(win: float, margin: float) -> float:
    """A placement's value: the win chance first, the expected margin second.

    The win chance is taken to ``WIN_DIGITS`` decimals; the margin adds less than
    one step of the last decimal however wide it is, so a higher win chance always
    ranks first and the margin decides between equal ones.

    >>> placing_value(1.0, 10.0) > placing_value(0.8, 10.2)
    True
    >>> placing_value(0.5, 3.0) > placing_value(0.5, -2.0) > placing_value(0.4999, MOST_MARGIN)
    True
    >>> round(placing_value(0.75, 9.5), 4)
    0.75
    """
    per_step = 10.0**WIN_DIGITS
    steps = round(round(win, WIN_DIGITS) * per_step)
    tie_break = margin / (2 * MOST_MARGIN + 1)
    return round((steps + tie_break) / per_step, WIN_DIGITS + 6)
