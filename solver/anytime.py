"""The anytime hint: a game's exact evaluation, then search from the view with the
time left in the budget, so that a hint grows stronger with ``budget_ms``.

A game's exact hint (its ``hint.py``) ranks every legal move by what it can
compute for sure from the view: points now, the tourists or cards in reach, a
plan of the next turns, the end-game chances. What it cannot see is how the
game goes on. :class:`Anytime` spends the rest of the budget on that: it plays
the exact hint's best few moves out in worlds the seat's view allows, with the
reference search of :mod:`solver.search` (every candidate in the same worlds
with the same playout seed, a candidate dropped once the best beats it by a few
standard errors), and corrects each candidate's value by what the playouts found.

**Prior and posterior.** The exact value counts as :attr:`Anytime.prior` worlds'
worth of evidence. A candidate played out in ``n`` worlds ends with::

    value = lead + (1 - w) * (exact - lead) + w * unit * behind,   w = n / (n + prior)

where ``lead`` is the exact value of the candidate the playouts rank first (it
keeps it), ``behind`` (at most 0) its candidate's mean playout value less the
leader's over the same worlds, and ``unit`` what a playout value of 1 is worth in
the exact value's unit: where that is points, the game's
:attr:`~solver.search.SearchRules.scale` (a cut-off playout is worth
``tanh(margin / scale)``, a won game 1); in Monstrolicious, whose value is the
chance to win, 0.5 (a playout is worth twice its share of the win, less 1).
With no world played, the ranking is the exact hint's; the more worlds, the
more the playouts decide. Moves not played out keep their exact value; the
leader keeps its own, so it is never ranked below a move that was not tried.

**Counted work.** The budget beyond ``reserve`` (what the exact hint takes) buys
playouts, ``rate`` a second (calibrated so that the budget's time is about what
the hint takes on this project's machine, :mod:`benchmarks.hint_budget`): the
same view and budget play the same worlds and give the same bytes on a quiet
machine and a busy one. The wall clock only guards (``GUARD`` times the budget,
at least ``MIN_GUARD`` s, or the request's deadline): a search it stops keeps
what it played and tells the watched call (:func:`solver.counted.cut_short`),
whose answer then says ``complete: false``.

>>> from solver.game import get_game
>>> game = get_game("park")
>>> seen = game.view(game.new(2, 3, None), 0)
>>> quick, slow = game.hint(seen, 0.001), game.hint(seen, 0.4)
>>> "tried" in quick[0].detail, slow[0].detail["tried"] > 0
(False, True)
>>> slow == game.hint(seen, 0.4)
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from solver.counted import GUARD, MIN_GUARD, cut_short
from solver.deadline import Clock
from solver.errors import SolverTimeoutError
from solver.facts import Fact, Param
from solver.game import DEFAULT_HINT_BUDGET, AnyGame, HintPlayer, Imported, RankedMove, Seat
from solver.mcts import count_in
from solver.search import MIN_WORLDS, Search, SearchRules

#: The most candidates a hint plays out.
WIDTH = 6
#: Worlds of evidence the exact value counts as.
PRIOR = 8.0
#: The seed of every hint's search (with the view, it seeds the worlds).
SEED = 0
#: The most milliseconds ``hint:MS`` may think a decision (the service's limit too).
MAX_HINT_MS = 2000


def points_behind(worse: float) -> str:
    """How far a move came out behind the best, its value in points.

    >>> points_behind(3.24)
    '3.2 points behind the best'
    """
    return f"{worse:.1f} points behind the best"


@dataclass(frozen=True)
class Anytime:
    """A game's ``hint(view, budget)``: the exact hint, then playouts with the rest.

    Args:
        exact: the game's exact ``hint(view, budget)``, every legal move ranked.
        rules: the game's search adapter (worlds, playout policy, scale).
        read_move: reads a ranked move's JSON back into the game's move.
        rate: playouts a second of budget buys.
        width: the most candidates played out.
        prior: worlds of evidence the exact value counts as.
        reserve: seconds of every budget left to the exact hint (no playouts bought).
        unit: how much of the exact hint's value a playout value of 1 is worth
            (default: the search's ``scale``, when the value is in points).
        behind: says how far, in the value's unit, a move came out behind the best
            (``"3.2 points behind the best"``).
    """

    exact: Callable[[Any, float], list[RankedMove]]
    rules: SearchRules
    read_move: Callable[[Mapping[str, Any]], Any]
    rate: float
    width: int = WIDTH
    prior: float = PRIOR
    reserve: float = 0.0
    unit: float | None = None
    behind: Callable[[float], str] = points_behind

    def __call__(self, view: Any, budget: float) -> list[RankedMove]:
        ranked = self.exact(view, budget)
        seconds = self.seconds(budget)
        playouts = self.playouts(budget)
        width = min(self.width, len(ranked), playouts // MIN_WORLDS)
        if width < 2:
            return ranked
        candidates = [self.read_move(r.move) for r in ranked[:width]]
        search = Search(self.rules, view, SEED, candidates)
        try:
            self.widen(search, ranked, playouts, Clock.start(max(GUARD * seconds, MIN_GUARD)))
        except SolverTimeoutError:
            cut_short()
        if not search.values[0]:
            return ranked
        width = len(search.candidates)
        corrected = self.posterior(ranked[:width], search) + ranked[width:]
        return sorted(corrected, key=lambda r: -r.value)  # stable: ties keep their order

    def widen(self, search: Search, ranked: list[RankedMove], playouts: int, clock: Clock) -> None:
        """Plays ``search`` out to ``playouts``; whenever one candidate is left with
        playouts to spare, the exact hint's next move challenges it, played first in
        every world so far (while the playouts left pay for that)."""
        search.run(playouts, clock)
        while (
            len(search.alive) == 1
            and len(search.candidates) < len(ranked)
            and playouts - search.playouts >= len(search.worlds)
        ):
            search.challenge(self.read_move(ranked[len(search.candidates)].move), clock)
            search.run(playouts, clock)

    @property
    def playout_unit(self) -> float:
        """What a playout value of 1 is worth in the exact value's unit."""
        return self.rules.scale if self.unit is None else self.unit

    def playouts(self, budget: float) -> int:
        """The playouts ``budget`` seconds buy."""
        return int(self.rate * max(0.0, self.seconds(budget) - self.reserve))

    def budget_for(self, playouts: int) -> float:
        """The least budget that buys ``playouts``.

        >>> from solver.game import get_game
        >>> hint = anytime_of(get_game("park"))
        >>> hint.playouts(hint.budget_for(40))
        40
        """
        return self.reserve + (playouts + 0.5) / self.rate

    @staticmethod
    def seconds(budget: float) -> float:
        """The seconds of playouts ``budget`` may buy: none for a budget that is not a
        positive number, at most :data:`MAX_HINT_MS` a thousandth."""
        return min(budget, MAX_HINT_MS / 1000) if budget > 0 else 0.0

    def posterior(self, ranked: list[RankedMove], search: Search) -> list[RankedMove]:
        """The candidates' values corrected by their playouts (see the module)."""
        lead = search.leader()
        top = search.values[lead]
        unit = self.playout_unit
        out = []
        for i, (entry, values) in enumerate(zip(ranked, search.values, strict=True)):
            n = len(values)
            behind = unit * min(0.0, sum(v - t for v, t in zip(values, top, strict=False)) / n)
            weight = n / (n + self.prior)
            shift = (1 - weight) * (entry.value - ranked[lead].value)
            value = entry.value if i == lead else ranked[lead].value + shift + weight * behind
            detail = {**entry.detail, "tried": float(n), "behind": round(behind, 6)}
            reason = self.tried_reason(entry.reason, n, behind)
            because = (*entry.because, self.tried_fact(n, behind))
            out.append(
                replace(entry, value=round(value, 6), reason=reason, detail=detail, because=because)
            )
        return out

    def tried_fact(self, worlds: int, behind: float) -> Fact:
        """What the playouts found as a fact (``solver.facts.PLAYED_OUT``).

        >>> from solver.game import get_game
        >>> anytime_of(get_game("park")).tried_fact(12, -3.24).to_json()["params"]
        {'shuffles': 12, 'behind': '3.2 points behind the best', 'value': 3.24}
        """
        if behind >= -0.005 * self.playout_unit:
            return Fact("played-out-best", {"shuffles": worlds})
        words: dict[str, Param] = {
            "shuffles": worlds,
            "behind": self.behind(-behind),
            "value": round(-behind, 3),
        }
        return Fact("played-out-behind", words)

    def tried_reason(self, reason: str, worlds: int, behind: float) -> str:
        """``reason`` followed by what the playouts found, in player words.

        >>> from solver.game import get_game
        >>> hint = anytime_of(get_game("park"))
        >>> print(hint.tried_reason("take a token", 12, 0.0))
        take a token. Played on in 12 shuffles of what you cannot see, it came out best.
        >>> print(hint.tried_reason("take a token.", 12, -3.24).split(", ")[-1])
        it came out 3.2 points behind the best.
        """
        said = reason if reason.endswith(".") else f"{reason}."
        found = "best" if behind >= -0.005 * self.playout_unit else self.behind(-behind)
        return f"{said} Played on in {worlds} shuffles of what you cannot see, it came out {found}."


@dataclass(frozen=True)
class HintPlayers:
    """The ``hint`` entry of a game's players: :class:`~solver.game.HintPlayer` at the
    default budget whatever the seed (the hint is deterministic), or at the
    milliseconds ``hint:MS`` names (:meth:`named`).

    >>> from solver.game import get_game
    >>> get_game("park").players["hint"].named("300").count
    300
    >>> get_game("park").players["hint"].named("3000")
    Traceback (most recent call last):
    ...
    solver.errors.NotationError: bad millisecond count '3000' in 'hint:3000': want 1 to 2000
    """

    view: Callable[[Any, Seat], Any]
    hint: Callable[[Any, float], list[RankedMove]]
    read_move: Callable[[Mapping[str, Any]], Any]
    budget_ms: int | None = None
    name: str = "hint"

    def __call__(self, seed: int) -> HintPlayer:
        player = HintPlayer(self.view, self.hint, self.read_move, self.count / 1000)
        player.name = self.name
        return player

    def named(self, argument: str) -> HintPlayers:
        """The players ``hint:<argument>`` names: ``argument`` milliseconds a decision."""
        ms = count_in(argument, "hint", "millisecond", MAX_HINT_MS)
        return replace(self, budget_ms=ms, name=f"hint:{ms}")

    @property
    def count(self) -> int:
        """The milliseconds a decision of the players it builds thinks."""
        return self.budget_ms or self.standard

    @property
    def standard(self) -> int:
        """The default hint budget, in milliseconds."""
        return round(DEFAULT_HINT_BUDGET * 1000)


def anytime_of(game: AnyGame) -> Anytime:
    """The game's hint as the :class:`Anytime` it is (loaded, where the game imports its
    hint only when first asked).

    >>> from solver.game import get_game
    >>> anytime_of(get_game("vbm")).prior > 0
    True
    """
    hint = game.hint.load() if isinstance(game.hint, Imported) else game.hint
    if not isinstance(hint, Anytime):
        raise TypeError(f"{game.title}'s hint is not an anytime hint")
    return hint
