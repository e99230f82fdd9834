"""What a hint's budget buys: the hint's time at each budget, and the playout rate that fits.

Run::

    .venv/bin/python -m benchmarks.hint_budget [--game park] [--budget 80 --budget 1000]
        [--positions 40] [--seed 0] [--json]

For each game, ``--positions`` decisions (with more than one legal move) are
taken from seeded 2-player games of the greedy player, and the game's hint
(``solver.anytime``: the exact evaluation, then playouts with the rest of the
budget) is asked at each budget. The row gives the hint's time (median, p95),
the playouts it played, and its exact part's time alone; the last column is
the playouts a second the hint's search managed: the game's ``HINT_RATE`` (what
a second of budget beyond ``HINT_RESERVE`` buys) should be at most that on this
machine. The default budget's goal is a p95 of 100 ms. Times are this machine's at this
moment (they grow when other work shares the cores); the answers are the same
on any machine.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from benchmarks.common import decisions, emit, environment
from solver.anytime import anytime_of
from solver.game import GAMES, AnyGame, get_game

BUDGETS_MS = (80, 300, 1000)
"""The budgets measured by default (the default budget first)."""


def positions(game: AnyGame, count: int, seed: int) -> list[Any]:
    """``count`` views of the seat to move with a real choice, from greedy games."""
    return [game.view(state, state.to_move) for state in decisions(game, count, seed)]


def timed(hint: Any, views: list[Any], budget: float) -> tuple[list[float], list[int]]:
    """Each view's hint time at ``budget``, and the playouts its best move was tried in."""
    times, tried = [], []
    for view in views:
        start = time.perf_counter()
        ranked = hint(view, budget)
        times.append(time.perf_counter() - start)
        tried.append(int(sum(r.detail.get("tried", 0) for r in ranked)))
    return times, tried


def quantile(times: list[float], q: float) -> float:
    """The ``q`` quantile of ``times`` in milliseconds."""
    ordered = sorted(times)
    return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)


def measure(name: str, budgets: Sequence[int], count: int, seed: int) -> list[dict[str, Any]]:
    """One row per budget for game ``name``."""
    game = get_game(name)
    anytime = anytime_of(game)
    views = positions(game, count, seed)
    anytime(views[0], budgets[0] / 1000)  # the first plan loads CP-SAT: not a hint's cost
    rows = []
    for ms in budgets:
        budget = ms / 1000
        exact, _ = timed(anytime.exact, views, budget)
        times, tried = timed(anytime, views, budget)
        searching = [t - e for t, e in zip(times, exact, strict=True)]
        spent = sum(searching)
        managed = sum(tried) / spent if spent > 0 else None
        rows.append(
            {
                "game": name,
                "budget_ms": ms,
                "positions": len(views),
                "playouts": anytime.playouts(budget),
                "exact_p95_ms": quantile(exact, 0.95),
                "median_ms": quantile(times, 0.5),
                "p95_ms": quantile(times, 0.95),
                "tried_mean": round(statistics.fmean(tried), 1),
                "rate": anytime.rate,
                "rate_that_fits": None if managed is None else round(managed, 1),
            }
        )
        print(rows[-1], file=sys.stderr, flush=True)
    return rows


def report(result: dict[str, Any]) -> str:
    """The rows as a markdown table."""
    lines = [
        "| game | budget (ms) | playouts bought | exact part p95 (ms) | hint median / p95 (ms) "
        "| playouts played | rate | rate that fits |",
        "|---|---:|---:|---:|---|---:|---:|---:|",
    ]
    for r in result["rows"]:
        lines.append(
            f"| {r['game']} | {r['budget_ms']} | {r['playouts']} | {r['exact_p95_ms']} "
            f"| {r['median_ms']} / {r['p95_ms']} | {r['tried_mean']} | {r['rate']} "
            f"| {r['rate_that_fits']} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--budget", type=int, action="append", help="milliseconds")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    budgets = args.budget or BUDGETS_MS
    rows = [
        r
        for n in args.game or sorted(GAMES)
        for r in measure(n, budgets, args.positions, args.seed)
    ]
    result = {"rows": rows, "environment": environment(), "seconds": 0.0}
    result["seconds"] = round(time.perf_counter() - start, 1)
    emit(result, args.json, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
