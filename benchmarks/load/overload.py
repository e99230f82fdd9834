"""Overload: heavy solver work in flight beside a stream of cheap requests.

Run::

    .venv/bin/python -m benchmarks.load.overload [--heavy 20] [--rate 100] [--seconds 20]
        [--workers 2] [--seed 0] [--json]

``monsters serve --workers W`` on loopback (default settings: 5 s per request,
4 solver threads per worker). Two phases of ``--seconds`` each, the first the
baseline of the second:

* baseline: a paced stream of cheap Manno requests (CP-SAT solve, hint,
  validate; ``benchmarks.load.manno``) at ``--rate``, alone;
* overload: the same stream, and ``--heavy`` clients that each keep one heavy
  request in flight: the csp engine on loose tasks, of three sorts planned
  in advance from the seed and sorted in this process by the engine's own
  estimate: ``refused`` (too loose, or a clash too long to search for: the
  answer is a 503 at once), ``runs`` (loose but allowed: up to about half a
  second of search) and ``clash`` (unsolvable, its clash searched for). A
  client sends its next heavy request as soon as an answer comes, after a
  503 once ``--pause`` seconds have passed (a caller that heeds Retry-After
  waits longer).

Every cheap answer is checked (``manno.problem``), one in ten in full. Targets:
cheap p99 under 100 ms and no cheap error while the heavy work runs; every
heavy answer (200, or 503 with ``Retry-After``) within the deadline + 0.5 s;
threads per worker never more than at start plus the gate's fixed threads
(``GATE_THREADS``: whatever the load, no more); and,
once the last heavy answer is in, the workers use no more CPU over
``QUIET_S`` seconds than they did idle before the load, plus 0.2 s.

``--serve-from DIR`` serves the code of another checkout (``PYTHONPATH=DIR``),
to measure the same load on an earlier commit.

Bounded: fixed phases, ``REQUEST_TIMEOUT_S`` per request; the server is always
stopped.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from benchmarks.common import emit, environment
from benchmarks.load.client import CLIENT_ERRORS, Connection, header
from benchmarks.load.manno import plan, problem, task_pool
from benchmarks.load.phase import REQUEST_TIMEOUT_S, load, percentiles, summary
from benchmarks.load.server import Sampler, cpu_seconds, server, threads, workers_of
from solver.manno.counting import histogram_for
from solver.manno.csp import CspEngine
from solver.manno.kinds import GROUPS
from solver.manno.task import parse_task

HEAVY = 20
RATE = 100.0
SECONDS = 20.0
WORKERS = 2
PAUSE_S = 0.25
CHEAP_CLIENTS = 20
DEADLINE_S = 5.0
"""The server's time per request (its default ``MONSTERS_REQUEST_SECONDS``)."""
SOLVER_THREADS = 4
"""The server's solver threads per worker (its default ``MONSTERS_SOLVER_THREADS``)."""
GATE_THREADS = SOLVER_THREADS - 1 + 2
"""Threads a worker's gate adds: the cheap lane's (one share goes to the heavy lane's
process) and the two that feed and watch that process."""
QUIET_S = 2.0
CHEAP_P99_MS = 100.0
HEAVY_SLACK_S = 0.5
HEAVY_PLAN = 100
"""Heavy requests planned per sort (clients cycle through them)."""
SORTS = ("refused", "runs", "clash")

_ALWAYS = [f"{g}>=0" for g in GROUPS] + [f"{g}<=15" for g in GROUPS]


SHAPES = {
    "too loose": (0, 40, 120),
    "loose": (0, 2, 24),
    "clash": (1, 0, 18),
    "too long a clash": (1, 150, 220),
}
"""Heavy tasks: (with a clash?, fewest and most always-true conditions)."""


def heavy_plan(seed: int) -> dict[str, list[bytes]]:
    """Heavy csp requests by sort, sorted by the engine's own estimate (see module doc)."""
    rng = random.Random(seed)
    engine = CspEngine()
    sorts: dict[str, list[bytes]] = {sort: [] for sort in SORTS}
    for _ in range(100 * HEAVY_PLAN * len(SORTS)):
        if min(map(len, sorts.values())) == HEAVY_PLAN:
            return sorts
        clash, fewest, most = SHAPES[rng.choice(sorted(SHAPES))]
        conditions = rng.choices(_ALWAYS, k=rng.randint(fewest, most))
        task = parse_task(", ".join([*(["B>R", "R>Y", "Y>B"] if clash else []), *conditions]))
        work, allowed = engine.work(task)
        solvable = histogram_for(engine.tokens).count(task) > 0
        sort = ("runs" if solvable else "clash") if work <= allowed else "refused"
        if len(sorts[sort]) < HEAVY_PLAN:
            sorts[sort].append(json.dumps({"task": str(task), "engine": "csp"}).encode())
    raise RuntimeError(f"the shapes do not give {HEAVY_PLAN} tasks of every sort")


