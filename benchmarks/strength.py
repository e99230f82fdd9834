"""Playing strength of each game's hint player against greedy, random and search players.

Run::

    .venv/bin/python -m benchmarks.strength [--game park] [--rival mcts]
        [--games 500] [--mcts-games 500] [--side-games 200] [--mcts-side-games 40]
        [--two-player | --other-modes] [--seed 0] [--workers 2] [--backend local|process|ray]
        [--ray-address ADDRESS] [--json]

For each game and each mode (every player count, every set-up in ``variants``)
the hint player meets three rivals over seeded games with seats rotated
(``solver.arena.play_match``): ``greedy``, ``random`` and ``mcts`` (the
information-set search of ``solver/mcts.py``) given ten times the hint's
average decision time. That average is measured in the same mode's match
against greedy; the search's time per iteration is measured in one calibration
game (the lineup of the row, the search at ``CALIBRATION_ITERATIONS``); the row
names the iteration count that follows (``mcts:N``), which keeps the match
itself reproducible.

``--rival search`` (not played by default: its games are slow) plays the
reference search (``solver/search.py``) instead or as well, at its default
counted budget (about one second a decision on this machine), over
``--mcts-games`` judged and ``--mcts-side-games`` other games; the hint must
win half of the decided two-seat games against it.

The judged matches are the two-seat ones with default settings: the hint must
win at least 70 % of the decided games (ties left out) against greedy, 95 %
against random and 60 % against the search. In the other modes one hint player
meets rival players (in a team mode two hint players make one team and a win
of the team counts) and, against greedy, must win at least 1.5 times its fair
share (one in the number of sides). Each row gives a 95 % Wilson interval and
the hint player's decision times.

The games run on the backend ``--backend`` names (``solver.backends``):
``--workers`` processes by default, or a Ray cluster (``--ray-address``, or
``RAY_ADDRESS``; without either, a local Ray of ``--workers`` CPUs for the run;
docs/scale.md). The rows are the same on every backend, timings aside.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from benchmarks.common import emit, environment
from solver.arena import play_game, play_match
from solver.backend import Backend
from solver.backends import BACKENDS, open_backend
from solver.errors import MonsterError
from solver.game import GAMES, get_game

RIVALS = ("greedy", "random", "mcts")
"""The players the hint meets by default, in this order (the greedy match times the hint)."""
CHOICES = (*RIVALS, "search")
"""Every rival ``--rival`` may name."""
SLOW = frozenset({"mcts", "search"})
"""Rivals played over the ``--mcts-games`` / ``--mcts-side-games`` counts."""
TARGETS = {"greedy": 0.70, "random": 0.95, "mcts": 0.60, "search": 0.50}
"""Least share of decided games the hint player must win in the two-seat matches."""
SHARE_TARGET = 1.5
"""Against greedy in the other modes: least multiple of the fair share to win."""
SEARCH_SHARE_TARGET = 1.3
"""Against the reference search in the other modes: least multiple of the fair share."""
BUDGET_TARGETS = {1000: 0.65}
"""Against the search in the two-seat match, the hint given ``hint:MS``: least share."""
SEARCH_TIME = 10.0
"""The search's decision time, as a multiple of the hint's average."""
CALIBRATION_ITERATIONS = 20
"""Iterations a decision in the game that measures the search's speed."""


@dataclass(frozen=True)
class Setup:
    """One match to play: the lineup, the rule settings, how many games, a target."""

    game: str
    lineup: tuple[str, ...]
    settings: Mapping[str, Any]
    games: int
    target: float | None
    sides: int = 2
    """Teams, or players when each plays alone: the fair share is one in ``sides``."""
    rival: str = "greedy"
    hint: str = "hint"
    """The hint player's name: ``hint`` at the default budget, or ``hint:MS``."""

    @property
    def label(self) -> str:
        mode = ",".join(f"{k}={v}" for k, v in sorted(self.settings.items()))
        teams = f"{self.sides} teams" if self.sides != len(self.lineup) else ""
        return " ".join(part for part in (f"{len(self.lineup)}p", mode, teams) if part)

    def with_rival(self, name: str) -> Setup:
        """The same match with the rival seats played by ``name`` (``mcts:120``)."""
        return replace(self, lineup=tuple(p if p == self.hint else name for p in self.lineup))


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion.

    >>> lo, hi = wilson(60, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.502, 0.691)
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denominator = 1 + z * z / n
    return ((centre - spread) / denominator, (centre + spread) / denominator)


