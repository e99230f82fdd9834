"""Worlds a Monstrolicious seat cannot tell apart, and the ``mcts`` and ``search`` players
over them.

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

from solver import search
from solver.game import PlayerFactory, one_seat_waits
from solver.mcts import Rules, SearchPlayers
from solver.monstrolicious.state import State, View, determinise


def sample(view: View, rng: random.Random) -> State:
    """One deal ``view`` allows, its hidden tiles drawn uniformly from ``rng``."""
    return determinise(view, rng=rng, seed=rng.getrandbits(64))


RULES = Rules(view=View.of, sample=sample, waiting=one_seat_waits, iterations=130)
"""What the search needs of Monstrolicious."""

mcts_player = SearchPlayers(RULES)
"""The ``mcts`` player (``mcts:N`` through :meth:`SearchPlayers.named`)."""


WHOLE_GAME = 40
"""Decisions a ``search`` playout may play: more than any game has left, so a playout
ends with the game (cheap here, and the win is what counts)."""


def search_players(policy: PlayerFactory) -> search.SearchPlayers:
    """The ``search`` player (``search:N``), its playouts played by ``policy``."""
    rules = search.SearchRules(
        view=View.of, sample=sample, policy=policy, playouts=60, scale=10.0, horizon=WHOLE_GAME
    )
    return search.SearchPlayers(rules)
