"""The ``search`` player: a determinised flat Monte-Carlo search from one seat's view.

The reference the hints are measured against. For one decision it draws
worlds the seat's view allows (:attr:`SearchRules.sample`, from the view
alone), plays every candidate move in each world followed by a short playout
of the game's greedy player with some random moves, and values where the
playout stops: the win or loss at the end of the game, else the score margin
through a ``tanh``. Every candidate is played in the same worlds with the same
playout seed, so two candidates are compared world by world (a paired
comparison); a candidate is dropped once the best one beats it by
:data:`STANDARD_ERRORS` standard errors of the paired difference (successive
elimination). The search stops when one candidate is left or its counted
budget of playouts is spent, and plays the best mean (ties: the candidate the
game's own ordering puts first).

Only the root decision is searched: after it every seat plays the playout
policy in a world the seat's view allows, so in a simultaneous step (Very Big
Monster's Explorer choice and hand draft) the seat learns no other seat's
choice: those made before it are hidden content of the view, drawn anew in
every world, and those made after it are the policy's.

The same view, seed and budget give the same move: every random choice flows
from :func:`~solver.mcts.view_seed`. The wall clock only guards: a deadline set
around the call (:func:`solver.deadline.due_by`) stops the search with
:class:`~solver.errors.SolverTimeoutError`.

>>> from solver.game import get_game
>>> game = get_game("monstrolicious")
>>> state = game.new(2, 4, None)
>>> players = game.players["search"].with_playouts(30)
>>> players(1).choose(state) == players(1).choose(game.redeal(state, 0, 9))
True
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from solver.deadline import Clock
from solver.game import PlayerFactory, Seat
from solver.mcts import count_in, outcome, view_seed

#: A candidate is dropped once the best beats it by this many standard errors.
STANDARD_ERRORS = 3.0
#: Worlds every candidate plays before any is dropped.
MIN_WORLDS = 4
#: Added to the variance of a paired difference: a few equal differences are not proof.
VARIANCE_FLOOR = 0.01
#: Most playouts ``search:N`` may ask for.
MAX_PLAYOUTS = 1_000_000
#: The guard on one decision when no deadline is set around it.
GUARD_SECONDS = 600.0
#: Decisions a playout plays after the candidate before it is cut off, unless the game says.
HORIZON = 6


def all_moves(world: Any, seat: Seat, moves: list[Any]) -> list[Any]:
    """Every legal move is a candidate, in the game's order."""
    return moves


def score_margin(state: Any, seat: Seat) -> float:
    """The seat's running total less the best other seat's."""
    return lead([score.total for score in state.scores()], seat)


def lead(worth: Sequence[float], seat: Seat) -> float:
    """How far ``seat``'s worth is ahead of the best other seat's (negative: behind).

    >>> lead([40, 45, 38], 1), lead([40, 45, 38], 2)
    (5.0, -7.0)
    """
    return float(worth[seat] - max(w for s, w in enumerate(worth) if s != seat))


@dataclass(frozen=True)
class SearchRules:
    """What the search needs of one game.

    Args:
        view: ``view(state, seat)``, the game's view of a state.
        sample: ``sample(view, rng)`` -> one full state the view allows (from the view alone).
        policy: the playout player of every seat, built from the playout seed.
        playouts: the ``search`` player's default budget (playouts a decision).
        scale: points of margin worth ``tanh(1)`` at a cut-off playout.
        horizon: decisions a playout plays after the candidate before it is cut off.
        explore: the chance that a playout decision is a uniformly random move.
        candidates: ``candidates(world, seat, moves)`` -> the moves searched,
            best first by the game's own judgement (it breaks ties).
        margin: ``margin(state, seat)`` -> how far the seat's side leads.
    """

    view: Callable[[Any, Seat], Any]
    sample: Callable[[Any, random.Random], Any]
    policy: PlayerFactory
    playouts: int
    scale: float
    horizon: int = HORIZON
    explore: float = 0.1
    candidates: Callable[[Any, Seat, list[Any]], list[Any]] = all_moves
    margin: Callable[[Any, Seat], float] = score_margin


