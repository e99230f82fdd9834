"""What the request id, the metrics and the access log cost each request, in-process.

Run::

    .venv/bin/python -m benchmarks.load.observe_cost [--requests 5000] [--repeats 5]
        [--multiprocess] [--json]

Requests go straight into the ASGI app (no socket, no HTTP parsing): ``GET
/health`` and ``POST /v1/park/legal`` on a seeded view. Each is timed through
the app as the service builds it, through the same app without the
``Observe`` middleware (no id, no metrics, no log), and with the access log
on (written to ``/dev/null``: the write is paid, no terminal is). Reported per
request: the CPU time of the thread running the app, the best of
``--repeats`` runs of ``--requests`` each, and the difference to the app
without ``Observe``. ``--multiprocess`` writes the
metrics as several workers do (``PROMETHEUS_MULTIPROC_DIR``, a temporary
folder), which costs more than in memory. Last, ``Observe`` alone, around an
app that only answers: a whole app's CPU time moves by ±15 µs from run to run
with nothing changed, more than ``Observe`` costs.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import logging
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from typing import Any

from benchmarks.common import emit, environment

REQUESTS = 1_000
REPEATS = 15


def asgi_scope(method: str, path: str, body: bytes) -> dict[str, Any]:
    """The ASGI scope of one HTTP request to ``path`` (JSON when it has a body)."""
    headers = [(b"host", b"bench"), (b"content-length", str(len(body)).encode())]
    if body:
        headers.append((b"content-type", b"application/json"))
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": headers,
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
        "extensions": {},
    }


async def _timed(app: Any, method: str, path: str, body: bytes, count: int) -> float:
    """CPU seconds per request of this thread (where the app runs: neither route calls a
    solver thread), ``count`` requests one after another: other programs on the same
    cores stretch the wall time far more than this."""
    statuses: list[int] = []

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            statuses.append(message["status"])

    began = time.thread_time()
    for _ in range(count):
        sent = False

        async def receive() -> dict[str, Any]:
            nonlocal sent
            if sent:
                await asyncio.sleep(3600)
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        await app(asgi_scope(method, path, body), receive, send)
    seconds = (time.thread_time() - began) / count
    if set(statuses) != {200}:
        raise SystemExit(f"{path} answered {sorted(set(statuses))}")
    return seconds


def _apps(log_to: str) -> dict[str, Any]:
    from api.http.app import create_app
    from api.http.observe import Observe
    from api.http.settings import Settings

    plain = create_app(Settings())
    plain.user_middleware = [m for m in plain.user_middleware if m.cls is not Observe]  # type: ignore[comparison-overlap]
    apps = {
        "without Observe": plain,
        "as served, no log": create_app(Settings()),
        "as served, with log": create_app(Settings(access_log=True)),
    }
    _quiet_log(log_to)
    return apps


def _park_legal() -> bytes:
    from solver.game import get_game

    game = get_game("park")
    state = game.new(2, 7, None)
    return json.dumps({"state": game.view(state, state.to_move).to_json()}).encode()


async def _answer_ok(scope: Any, receive: Any, send: Any) -> None:
    """The least an ASGI app can do: a two-byte 200."""
    await send(
        {"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]}
    )
    await send({"type": "http.response.body", "body": b"ok"})


async def alone(requests: int, repeats: int) -> dict[str, Any]:
    """``Observe`` around an app that only answers: its own cost, without the noise of a
    whole app's (a few µs here move with the cache, not with the code)."""
    from api.http import metrics
    from api.http.observe import Observe

    bare = _answer_ok
    apps = {
        "bare app": bare,
        "Observe, no log": Observe(bare, metrics.record_request, log=False),
        "Observe, with log": Observe(bare, metrics.record_request, log=True),
    }
    _quiet_log(os.devnull)
    best: dict[str, float] = {}
    for _ in range(repeats):
        for name, app in apps.items():
            seconds = await _timed(app, "GET", "/health", b"", requests)
            best[name] = min(best.get(name, float("inf")), seconds)
    return {
        name: {"us": round(s * 1e6, 1), "added_us": round((s - best["bare app"]) * 1e6, 1)}
        for name, s in best.items()
    }


def _quiet_log(path: str) -> None:
    from api.http.observe import access_logger

    for handler in access_logger().handlers:
        if isinstance(handler, logging.StreamHandler):
            handler.setStream(open(path, "w"))  # noqa: SIM115 (kept open for the run)


async def measure(requests: int, repeats: int) -> dict[str, Any]:
    apps = _apps(os.devnull)
    routes = {
        "GET /health": ("GET", "/health", b""),
        "POST /v1/park/legal": ("POST", "/v1/park/legal", _park_legal()),
    }
    result: dict[str, Any] = {}
    for route, (method, path, body) in routes.items():
        best: dict[str, float] = {}
        for app in apps.values():  # warm every app once
            await _timed(app, method, path, body, 200)
        gc.collect()
        gc.freeze()  # as the service's start-up does: what is made by now is never walked again
        for _ in range(repeats):  # interleaved, so a busy moment hits each alike
            for name, app in apps.items():
                seconds = await _timed(app, method, path, body, requests)
                best[name] = min(best.get(name, float("inf")), seconds)
        bare = best["without Observe"]
        result[route] = {
            name: {"us": round(s * 1e6, 1), "added_us": round((s - bare) * 1e6, 1)}
            for name, s in best.items()
        }
    return result


def report(result: dict[str, Any]) -> str:
    lines = [f"$ {result['command']}", f"metrics: {result['metrics']}", ""]
    lines.append(f"{'route':<22} {'app':<22} {'CPU µs/req':>11} {'added µs':>9}")
    for route, apps in result["routes"].items():
        for name, r in apps.items():
            lines.append(f"{route:<22} {name:<22} {r['us']:>11} {r['added_us']:>9}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--requests", type=int, default=REQUESTS, help="requests per run")
    parser.add_argument("--repeats", type=int, default=REPEATS, help="runs; the best counts")
    parser.add_argument(
        "--multiprocess", action="store_true", help="metrics in files, as with several workers"
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    argv = sys.argv[1:] if argv is None else list(argv)
    args = parser.parse_args(argv)
    began = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="monsters-metrics-") as folder:
        if args.multiprocess:
            os.environ["PROMETHEUS_MULTIPROC_DIR"] = folder  # before the metrics are imported
        routes = asyncio.run(measure(args.requests, args.repeats))
        routes["Observe alone"] = asyncio.run(alone(args.requests * 3, args.repeats))
    result = {
        "command": " ".join([".venv/bin/python", "-m", "benchmarks.load.observe_cost", *argv]),
        **environment(),
        "metrics": "files (several workers)" if args.multiprocess else "in memory (one worker)",
        "routes": routes,
        "seconds": round(time.perf_counter() - began, 1),
    }
    emit(result, args.json, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
