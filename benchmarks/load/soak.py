"""Soak: many mixed requests over all four games, each answer the one it gets alone.

Run::

    .venv/bin/python -m benchmarks.load.soak [--requests 20000] [--clients 16] [--workers 2]
        [--rate R] [--seed 0] [--time-limit 900] [--json]

``monsters serve --workers W`` on loopback. The pool (``benchmarks.load.mixed``:
Manno solve / hint / validate / grade, and hint / validate / score /
render.svg of Monster Park, Very Big Monster and Monstrolicious over real
states) is first sent one request at a time, and each answer kept: that is the
baseline every answer under load is compared with, byte for byte. The pool
is then sent once more over all connections (the warm-up: every worker has
seen every kind of request before memory is read), and then
``--requests`` requests drawn from the pool go out over ``--clients``
keep-alive connections, closed loop (each client sends its next request as
soon as its last is answered) or paced at ``--rate``. Meanwhile the resident
memory of every worker is read ten times a second.

Targets: no request lost (no answer, a broken connection, a timeout) and none
wrong (status or bytes not what the request got alone); each worker's mean
memory over the last quarter of the load within 10 % of its mean over the
first quarter.

Bounded: a fixed number of requests, ``--time-limit`` seconds for the load
(requests not sent by then count as lost); the server is always stopped.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
import time
from collections.abc import Sequence
from typing import Any

from benchmarks.common import emit, environment
from benchmarks.load.client import Connection
from benchmarks.load.mixed import Call, checker, draw, pool, reference, statuses
from benchmarks.load.phase import load, summary
from benchmarks.load.server import Sampler, server, workers_of

REQUESTS = 20_000
CLIENTS = 16
WORKERS = 2
TIME_LIMIT_S = 900.0
MEMORY_DRIFT = 0.10


def memory(sampler: Sampler) -> dict[str, Any]:
    """Each worker's mean RSS (MB) over the first and last quarter of the samples."""
    if not sampler.samples:
        return {}
    end = max(t for t, *_ in sampler.samples)
    out: dict[str, Any] = {}
    for pid in sorted({pid for _, pid, _, _ in sampler.samples}):
        mine = [(t, rss) for t, p, _, rss in sampler.samples if p == pid]
        first = [rss for t, rss in mine if t <= end / 4]
        last = [rss for t, rss in mine if t >= end * 3 / 4]
        if first and last:
            before, after = sum(first) / len(first), sum(last) / len(last)
            out[str(pid)] = {
                "first_quarter_mb": round(before, 1),
                "last_quarter_mb": round(after, 1),
                "drift": round(after / before - 1, 4),
            }
    return out


async def run(url: str, pids: list[int], calls: Sequence[Call], args: argparse.Namespace) -> Any:
    """The answers alone, then the load checked against them, with memory read throughout."""
    host, _, port_text = url.removeprefix("http://").partition(":")
    port = int(port_text)
    began = time.perf_counter()
    answers = await reference(host, port, calls)
    result: dict[str, Any] = {
        "alone": {"s": round(time.perf_counter() - began, 2), "statuses": statuses(answers, calls)}
    }
    connections = [Connection(host, port) for _ in range(args.clients)]
    began = time.perf_counter()
    warm = await load(connections, calls, None, began + args.time_limit, checker(answers))
    result["warm_up"] = {"s": round(time.perf_counter() - began, 2), "errors": warm.errors.total()}
    sampler = Sampler(pids)
    stop = asyncio.Event()
    sampling = asyncio.create_task(sampler.run(stop))
    try:
        requests = draw(calls, args.requests, args.seed + 1)
        deadline = time.perf_counter() + args.time_limit
        phase = await load(connections, requests, args.rate, deadline, checker(answers))
    finally:
        stop.set()
        await sampling
        for connection in connections:
            connection.close()
    result["load"] = summary(phase, len(requests), args.rate)
    result["memory"] = memory(sampler)
    return result


