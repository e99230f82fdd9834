"""Seeded matches between players of one game, with seats rotated.

A *lineup* names one player per seat (``("hint", "greedy")``); in game ``g`` the
entry ``i`` of the lineup sits in seat ``(i + g) % n``, so no entry keeps the
first seat. Results are keyed ``"<entry>:<player>"`` (``"0:hint"``), the entry
being the position in the lineup, so two entries of the same player are told
apart. A game is decided when one entry wins alone or, where the state names
``teams``, when the winners are exactly one team (each of its entries is
credited a win); any other shared victory is a tie. Every random choice
flows from the match seed: same seed, same games, same result (only the hint
timings, which are measurements, vary).

>>> sorted(MatchResult(2, {"0:a": 1, "1:b": 0}, 1, {"0:a": 3.0, "1:b": 2.5}, ()).to_json())
['games', 'hint_ms_p50', 'hint_ms_p95', 'mean_score', 'ties', 'wins']
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from solver.backend import Backend
from solver.backends import pool
from solver.errors import NotationError
from solver.files import allow_files, files_allowed
from solver.game import AnyGame, Json, PlayerFactory, get_game
from solver.mcts import Budgeted

#: A game that has not ended after this many decisions is a bug in its rules.
MAX_DECISIONS = 20_000

#: Player names whose decision time is reported as hint time.
TIMED = frozenset({"hint"})


@dataclass(frozen=True)
class GameRecord:
    """One finished game, from the lineup's point of view.

    Args:
        winners: lineup entries that won (several when shared).
        scores: final score per lineup entry.
        hint_ms: milliseconds of every timed decision in the game.
        decided: one entry won alone, or one team did.
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    hint_ms: tuple[float, ...]
    decided: bool


@dataclass(frozen=True)
class MatchResult:
    """The ``play --json`` object: wins per entry, ties, mean scores, hint times."""

    games: int
    wins: Mapping[str, int]
    ties: int
    mean_score: Mapping[str, float]
    hint_ms: tuple[float, ...]

    def to_json(self) -> Json:
        """``{"games", "wins", "ties", "mean_score", "hint_ms_p50", "hint_ms_p95"}``."""
        return {
            "games": self.games,
            "wins": dict(self.wins),
            "ties": self.ties,
            "mean_score": {k: round(v, 3) for k, v in self.mean_score.items()},
            "hint_ms_p50": _percentile(self.hint_ms, 50),
            "hint_ms_p95": _percentile(self.hint_ms, 95),
        }

    def win_rate(self, entry: int, lineup: Sequence[str]) -> float | None:
        """Share of decided games (ties left out) that ``entry`` won (alone or with its team)."""
        decided = self.games - self.ties
        if decided == 0:
            return None
        return self.wins[_key(entry, lineup)] / decided


def _key(entry: int, lineup: Sequence[str]) -> str:
    return f"{entry}:{lineup[entry]}"


