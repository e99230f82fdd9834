"""Playing strength of each game's hint player against greedy and random players.

Run::

    .venv/bin/python -m benchmarks.strength [--game park] [--games 1000]
        [--side-games 200] [--seed 0] [--workers 2] [--json]

For each game, the judged matches are two-seat (or the game's default count):
``hint`` against ``greedy`` must win at least 60 % of the decided games (ties
left out) and against ``random`` at least 90 %, over ``--games`` seeded games
with seats rotated (``solver.arena.play_match``). Every other player count and
every mode the game lists in ``variants`` is reported too, over
``--side-games`` games: one hint player against greedy (or random) players,
with the hint player's share of decided games beside the fair share 1/n; in a
team mode two hint players make one team against greedy (or random) teams, and
a win of the team counts. Each row gives a 95 % Wilson interval, and the hint
player's decision times.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from benchmarks.common import emit, environment
from solver.arena import play_match
from solver.game import GAMES, get_game

TARGETS = {"greedy": 0.60, "random": 0.90}
"""Least share of decided games the hint player must win in the judged matches."""


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

    @property
    def label(self) -> str:
        mode = ",".join(f"{k}={v}" for k, v in sorted(self.settings.items()))
        teams = f"{self.sides} teams" if self.sides != len(self.lineup) else ""
        return " ".join(part for part in (f"{len(self.lineup)}p", mode, teams) if part)


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


def setups(name: str, games: int, side_games: int) -> list[Setup]:
    """The judged matches and the reported ones for one game."""
    game = get_game(name)
    out = []
    for rival, target in TARGETS.items():
        out.append(Setup(name, ("hint", rival), {}, games, target))
    judged: tuple[int, Mapping[str, Any]] = (
        2,
        {},
    )  # two seats with default settings: the matches above
    for n, settings in (mode for mode in game.modes() if mode != judged):
        teams = getattr(game.new(n, 0, settings or None), "teams", None)
        ours = set(teams[0]) if teams else {0}  # in team mode, hint players make one team
        for rival in TARGETS:
            lineup = tuple("hint" if seat in ours else rival for seat in range(n))
            out.append(Setup(name, lineup, settings, side_games, None, len(teams or lineup)))
    return out


def run(setup: Setup, seed: int, workers: int) -> dict[str, Any]:
    """Play one match and judge it."""
    game = get_game(setup.game)
    start = time.perf_counter()
    result = play_match(game, setup.lineup, setup.games, seed, setup.settings, workers=workers)
    seconds = time.perf_counter() - start
    decided = result.games - result.ties
    won = result.wins["0:hint"]
    share = won / decided if decided else 0.0
    low, high = wilson(won, decided)
    row: dict[str, Any] = {
        "game": setup.game,
        "setup": setup.label,
        "lineup": ",".join(setup.lineup),
        **result.to_json(),
        "decided": decided,
        "hint_share": round(share, 4),
        "interval": [round(low, 4), round(high, 4)],
        "fair_share": round(1 / setup.sides, 4),
        "target": setup.target,
        "met": None if setup.target is None else share >= setup.target,
        "seconds": round(seconds, 1),
    }
    return row


def report(result: dict[str, Any]) -> str:
    """The rows as a markdown table."""
    lines = [
        "| game | setup | lineup | games | ties | hint wins (of decided) | 95 % interval "
        "| fair share | target | hint ms p50 / p95 |",
        "|---|---|---|---:|---:|---:|---|---:|---|---:|",
    ]
    for r in result["rows"]:
        target = (
            "—"
            if r["target"] is None
            else f"≥ {r['target']:.0%} " + ("met" if r["met"] else "MISSED")
        )
        lo, hi = r["interval"]
        lines.append(
            f"| {r['game']} | {r['setup']} | {r['lineup']} | {r['games']} | {r['ties']} "
            f"| {r['hint_share']:.1%} ({r['wins']['0:hint']}/{r['decided']}) "
            f"| {lo:.1%} to {hi:.1%} | {r['fair_share']:.0%} | {target} "
            f"| {r['hint_ms_p50']} / {r['hint_ms_p95']} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--games", type=int, default=1000, help="games per judged match")
    parser.add_argument("--side-games", type=int, default=200, help="games per reported match")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    rows = []
    for name in args.game or sorted(GAMES):
        for setup in setups(name, args.games, args.side_games):
            row = run(setup, args.seed, args.workers)
            print(f"  {row['game']} {row['setup']} {row['lineup']}: done", file=sys.stderr)
            rows.append(row)
    result = {
        "rows": rows,
        "environment": environment(),
        "seconds": round(time.perf_counter() - start, 1),
    }
    emit(result, args.json, report)
    return 0 if all(r["met"] is not False for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