def setups(
    name: str,
    games: int,
    side_games: int,
    mcts_games: int,
    mcts_side_games: int,
    rivals: Sequence[str] = RIVALS,
    which: str = "all",
    budgets: Sequence[int] = (),
) -> list[Setup]:
    """The matches of one game, each rival: every mode, the judged two-seat one first
    (``which``: ``"all"``, ``"judged"`` for that one alone, ``"others"`` for the rest).
    Against ``search`` the hint also plays at each of ``budgets`` (milliseconds)."""
    game = get_game(name)
    judged: tuple[int, Mapping[str, Any]] = (2, {})
    others = [m for m in game.modes() if m != judged]
    modes = {"all": [judged, *others], "judged": [judged], "others": others}[which]
    out = []
    for n, settings in modes:
        teams = getattr(game.new(n, 0, settings or None), "teams", None)
        ours = set(teams[0]) if teams else {0}  # in team mode, hint players make one team
        sides = len(teams or range(n))
        for rival in (r for r in CHOICES if r in rivals):
            hints = ["hint", *(f"hint:{ms}" for ms in budgets if rival == "search")]
            for hint in hints:
                lineup = tuple(hint if seat in ours else rival for seat in range(n))
                count, target = _count_and_target(
                    (n, settings) == judged, rival, hint, sides, (games, side_games)
                )
                if rival in SLOW:
                    count = mcts_games if (n, settings) == judged else mcts_side_games
                out.append(Setup(name, lineup, settings, count, target, sides, rival, hint))
    return out


def _count_and_target(
    judged: bool, rival: str, hint: str, sides: int, games: tuple[int, int]
) -> tuple[int, float | None]:
    """Games and target of one match (the slow rivals' counts are set by the caller)."""
    if judged:
        if hint != "hint":
            return games[0], BUDGET_TARGETS.get(int(hint.partition(":")[2]))
        return games[0], TARGETS[rival]
    shares = {"greedy": SHARE_TARGET, "search": SEARCH_SHARE_TARGET}
    share = shares.get(rival) if hint == "hint" else None
    return games[1], None if share is None else min(1.0, share / sides)


def hint_mean_ms(setup: Setup, seed: int) -> float:
    """The hint's average decision time in two games of ``setup`` against greedy."""
    game = get_game(setup.game)
    lineup = setup.with_rival("greedy").lineup
    times = [
        ms for i in range(2) for ms in play_game(game, lineup, i, seed, setup.settings).hint_ms
    ]
    return statistics.fmean(times)


def search_iterations(setup: Setup, hint_ms: float, seed: int) -> tuple[int, float]:
    """The iteration count that gives the search ``SEARCH_TIME`` times ``hint_ms`` a
    decision, and the milliseconds an iteration took in the calibration game."""
    game = get_game(setup.game)
    probe = f"mcts:{CALIBRATION_ITERATIONS}"
    lineup = setup.with_rival(probe).lineup
    record = play_game(game, lineup, 0, seed, setup.settings, timed=frozenset({probe}))
    per_iteration = statistics.fmean(record.hint_ms) / CALIBRATION_ITERATIONS
    return max(1, round(SEARCH_TIME * hint_ms / per_iteration)), per_iteration