def playout(rules: SearchRules, state: Any, seat: Seat, seed: int) -> float:
    """The value in [-1, 1] for ``seat`` of one seeded playout from ``state``."""
    rng = random.Random(seed)
    policy = rules.policy(seed)
    for _ in range(rules.horizon):
        if state.is_terminal():
            break
        if rng.random() < rules.explore:
            move = rng.choice(list(state.legal_moves()))
        else:
            move = policy.choose(state)
        after = state.apply(move)
        state = finish(state, after) if after.is_terminal() else after
    if state.is_terminal():
        return 2.0 * outcome(state)[seat] - 1.0
    return math.tanh(rules.margin(state, seat) / rules.scale)


def finish(state: Any, ended: Any) -> Any:
    """The game's last decision played to win: of the ends the seat to move can reach
    in one move, the best for it (``ended``, the playout's own, where none is better).

    A playout's policy looks at points, not at who wins: on the last turn it may
    buy what it likes and hand over a game it could have won by taking a token.
    Every seat plays its last decision this way, the searching seat's rivals too.
    """
    seat = state.to_move
    best, value = ended, outcome(ended)[seat]
    for move in state.legal_moves():
        after = state.apply(move)
        if after.is_terminal() and outcome(after)[seat] > value:
            best, value = after, outcome(after)[seat]
    return best


def beaten(best: Sequence[float], other: Sequence[float]) -> bool:
    """Whether ``best`` leads ``other`` world by world by more than
    :data:`STANDARD_ERRORS` standard errors of the mean difference.

    >>> beaten([1.0, 0.9, 1.0, 0.8], [0.0, 0.1, -0.2, 0.0])
    True
    >>> beaten([1.0, -1.0, 1.0, -1.0], [0.0, 0.0, 0.0, 0.0])
    False
    """
    differences = [a - b for a, b in zip(best, other, strict=True)]
    mean = statistics.fmean(differences)
    variance = statistics.variance(differences, mean) if len(differences) > 1 else 1.0
    return mean > STANDARD_ERRORS * math.sqrt((variance + VARIANCE_FLOOR) / len(differences))


class Search:
    """One decision's search from one seat's view.

    Args:
        rules: the game's adapter.
        view: the searching seat's view (all the search reads).
        seed: the player's seed (with the view, it seeds the search).
        candidates: the moves to compare, best first by the caller's judgement
            (default: the game's :attr:`SearchRules.candidates` of every legal move).
    """

    def __init__(
        self, rules: SearchRules, view: Any, seed: int, candidates: list[Any] | None = None
    ) -> None:
        self.rules = rules
        self.view = view
        self.seat: Seat = view.seat
        self.rng = random.Random(view_seed(view, seed))
        world = rules.sample(view, self.rng)
        if candidates is None:
            mine = world.to_move == self.seat
            moves = list(world.legal_moves() if mine else view.legal_moves())
            candidates = rules.candidates(world, self.seat, moves)
        self.candidates: list[Any] = candidates
        self.values: list[list[float]] = [[] for _ in self.candidates]
        self.alive = list(range(len(self.candidates)))
        self.playouts = 0
        self.worlds: list[tuple[Any, int]] = []
        """Every world played so far with its playout seed, in order."""
        self._world: Any = world

    def run(self, playouts: int, clock: Clock) -> None:
        """Play worlds until one candidate is left or ``playouts`` are spent."""
        while len(self.alive) > 1 and self.playouts < playouts:
            clock.check("the search ran out of time")
            self.play_world()

    def play_world(self) -> None:
        """Every candidate still in, played in one new world with one playout seed."""
        world = self.rules.sample(self.view, self.rng) if self._world is None else self._world
        self._world = None
        seed = self.rng.getrandbits(64)
        self.worlds.append((world, seed))
        for i in self.alive:
            after = world.apply(self.candidates[i])
            self.values[i].append(playout(self.rules, after, self.seat, seed))
        self.playouts += len(self.alive)
        self.drop_beaten()

    def challenge(self, candidate: Any, clock: Clock) -> None:
        """Adds ``candidate``, played first in every world so far (so it is compared world
        by world with the candidates still in), then in the worlds to come."""
        values = []
        for world, seed in self.worlds:
            clock.check("the search ran out of time")
            values.append(playout(self.rules, world.apply(candidate), self.seat, seed))
        self.candidates.append(candidate)
        self.values.append(values)
        self.alive.append(len(self.candidates) - 1)
        self.playouts += len(values)
        self.drop_beaten()

    def drop_beaten(self) -> None:
        """Drops every candidate the leader beats (once each has played enough worlds)."""
        if len(self.values[self.alive[0]]) >= MIN_WORLDS:
            top = self.values[self.leader()]
            self.alive = [i for i in self.alive if not beaten(top, self.values[i])]

    def leader(self) -> int:
        """The candidate still in with the best mean (ties: the first)."""
        return max(self.alive, key=lambda i: (statistics.fmean(self.values[i] or [0.0]), -i))

    def best(self) -> Any:
        """The move the search plays."""
        return self.candidates[self.leader()]

    def statistics(self) -> list[tuple[Any, tuple[float, ...]]]:
        """Every candidate with its playout values, in the game's order."""
        return [(m, tuple(v)) for m, v in zip(self.candidates, self.values, strict=True)]


