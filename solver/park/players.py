"""The greedy player (best points this turn); random and hint are ``solver.game``'s.

>>> from solver.park.state import new_game
>>> s = new_game(2, seed=5)
>>> from solver.game import RandomPlayer
>>> RandomPlayer(1).choose(s) in s.legal_moves()
True
>>> GreedyPlayer(1).choose(s) in s.legal_moves()
True
"""

from __future__ import annotations

import random

from solver.park.evaluate import evaluate, greedy_key
from solver.park.moves import Move
from solver.park.state import ParkState


class GreedyPlayer:
    """Takes the most points this turn (exactly, in expectation over face-down cards).

    Among equal values it prefers the move that places a card (it fills the park),
    then a random one.
    """

    name = "greedy"

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: ParkState) -> Move:
        """The legal move with the best immediate points."""
        moves = state.legal_moves()
        if state.phase == "tourists":
            return max(moves, key=lambda m: sum(state.cards.tourist(t).reward for t in m.tourists))
        scored = [
            (*greedy_key(m, evaluate(state, m)), self._rng.random(), i) for i, m in enumerate(moves)
        ]
        return moves[max(scored)[3]]