async def heavy_client(
    host: str, port: int, plans: dict[str, list[bytes]], seed: int, stop: float, pause: float
) -> list[tuple[str, int, float, str | None]]:
    """One heavy request in flight until ``stop`` (one at least).

    Returns:
        ``(sort, status, seconds, Retry-After)`` of every answer.
    """
    rng = random.Random(seed)
    connection = Connection(host, port)
    seen: list[tuple[str, int, float, str | None]] = []
    try:
        while not seen or time.perf_counter() < stop:  # one request at least
            sort = rng.choice(sorted(plans))
            body = rng.choice(plans[sort])
            sent = time.perf_counter()
            try:
                async with asyncio.timeout(REQUEST_TIMEOUT_S):
                    status, _ = await connection.send("POST", "/v1/manno/solve", body)
            except CLIENT_ERRORS as err:
                seen.append((sort, 0, time.perf_counter() - sent, type(err).__name__))
                continue
            took = time.perf_counter() - sent
            seen.append((sort, status, took, header(connection.head, "retry-after")))
            if status != 200:
                await asyncio.sleep(pause)
    finally:
        connection.close()
    return seen


def heavy_summary(seen: Sequence[tuple[str, int, float, str | None]]) -> dict[str, Any]:
    """Per sort: answers by status, latency percentiles, whether every 503 said Retry-After."""
    out: dict[str, Any] = {}
    for sort in sorted({s for s, *_ in seen}):
        mine = [(status, took, retry) for s, status, took, retry in seen if s == sort]
        out[sort] = {
            "statuses": dict(sorted(Counter(str(status) for status, _, _ in mine).items())),
            "latency_ms": percentiles([took for _, took, _ in mine]),
            "503_without_retry_after": sum(
                1 for status, _, retry in mine if status == 503 and not retry
            ),
        }
    return out


async def quiet_cpu(pids: Sequence[int], seconds: float) -> float:
    """CPU seconds the workers use over ``seconds`` with no request in flight."""
    before = cpu_seconds(pids)
    await asyncio.sleep(seconds)
    after = cpu_seconds(pids)
    return round(sum(after[p] - before[p] for p in pids if p in after and p in before), 2)


async def run(url: str, pids: list[int], args: argparse.Namespace) -> dict[str, Any]:
    """Warm-up, quiet CPU, the baseline phase, the overload phase, CPU after it."""
    host, _, port_text = url.removeprefix("http://").partition(":")
    port = int(port_text)
    pool = task_pool(args.seed)
    plans = heavy_plan(args.seed)
    cheap = [Connection(host, port) for _ in range(CHEAP_CLIENTS)]
    result: dict[str, Any] = {"threads_at_start": {str(p): threads(p) for p in pids}}
    sampler = Sampler(pids)
    sampling = asyncio.Event()
    sampled = asyncio.create_task(sampler.run(sampling))
    try:
        count = int(args.rate * args.seconds)
        warm = plan(pool, args.seed + 2, 200, 0)
        await load(cheap, warm, None, time.perf_counter() + 60, problem)
        # every worker's heavy lane started (its process spawned) before anything is timed
        starting = [
            heavy_client(host, port, {"runs": plans["runs"][:1]}, i, time.perf_counter(), 0)
            for i in range(4 * len(pids))
        ]
        await asyncio.gather(*starting)
        result["cpu_idle_s"] = await quiet_cpu(pids, QUIET_S)
        phases = (("baseline", args.seed, 0), ("overload", args.seed + 1, args.heavy))
        for name, seed, heavy in phases:
            for connection in cheap:
                connection.close()  # idle since the last phase: the server may have closed it
            requests = plan(pool, seed, count, 10)
            began = time.perf_counter()
            stop = began + args.seconds
            clients = [
                heavy_client(host, port, plans, seed * 1000 + i, stop, args.pause)
                for i in range(heavy)
            ]
            stream = asyncio.create_task(load(cheap, requests, args.rate, stop + 30, problem))
            seen = await asyncio.gather(*clients)
            phase = await stream
            result[name] = {"cheap": summary(phase, count, args.rate)}
            if heavy:
                every = [answer for client in seen for answer in client]
                result[name]["heavy"] = heavy_summary(every)
                result[name]["heavy_answers"] = len(every)
                result[name]["heavy_max_s"] = round(max(t for _, _, t, _ in every), 2)
                result[name]["heavy_errors"] = sum(1 for _, s, _, _ in every if s not in (200, 503))
            result[name]["wall_s"] = round(time.perf_counter() - began, 2)
        result["cpu_after_s"] = await quiet_cpu(pids, QUIET_S)
    finally:
        sampling.set()
        await sampled
        for connection in cheap:
            connection.close()
    result["threads_most"] = sampler.most_threads()
    return result


