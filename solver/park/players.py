"""The players for simulation: ``random`` and ``hint`` are ``solver.game``'s, ``greedy``
takes the best points this turn.

>>> from solver.park.rules import new_state
>>> s = new_state(2, seed=5)
>>> all(PLAYERS[name](1).choose(s) in s.legal_moves() for name in sorted(PLAYERS))
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from solver.game import HintPlayer, PlayerFactory, RandomPlayer
from solver.park.codec import move_from_json
from solver.park.evaluate import evaluate, greedy_key
from solver.park.hint import hint
from solver.park.moves import Move
from solver.park.state import State
from solver.park.view import View
from solver.park.worlds import mcts_player


class GreedyPlayer:
    """Takes the most points this turn (exactly, in expectation over face-down cards).

    Among equal values it prefers the move that places a card (it fills the park),
    then a random one.
    """

    name = "greedy"

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: State) -> Move:
        """The legal move with the best immediate points."""
        moves = state.legal_moves()
        if state.phase == "tourists":
            return max(moves, key=lambda m: sum(state.cards.tourist(t).reward for t in m.tourists))
        scored = [
            (*greedy_key(m, evaluate(state, m)), self._rng.random(), i) for i, m in enumerate(moves)
        ]
        return moves[max(scored)[3]]


def hint_player(seed: int) -> HintPlayer:
    """The hint's best move, asked of the view of the seat to move (deterministic, so
    the seed is not needed)."""
    return HintPlayer(View.of, hint, move_from_json)


PLAYERS: Mapping[str, PlayerFactory] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "hint": hint_player,
    "mcts": mcts_player,
}
"""The players by name, each built from a seed."""
