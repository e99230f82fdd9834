"""How the review grades the greedy player's moves and the random player's, per game.

Run::

    .venv/bin/python -m benchmarks.review_grades [--games 4] [--seed 0] [--every 3]
        [--budget-ms 80] [--game park] [--json]

For every game, seeded games are played by a greedy and a random player (seats
rotated from game to game). At every ``every``-th decision both players are
asked what they would play there, and each move is reviewed from the deciding
seat's view (``solver.review``, the hint at ``budget-ms``): the table counts
each player's grades and gives the mean grade (0 best ... 4 blunder). The
grade thresholds (each game's ``ladder.py``, docs/review.md) are calibrated on
it: greedy's moves must grade better than random ones in every game.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from benchmarks.common import emit, require
from solver.game import GAMES, AnyGame, get_game
from solver.review import GRADES, coach_of, review

PLAYERS = ("greedy", "random")
"""The players whose moves are graded, in the table's order."""


def positions(game: AnyGame, games: int, seed: int, every: int) -> Iterator[tuple[Any, int]]:
    """Every ``every``-th decision of ``games`` seeded games of greedy against random: the
    state and its game number."""
    for number in range(games):
        lineup = PLAYERS if number % 2 == 0 else PLAYERS[::-1]
        players = [game.players[lineup[s % 2]](seed + number) for s in range(2)]
        state = game.new(game.default_players, seed + number, None)
        step = 0
        while not state.is_terminal():
            if step % every == 0:
                yield state, number
            state = state.apply(players[state.to_move % 2].choose(state))
            step += 1


def grades(name: str, games: int, seed: int, every: int, budget: float) -> dict[str, Counter[str]]:
    """Each player's grades over the positions of :func:`positions`."""
    game, coach = get_game(name), coach_of(name)
    counted: dict[str, Counter[str]] = {p: Counter() for p in PLAYERS}
    for state, number in positions(game, games, seed, every):
        view = game.view(state, state.to_move)
        ranked = game.hint(view, budget)
        for player in PLAYERS:
            chosen = game.players[player](seed + number + state.to_move).choose(state)
            move = game.move_to_json(chosen)
            found = review(ranked, move, coach.thresholds(view), coach.FACTS)
            counted[player][found.grade] += 1
    return counted


def mean_grade(counts: Counter[str]) -> float:
    """The mean grade, 0 for best ... 4 for a blunder."""
    total = sum(counts.values())
    return sum(GRADES.index(g) * n for g, n in counts.items()) / max(total, 1)


def run(names: Sequence[str], games: int, seed: int, every: int, budget: float) -> dict[str, Any]:
    """Every game's grade counts and means, checked: greedy grades better than random."""
    start = time.perf_counter()
    table: dict[str, Any] = {}
    for name in names:
        counted = grades(name, games, seed, every, budget)
        means = {p: round(mean_grade(counted[p]), 2) for p in PLAYERS}
        require(means["greedy"] < means["random"], f"{name}: greedy grades no better: {means}")
        table[name] = {p: {"grades": dict(counted[p]), "mean": means[p]} for p in PLAYERS}
    seconds = round(time.perf_counter() - start, 1)
    asked = {"games": games, "seed": seed, "every": every, "budget_ms": budget * 1000}
    return asked | table | {"seconds": seconds}


def report(result: dict[str, Any]) -> str:
    """The grade distribution as a markdown table."""
    lines = [
        f"{result['games']} games per game, seed {result['seed']}, every {result['every']}"
        f" decisions, hint budget {result['budget_ms']:.0f} ms",
        "",
        "| game | player | moves | " + " | ".join(GRADES) + " | mean grade |",
        "|---" * (len(GRADES) + 4) + "|",
    ]
    for name in GAMES:
        for player in PLAYERS:
            if name not in result:
                continue
            row = result[name][player]
            total = sum(row["grades"].values())
            shares = [f"{row['grades'].get(g, 0) / total:.0%}" for g in GRADES]
            cells = " | ".join([str(total), *shares])
            lines.append(f"| {name} | {player} | {cells} | {row['mean']:.2f} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=20, help="games per game")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--every", type=int, default=3, help="grade every N-th decision")
    parser.add_argument("--budget-ms", type=float, default=80.0)
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="only these")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    names = args.game or list(GAMES)
    result = run(names, args.games, args.seed, args.every, args.budget_ms / 1000)
    emit(result, args.json, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