def verdicts(load_: dict[str, Any]) -> dict[str, Any]:
    """The targets, judged on the overload phase."""
    over = load_["overload"]
    p99 = over["cheap"]["latency_ms"].get("p99", float("inf"))
    start, most = load_["threads_at_start"], load_["threads_most"]
    extra = max(most.get(pid, 0) - (n or 0) for pid, n in start.items())
    quiet = load_["cpu_after_s"] - load_["cpu_idle_s"]
    missing = sum(s["503_without_retry_after"] for s in over["heavy"].values())
    checks = {
        "cheap_p99_ms": (p99, f"< {CHEAP_P99_MS:g}", p99 < CHEAP_P99_MS),
        "cheap_errors": (over["cheap"]["errors"], "== 0", over["cheap"]["errors"] == 0),
        "heavy_max_s": (
            over["heavy_max_s"],
            f"<= {DEADLINE_S + HEAVY_SLACK_S:g}",
            over["heavy_max_s"] <= DEADLINE_S + HEAVY_SLACK_S,
        ),
        "heavy_errors": (over["heavy_errors"], "== 0", over["heavy_errors"] == 0),
        "503_without_retry_after": (missing, "== 0", missing == 0),
        "threads_over_start": (extra, f"<= {GATE_THREADS}", extra <= GATE_THREADS),
        "cpu_after_over_idle_s": (round(quiet, 2), "<= 0.2", quiet <= 0.2),
    }
    return {k: {"value": v, "target": t, "pass": ok} for k, (v, t, ok) in checks.items()}


def report(result: dict[str, Any]) -> str:
    """The results as plain text."""
    load_ = result["load"]
    lines = [f"$ {result['command']}", f"server: {result['server']['command']}", ""]
    lines.append(f"{'cheap stream':<22} {'ok':>6} {'errors':>6} {'p50 ms':>7} {'p99 ms':>7}")
    for name in ("baseline", "overload"):
        cheap = load_[name]["cheap"]
        lat = cheap["latency_ms"]
        lines.append(
            f"{name:<22} {cheap['ok']:>6} {cheap['errors']:>6} {lat.get('p50', 0):>7.2f}"
            f" {lat.get('p99', 0):>7.2f}"
        )
    lines += ["", f"heavy ({result['heavy']} clients), by sort: answers by status, ms"]
    for sort, seen in load_["overload"]["heavy"].items():
        lat = seen["latency_ms"]
        lines.append(
            f"  {sort:<8} {seen['statuses']}  p50 {lat.get('p50', 0):.1f}  "
            f"p99 {lat.get('p99', 0):.1f}  max {lat.get('max', 0):.1f}"
        )
    lines += [
        "",
        f"threads per worker at start {load_['threads_at_start']}, most {load_['threads_most']}",
        f"worker CPU over {QUIET_S:g} s: idle before {load_['cpu_idle_s']} s, "
        f"after the last heavy answer {load_['cpu_after_s']} s",
        "",
        "targets:",
    ]
    for name, v in result["targets"].items():
        verdict = "PASS" if v["pass"] else "FAIL"
        lines.append(f"  {name:<24} {v['value']!s:>8} {v['target']:<8} {verdict}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--heavy", type=int, default=HEAVY, help="heavy clients")
    parser.add_argument("--rate", type=float, default=RATE, help="cheap requests per second")
    parser.add_argument("--seconds", type=float, default=SECONDS, help="length of each phase")
    parser.add_argument("--workers", type=int, default=WORKERS, help="server worker processes")
    parser.add_argument("--pause", type=float, default=PAUSE_S, help="heavy client's wait on 503")
    parser.add_argument("--seed", type=int, default=0, help="seed for every request")
    parser.add_argument(
        "--serve-from",
        default=None,
        help="serve the code of this checkout instead (a worktree of an earlier commit)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    argv = sys.argv[1:] if argv is None else list(argv)
    args = parser.parse_args(argv)
    if args.heavy < 1 or args.workers < 1 or args.rate <= 0 or not 0 < args.seconds <= 600:
        parser.error("--heavy, --workers, --rate must be positive; --seconds in (0, 600]")
    began = time.perf_counter()
    result: dict[str, Any] = {
        "command": " ".join([".venv/bin/python", "-m", "benchmarks.load.overload", *argv]),
        **environment(),
        "heavy": args.heavy,
        "rate": args.rate,
        "phase_seconds": args.seconds,
        "workers": args.workers,
        "seed": args.seed,
    }
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))
    env = None if args.serve_from is None else {"PYTHONPATH": args.serve_from}
    with server(args.workers, env) as (url, process, info):
        result["server"] = info
        result["load"] = asyncio.run(run(url, workers_of(process), args))
    result["targets"] = verdicts(result["load"])
    result["seconds"] = round(time.perf_counter() - began, 1)
    emit(result, args.json, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
