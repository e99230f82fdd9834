"""The game routes through a real server: whole Monster Park games played by hint players.

Run::

    .venv/bin/python -m benchmarks.game_routes [--games 10] [--players 2] [--seed 0]
        [--warm-up 1] [--budget-ms 80] [--workers 1] [--hint-cache N] [--serve-from DIR]
        [--json]

``monsters serve`` runs on a free loopback port (``benchmarks.load.server``)
and one client in this process plays ``--games`` seeded games over one
keep-alive connection (``benchmarks.load.client.Connection``: it costs the
client little, so the times are the server's), one request at a time, as a
front end does: ``new``; then at each step ``view`` of the seat to move,
``legal`` of that view, ``hint`` of the view (``top`` 1, ``--budget-ms``),
the same hint again (``hint_again``: a repeat the worker's hint cache answers,
``--hint-cache 0`` to search it anew, ``MONSTERS_HINT_CACHE``),
``validate`` of the hinted move on the view and ``apply`` of it on the full
state; at the end ``score`` of the state and of a view. ``--warm-up`` games
from other seeds go first, untimed, so no route is timed cold. Every answer is
checked as it is timed (status 200, the hinted move among the legal ones and
valid, the game over with winners, the view's winners the same).

Latency runs from writing a request to reading its whole answer. Printed per
route: requests, the route's own rate (requests / its time), p50, p95, p99 and
max in ms, and the server's CPU per request (all its threads, from Linux
``schedstat``: a figure another program on the same cores inflates far less
than the latency); the whole run's requests per second.
Goals: ``view``, ``legal`` and ``apply`` p95 under 5 ms on a quiet machine; the
hint as before (p95 41.7 ms at an 80 ms budget); a repeated hint p95 under 1 ms
(with the hint cache on).

Progress goes to standard error, one line per game. The server is always stopped.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.common import emit, environment, require
from benchmarks.load.client import Connection
from benchmarks.load.phase import percentiles
from benchmarks.load.server import Cpu, process_tree, server

GAME = "park"
GAMES = 10
BUDGET_MS = 80
MAX_STEPS = 1_000
ROUTES = ("new", "view", "legal", "hint", "hint_again", "validate", "apply", "score")
FAST = ("view", "legal", "apply")
"""The routes with the p95 goal."""
FAST_P95_MS = 5.0
AGAIN_P95_MS = 1.0
"""The goal of a repeated hint, answered from the hint cache."""


def cpu_ns(pids: Sequence[int]) -> int:
    """Nanoseconds of CPU every thread of ``pids`` has run (Linux ``schedstat``; else 0).

    Finer than ``/proc/<pid>/stat``'s clock ticks, so one request's CPU can be read.
    """
    total = 0
    for pid in pids:
        for task in Path(f"/proc/{pid}/task").glob("*/schedstat"):
            with suppress(OSError, ValueError, IndexError):
                total += int(task.read_text().split()[0])
    return total


class Player:
    """One keep-alive connection that plays games and times each route.

    ``times``: each request's latency in seconds; ``cpu``: the server's CPU
    seconds it took (all its threads), which another program busy on the same
    cores does not inflate as it does the latency.
    """

    def __init__(
        self, host: str, port: int, pids: Sequence[int], players: int, budget_ms: int
    ) -> None:
        self.connection = Connection(host, port)
        self.pids = pids
        self.players = players
        self.budget_ms = budget_ms
        self.times: defaultdict[str, list[float]] = defaultdict(list)
        self.cpu: defaultdict[str, list[float]] = defaultdict(list)

    async def post(self, route: str, body: dict[str, Any], timed: str | None = None) -> Any:
        """The answer of ``POST /v1/park/<route>``, timed (as ``timed``, if given);
        anything but 200 stops the run."""
        sent = json.dumps(body, separators=(",", ":")).encode()
        used = cpu_ns(self.pids)
        began = time.perf_counter()
        status, content = await self.connection.send("POST", f"/v1/{GAME}/{route}", sent)
        self.times[timed or route].append(time.perf_counter() - began)
        self.cpu[timed or route].append((cpu_ns(self.pids) - used) / 1e9)
        require(status == 200, f"{route} answered {status}: {content[:300]!r}")
        return json.loads(content)

    async def game(self, seed: int) -> int:
        """One whole game by hint players; its number of moves."""
        started = await self.post("new", {"players": self.players, "seed": seed})
        state, turn = started["state"], started["turn"]
        for step in range(MAX_STEPS):
            if turn["terminal"]:
                await self.end(state)
                return step
            seat = turn["to_move"]
            view = (await self.post("view", {"state": state, "seat": seat}))["view"]
            moves = (await self.post("legal", {"state": view}))["moves"]
            ask = {"state": view, "seat": seat, "budget_ms": self.budget_ms, "top": 1}
            hinted = await self.post("hint", ask)
            move = hinted["moves"][0]["move"]
            require(move in moves, f"seed {seed}, step {step}: the hint is not a legal move")
            again = await self.post("hint", ask, timed="hint_again")
            require(again == hinted, f"seed {seed}, step {step}: a repeated hint differs")
            verdict = await self.post("validate", {"state": view, "move": move})
            require(verdict["legal"], f"seed {seed}, step {step}: {verdict['reason']}")
            played = await self.post("apply", {"state": state, "move": move})
            state, turn = played["state"], played["turn"]
        raise AssertionError(f"seed {seed}: the game did not end within {MAX_STEPS} moves")

    async def end(self, state: Any) -> None:
        """Score the final state and seat 0's view of it: over, with the same winners."""
        final = await self.post("score", {"state": state})
        require(final["terminal"] and bool(final["winners"]), f"not over: {final}")
        view = (await self.post("view", {"state": state, "seat": 0}))["view"]
        seen = await self.post("score", {"state": view})
        require(seen["winners"] == final["winners"], "a view names other winners")


