"""Players for simulation: random, greedy, hint and the searches.

* ``random`` picks any legal move;
* ``greedy`` keeps and places the card that raises its own score most right now
  (exact, missions and portals included), discards and passes at random;
* ``hint`` plays the top move of :func:`solver.vbm.hint.hint`;
* ``mcts`` and ``search`` search from the seat's view (:mod:`solver.vbm.worlds`).

>>> from solver.vbm.state import new_state
>>> state = new_state(2, 2)
>>> GreedyPlayer(1).choose(state) in state.legal_moves()
True
"""

from __future__ import annotations

import random
from typing import Any

from solver.game import RandomPlayer
from solver.players import Roster
from solver.vbm.evaluate import Evaluator
from solver.vbm.hint import hint
from solver.vbm.moves import Move
from solver.vbm.reading import move_from_json
from solver.vbm.state import State
from solver.vbm.worlds import WORLDS


class GreedyPlayer:
    """The move that raises its own score most this turn; ties and the rest at random."""

    name = "greedy"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(f"vbm-greedy/{seed}")

    def choose(self, state: Any) -> Move:
        """The greedy move."""
        assert isinstance(state, State)
        moves: list[Move] = state.legal_moves()
        seat = state.to_move
        if state.phase == "explorer" or seat is None:
            return self.rng.choice(moves)
        evaluator = Evaluator(state, seat)
        gains = {
            pair: evaluator.own_gain(str(pair[0]), pair[1])
            for pair in dict.fromkeys((m.card, m.at) for m in moves if m.at is not None)
        }
        best = max(gains.values())
        keep = self.rng.choice(sorted(k for k, v in gains.items() if v == best))
        return self.rng.choice([m for m in moves if (m.card, m.at) == keep])


def random_player(seed: int) -> RandomPlayer:
    """Any legal move, from its own seeded stream."""
    return RandomPlayer(f"vbm-random/{seed}")


HINT_RATE = 110
"""Playouts a second of hint budget buys (``benchmarks.hint_budget`` calibrates it)."""

HINT_RESERVE = 0.04
"""Seconds of every hint budget left to the exact hint, which buy no playouts."""

ROSTER = Roster(
    WORLDS,
    GreedyPlayer,
    hint,
    move_from_json,
    rate=HINT_RATE,
    reserve=HINT_RESERVE,
    random=random_player,
)
"""Very Big Monster's players, wired from its own parts: ``PLAYERS`` by name and its ``HINT``."""

HINT, PLAYERS = ROSTER.hint, ROSTER.players
