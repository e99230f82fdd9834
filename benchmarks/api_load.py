"""Load on the HTTP API: a real server on loopback, many clients, mixed requests.

Run::

    .venv/bin/python -m benchmarks.api_load [--requests 10000] [--clients 50] [--workers 2]
        [--rate 600] [--seed 0] [--time-limit 120] [--no-balance] [--client raw] [--json]

``monsters serve --host 127.0.0.1 --port <free port> --workers W`` runs as a
subprocess (its log goes to a temporary file); once every worker has logged its
start-up, ``GET /health`` answers and ``GET /ready`` says the engines are warm,
50 client tasks in an asyncio loop in this
process send the load, each over its own keep-alive connection. The requests are
mixed 40% ``POST /v1/manno/solve`` (3 in 4 with a ``from`` arrangement), 30%
``/hint`` (levels 1-3), 30% ``/validate``, over the 108 catalogue tasks and 500
seeded random tasks (``solver.manno.sample``) with seeded random arrangements.
Every response is checked as it is timed: status 200, JSON of the contract's
shape, the task echoed canonically, the hint level asked for; every
``--check-every``-th answer must equal what the solver gives in this process
(computed before the load, so it takes no CPU from it). A warm-up of
``--warm-up`` requests from another seed warms every worker first; it is not
counted.

Two phases of ``--requests`` requests each:

* open loop (what the targets judge): the clients together send at a fixed
  ``--rate``; request ``i`` is due at ``start + i / rate`` and its latency runs
  from that due time, not from when it was actually sent, so a stalled server
  or a busy client cannot hide queueing (no coordinated omission). Targets: 0
  errors, p99 under 20 ms, at least 500 req/s achieved.
* closed loop (no target): each client sends its next request as soon as the
  last one answers: the most the server gives, and the latency at that load.
  By Little's law latency = clients / throughput here, so 50 clients with
  p99 under 20 ms would need more than 2,500 req/s; this phase shows capacity,
  not the latency target.

The client is written on asyncio streams (``benchmarks.load.client``) because
the load generator shares the 2 CPUs with the server and must cost little;
``--client httpx2`` runs the same load through one shared ``httpx2.AsyncClient``
for comparison.

The server's workers share one listening socket and whichever wakes first
accepts, so 50 long-lived connections can land unevenly (49 / 1 was seen). The
connections are opened one at a time, and one landing on a worker that already
has its share is closed and opened again, as a load balancer in front would
spread them; ``--no-balance`` keeps them where they land. The spread is reported
either way (Linux ``/proc``), with the server's CPU time per process, the
client's, the rest of the machine's, and how busy the machine was.

Bounded: a fixed number of requests, ``--time-limit`` seconds for the whole
load (requests not sent by then count as errors), ``REQUEST_TIMEOUT_S`` per
request. The server is always stopped (terminate, then kill) before the
benchmark exits.

The parts live in ``benchmarks.load``: the server and ``/proc`` readings
(``server``), the clients (``client``), a phase of load (``phase``) and the
Manno requests (``manno``). Its siblings there measure overload
(``benchmarks.load.overload``), a long mixed run over every game
(``benchmarks.load.soak``) and a worker killed under load
(``benchmarks.load.kill``).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import signal
import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

import httpx2

from benchmarks.common import emit, environment, require
from benchmarks.load.client import Connection, Httpx, Sender, connect
from benchmarks.load.manno import MIX, RANDOM_TASKS, plan, problem, task_pool
from benchmarks.load.phase import REQUEST_TIMEOUT_S, load, summary
from benchmarks.load.server import Cpu, process_tree, server, socket_owners, versions

REQUESTS = 10_000
CLIENTS = 50
WORKERS = 2
RATE = 600.0
"""Open-loop requests per second, all clients together."""
WARM_UP = 1_000
CHECK_EVERY = 10
TIME_LIMIT_S = 120.0
"""The whole load (warm-up and both phases) must end within this."""
P99_TARGET_MS = 20.0
RATE_TARGET = 500.0


async def run_load(
    url: str, server_pids: list[int], args: argparse.Namespace, pool: Sequence[str]
) -> dict[str, Any]:
    """Connections, warm-up, then the open-loop and closed-loop phases, checked and timed."""
    deadline = time.perf_counter() + args.time_limit
    limits = httpx2.Limits(max_connections=args.clients, max_keepalive_connections=args.clients)
    timeout = httpx2.Timeout(REQUEST_TIMEOUT_S)
    result: dict[str, Any] = {}
    host, _, port_text = url.removeprefix("http://").partition(":")
    port = int(port_text)
    async with httpx2.AsyncClient(base_url=url, limits=limits, timeout=timeout) as client:
        senders: list[Sender]
        if args.client == "httpx2":
            senders = [Httpx(client)] * args.clients
        else:
            connections, result["connections"] = await connect(
                host, port, args.clients, server_pids, args.workers, args.balance
            )
            senders = list(connections)
        try:
            warm = plan(pool, args.seed + 2, args.warm_up, 0)
            began = time.perf_counter()
            warmed = summary(await load(senders, warm, None, deadline, problem), len(warm), None)
            result["warm_up"] = {
                "requests": len(warm),
                "errors": warmed["errors"],
                "first_error": warmed["first_error"],
                "s": round(time.perf_counter() - began, 2),
            }
            if args.client == "httpx2":
                owners = Counter(socket_owners(server_pids, port).values())
                result["connections"] = {"per_process": {str(k): v for k, v in owners.items()}}
            phases = (("open", args.seed, args.rate), ("closed", args.seed + 1, None))
            for name, seed, rate in phases:
                requests = plan(pool, seed, args.requests, args.check_every)
                gc.collect()
                gc.freeze()  # the plan lives through the phase: no collector passes over it
                cpu = Cpu(server_pids)
                phase = await load(senders, requests, rate, deadline, problem)
                result[name] = summary(phase, len(requests), rate) | {"seed": seed}
                result[name]["cpu"] = cpu.used(result[name]["ok"])
                result[name]["checked_in_full"] = sum(r.expected is not None for r in requests)
                gc.unfreeze()
        finally:
            for sender in senders:
                if isinstance(sender, Connection):
                    sender.close()
    return result


def verdicts(open_loop: dict[str, Any]) -> dict[str, Any]:
    """The targets, judged on the open-loop phase."""
    p99 = open_loop["latency_ms"].get("p99", float("inf"))
    return {
        "errors": {"value": open_loop["errors"], "target": 0, "pass": open_loop["errors"] == 0},
        "p99_ms": {"value": p99, "target": P99_TARGET_MS, "pass": p99 < P99_TARGET_MS},
        "req_per_s": {
            "value": open_loop["req_per_s"],
            "target": RATE_TARGET,
            "pass": open_loop["req_per_s"] >= RATE_TARGET,
        },
    }


def report(result: dict[str, Any]) -> str:
    """The results as plain text."""
    stack, load_, server_ = result["stack"], result["load"], result["server"]
    missing = [n for n in ("httptools", "uvloop") if stack[n] is None]
    client = (
        "one asyncio-streams connection each"
        if result["client"] == "raw"
        else "one httpx2.AsyncClient"
    )
    lines = [
        f"$ {result['command']}",
        f"python {result['versions']['python']}, {result['cpus']} CPUs; uvicorn "
        f"{stack['uvicorn']}, fastapi {stack['fastapi']}, h11 {stack['h11']}; "
        f"not installed: {', '.join(missing) or 'none'}",
        "",
        f"server: {server_['command']}, ready in {server_['ready_s']} s",
        f"clients: {result['clients']} asyncio tasks in this process, {client}, keep-alive",
        f"requests: {result['requests']} per phase, solve {MIX['solve']:.0%} / hint "
        f"{MIX['hint']:.0%} / validate {MIX['validate']:.0%}, over {result['pool']} tasks "
        f"(108 catalogue + {RANDOM_TASKS} random, seed {result['seed']})",
        f"warm-up: {load_['warm_up']['requests']} requests in {load_['warm_up']['s']} s, "
        f"{load_['warm_up']['errors']} errors",
    ]
    spread = load_.get("connections")
    if spread:
        per = " / ".join(str(n) for n in spread["per_process"].values()) or "?"
        line = f"connections per worker: {per}"
        if "first_landing" in spread:
            first = " / ".join(str(n) for n in spread["first_landing"].values())
            line += f" (as first accepted: {first}"
            line += f"; {spread['reopened']} reopened to balance)" if spread["balanced"] else ")"
        lines.append(line)
    lines += [
        "",
        f"{'phase':<20} {'ok':>6} {'errors':>6} {'wall s':>7} {'req/s':>7} {'p50 ms':>7}"
        f" {'p90 ms':>7} {'p99 ms':>7} {'max ms':>7} {'lag p99':>8}",
    ]
    for name in ("open", "closed"):
        phase = load_[name]
        title = f"open loop {phase['target_rate']:g}/s" if phase["target_rate"] else "closed loop"
        lat, lag = phase["latency_ms"], phase["send_lag_ms"]
        lines.append(
            f"{title:<20} {phase['ok']:>6} {phase['errors']:>6} {phase['wall_s']:>7.2f}"
            f" {phase['req_per_s']:>7.1f} {lat.get('p50', 0):>7.2f} {lat.get('p90', 0):>7.2f}"
            f" {lat.get('p99', 0):>7.2f} {lat.get('max', 0):>7.2f} {lag.get('p99', 0):>8.2f}"
        )
        for kind, kind_lat in phase["per_kind_ms"].items():
            if kind_lat:
                lines.append(
                    f"  {kind:<18} {kind_lat['count']:>6} {'':>6} {'':>7} {'':>7}"
                    f" {kind_lat['p50']:>7.2f} {kind_lat['p90']:>7.2f} {kind_lat['p99']:>7.2f}"
                    f" {kind_lat['max']:>7.2f}"
                )
    lines += [
        "",
        "open loop: latency from each request's due time (start + i / rate), so waiting for",
        "a free client counts; lag: how late the client sent a request after it was due.",
        "",
        "CPU seconds, all on the same cores: the server (by worker), this client, the rest",
    ]
    for name in ("open", "closed"):
        cpu = load_[name]["cpu"]
        busy = "?" if cpu["machine_busy"] is None else f"{cpu['machine_busy']:.0%}"
        workers = " + ".join(f"{v:g}" for v in cpu["server_processes_s"].values() if v >= 0.05)
        lines.append(
            f"  {name + ' loop':<12} server {cpu['server_s']:.2f} ({workers or '-'}) = "
            f"{cpu['server_us_per_request']} µs/req; client {cpu['client_s']:.2f} = "
            f"{cpu['client_us_per_request']} µs/req; others {cpu['others_s']}; "
            f"machine {busy} busy"
        )
    for name in ("open", "closed"):
        phase = load_[name]
        if phase["errors"]:
            lines.append(f"{name} loop errors: {phase['error_kinds']}")
            lines.append(f"  first: {phase['first_error']}")
    checked = " + ".join(str(load_[n]["checked_in_full"]) for n in ("open", "closed"))
    lines += [
        "",
        f"checked: every response's status, shape and echo; {checked} answers in full against",
        "the solver run in this process",
    ]
    closed = load_["closed"]
    if closed["req_per_s"]:
        clients = result["clients"]
        lines += [
            "",
            f"Little's law, closed loop: {clients} clients / {closed['req_per_s']} req/s = "
            f"{clients / closed['req_per_s'] * 1000:.1f} ms mean latency (measured "
            f"{closed['latency_ms'].get('mean', 0)} ms);",
            f"p99 < {P99_TARGET_MS:g} ms with {clients} clients always waiting would take "
            f"> {clients / P99_TARGET_MS * 1000:,.0f} req/s",
        ]
    lines += ["", f"targets, open loop at {result['rate']:g}/s:"]
    signs = {"errors": "==", "p99_ms": "<", "req_per_s": ">="}
    for name, v in result["targets"].items():
        verdict = "PASS" if v["pass"] else "FAIL"
        lines.append(f"  {name:<10} {v['value']:>8} {signs[name]:>2} {v['target']:<6} {verdict}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--requests", type=int, default=REQUESTS, help="requests per phase")
    parser.add_argument("--clients", type=int, default=CLIENTS, help="concurrent clients")
    parser.add_argument("--workers", type=int, default=WORKERS, help="server worker processes")
    parser.add_argument("--rate", type=float, default=RATE, help="open-loop requests per second")
    parser.add_argument("--seed", type=int, default=0, help="seed for tasks and requests")
    parser.add_argument("--warm-up", type=int, default=WARM_UP, help="uncounted requests first")
    parser.add_argument(
        "--check-every", type=int, default=CHECK_EVERY, help="check every n-th answer in full"
    )
    parser.add_argument(
        "--time-limit", type=float, default=TIME_LIMIT_S, help="seconds for the whole load"
    )
    parser.add_argument(
        "--client",
        choices=("raw", "httpx2"),
        default="raw",
        help="raw: one asyncio-streams connection per client (default); httpx2: one AsyncClient",
    )
    parser.add_argument(
        "--no-balance",
        dest="balance",
        action="store_false",
        help="keep connections on whichever worker accepts them (raw client)",
    )
    parser.add_argument(
        "--serve-from",
        default=None,
        help="serve the code of this checkout instead (a worktree of an earlier commit)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    argv = sys.argv[1:] if argv is None else list(argv)
    args = parser.parse_args(argv)
    for name in ("requests", "clients", "workers"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1")
    if args.rate <= 0 or args.time_limit <= 0:
        parser.error("--rate and --time-limit must be positive")
    began = time.perf_counter()
    pool = task_pool(args.seed)
    result: dict[str, Any] = {
        "command": " ".join([".venv/bin/python", "-m", "benchmarks.api_load", *argv]),
        **environment(),
        "stack": versions(),
        "requests": args.requests,
        "clients": args.clients,
        "client": args.client,
        "workers": args.workers,
        "rate": args.rate,
        "seed": args.seed,
        "pool": len(pool),
    }
    # Terminated, too, the benchmark leaves through ``server``'s clean-up and stops the server.
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))
    env = None if args.serve_from is None else {"PYTHONPATH": args.serve_from}
    with server(args.workers, env) as (url, process, info):
        pids = process_tree(process.pid)
        result["server"] = info | {"processes": len(pids)}
        result["load"] = asyncio.run(run_load(url, pids, args, pool))
    result["targets"] = verdicts(result["load"]["open"])
    result["seconds"] = round(time.perf_counter() - began, 1)
    for name in ("open", "closed"):
        phase = result["load"][name]
        require(
            phase["ok"] + phase["errors"] == phase["requests"],
            f"{name}: {phase['ok']} ok + {phase['errors']} errors != {phase['requests']}",
        )
    emit(result, args.json, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
