"""The service's CPU per request for ``benchmarks.api_load``'s mix, in-process, no sockets.

Run::

    .venv/bin/python -m benchmarks.load.in_process [--requests 3000] [--clients 16]
        [--repeats 3] [--seed 0] [--json]

The Manno requests ``benchmarks.api_load`` sends (``benchmarks.load.manno``:
40% solve, 30% hint, 30% validate) go straight into the ASGI app as the
service builds it, ``--clients`` at a time on one event loop, so solver calls
overlap on the gate's threads as they do in a worker. Reported: the CPU
seconds of the whole process (every thread: the event loop, the solver
threads) per request, the best of ``--repeats`` runs, with every answer's
status checked. No HTTP parsing or socket is in it, so it is the part of a
worker's CPU per request the app decides; on a machine shared with other
work it moves far less than wall-clock throughput does. To compare two
versions of the code, run it from each (``PYTHONPATH=<checkout>``).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections.abc import Sequence
from typing import Any

from benchmarks.common import emit, environment
from benchmarks.load.manno import Planned, plan, task_pool
from benchmarks.load.observe_cost import asgi_scope

REQUESTS = 3_000
CLIENTS = 16
REPEATS = 3
PATHS = {"solve": "/v1/manno/solve", "hint": "/v1/manno/hint", "validate": "/v1/manno/validate"}


async def _one(app: Any, request: Planned) -> int:
    status = 0
    sent = False

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if sent:
            await asyncio.sleep(3600)
        sent = True
        return {"type": "http.request", "body": request.body, "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]

    await app(asgi_scope("POST", PATHS[request.kind], request.body), receive, send)
    return status


async def _run(app: Any, requests: Sequence[Planned], clients: int) -> tuple[float, float]:
    """CPU seconds and wall seconds for ``requests``, ``clients`` at a time."""
    todo = iter(requests)
    statuses: list[int] = []

    async def client() -> None:
        for request in todo:
            statuses.append(await _one(app, request))

    cpu, wall = time.process_time(), time.perf_counter()
    await asyncio.gather(*(client() for _ in range(clients)))
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    if set(statuses) != {200}:
        raise SystemExit(f"answers other than 200: {sorted(set(statuses))}")
    return cpu, wall


async def measure(args: argparse.Namespace) -> dict[str, Any]:
    from api.http.app import create_app
    from api.http.settings import Settings

    app = create_app(Settings())
    pool = task_pool(args.seed)
    await _run(app, plan(pool, args.seed + 2, 500, 0), args.clients)  # warm
    runs = []
    for n in range(args.repeats):
        cpu, wall = await _run(app, plan(pool, args.seed + n, args.requests, 0), args.clients)
        runs.append(
            {"cpu_us_per_request": round(cpu / args.requests * 1e6), "wall_s": round(wall, 2)}
        )
    app.state.gate.shutdown()
    return {"runs": runs, "best_cpu_us_per_request": min(r["cpu_us_per_request"] for r in runs)}


def report(result: dict[str, Any]) -> str:
    lines = [f"$ {result['command']}", f"code: {result['code']}", ""]
    for n, run in enumerate(result["measured"]["runs"], 1):
        lines.append(f"run {n}: {run['cpu_us_per_request']} µs CPU/request ({run['wall_s']} s)")
    lines.append(f"best: {result['measured']['best_cpu_us_per_request']} µs CPU/request")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--requests", type=int, default=REQUESTS, help="requests per run")
    parser.add_argument("--clients", type=int, default=CLIENTS, help="requests at a time")
    parser.add_argument("--repeats", type=int, default=REPEATS, help="runs; the best counts")
    parser.add_argument("--seed", type=int, default=0, help="seed for tasks and requests")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    argv = sys.argv[1:] if argv is None else list(argv)
    args = parser.parse_args(argv)
    began = time.perf_counter()
    import api

    result = {
        "command": " ".join([".venv/bin/python", "-m", "benchmarks.load.in_process", *argv]),
        **environment(),
        "code": str(api.__path__[0]),
        "measured": asyncio.run(measure(args)),
    }
    result["seconds"] = round(time.perf_counter() - began, 1)
    emit(result, args.json, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