class SearchPlayer:
    """Plays the move the search from its seat's view finds best.

    Args:
        rules: the game's adapter.
        playouts: the budget of each decision.
        seed: with the view, seeds each decision's search.
        name: the player's name in results.
    """

    def __init__(self, rules: SearchRules, playouts: int, seed: int, name: str) -> None:
        self.rules = rules
        self.playouts = playouts
        self.seed = seed
        self.name = name
        self.last: Search | None = None
        """The last decision's search."""

    def choose(self, state: Any) -> Any:
        """The search's move for the seat to move, from that seat's view alone."""
        return self.decide(self.rules.view(state, state.to_move))

    def decide(self, view: Any) -> Any:
        """The search's move for the view's seat (as the game's states list it)."""
        search = Search(self.rules, view, self.seed)
        search.run(self.playouts, Clock.start(GUARD_SECONDS))
        self.last = search
        return search.best()


@dataclass(frozen=True)
class SearchPlayers:
    """The ``search`` entry of a game's players: builds a :class:`SearchPlayer` from a
    seed, with the game's default budget or ``search:N`` (:meth:`named`).

    Args:
        rules: the game's adapter.
        playouts: the budget of the players it builds (default: the game's).
        name: the players' name.
    """

    rules: SearchRules
    playouts: int | None = None
    name: str = "search"

    def __call__(self, seed: int) -> SearchPlayer:
        return SearchPlayer(self.rules, self.playouts or self.rules.playouts, seed, self.name)

    def with_playouts(self, playouts: int) -> SearchPlayers:
        """The same players with ``playouts`` a decision."""
        return replace(self, playouts=playouts, name=f"search:{playouts}")

    def named(self, argument: str) -> SearchPlayers:
        """The players ``search:<argument>`` names: ``argument`` playouts a decision.

        >>> from solver.game import get_game
        >>> get_game("park").players["search"].named("12").playouts
        12
        >>> get_game("park").players["search"].named("0")
        Traceback (most recent call last):
        ...
        solver.errors.NotationError: bad playout count '0' in 'search:0': want 1 to 1000000
        """
        return self.with_playouts(count_in(argument, "search", "playout", MAX_PLAYOUTS))

    @property
    def count(self) -> int:
        """The playouts a decision of the players it builds plays."""
        return self.playouts or self.rules.playouts

    @property
    def standard(self) -> int:
        """The game's own budget: about a second a decision on this project's machine."""
        return self.rules.playouts
