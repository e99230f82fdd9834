"""The ``mcts`` player: information-set Monte Carlo tree search from one seat's view.

Single-observer information-set MCTS (SO-ISMCTS, Cowling, Powley & Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012): every
iteration samples one *determinisation* (a full state the seat's view allows,
drawn by the game's :class:`Rules.sample` from the view alone), then walks one
tree shared by all iterations, whose nodes are the seat's information sets: a
node's children are keyed by the move *as the searching seat observes it*
(:class:`Rules.observe`; a choice hidden from it falls into one child whatever
was chosen). At each node the seat to move picks among the moves legal in this
determinisation by UCB1 with availability counts (a move legal in only some
worlds is judged against the visits in which it was there), expands one new
move, then a random playout runs to the end of the game (bounded by
:attr:`Rules.horizon` decisions, valued by the running scores if cut off) and
every edge on the path is credited with the result for its mover.

A simultaneous step (Very Big Monster's Explorer choice and hand draft) is
played in the engine's order (``to_move``, one waiting seat after another).
Within the search no seat may learn another's choice of the same step: the
searching seat sees another's choice only as ``observe`` shows it, and a seat
that chooses after the searching seat in the same step (and so cannot see what
it chose) picks by the playout policy rather than from the tree, which would
have been grown beneath the searching seat's own choice.

The search reads nothing but the view; the same view and seed give the same
move (an iteration budget; a time budget stops sooner and is not reproducible).

>>> from solver.game import get_game
>>> game = get_game("monstrolicious")
>>> state = game.new(2, 4, None)
>>> players = game.players["mcts"].with_iterations(20)
>>> players(1).choose(state) == players(1).choose(game.redeal(state, 0, 9))
True
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import re
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, runtime_checkable

from solver.deadline import Clock
from solver.errors import NotationError
from solver.game import Seat

#: UCB1's exploration constant (rewards lie in [0, 1]).
EXPLORATION = 0.7
#: Most iterations ``mcts:N`` may ask for.
MAX_ITERATIONS = 100_000


@dataclass(frozen=True)
class Budget:
    """How long one decision searches.

    Args:
        iterations: determinisations searched (the search stops after this many).
        seconds: optional wall-clock limit as well; with it, the move depends on
            the machine's speed and is no longer reproducible.
    """

    iterations: int
    seconds: float | None = None


def _random_move(state: Any, rng: random.Random) -> Any:
    return rng.choice(list(state.legal_moves()))


def public_move(state: Any, move: Any, observer: Seat) -> Hashable:
    """What a seat learns of a move in a game whose moves are all public: the move."""
    seen: Hashable = move
    return seen


@dataclass(frozen=True)
class Rules:
    """What the search needs of one game: the small adapter each game gives.

    Args:
        view: ``view(state, seat)``, the game's view of a state.
        sample: ``sample(view, rng)`` -> one full state the view allows, its hidden
            content drawn uniformly from ``rng``; it reads nothing but the view.
        observe: ``observe(state, move, seat)`` -> what ``seat`` learns when the
            seat to move plays ``move`` in ``state`` (default: the move itself).
        waiting: the seats with a decision in a state's step (``Game.waiting``).
        playout: ``playout(state, rng)`` -> the move of the seat to move in a
            playout (default: uniformly random).
        horizon: most decisions in one iteration; a game not over by then is
            valued by its running scores.
        iterations: the ``mcts`` player's default budget.
    """

    view: Callable[[Any, Seat], Any]
    sample: Callable[[Any, random.Random], Any]
    waiting: Callable[[Any], tuple[Seat, ...]]
    iterations: int
    observe: Callable[[Any, Any, Seat], Hashable] = public_move
    playout: Callable[[Any, random.Random], Any] = _random_move
    horizon: int = 2_000


@dataclass
class _Edge:
    visits: int = 0
    reward: float = 0.0
    available: int = 0


@dataclass
class _Node:
    edges: dict[tuple[Seat, Hashable], _Edge] = field(default_factory=dict)
    children: dict[Hashable, _Node] = field(default_factory=dict)

    def child(self, observed: Hashable) -> _Node:
        node = self.children.get(observed)
        if node is None:
            node = self.children[observed] = _Node()
        return node


def outcome(state: Any) -> tuple[float, ...]:
    """Each seat's reward in [0, 1]: a share of the win, split between the winning
    sides (teams where the state names them); before the end, the running leaders'.

    >>> from solver.game import get_game
    >>> game = get_game("monstrolicious")
    >>> outcome(game.new(2, 1, None))
    (0.5, 0.5)
    """
    n = state.players
    if state.is_terminal():
        won = set(state.winners())
    else:
        totals = [score.total for score in state.scores()]
        won = {s for s in range(n) if totals[s] == max(totals)}
    teams = getattr(state, "teams", None) or tuple((s,) for s in range(n))
    sides = [team for team in teams if won & set(team)]
    share = 1.0 / len(sides) if sides else 0.0
    return tuple(share if any(s in team for team in sides) else 0.0 for s in range(n))


def view_seed(view: Any, seed: int) -> int:
    """The search's seed for one decision: the player's seed and the view's content."""
    text = json.dumps(view.to_json(), sort_keys=True)
    digest = hashlib.sha256(f"{seed}/{text}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Search:
    """One decision's tree, grown from one seat's view.

    Args:
        rules: the game's adapter.
        view: the searching seat's view (all the search reads).
        rng: every random choice of the search.
    """

    def __init__(self, rules: Rules, view: Any, rng: random.Random) -> None:
        self.rules = rules
        self.view = view
        self.seat: Seat = view.seat
        self.rng = rng
        self.root = _Node()
        self.iterations = 0

    def run(self, budget: Budget) -> None:
        """Search ``budget.iterations`` determinisations, or until ``budget.seconds``.

        Raises:
            SolverTimeoutError: the answer the search is for is due (``solver.deadline``)
                before it ends; checked before every iteration.
        """
        stop = None if budget.seconds is None else time.perf_counter() + budget.seconds
        due = Clock.start(math.inf)
        while self.iterations < budget.iterations:
            if stop is not None and self.iterations and time.perf_counter() >= stop:
                break
            due.check("the search ran out of time")
            self.iterate()

    def iterate(self) -> None:
        """One determinisation: select, expand, play out, back up."""
        rules, rng = self.rules, self.rng
        state = rules.sample(self.view, rng)
        node: _Node | None = self.root
        path: list[tuple[_Edge, Seat]] = []
        after: set[Seat] = set()  # seats still to choose in a step the seat chose unseen
        for _ in range(rules.horizon):
            if state.is_terminal():
                break
            mover = state.to_move
            if node is None or mover in after:
                move = rules.playout(state, rng)
            else:
                move, edge, fresh = self._select(node, state, mover)
                path.append((edge, mover))
                if fresh:
                    node = None
            if mover == self.seat and rules.observe(state, move, self._other()) != move:
                after = set(rules.waiting(state)) - {mover}
            after.discard(mover)
            if node is not None:
                node = node.child(rules.observe(state, move, self.seat))
            state = state.apply(move)
        self.iterations += 1
        rewards = outcome(state)
        for edge, mover in path:
            edge.visits += 1
            edge.reward += rewards[mover]

    def _other(self) -> Seat:
        players: int = self.view.players
        return (self.seat + 1) % players

    def _select(self, node: _Node, state: Any, mover: Seat) -> tuple[Any, _Edge, bool]:
        """UCB1 with availability among the moves legal here; an untried one first."""
        moves = list(state.legal_moves())
        untried = []
        best, best_edge, best_value = None, None, -math.inf
        for move in moves:
            edge = node.edges.get((mover, move))
            if edge is None or edge.visits == 0:
                untried.append(move)
                continue
            edge.available += 1
            value = edge.reward / edge.visits + EXPLORATION * math.sqrt(
                math.log(edge.available) / edge.visits
            )
            if value > best_value:
                best, best_edge, best_value = move, edge, value
        if untried:
            move = self.rng.choice(untried)
            edge = node.edges.setdefault((mover, move), _Edge())
            edge.available += 1
            return move, edge, True
        assert best_edge is not None
        return best, best_edge, False

    def statistics(self) -> dict[tuple[Seat, Hashable], tuple[int, float, int]]:
        """Visits, total reward and availability of every move tried at the root."""
        return {k: (e.visits, e.reward, e.available) for k, e in self.root.edges.items()}

    def best(self, candidates: Sequence[Any]) -> Any:
        """The searching seat's most visited move among ``candidates`` at the root
        (ties: the better mean, then the first in their order)."""

        def key(item: tuple[int, Any]) -> tuple[int, float, int]:
            i, move = item
            edge = self.root.edges.get((self.seat, move))
            if edge is None or edge.visits == 0:
                return (0, 0.0, -i)
            return (edge.visits, edge.reward / edge.visits, -i)

        return max(enumerate(candidates), key=key)[1]


class SearchPlayer:
    """Plays the move a seeded search from its seat's view finds best.

    Args:
        rules: the game's adapter.
        budget: how long each decision searches.
        seed: with the view, seeds each decision's search.
        name: the player's name in results.
    """

    def __init__(self, rules: Rules, budget: Budget, seed: int, name: str = "mcts") -> None:
        self.rules = rules
        self.budget = budget
        self.seed = seed
        self.name = name
        self.last: Search | None = None
        """The tree of the last decision searched (None when it had one legal move)."""

    def choose(self, state: Any) -> Any:
        """The search's move for the seat to move, from that seat's view alone."""
        return self.decide(self.rules.view(state, state.to_move))

    def decide(self, view: Any) -> Any:
        """The search's move for the view's seat (as the game's states list it)."""
        world = self.rules.sample(view, random.Random(0))
        moves = list(world.legal_moves() if world.to_move == view.seat else view.legal_moves())
        self.last = None
        if len(moves) == 1:
            return moves[0]
        search = Search(self.rules, view, random.Random(view_seed(view, self.seed)))
        search.run(self.budget)
        self.last = search
        return search.best(moves)


@runtime_checkable
class Budgeted(Protocol):
    """A search player's factory whose budget a name sets (``mcts:N``, ``search:N``)."""

    name: str

    @property
    def count(self) -> int:
        """The budget a decision of the players it builds gets (iterations, playouts)."""

    @property
    def standard(self) -> int:
        """The game's own budget, in the same unit."""

    def __call__(self, seed: int) -> Any:
        """A player seeded with ``seed``."""

    def named(self, argument: str) -> Budgeted:
        """The same players with the budget ``argument`` names."""


@dataclass(frozen=True)
class SearchPlayers:
    """The ``mcts`` entry of a game's players: builds a :class:`SearchPlayer` from a
    seed (a :data:`~solver.game.PlayerFactory`), with the game's default budget
    or another one (``mcts:N``, :meth:`named`).

    Args:
        rules: the game's adapter.
        budget: the budget of the players it builds (default: the game's).
        name: the players' name.
    """

    rules: Rules
    budget: Budget | None = None
    name: str = "mcts"

    def __call__(self, seed: int) -> SearchPlayer:
        budget = self.budget or Budget(self.rules.iterations)
        return SearchPlayer(self.rules, budget, seed, self.name)

    def with_iterations(self, iterations: int) -> SearchPlayers:
        """The same players searching ``iterations`` determinisations a decision."""
        return replace(self, budget=Budget(iterations), name=f"{self.name}:{iterations}")

    def with_seconds(self, seconds: float) -> SearchPlayers:
        """The same players stopping after ``seconds`` (not reproducible: see Budget)."""
        return replace(self, budget=Budget(MAX_ITERATIONS, seconds))

    def named(self, argument: str) -> SearchPlayers:
        """The players ``mcts:<argument>`` names: ``argument`` iterations.

        >>> from solver.game import get_game
        >>> get_game("park").players["mcts"].named("12").budget
        Budget(iterations=12, seconds=None)
        >>> get_game("park").players["mcts"].named("x")
        Traceback (most recent call last):
        ...
        solver.errors.NotationError: bad iteration count 'x' in 'mcts:x': want 1 to 100000
        """
        return self.with_iterations(count_in(argument, self.name, "iteration", MAX_ITERATIONS))

    @property
    def count(self) -> int:
        """The iterations a decision of the players it builds searches."""
        return (self.budget or Budget(self.rules.iterations)).iterations

    @property
    def standard(self) -> int:
        """The game's own budget: about half a second a decision on this project's machine."""
        return self.rules.iterations


def count_in(argument: str, player: str, noun: str, most: int) -> int:
    """The budget ``<player>:<argument>`` names: a whole number from 1 to ``most``.

    >>> count_in(" 40 ", "search", "playout", 100)
    40
    >>> count_in("0", "search", "playout", 100)
    Traceback (most recent call last):
    ...
    solver.errors.NotationError: bad playout count '0' in 'search:0': want 1 to 100
    """
    text = argument.strip()
    if not re.fullmatch(r"[0-9]{1,9}", text) or not 1 <= int(text) <= most:
        raise NotationError(
            f"bad {noun} count {argument!r} in {f'{player}:{argument}'!r}: want 1 to {most}"
        )
    return int(text)
