"""Slow clients against a real server: how long each is held, and whether others are served.

``monsters serve --workers 2`` runs on a free loopback port (``benchmarks.load.server``)
while three kinds of client, ``--clients`` of each, hold connections the way a
hostile or broken client on the open internet does:

* idle: connects and sends nothing;
* slow head: sends a request line, then one header byte a second, never ending;
* slow body: sends a whole head declaring a 1,000-byte body, then one byte a second.

Each is timed from its connection until the server closes it (or until ``--cap``
seconds, when the benchmark gives up and counts it as still held); the status of
any answer it got is kept. Meanwhile another client, from another loopback
address (``OTHER``, 127.0.0.2), opens a fresh connection every ``--every`` seconds
to ask ``GET /health`` and a Manno solve, and their answers and latencies are kept:
a server that keeps its bounds goes on answering them. The slow clients all come
from 127.0.0.1, more of them than the per-client bound lets one address hold,
so this run turns that bound off (``MONSTERS_CONNECTIONS_PER_CLIENT=0``, unless
``--env`` sets it): it measures the time bounds.

``--flood N`` replays one client holding every slot instead: N slow-head
connections from 127.0.0.1, each opened again the moment the server closes it,
for ``--cap`` seconds, beside the other client. With the per-client bound
(``MONSTERS_CONNECTIONS_PER_CLIENT``, 32 by default) the flood keeps that many of
each worker's connections and the other client is answered; with it off
(``--env MONSTERS_CONNECTIONS_PER_CLIENT=0``) the flood takes every slot.

Everything stays on loopback, the counts are bounded, and the run stops by
itself after about ``--cap`` seconds.

    .venv/bin/python -m benchmarks.slow_clients [--clients 20] [--cap 30] [--json]
    .venv/bin/python -m benchmarks.slow_clients --flood 400 [--cap 30]

``--env NAME=VALUE`` passes a setting to the server (``MONSTERS_HEAD_SECONDS=2``).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from benchmarks.common import emit, environment
from benchmarks.load.server import server

KINDS = ("idle", "slow head", "slow body")
MAX_CLIENTS = 200
"""Most clients of each kind one run may open."""
MAX_CAP_S = 120.0
MAX_FLOOD = 1000
"""Most connections one ``--flood`` run keeps open at once."""
PER_CLIENT = "MONSTERS_CONNECTIONS_PER_CLIENT"
OTHER = "127.0.0.2"
"""The other client's address: the per-client bound counts the slow ones' (127.0.0.1) apart."""
SOLVE = b'{"task": "PB>=4, PY=0, B>R"}'


@dataclass(frozen=True)
class Held:
    """One slow client: how long the server kept it, and what it answered, if anything."""

    kind: str
    seconds: float
    closed: bool
    status: int | None


OPENING = {
    "idle": b"",
    "slow head": b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ",
    "slow body": b"POST /v1/manno/solve HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    b"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n",
}
"""What each kind sends at once; the slow ones then send one more byte a second."""


def _status(data: bytes) -> int | None:
    """The status of the first answer in ``data`` (None if there is none)."""
    parts = data.split(b"\r\n", 1)[0].split()
    return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None


async def _everything(reader: asyncio.StreamReader) -> bytes:
    """All the server sends until it closes the connection (a reset ends it too)."""
    data = b""
    with suppress(ConnectionError):
        while chunk := await reader.read(65536):
            data += chunk
    return data


async def slow_client(kind: str, port: int, cap: float) -> Held:
    """Open one slow client of ``kind`` and time it until the server lets it go."""
    start = time.perf_counter()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(OPENING[kind])
    ended = asyncio.ensure_future(_everything(reader))
    try:
        while not ended.done() and (left := cap - (time.perf_counter() - start)) > 0:
            if kind != "idle":
                writer.write(b"x")  # one byte a second, never the end
                with suppress(ConnectionError):
                    await writer.drain()
            await asyncio.wait([ended], timeout=min(1.0, left))
        seconds = round(time.perf_counter() - start, 2)
        status = _status(ended.result()) if ended.done() else None
        return Held(kind, seconds, ended.done(), status)
    finally:
        ended.cancel()
        writer.close()


async def _ask(port: int, request: bytes) -> tuple[int | None, float]:
    """One request on a fresh connection: its status (None if it failed) and its latency."""
    start = time.perf_counter()
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(OTHER, 0))
        writer.write(request)
        status = _status(await asyncio.wait_for(_everything(reader), 10))
        writer.close()
    except (OSError, TimeoutError):
        status = None
    return status, time.perf_counter() - start


async def normal_clients(
    port: int, every: float, until: asyncio.Event
) -> list[tuple[str, int | None, float]]:
    """Health checks and solves, one fresh connection each, every ``every`` seconds."""
    health = b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    head = "POST /v1/manno/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    solve = f"{head}Content-Type: application/json\r\nContent-Length: {len(SOLVE)}\r\n\r\n"
    requests = {"health": health, "solve": solve.encode() + SOLVE}
    answers: list[tuple[str, int | None, float]] = []
    while not until.is_set():
        for name, request in requests.items():
            status, seconds = await _ask(port, request)
            answers.append((name, status, seconds))
        with suppress(TimeoutError):
            await asyncio.wait_for(until.wait(), every)
    return answers


async def run(port: int, clients: int, cap: float, every: float) -> dict[str, Any]:
    """Every slow client at once, normal requests meanwhile; the figures."""
    done = asyncio.Event()
    normal = asyncio.ensure_future(normal_clients(port, every, done))
    await asyncio.sleep(every)  # a first normal answer before the slow clients come
    slow = [slow_client(kind, port, cap) for kind in KINDS for _ in range(clients)]
    held = await asyncio.gather(*slow)
    done.set()
    answers = await normal
    return {"slow": summarise_slow(held), "normal": summarise_normal(answers)}


async def flooding(port: int, until: asyncio.Event) -> list[float]:
    """One slow-head connection, opened again each time the server closes it, until ``until``.

    Returns how long the server held each connection it closed, in seconds.
    """
    held: list[float] = []
    stop = asyncio.ensure_future(until.wait())
    while not until.is_set():
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            await asyncio.sleep(0.1)  # the backlog is full: knock again shortly
            continue
        start = time.perf_counter()
        writer.write(OPENING["slow head"])
        ended = asyncio.ensure_future(_everything(reader))
        try:
            while not ended.done() and not until.is_set():
                writer.write(b"x")
                with suppress(ConnectionError):
                    await writer.drain()
                await asyncio.wait([ended, stop], timeout=1.0)
            if ended.done():
                held.append(time.perf_counter() - start)
        finally:
            ended.cancel()
            writer.close()
    stop.cancel()
    return held


async def flood(port: int, connections: int, cap: float, every: float) -> dict[str, Any]:
    """``connections`` flooding slow heads for ``cap`` seconds, the other client meanwhile."""
    done = asyncio.Event()
    normal = asyncio.ensure_future(normal_clients(port, every, done))
    await asyncio.sleep(every)
    floods = [asyncio.ensure_future(flooding(port, done)) for _ in range(connections)]
    await asyncio.sleep(cap)
    done.set()
    held = sorted(s for seconds in await asyncio.gather(*floods) for s in seconds)
    answers = await normal
    summary = {
        "connections": connections,
        "closed": len(held),
        "held_s_median": round(statistics.median(held), 2) if held else None,
        "held_s_max": round(held[-1], 2) if held else None,
    }
    return {"flood": summary, "normal": summarise_normal(answers)}


def summarise_slow(held: Sequence[Held]) -> dict[str, Any]:
    """Per kind: clients, held seconds (median, most), how many were still held, answers."""
    result = {}
    for kind in KINDS:
        mine = [h for h in held if h.kind == kind]
        seconds = [h.seconds for h in mine]
        result[kind] = {
            "clients": len(mine),
            "held_s_median": round(statistics.median(seconds), 2),
            "held_s_max": max(seconds),
            "still_held_at_cap": sum(not h.closed for h in mine),
            "answers": {str(k): v for k, v in Counter(h.status for h in mine).items()},
        }
    return result


def summarise_normal(answers: Sequence[tuple[str, int | None, float]]) -> dict[str, Any]:
    """Per request: how many were sent and answered 200, and their latency (p50, p95, most)."""
    result = {}
    for name in ("health", "solve"):
        mine = [(status, seconds) for n, status, seconds in answers if n == name]
        ms = sorted(seconds * 1000 for _, seconds in mine)
        result[name] = {
            "sent": len(mine),
            "ok": sum(status == 200 for status, _ in mine),
            "other": {str(k): v for k, v in Counter(s for s, _ in mine if s != 200).items()},
            "ms_p50": round(ms[len(ms) // 2], 1) if ms else None,
            "ms_p95": round(ms[min(len(ms) - 1, int(len(ms) * 0.95))], 1) if ms else None,
            "ms_max": round(ms[-1], 1) if ms else None,
        }
    return result


def report(result: dict[str, Any]) -> str:
    lines = [f"server: {result['server']['command']}", ""]
    if "flood" in result:
        row = result["flood"]
        lines.append(
            f"flood: {row['connections']} slow heads from 127.0.0.1, opened again as cut;"
            f" the server closed {row['closed']}, held median {row['held_s_median']} s,"
            f" most {row['held_s_max']} s"
        )
    else:
        lines += _slow_lines(result["slow"])
    lines += ["", f"meanwhile, from {OTHER}, one fresh connection each:"]
    for name, row in result["normal"].items():
        other = f", other {row['other']}" if row["other"] else ""
        lines.append(
            f"  {name:<7} {row['ok']}/{row['sent']} answered 200{other}; "
            f"p50 {row['ms_p50']} ms, p95 {row['ms_p95']} ms, most {row['ms_max']} ms"
        )
    return "\n".join(lines)


def _slow_lines(slow: dict[str, Any]) -> list[str]:
    lines = [
        f"{'slow client':<10} {'n':>4} {'held median':>12} {'most':>7} {'still held':>11}  answers"
    ]
    for kind, row in slow.items():
        answers = ", ".join(f"{k}: {v}" for k, v in row["answers"].items())
        lines.append(
            f"{kind:<10} {row['clients']:>4} {row['held_s_median']:>10} s {row['held_s_max']:>5} s "
            f"{row['still_held_at_cap']:>11}  {answers}"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--clients", type=int, default=20, help="clients of each slow kind")
    parser.add_argument("--cap", type=float, default=30.0, help="most seconds to wait on one")
    parser.add_argument("--every", type=float, default=0.5, help="seconds between normal requests")
    parser.add_argument("--workers", type=int, default=2, help="server worker processes")
    parser.add_argument(
        "--flood", type=int, default=0, help="slow heads from one client, reopened as cut"
    )
    parser.add_argument(
        "--env",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a setting for the server (repeatable)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if not 1 <= args.clients <= MAX_CLIENTS or not 0 < args.cap <= MAX_CAP_S:
        parser.error(f"--clients 1..{MAX_CLIENTS} and --cap up to {MAX_CAP_S:g} s")
    if not 0 <= args.flood <= MAX_FLOOD:
        parser.error(f"--flood 0..{MAX_FLOOD}")
    env = dict(item.partition("=")[::2] for item in args.env)
    if not args.flood:
        env = {PER_CLIENT: "0", **env}
    began = time.perf_counter()
    with server(args.workers, env) as (url, _process, info):
        port = int(url.rpartition(":")[2])
        result: dict[str, Any] = {"server": info, **environment()}
        if args.flood:
            result |= asyncio.run(flood(port, args.flood, args.cap, args.every))
        else:
            result |= asyncio.run(run(port, args.clients, args.cap, args.every))
    result["seconds"] = round(time.perf_counter() - began, 1)
    emit(result, args.json, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