def verdicts(result: dict[str, Any]) -> dict[str, Any]:
    """No lost or wrong answer; memory flat."""
    errors = result["load"]["errors"]
    drift = max((abs(m["drift"]) for m in result["memory"].values()), default=float("inf"))
    return {
        "lost_or_wrong": {"value": errors, "target": "== 0", "pass": errors == 0},
        "memory_drift": {
            "value": drift,
            "target": f"<= {MEMORY_DRIFT:g}",
            "pass": drift <= MEMORY_DRIFT,
        },
    }


def report(result: dict[str, Any]) -> str:
    """The results as plain text."""
    run_, load_ = result["run"], result["run"]["load"]
    lat = load_["latency_ms"]
    lines = [
        f"$ {result['command']}",
        f"server: {result['server']['command']}",
        f"pool: {result['pool']} distinct requests, sent alone in {run_['alone']['s']} s: "
        f"{run_['alone']['statuses']}",
        f"warm-up: the pool once more in {run_['warm_up']['s']} s, "
        f"{run_['warm_up']['errors']} lost or wrong",
        "",
        f"load: {load_['ok']} of {load_['requests']} answered as alone, {load_['errors']} lost or "
        f"wrong {load_['error_kinds'] or ''} in {load_['wall_s']} s ({load_['req_per_s']} req/s); "
        f"p50 {lat.get('p50', 0)} ms, p99 {lat.get('p99', 0)} ms",
    ]
    if load_["first_error"]:
        lines.append(f"  first: {load_['first_error']}")
    for kind, kind_lat in load_["per_kind_ms"].items():
        lines.append(
            f"  {kind:<26} {kind_lat['count']:>6}  p50 {kind_lat['p50']:>8.2f}"
            f"  p99 {kind_lat['p99']:>8.2f}  max {kind_lat['max']:>8.2f}"
        )
    lines += ["", "worker memory (RSS MB), first quarter -> last quarter:"]
    for pid, m in run_["memory"].items():
        lines.append(
            f"  {pid}: {m['first_quarter_mb']} -> {m['last_quarter_mb']} ({m['drift']:+.1%})"
        )
    lines += ["", "targets:"]
    for name, v in result["targets"].items():
        lines.append(
            f"  {name:<14} {v['value']!s:>8} {v['target']:<7} {'PASS' if v['pass'] else 'FAIL'}"
        )
    return "\n".join(lines)


def parser_for(doc: str | None, requests: int, clients: int) -> argparse.ArgumentParser:
    """The arguments the mixed-load benchmarks share."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0] if doc else None)
    parser.add_argument("--requests", type=int, default=requests, help="requests in the load")
    parser.add_argument("--clients", type=int, default=clients, help="keep-alive connections")
    parser.add_argument("--workers", type=int, default=WORKERS, help="server worker processes")
    parser.add_argument("--rate", type=float, default=None, help="paced requests per second")
    parser.add_argument("--seed", type=int, default=0, help="seed for the pool and the draw")
    parser.add_argument(
        "--time-limit", type=float, default=TIME_LIMIT_S, help="seconds for the load"
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    return parser


def checked(parser: argparse.ArgumentParser, argv: Sequence[str]) -> argparse.Namespace:
    args = parser.parse_args(argv)
    if args.requests < 1 or args.clients < 1 or args.workers < 1:
        parser.error("--requests, --clients and --workers must be at least 1")
    if (args.rate is not None and args.rate <= 0) or not 0 < args.time_limit <= 3600:
        parser.error("--rate must be positive and --time-limit in (0, 3600]")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    args = checked(parser_for(__doc__, REQUESTS, CLIENTS), argv)
    began = time.perf_counter()
    calls = pool(args.seed)
    result: dict[str, Any] = {
        "command": " ".join([".venv/bin/python", "-m", "benchmarks.load.soak", *argv]),
        **environment(),
        "pool": len(calls),
        "workers": args.workers,
    }
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))
    with server(args.workers) as (url, process, info):
        result["server"] = info
        result["run"] = asyncio.run(run(url, workers_of(process), calls, args))
    result["targets"] = verdicts(result["run"])
    result["seconds"] = round(time.perf_counter() - began, 1)
    emit(result, args.json, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
