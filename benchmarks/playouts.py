"""Raw speed of the searches: greedy playouts a second per core, and the ``search`` player's
decision time at its default budget.

Run::

    .venv/bin/python -m benchmarks.playouts [--game park] [--seconds 10]
        [--decisions 10] [--seed 0] [--json]

A *playout* is a whole 2-player game of the game's ``greedy`` player for every
seat, from the opening, in one process (one core): what a search pays for each
simulation. Then the ``search`` player (``solver/search.py``) makes
``--decisions`` decisions with more than one legal move, at its default budget,
in a 2-player game against greedy: their mean time, and the playouts a second
it managed. Both are measurements of this machine at this moment (they slow down
when other work shares the cores); the moves are the same on any machine.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from benchmarks.common import emit, environment
from solver.game import GAMES, AnyGame, get_game
from solver.search import SearchPlayer


def greedy_playouts(game: AnyGame, seconds: float, seed: int) -> dict[str, Any]:
    """Whole greedy 2-player games for ``seconds``: games and decisions a second."""
    greedy = game.players["greedy"]
    start = time.perf_counter()
    games = decisions = 0
    while not games or time.perf_counter() - start < seconds:
        state = game.new(2, seed + games, None)
        players = [greedy(seed + games), greedy(seed + games + 1)]
        while not state.is_terminal():
            state = state.apply(players[state.to_move].choose(state))
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "playouts_per_second": round(games / elapsed, 2),
        "decisions_per_game": round(decisions / games, 1),
        "ms_per_decision": round(1000 * elapsed / decisions, 3),
    }


def search_decisions(game: AnyGame, decisions: int, seed: int) -> dict[str, Any]:
    """The ``search`` player's first ``decisions`` real decisions (more than one legal
    move) in a seeded game against greedy: mean time and playouts."""
    search = game.players["search"](seed)
    assert isinstance(search, SearchPlayer)
    greedy = game.players["greedy"](seed + 1)
    state = game.new(2, seed, None)
    times: list[float] = []
    playouts: list[int] = []
    while not state.is_terminal() and len(times) < decisions:
        mine = state.to_move == 0
        if mine and len(state.legal_moves()) > 1:
            start = time.perf_counter()
            move = search.choose(state)
            times.append(time.perf_counter() - start)
            assert search.last is not None
            playouts.append(search.last.playouts)
        else:
            move = (search if mine else greedy).choose(state)
        state = state.apply(move)
    return {
        "budget": search.playouts,
        "decisions": len(times),
        "seconds_mean": round(statistics.fmean(times), 3),
        "seconds_max": round(max(times), 3),
        "playouts_mean": round(statistics.fmean(playouts), 1),
        "search_playouts_per_second": round(sum(playouts) / sum(times), 1),
    }


def report(result: dict[str, Any]) -> str:
    """The rows as a markdown table."""
    lines = [
        "| game | greedy playouts / s / core | decisions a game | ms a decision "
        "| search budget | decision mean / max (s) | playouts a decision | search playouts / s |",
        "|---|---:|---:|---:|---:|---|---:|---:|",
    ]
    for r in result["rows"]:
        s = r["search"]
        lines.append(
            f"| {r['game']} | {r['playouts_per_second']} | {r['decisions_per_game']} "
            f"| {r['ms_per_decision']} | {s['budget']} | {s['seconds_mean']} / {s['seconds_max']} "
            f"| {s['playouts_mean']} | {s['search_playouts_per_second']} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--seconds", type=float, default=10.0, help="per game, greedy playouts")
    parser.add_argument("--decisions", type=int, default=10, help="search decisions timed")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    rows = []
    for name in args.game or sorted(GAMES):
        game = get_game(name)
        row = {"game": name, **greedy_playouts(game, args.seconds, args.seed)}
        row["search"] = search_decisions(game, args.decisions, args.seed)
        print(row, file=sys.stderr, flush=True)
        rows.append(row)
    result = {
        "rows": rows,
        "environment": environment(),
        "seconds": round(time.perf_counter() - start, 1),
    }
    emit(result, args.json, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
