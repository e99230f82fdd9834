"""How good each player's decisions are, one decision at a time, against a long-playout judge.

Run::

    .venv/bin/python -m benchmarks.regret --game park [--player hint:100 --player search]
        [--positions 40] [--worlds 120] [--seed 0] [--judged FILE] [--from hint,search] [--json]

Whole games are a noisy way to compare two players: luck of the deal decides
most of them, so a ≥ 200-game row costs hours. This asks each player for its
move at the same ``--positions`` decisions (with more than one legal move,
taken from seeded 2-player games of the greedy player, or with ``--from A,B``
every decision of ``A`` in seeded games of ``A`` against ``B``, seats alternating:
the positions a player meets against that rival) and has a judge value
every move some player chose: the move is played in ``--worlds`` worlds the
deciding seat's view allows, each followed by a playout of the reference
search's policy (the greedy player with 10 % random moves) to the end of the
game, worth +1 for a win, -1 for a loss. Every move of a position is judged in
the same worlds with the same playout seeds (a paired comparison). A player's
**regret** at a position is the judged value of its move less the best judged
value among the moves any player chose there (0: it chose as well as the best
of them); the row gives the mean regret with a 95 % interval over positions,
how often the player chose the best judged move, and its time a decision.

The judge is the search's own playout policy played out far, so it rewards what
wins under that policy; it is a yardstick for comparing players and budgets,
not the truth. Judged values are kept in ``--judged`` (JSON; what is there is
read back and reused), so a new player's moves are judged only where they are
new. The same arguments give the same figures on any machine.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from benchmarks.common import decisions, emit, environment
from solver.arena import player_factory
from solver.game import GAMES, AnyGame, get_game
from solver.search import Search, SearchPlayers, SearchRules

JUDGE_SEED = 7
"""Seeds the judge's worlds and playouts (the same for every move of a position)."""
TO_THE_END = 400
"""Decisions a judged playout may play: more than any game lasts."""


def judge_rules(game: AnyGame) -> SearchRules:
    """The reference search's rules, its playouts played to the end of the game."""
    searching = game.players["search"]
    assert isinstance(searching, SearchPlayers)
    return replace(searching.rules, horizon=TO_THE_END)


def lineup_decisions(game: AnyGame, count: int, seed: int, lineup: Sequence[str]) -> list[Any]:
    """``count`` states, every choice of ``lineup``'s first player in seeded games of the
    two (seats alternating from game to game; game ``i`` dealt from ``seed + i``)."""
    made = [player_factory(game, name) for name in lineup]
    states: list[Any] = []
    played = 0
    while len(states) < count:
        first = played % 2  # the seat of the lineup's first player
        state = game.new(2, seed + played, None)
        players = [made[(seat - first) % 2](seed + played + seat) for seat in range(2)]
        while not state.is_terminal() and len(states) < count:
            if state.to_move == first and len(state.legal_moves()) > 1:
                states.append(state)
            state = state.apply(players[state.to_move].choose(state))
        played += 1
    return states


def judged(rules: SearchRules, view: Any, move: Any, worlds: int) -> float:
    """The mean value of ``move`` over the judge's ``worlds`` worlds of ``view``."""
    search = Search(rules, view, JUDGE_SEED, [move])
    for _ in range(worlds):
        search.play_world()
    return statistics.fmean(search.values[0])


def interval(values: Sequence[float]) -> tuple[float, float]:
    """The 95 % normal interval of the mean of ``values``."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean - half, mean + half


def measure(
    game: AnyGame,
    players: Sequence[str],
    count: int,
    worlds: int,
    seed: int,
    kept: dict[str, Any],
    lineup: Sequence[str] = (),
) -> dict[str, Any]:
    """Each player's picks at every decision, judged; ``kept`` holds judged values by key.
    The decisions come from greedy games, or with ``lineup`` from games of those two."""
    rules = judge_rules(game)
    states = lineup_decisions(game, count, seed, lineup) if lineup else decisions(game, count, seed)
    source = "/" + ",".join(lineup) if lineup else ""
    picks: dict[str, list[str]] = {name: [] for name in players}
    seconds: dict[str, list[float]] = {name: [] for name in players}
    values: list[dict[str, float]] = []
    for index, state in enumerate(states):
        view = game.view(state, state.to_move)
        here: dict[str, float] = {}
        for name in players:
            player = player_factory(game, name)(seed + index)
            start = time.perf_counter()
            move = player.choose(state)
            seconds[name].append(time.perf_counter() - start)
            key = json.dumps(game.move_to_json(move), sort_keys=True)
            picks[name].append(key)
            where = f"{game.name}{source}/{seed}/{worlds}/{index}/{key}"
            if where not in kept:
                kept[where] = judged(rules, view, move, worlds)
            here[key] = kept[where]
        values.append(here)
        print(f"{index + 1}/{count}", file=sys.stderr, flush=True)
    rows = []
    for name in players:
        regrets = [v[k] - max(v.values()) for v, k in zip(values, picks[name], strict=True)]
        low, high = interval(regrets)
        rows.append(
            {
                "player": name,
                "mean_regret": round(statistics.fmean(regrets), 4),
                "interval": [round(low, 4), round(high, 4)],
                "best_share": round(sum(r == 0 for r in regrets) / len(regrets), 3),
                "ms_median": round(1000 * statistics.median(seconds[name]), 1),
                "ms_max": round(1000 * max(seconds[name]), 1),
            }
        )
    result = {"game": game.name, "positions": count, "worlds": worlds, "seed": seed, "rows": rows}
    return {**result, "from": ",".join(lineup) or "greedy,greedy"}


def report(result: dict[str, Any]) -> str:
    """The result as text, a row a player."""
    lines = [f"{result['game']}: {result['positions']} decisions, {result['worlds']} worlds each"]
    for row in result["rows"]:
        low, high = row["interval"]
        lines.append(
            f"  {row['player']:<12} regret {row['mean_regret']:+.4f} ({low:+.4f} to {high:+.4f})"
            f"  best {row['best_share']:.0%}  ms {row['ms_median']} / {row['ms_max']}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=[g for g in GAMES if g != "manno"], default="park")
    parser.add_argument("--player", action="append", dest="players")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--worlds", type=int, default=120)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--judged", type=Path)
    parser.add_argument(
        "--from",
        dest="lineup",
        default="",
        help="the two players whose games give the decisions (the first one's), e.g. hint,search",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    players = args.players or ["greedy", "hint", "hint:100", "hint:300", "hint:1000", "search"]
    kept = json.loads(args.judged.read_text()) if args.judged and args.judged.exists() else {}
    start = time.perf_counter()
    lineup = [name for name in args.lineup.split(",") if name]
    if lineup and len(lineup) != 2:
        parser.error("--from takes two players, e.g. hint,search")
    game = get_game(args.game)
    result = measure(game, players, args.positions, args.worlds, args.seed, kept, lineup)
    if args.judged:
        args.judged.write_text(json.dumps(kept, sort_keys=True))
    result["seconds"] = round(time.perf_counter() - start, 1)
    emit({**result, "environment": environment()}, args.json, report)


if __name__ == "__main__":
    main()
