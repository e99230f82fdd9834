"""Players for simulation: random, greedy, hint and the searches. They decide from
their seat's view.

>>> from solver.monstrolicious.state import new_state
>>> s = new_state(2, 1)
>>> [PLAYERS[name](0).choose(s) in s.legal_moves() for name in sorted(PLAYERS)]
[True, True, True, True, True]
"""

from __future__ import annotations

import random

from solver.monstrolicious import rules
from solver.monstrolicious.cards import BUFFET, Placed, Value
from solver.monstrolicious.hint import hint
from solver.monstrolicious.moves import Move
from solver.monstrolicious.reading import move_from_json
from solver.monstrolicious.state import State, View
from solver.monstrolicious.table import put
from solver.monstrolicious.view import HIDDEN
from solver.monstrolicious.worlds import WORLDS
from solver.players import Roster


def _possible(view: View, tile: Placed) -> list[Value]:
    if tile.value != HIDDEN:
        return [tile.value]
    return [v for v in view.hidden_values() if tile.lo <= v <= tile.hi]


def immediate_swing(view: View, space: int) -> float:
    """The expected change of (own - opponent) visible points from placing at ``space``.

    A face-down opposing tile is taken to be any unseen tile its bounds allow,
    each as likely.
    """
    seat, tile = view.seat, view.next_tile
    assert tile is not None
    before = rules.scores(view.board)
    base = before[seat].total - before[1 - seat].total
    opposing = view.board[1 - seat][space]
    cases: list[tuple[Placed | None, float]]
    if opposing is None:
        cases = [(None, 1.0)]
    else:
        values = _possible(view, opposing) or [opposing.value]
        cases = [(Placed(v, True), 1.0 / len(values)) for v in values]
    total = 0.0
    for defender, p in cases:
        board = put(view.board, 1 - seat, space, defender)
        if defender is None:
            board = put(board, seat, space, Placed(tile))
        else:
            out = rules.battle(tile, defender, rules.holds_lollipop(board, 1 - seat))
            board = put(board, seat, space, out.placer_stays)
            board = put(board, 1 - seat, space, out.defender_stays)
        after = rules.scores(board)
        total += p * (after[seat].total - after[1 - seat].total - base)
    return total


class GreedyPlayer:
    """The best immediate points as far as its view shows; after a Donuts win it
    turns up the opposing tile guarding the most points."""

    name = "greedy"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Move:
        """The move with the best expected immediate swing (ties: the richer dessert)."""
        view = View.of(state, state.current)
        moves = view.legal_moves()
        if view.reveal_pending:
            return max(moves, key=lambda m: (BUFFET.points[m.reveal or 0], -(m.reveal or 0)))

        def key(move: Move) -> tuple[float, int]:
            assert move.dessert is not None
            swing = immediate_swing(view, move.dessert)
            points = BUFFET.points[move.dessert]
            return round(swing, 9), points if swing > 0 else -points

        return max(moves, key=key)


HINT_RATE = 80
"""Playouts a second of hint budget buys (``benchmarks.hint_budget`` calibrates it)."""

HINT_RESERVE = 0.15
"""Seconds of every hint budget left to the exact hint, which buy no playouts."""

HINT_PRIOR = 30.0
"""Worlds of evidence the exact hint's win chance counts as. A playout here ends in a
win or a loss, so a few of them say little beside the exact chance: with the default
8, a second's playouts chose worse moves than the exact hint alone (``benchmarks.regret``,
docs/mcts.md)."""

ROSTER = Roster(
    WORLDS,
    GreedyPlayer,
    hint,
    move_from_json,
    rate=HINT_RATE,
    reserve=HINT_RESERVE,
    prior=HINT_PRIOR,
    unit=0.5,  # the hint's value is the win chance; a playout's, 2 * share of the win - 1
    behind=lambda worse: f"winning {worse:.0%} less often than the best",
)
"""Monstrolicious's players, wired from its own parts: ``PLAYERS`` by name and its ``HINT``."""

HINT, PLAYERS = ROSTER.hint, ROSTER.players