def run(
    setup: Setup, seed: int, backend: Backend, extra: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Play one match on ``backend`` and judge it."""
    game = get_game(setup.game)
    start = time.perf_counter()
    result = play_match(game, setup.lineup, setup.games, seed, setup.settings, backend=backend)
    seconds = time.perf_counter() - start
    decided = result.games - result.ties
    won = result.wins[f"0:{setup.hint}"]
    share = won / decided if decided else 0.0
    low, high = wilson(won, decided)
    row: dict[str, Any] = {
        "game": setup.game,
        "setup": setup.label,
        "lineup": ",".join(setup.lineup),
        **result.to_json(),
        "hint_ms_mean": round(statistics.fmean(result.hint_ms), 3) if result.hint_ms else None,
        "decided": decided,
        "hint_wins": won,
        "hint_share": round(share, 4),
        "interval": [round(low, 4), round(high, 4)],
        "fair_share": round(1 / setup.sides, 4),
        "target": setup.target,
        "met": None if setup.target is None else share >= setup.target,
        "seconds": round(seconds, 1),
        **(extra or {}),
    }
    return row


def play_setup(
    setup: Setup, seed: int, backend: Backend, hint_ms: dict[str, float]
) -> dict[str, Any]:
    """One row: a search rival first gets its iteration count from the hint's time
    (``hint_ms``: the hint's mean per mode, filled by the greedy matches)."""
    if setup.rival != "mcts":
        row = run(setup, seed, backend)
        if setup.rival == "greedy" and row["hint_ms_mean"] is not None:
            hint_ms[setup.label] = row["hint_ms_mean"]
        return row
    mean = hint_ms.get(setup.label) or hint_mean_ms(setup, seed)
    iterations, per_iteration = search_iterations(setup, mean, seed)
    extra = {
        "mcts_iterations": iterations,
        "mcts_ms_per_iteration": round(per_iteration, 3),
        "mcts_budget_ms": round(SEARCH_TIME * mean, 1),
    }
    return run(setup.with_rival(f"mcts:{iterations}"), seed, backend, extra)


def report(result: dict[str, Any]) -> str:
    """The rows as a markdown table."""
    lines = [
        "| game | setup | lineup | games | ties | hint wins (of decided) | 95 % interval "
        "| fair share | target | hint ms mean / p95 | search budget |",
        "|---|---|---|---:|---:|---:|---|---:|---|---:|---|",
    ]
    for r in result["rows"]:
        target = (
            "—"
            if r["target"] is None
            else f"≥ {r['target']:.0%} " + ("met" if r["met"] else "MISSED")
        )
        budget = (
            f"{r['mcts_iterations']} iterations ≈ {r['mcts_budget_ms']:.0f} ms"
            if "mcts_iterations" in r
            else "—"
        )
        lo, hi = r["interval"]
        lines.append(
            f"| {r['game']} | {r['setup']} | {r['lineup']} | {r['games']} | {r['ties']} "
            f"| {r['hint_share']:.1%} ({r['hint_wins']}/{r['decided']}) "
            f"| {lo:.1%} to {hi:.1%} | {r['fair_share']:.0%} | {target} "
            f"| {r['hint_ms_mean']} / {r['hint_ms_p95']} | {budget} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument(
        "--rival", choices=CHOICES, action="append", help="default: " + ", ".join(RIVALS)
    )
    parser.add_argument("--games", type=int, default=500, help="games per judged match")
    parser.add_argument("--mcts-games", type=int, default=500, help="judged games against mcts")
    parser.add_argument("--side-games", type=int, default=200, help="games per other match")
    parser.add_argument("--mcts-side-games", type=int, default=40, help="other games vs mcts")
    parser.add_argument(
        "--hint-ms", type=int, action="append", default=[], help="hint budgets vs search"
    )
    only = parser.add_mutually_exclusive_group()
    only.add_argument("--two-player", action="store_true", help="only the judged matches")
    only.add_argument("--other-modes", action="store_true", help="all but the judged matches")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2, help="processes, or local Ray CPUs")
    parser.add_argument("--backend", choices=BACKENDS, help="default: process (local for 1)")
    parser.add_argument("--ray-address", help="the Ray cluster (default: RAY_ADDRESS)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    try:
        with open_backend(args.backend, args.workers, args.ray_address) as backend:
            rows = play_all(args, backend)
    except MonsterError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    result = {
        "rows": rows,
        "environment": environment(),
        "seconds": round(time.perf_counter() - start, 1),
    }
    emit(result, args.json, report)
    return 0 if all(r["met"] is not False for r in rows) else 1


def play_all(args: argparse.Namespace, backend: Backend) -> list[dict[str, Any]]:
    """Every row the arguments ask for, each printed on standard error as it is played."""
    rows = []
    hint_ms: dict[str, float] = {}
    for name in args.game or sorted(GAMES):
        matches = setups(
            name,
            args.games,
            args.side_games,
            args.mcts_games,
            args.mcts_side_games,
            args.rival or RIVALS,
            "judged" if args.two_player else "others" if args.other_modes else "all",
            args.hint_ms,
        )
        hint_ms.clear()
        for setup in matches:
            row = play_setup(setup, args.seed, backend, hint_ms)
            print(json.dumps(row), file=sys.stderr, flush=True)  # each row as it is played
            rows.append(row)
    return rows


if __name__ == "__main__":
    sys.exit(main())