async def play(url: str, pids: Sequence[int], args: argparse.Namespace) -> dict[str, Any]:
    """The games, one after another, with their timings."""
    host, _, port = url.removeprefix("http://").partition(":")
    player = Player(host, int(port), pids, args.players, args.budget_ms)
    moves = []
    try:
        for n in range(args.warm_up):  # every route has run once before the timing starts
            await player.game(args.seed + args.games + n)
        player.times.clear()
        player.cpu.clear()
        began = time.perf_counter()
        for n in range(args.games):
            moves.append(await player.game(args.seed + n))
            print(f"game {n + 1}/{args.games}: {moves[-1]} moves", file=sys.stderr, flush=True)
    finally:
        player.connection.close()
    wall = time.perf_counter() - began
    return {"moves": moves, "wall_s": round(wall, 2), "times": player.times, "cpu": player.cpu}


def _p95(seconds: Sequence[float]) -> float:
    return round(float(np.percentile(np.asarray(seconds) * 1000, 95)), 2)


def routes(times: dict[str, list[float]], cpu: dict[str, list[float]]) -> dict[str, Any]:
    """Per route: the count, its own rate, its latency percentiles (ms) and the server's
    CPU per request (ms)."""
    out = {}
    for route in ROUTES:
        seconds = times.get(route, [])
        if not seconds:
            continue
        used = cpu[route]
        out[route] = percentiles(seconds) | {
            "p95": _p95(seconds),
            "req_per_s": round(len(seconds) / sum(seconds), 1),
            "cpu_ms": {"mean": round(sum(used) / len(used) * 1000, 2), "p95": _p95(used)},
        }
    return out


def verdicts(per_route: dict[str, Any]) -> dict[str, Any]:
    """The p95 goals of the fast routes and of a repeated hint."""
    goals = {route: FAST_P95_MS for route in FAST} | {"hint_again": AGAIN_P95_MS}
    return {
        f"{route}_p95_ms": {
            "value": per_route[route]["p95"],
            "target": target,
            "pass": per_route[route]["p95"] < target,
        }
        for route, target in goals.items()
    }


