"""A worker killed under load: how many requests fail, and whether the service comes back.

Run::

    .venv/bin/python -m benchmarks.load.kill [--requests 6000] [--clients 16] [--workers 2]
        [--rate R] [--seed 0] [--time-limit 900] [--json]

The soak's load (``benchmarks.load.soak``: the mixed pool over all four
games, every answer compared with the one it got alone), with one worker
process sent ``SIGKILL`` once a third of the answers are in. The requests in
flight on its connections are lost with it; a client whose connection broke
opens a new one for its next request. Target: under 1 % of the requests
failed (lost or wrong); the server has as many workers at the end as at the
start.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
import time
from collections.abc import Sequence
from typing import Any

from benchmarks.common import emit, environment
from benchmarks.load.client import Connection
from benchmarks.load.mixed import Call, checker, draw, pool, reference
from benchmarks.load.phase import load, summary
from benchmarks.load.server import server, workers_of
from benchmarks.load.soak import checked, parser_for

REQUESTS = 6_000
CLIENTS = 16
FAILED_TARGET = 0.01
RESTART_WAIT_S = 30.0


async def run(
    url: str, process: Any, calls: Sequence[Call], args: argparse.Namespace
) -> dict[str, Any]:
    """Answers alone, then the load, with one worker killed a third of the way."""
    host, _, port_text = url.removeprefix("http://").partition(":")
    port = int(port_text)
    answers = await reference(host, port, calls)
    alone = checker(answers)
    seen = 0

    def check(call: Call, status: int, content: bytes) -> str | None:
        nonlocal seen
        seen += 1
        return alone(call, status, content)

    requests = draw(calls, args.requests, args.seed + 1)
    connections = [Connection(host, port) for _ in range(args.clients)]
    before = workers_of(process)
    killed: dict[str, Any] = {}

    async def killer() -> None:
        while seen < len(requests) // 3:
            await asyncio.sleep(0.01)
        victim = before[0]
        os.kill(victim, signal.SIGKILL)
        killed.update(pid=victim, after_answers=seen, at_s=round(time.perf_counter() - began, 2))

    began = time.perf_counter()
    kill = asyncio.create_task(killer())
    try:
        phase = await load(connections, requests, args.rate, began + args.time_limit, check)
    finally:
        kill.cancel()
        for connection in connections:
            connection.close()
    waited = time.perf_counter()
    while len(workers_of(process)) < len(before) and time.perf_counter() - waited < RESTART_WAIT_S:
        await asyncio.sleep(0.1)
    return {
        "load": summary(phase, len(requests), args.rate),
        "killed": killed,
        "workers_before": before,
        "workers_after": workers_of(process),
    }


def verdicts(result: dict[str, Any]) -> dict[str, Any]:
    """Failed share under the target; as many workers after as before."""
    load_ = result["load"]
    share = round(load_["errors"] / load_["requests"], 5)
    after, before = len(result["workers_after"]), len(result["workers_before"])
    return {
        "failed_share": {"value": share, "target": f"< {FAILED_TARGET:g}", "pass": share < 0.01},
        "workers_after": {"value": after, "target": f"== {before}", "pass": after == before},
        "killed": {
            "value": bool(result["killed"]),
            "target": "True",
            "pass": bool(result["killed"]),
        },
    }


def report(result: dict[str, Any]) -> str:
    """The results as plain text."""
    run_ = result["run"]
    load_, killed = run_["load"], run_["killed"]
    lines = [
        f"$ {result['command']}",
        f"server: {result['server']['command']}",
        f"workers {run_['workers_before']}; killed {killed.get('pid')} (SIGKILL) after "
        f"{killed.get('after_answers')} answers, at {killed.get('at_s')} s; workers after "
        f"{run_['workers_after']}",
        f"load: {load_['ok']} of {load_['requests']} answered as alone, {load_['errors']} failed "
        f"{load_['error_kinds'] or ''} in {load_['wall_s']} s",
    ]
    if load_["first_error"]:
        lines.append(f"  first: {load_['first_error']}")
    lines += ["", "targets:"]
    for name, v in result["targets"].items():
        lines.append(
            f"  {name:<14} {v['value']!s:>8} {v['target']:<7} {'PASS' if v['pass'] else 'FAIL'}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    args = checked(parser_for(__doc__, REQUESTS, CLIENTS), argv)
    if args.workers < 2:
        print("a worker can be killed only with --workers 2 or more", file=sys.stderr)
        return 2
    began = time.perf_counter()
    calls = pool(args.seed)
    result: dict[str, Any] = {
        "command": " ".join([".venv/bin/python", "-m", "benchmarks.load.kill", *argv]),
        **environment(),
        "pool": len(calls),
    }
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))
    with server(args.workers) as (url, process, info):
        result["server"] = info
        result["run"] = asyncio.run(run(url, process, calls, args))
    result["targets"] = verdicts(result["run"])
    result["seconds"] = round(time.perf_counter() - began, 1)
    emit(result, args.json, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
