"""Worlds a Monster Park seat cannot tell apart (:class:`solver.worlds.Worlds`).

:func:`sample` lays out the table the view alone gives (:meth:`View.world`) and
deals its hidden cards anew (:func:`~solver.park.redeal.redeal`): every
face-down monster is an unseen monster of its face, the decks and supplies are
shuffled. It reads nothing but the view, so two tables that look the same to
the seat give the same worlds from the same ``rng``. Every move is public.

>>> import random
>>> from solver.park.state import new_state
>>> from solver.park.redeal import redeal
>>> s = new_state(2, seed=3)
>>> sample(View.of(s, 0), random.Random(1)) == sample(View.of(redeal(s, 0, 8), 0), random.Random(1))
True
"""

from __future__ import annotations

import random

from solver.game import Seat, one_seat_waits
from solver.park.evaluate import evaluate, greedy_key
from solver.park.moves import Move
from solver.park.prospect import standing
from solver.park.redeal import redeal
from solver.park.state import State, View
from solver.search import lead
from solver.worlds import Worlds


def sample(view: View, rng: random.Random) -> State:
    """One table ``view`` allows, its hidden cards drawn uniformly from ``rng``."""
    return redeal(view.world(), view.seat, rng.getrandbits(64))


def by_greedy_key(world: State, seat: Seat, moves: list[Move]) -> list[Move]:
    """Every legal move, the greedy player's favourite first (its points this turn)."""
    if world.phase == "tourists":
        return moves
    keys = [greedy_key(m, evaluate(world, m)) for m in moves]
    order = sorted(range(len(moves)), key=lambda i: keys[i], reverse=True)
    return [moves[i] for i in order]


def leaf_margin(state: State, seat: Seat) -> float:
    """How far ``seat`` leads where a playout of the hint stops: each running total
    with what its park is worth beyond it (:func:`~solver.park.prospect.standing`:
    toward the tourists still to come, less the room its areas have closed).

    >>> from solver.park.state import new_state
    >>> leaf_margin(new_state(2, seed=3), 0)
    0.0
    """
    worth = [score.total + standing(state, s) for s, score in enumerate(state.scores())]
    return lead(worth, seat)


HINT_HORIZON = 10
"""Decisions a playout of the hint plays after its candidate, where the reference
search plays six: far enough to see a park's monsters bring in the tourists it is
building toward (what is left is valued by :func:`leaf_margin`)."""

WORLDS = Worlds(
    view=View.of,
    sample=sample,
    waiting=one_seat_waits,
    iterations=30,
    playouts=400,
    scale=10.0,
    candidates=by_greedy_key,
    leaf=leaf_margin,
    hint_horizon=HINT_HORIZON,
)
"""Monster Park's worlds and the budgets of the ``mcts`` and ``search`` players."""

RULES = WORLDS.rules
"""What the ``mcts`` search needs of Monster Park."""