def _percentile(values: Sequence[float], q: float) -> float | None:
    if not values:
        return None
    return round(float(np.percentile(np.asarray(values), q)), 3)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a match: independent of how games are split.

    >>> game_seed(7, 0) == game_seed(7, 0) != game_seed(7, 1)
    True
    """
    return random.Random(f"{seed}/{index}").getrandbits(31)


def player_factory(game: AnyGame, name: str) -> PlayerFactory:
    """The factory of the player ``name`` names: a player of ``game``, or a search
    player with its budget (``mcts:400`` iterations, ``search:800`` playouts).

    Raises:
        NotationError: an unknown player, or a count the player does not take.
    """
    base, colon, argument = name.partition(":")
    factory = game.players.get(base)
    if factory is None:
        raise NotationError(
            f"unknown player {name!r} for {game.name} (choose from {', '.join(game.players)})"
        )
    if not colon:
        return factory
    if not isinstance(factory, Budgeted):
        raise NotationError(f"player {base!r} takes no iteration count (in {name!r})")
    return factory.named(argument)


def check_lineup(game: AnyGame, lineup: Sequence[str]) -> None:
    """NotationError unless every name is a player of ``game`` (``mcts:N`` with a
    good ``N`` included) and the seat count fits."""
    for name in lineup:
        player_factory(game, name)
    game.check_players(len(lineup))


def play_game(
    game: AnyGame,
    lineup: Sequence[str],
    index: int,
    seed: int,
    settings: Mapping[str, Any] | None = None,
    timed: frozenset[str] = TIMED,
) -> GameRecord:
    """Play game ``index`` of a match to its end.

    Args:
        game: the game.
        lineup: player names, one per entry.
        index: the game's number in the match; picks the seat rotation and seed.
        seed: the match seed.
        settings: rule settings passed to ``game.new``.
        timed: the names of the players whose decisions are timed (``hint_ms``); ``hint``
            times ``hint:MS`` too.

    Returns:
        Winners and scores per lineup entry, and the timed decisions.
    """
    n = len(lineup)
    s = game_seed(seed, index)
    entry_at = [(seat - index) % n for seat in range(n)]  # entry i sits in seat (i+index)%n
    factories = [player_factory(game, name) for name in lineup]
    players = [factories[entry_at[seat]](s + 1 + seat) for seat in range(n)]
    state = game.new(n, s, settings)
    times: list[float] = []
    for _ in range(MAX_DECISIONS):
        if state.is_terminal():
            break
        seat = state.to_move
        player = players[seat]
        start = time.perf_counter()
        move = player.choose(state)
        if player.name in timed or player.name.partition(":")[0] in timed:
            times.append((time.perf_counter() - start) * 1000)
        state = state.apply(move)
    else:
        raise RuntimeError(f"{game.name} game {index} did not end in {MAX_DECISIONS} decisions")
    totals = [score.total for score in state.scores()]
    won = tuple(sorted(state.winners()))
    teams = getattr(state, "teams", None) or ()
    return GameRecord(
        winners=tuple(sorted(entry_at[w] for w in won)),
        scores=tuple(totals[(entry + index) % n] for entry in range(n)),
        hint_ms=tuple(times),
        decided=len(won) == 1 or any(won == tuple(sorted(team)) for team in teams),
    )


CHUNK = 25
"""The most games a work unit holds."""


def _play_chunk(
    name: str | AnyGame,
    lineup: tuple[str, ...],
    seed: int,
    settings: Json | None,
    files: bool,
    indices: range,
) -> list[GameRecord]:
    """Games ``indices``, maybe in another process (which gets the game's ``name``),
    which may read the files its parent could."""
    game = get_game(name) if isinstance(name, str) else name
    with allow_files(files):
        return [play_game(game, lineup, i, seed, settings) for i in indices]


def chunks(games: int, workers: int) -> list[range]:
    """The work units of a match: games in order, a few units per worker (one
    game a unit for one worker, so progress moves game by game).

    >>> chunks(3, 1)
    [range(0, 1), range(1, 2), range(2, 3)]
    >>> [len(c) for c in chunks(40, 2)]
    [5, 5, 5, 5, 5, 5, 5, 5]
    """
    size = 1 if games < 2 * workers else max(1, min(CHUNK, games // (workers * 4)))
    return [range(a, min(a + size, games)) for a in range(0, games, size)]


def play_match(
    game: AnyGame,
    lineup: Sequence[str],
    games: int,
    seed: int,
    settings: Mapping[str, Any] | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    backend: Backend | None = None,
) -> MatchResult:
    """Play ``games`` seeded games with seats rotated and tally them.

    Args:
        game: the game.
        lineup: player names, one per seat (``("hint", "greedy")``).
        games: how many games.
        seed: the match seed; game ``i`` uses ``game_seed(seed, i)``.
        settings: rule settings for every game.
        workers: processes, when no ``backend`` is given; the result does not depend on it.
        progress: called with the number of games just finished.
        backend: where the games are played (``solver.backends``); the result
            does not depend on it.

    Returns:
        The tally; ``to_json()`` is the ``play --json`` object.

    Raises:
        NotationError: an unknown player, or a seat count the game does not take.
    """
    lineup = tuple(lineup)
    check_lineup(game, lineup)
    runner = backend or pool(workers)
    plain = dict(settings) if settings else None
    source = game if runner.in_process else game.name
    work = functools.partial(_play_chunk, source, lineup, seed, plain, files_allowed())
    done = None if progress is None else (lambda chunk: progress(len(chunk)))
    units = chunks(games, runner.workers)
    records = [r for chunk in runner.map(work, units, done) for r in chunk]
    return tally(lineup, records)


def tally(lineup: Sequence[str], records: Sequence[GameRecord]) -> MatchResult:
    """Wins (a sole winner, or each entry of a sole winning team), ties, mean scores, hint times.

    >>> games = [GameRecord((0,), (5, 3), (), True), GameRecord((0, 1), (4, 4), (2.0,), False)]
    >>> r = tally(("a", "b"), games)
    >>> r.wins, r.ties, r.mean_score
    ({'0:a': 1, '1:b': 0}, 1, {'0:a': 4.5, '1:b': 3.5})
    """
    keys = [_key(i, lineup) for i in range(len(lineup))]
    wins = dict.fromkeys(keys, 0)
    ties = 0
    for record in records:
        if record.decided:
            for entry in record.winners:
                wins[keys[entry]] += 1
        else:
            ties += 1
    count = max(1, len(records))
    mean = {key: sum(r.scores[i] for r in records) / count for i, key in enumerate(keys)}
    hint_ms = tuple(ms for r in records for ms in r.hint_ms)
    return MatchResult(len(records), wins, ties, mean, hint_ms)
