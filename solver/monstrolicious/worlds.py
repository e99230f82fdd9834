"""Worlds a Monstrolicious seat cannot tell apart (:class:`solver.worlds.Worlds`).

:func:`sample` draws the opponent's face-down tiles uniformly among the values
the battles allow and shuffles both stacks below the seat's next tile
(:func:`~solver.monstrolicious.state.determinise`), from the view alone. Every
move is public: a placement names its dessert, a reveal the tile turned up.

>>> import random
>>> from solver.monstrolicious.state import new_state
>>> from solver.monstrolicious.redeal import redeal
>>> s = new_state(2, 3)
>>> sample(View.of(s, 0), random.Random(1)) == sample(View.of(redeal(s, 0, 8), 0), random.Random(1))
True
"""

from __future__ import annotations

import random

from solver.game import one_seat_waits
from solver.monstrolicious.state import State, View, determinise
from solver.worlds import Worlds


def sample(view: View, rng: random.Random) -> State:
    """One deal ``view`` allows, its hidden tiles drawn uniformly from ``rng``."""
    return determinise(view, rng=rng, seed=rng.getrandbits(64))


WHOLE_GAME = 40
"""Decisions a ``search`` playout may play: more than any game has left, so a playout
ends with the game (cheap here, and the win is what counts)."""

WORLDS = Worlds(
    view=View.of,
    sample=sample,
    waiting=one_seat_waits,
    iterations=130,
    playouts=60,
    scale=10.0,
    horizon=WHOLE_GAME,
)
"""Monstrolicious's worlds and the budgets of the ``mcts`` and ``search`` players."""

RULES = WORLDS.rules
"""What the ``mcts`` search needs of Monstrolicious."""