def report(result: dict[str, Any]) -> str:
    """The results as plain text."""
    lines = [
        f"$ {result['command']}",
        f"python {result['versions']['python']}, {result['cpus']} CPUs; "
        f"server: {result['server']['command']}, ready in {result['server']['ready_s']} s",
        f"{result['games']} Monster Park games, {result['players']} players, seeds "
        f"{result['seed']}..{result['seed'] + result['games'] - 1}, hint budget "
        f"{result['budget_ms']} ms; {sum(result['moves'])} moves, {result['requests']} requests "
        f"in {result['wall_s']} s = {result['req_per_s']} req/s, one keep-alive connection",
        f"server CPU {result['cpu']['server_us_per_request']} µs/request, client "
        f"{result['cpu']['client_us_per_request']} µs/request; machine "
        f"{result['cpu']['machine_busy']:.0%} busy",
        "",
        f"{'route':<10} {'requests':>8} {'req/s':>8} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7}"
        f" {'max ms':>7} {'cpu ms':>7} {'cpu p95':>7}",
    ]
    for route, r in result["routes"].items():
        lines.append(
            f"{route:<10} {r['count']:>8} {r['req_per_s']:>8.1f} {r['p50']:>7.2f} {r['p95']:>7.2f}"
            f" {r['p99']:>7.2f} {r['max']:>7.2f} {r['cpu_ms']['mean']:>7.2f}"
            f" {r['cpu_ms']['p95']:>7.2f}"
        )
    lines += [
        "",
        "req/s of a route: its requests over the time they took (one at a time);",
        "cpu: the server's CPU per request, all threads (mean, p95), ms",
        "",
    ]
    lines.append("goals:")
    for name, v in result["targets"].items():
        verdict = "PASS" if v["pass"] else "FAIL"
        lines.append(f"  {name:<16} {v['value']:>8} < {v['target']:<6} {verdict}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=GAMES, help="whole games to play")
    parser.add_argument("--players", type=int, default=2, help="seats in each game")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--warm-up", type=int, default=1, help="uncounted games first")
    parser.add_argument("--budget-ms", type=int, default=BUDGET_MS, help="each hint's budget")
    parser.add_argument("--workers", type=int, default=1, help="server worker processes")
    parser.add_argument(
        "--hint-cache", type=int, default=None, help="hint answers each worker keeps (0: none)"
    )
    parser.add_argument(
        "--serve-from",
        default=None,
        help="serve the code of this checkout instead (a worktree of an earlier commit)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    argv = sys.argv[1:] if argv is None else list(argv)
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1 or args.budget_ms < 1 or args.warm_up < 0:
        parser.error("--games, --workers and --budget-ms must be at least 1, --warm-up 0")
    if args.hint_cache is not None and args.hint_cache < 0:
        parser.error("--hint-cache must be 0 or more")
    began = time.perf_counter()
    # Terminated, too, the benchmark leaves through ``server``'s clean-up and stops the server.
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))
    env = {} if args.serve_from is None else {"PYTHONPATH": args.serve_from}
    if args.hint_cache is not None:
        env["MONSTERS_HINT_CACHE"] = str(args.hint_cache)
    with server(args.workers, env) as (url, process, info):
        pids = process_tree(process.pid)
        cpu = Cpu(pids)
        played = asyncio.run(play(url, pids, args))
        requests = sum(len(v) for v in played["times"].values())
        used = cpu.used(requests)
    per_route = routes(played["times"], played["cpu"])
    result: dict[str, Any] = {
        "command": " ".join([".venv/bin/python", "-m", "benchmarks.game_routes", *argv]),
        **environment(),
        "server": info,
        "games": args.games,
        "players": args.players,
        "seed": args.seed,
        "budget_ms": args.budget_ms,
        "moves": played["moves"],
        "requests": requests,
        "wall_s": played["wall_s"],
        "req_per_s": round(requests / played["wall_s"], 1),
        "cpu": used,
        "routes": per_route,
        "targets": verdicts(per_route),
        "seconds": round(time.perf_counter() - began, 1),
    }
    emit(result, args.json, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
