"""Worlds a Very Big Monster seat cannot tell apart, and the ``mcts`` player over them.

:func:`sample` takes the state the view alone lays out (:attr:`View.world`) and
deals its hidden content anew (:func:`~solver.vbm.redeal.redeal`): the other
hands, the pile, the discards the seat never held, the other seats' hidden
choices of this turn and their Explorer offers. It reads nothing but the view,
so two deals that look the same to the seat give the same worlds from the same
``rng``. :func:`observe` says what a seat learns of a move: in the Explorer
choice and the hand draft, another seat's choice shows only that it was made
(and, in the draft, the Spaceship its hand went to); the row draft is open.

>>> import random
>>> from solver.vbm.rules import new_state
>>> from solver.vbm.redeal import redeal
>>> s = new_state(4, 3)
>>> sample(View.of(s, 0), random.Random(1)) == sample(View.of(redeal(s, 0, 8), 0), random.Random(1))
True
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from solver.game import Seat
from solver.mcts import Rules, SearchPlayers
from solver.vbm.redeal import redeal
from solver.vbm.rules import waiting
from solver.vbm.state import SIMULTANEOUS, Move, State
from solver.vbm.view import View


def sample(view: View, rng: random.Random) -> State:
    """One deal ``view`` allows, its hidden cards drawn from ``rng``."""
    return redeal(view.world, view.seat, rng.getrandbits(64))


def observe(state: State, move: Move, seat: Seat) -> Hashable:
    """What ``seat`` learns when the seat to move plays ``move`` in ``state``."""
    mover = state.to_move
    if seat == mover or state.phase not in SIMULTANEOUS:
        return move
    return (state.phase, mover, move.pass_to)


RULES = Rules(view=View.of, sample=sample, waiting=waiting, observe=observe, iterations=10)
"""What the search needs of Very Big Monster."""

mcts_player = SearchPlayers(RULES)
"""The ``mcts`` player (``mcts:N`` through :meth:`SearchPlayers.named`)."""
