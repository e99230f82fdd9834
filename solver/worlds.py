"""The worlds a seat cannot tell apart, and what the ``mcts`` and ``search`` players
need of a game to search them.

A world is a full state the seat's view allows: the view's hidden content dealt
anew. Each game's ``worlds.py`` says how (its ``sample(view, rng)``, reading
nothing but the view, so two states that look the same to the seat give the same
worlds from the same ``rng``), what a seat learns of a move where not every move
is public, how the reference search picks and values its moves, and the two
searches' budgets. :class:`Worlds` holds them and builds each search's adapter:
:class:`solver.mcts.Rules` and :class:`solver.search.SearchRules`.

>>> from solver.game import RandomPlayer
>>> from solver.park.worlds import WORLDS
>>> WORLDS.rules.iterations, WORLDS.search_rules(RandomPlayer).playouts
(30, 400)
>>> WORLDS.search_rules(RandomPlayer).horizon, WORLDS.hint_rules(RandomPlayer).horizon
(6, 10)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from typing import Any

from solver import mcts, search
from solver.game import PlayerFactory, Seat


@dataclass(frozen=True)
class Worlds:
    """One game's worlds and the budgets of the searches over them.

    Args:
        view: ``view(state, seat)``, the game's view of a state.
        sample: ``sample(view, rng)`` -> one full state the view allows, its hidden
            content drawn from ``rng``; it reads nothing but the view.
        waiting: the seats with a decision in a state's step (``Game.waiting``).
        iterations: the ``mcts`` player's default budget.
        playouts: the ``search`` player's default budget (playouts a decision).
        scale: points of margin worth ``tanh(1)`` at a cut-off ``search`` playout.
        observe: ``observe(state, move, seat)`` -> what ``seat`` learns when the
            seat to move plays ``move`` in ``state`` (default: the move itself).
        horizon: decisions a ``search`` playout plays after the candidate.
        candidates: ``candidates(world, seat, moves)`` -> the moves the ``search``
            player weighs, best first by the game's own judgement.
        margin: ``margin(state, seat)`` -> how far the seat's side leads.
        leaf: how far the seat's side leads where a playout of the hint stops
            (default: ``margin``, as in the reference search), where the game can
            count more than the score.
        hint_horizon: decisions a playout of the hint plays after the candidate
            (default: ``horizon``, as in the reference search).
    """

    view: Callable[[Any, Seat], Any]
    sample: Callable[[Any, random.Random], Any]
    waiting: Callable[[Any], tuple[Seat, ...]]
    iterations: int
    playouts: int
    scale: float
    observe: Callable[[Any, Any, Seat], Hashable] = mcts.public_move
    horizon: int = search.HORIZON
    candidates: Callable[[Any, Seat, list[Any]], list[Any]] = search.all_moves
    margin: Callable[[Any, Seat], float] = search.score_margin
    leaf: Callable[[Any, Seat], float] | None = None
    hint_horizon: int | None = None

    @property
    def rules(self) -> mcts.Rules:
        """What the ``mcts`` search needs of the game."""
        return mcts.Rules(
            view=self.view,
            sample=self.sample,
            waiting=self.waiting,
            observe=self.observe,
            iterations=self.iterations,
        )

    def search_rules(self, policy: PlayerFactory) -> search.SearchRules:
        """What the reference search needs of the game, its playouts played by ``policy``."""
        return search.SearchRules(
            view=self.view,
            sample=self.sample,
            policy=policy,
            playouts=self.playouts,
            scale=self.scale,
            horizon=self.horizon,
            candidates=self.candidates,
            margin=self.margin,
        )

    def hint_rules(self, policy: PlayerFactory) -> search.SearchRules:
        """What the hint's playouts need of the game: the reference search's, except that
        a playout is cut off after ``hint_horizon`` decisions and valued by ``leaf``."""
        rules = self.search_rules(policy)
        return replace(
            rules,
            margin=rules.margin if self.leaf is None else self.leaf,
            horizon=rules.horizon if self.hint_horizon is None else self.hint_horizon,
        )
