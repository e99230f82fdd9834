"""The players every game has, wired once from the game's own parts.

``random`` and ``greedy`` are the game's own. ``mcts`` and ``search`` search the
worlds its seat's view allows (:class:`solver.worlds.Worlds`), every seat of a
``search`` playout played by the greedy player. ``hint`` plays the top move of
the game's hint (:class:`solver.anytime.Anytime`): its exact hint, then playouts
of that same search with the rest of the budget, as deep as the game says and
valued where they stop by what it counts there beyond the score
(:meth:`solver.worlds.Worlds.hint_rules`).

>>> from dataclasses import replace
>>> from solver.park.players import PLAYERS, ROSTER
>>> list(PLAYERS)
['random', 'greedy', 'hint', 'mcts', 'search']
>>> ROSTER.search.rules == PLAYERS["search"].rules
True
>>> deeper = {"margin": ROSTER.worlds.leaf, "horizon": ROSTER.worlds.hint_horizon}
>>> ROSTER.hint.rules == replace(ROSTER.search.rules, **deeper)
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from solver import mcts
from solver.anytime import PRIOR, Anytime, HintPlayers, points_behind
from solver.game import PlayerFactory, RandomPlayer, RankedMove
from solver.search import SearchPlayers
from solver.worlds import Worlds


@dataclass(frozen=True)
class Roster:
    """One game's players, from its own parts and numbers.

    Args:
        worlds: the game's worlds and the budgets of the searches over them.
        greedy: the game's greedy player, and every seat's playout policy in the
            ``search`` player and the hint.
        exact: the game's exact ``hint(view, budget)``, every legal move ranked.
        read_move: reads a ranked move's JSON back into the game's move.
        rate: playouts a second of hint budget buys.
        reserve: seconds of every hint budget left to the exact hint.
        unit: what a playout value of 1 is worth in the exact hint's unit
            (default: the search's ``scale``, when the value is in points).
        prior: worlds of evidence the exact hint's value counts as.
        behind: says how far, in the exact hint's unit, a move came out behind the best.
        random: the ``random`` player.
    """

    worlds: Worlds
    greedy: PlayerFactory
    exact: Callable[[Any, float], list[RankedMove]]
    read_move: Callable[[Mapping[str, Any]], Any]
    rate: float
    reserve: float
    unit: float | None = None
    prior: float = PRIOR
    behind: Callable[[float], str] = points_behind
    random: PlayerFactory = RandomPlayer

    @cached_property
    def search(self) -> SearchPlayers:
        """The ``search`` player (``search:N``): the reference the hints are measured against."""
        return SearchPlayers(self.worlds.search_rules(self.greedy))

    @cached_property
    def hint(self) -> Anytime:
        """The game's hint: the exact evaluation, then playouts with the rest of the budget."""
        return Anytime(
            self.exact,
            self.worlds.hint_rules(self.greedy),
            self.read_move,
            rate=self.rate,
            reserve=self.reserve,
            unit=self.unit,
            prior=self.prior,
            behind=self.behind,
        )

    @cached_property
    def players(self) -> dict[str, PlayerFactory]:
        """The players by name, each built from a seed."""
        return {
            "random": self.random,
            "greedy": self.greedy,
            "hint": HintPlayers(self.worlds.view, self.hint, self.read_move),
            "mcts": mcts.SearchPlayers(self.worlds.rules),
            "search": self.search,
        }
