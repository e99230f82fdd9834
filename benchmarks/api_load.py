"""Load on the HTTP API: a real server on loopback, many clients, mixed requests.

Run::

    .venv/bin/python -m benchmarks.api_load [--requests 10000] [--clients 50] [--workers 2]
        [--rate 600] [--seed 0] [--time-limit 120] [--no-balance] [--client raw] [--json]

``monsters serve --host 127.0.0.1 --port <free port> --workers W`` runs as a
subprocess (its log goes to a temporary file); once every worker has logged its
start-up and ``GET /health`` answers, 50 client tasks in an asyncio loop in this
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

The client is written on asyncio streams (``Connection``) because the load
generator shares the 2 CPUs with the server and must cost little: about 0.2-0.3
ms of CPU a request, against 2-9 ms for ``httpx.AsyncClient`` here (httpcore
scans its whole pool on every request and, without ``sniffio``, retries that
import on every lock), which made the client the bottleneck. ``--client httpx``
runs the same load through one shared ``httpx.AsyncClient`` for comparison.

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
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import re
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, version
from importlib.util import find_spec
from pathlib import Path
from typing import IO, Any, Protocol

import httpx
import numpy as np

from benchmarks.common import emit, environment, monsters, require
from solver.manno.engines import get_engine
from solver.manno.hint import hint as hint_ladder
from solver.manno.sample import random_tasks
from solver.manno.task import parse_task
from solver.manno.tokens import Arrangement, standard_tokens
from solver.manno.validate import validate as validate_report
from tasks.catalogue import load_catalogue

REQUESTS = 10_000
CLIENTS = 50
WORKERS = 2
RATE = 600.0
"""Open-loop requests per second, all clients together."""
RANDOM_TASKS = 500
WARM_UP = 1_000
CHECK_EVERY = 10
TIME_LIMIT_S = 120.0
"""The whole load (warm-up and both phases) must end within this."""
REQUEST_TIMEOUT_S = 10.0
START_TIMEOUT_S = 60.0
STOP_TIMEOUT_S = 10.0
MIX = {"solve": 0.4, "hint": 0.3, "validate": 0.3}
P99_TARGET_MS = 20.0
RATE_TARGET = 500.0

SOLVE_KEYS = frozenset({"task", "solvable", "count", "flips", "arrangement", "flip", "conflict"})
VALIDATE_KEYS = frozenset({"task", "arrangement", "ok", "conditions"})
CONDITION_KEYS = frozenset({"condition", "ok", "counts", "required", "shortfall"})
HINT_KEYS = frozenset({"solved", "flips_left", "level", "text"})
HINT_OPTIONAL = frozenset({"condition", "tokens", "flip", "before", "after", "conflict"})
ROOT = Path(__file__).resolve().parent.parent
"""The repository root: the server runs there."""


# The requests ------------------------------------------------------------------


@dataclass(frozen=True)
class Planned:
    """One request, encoded in advance, with what its answer must show."""

    kind: str
    body: bytes
    task: str
    """The task's canonical text, which solve and validate echo."""
    level: int = 0
    """The hint level asked for (hint only)."""
    expected: dict[str, Any] | None = None
    """The whole answer, computed in this process (every ``check_every``-th request)."""

    @property
    def path(self) -> str:
        return f"/v1/manno/{self.kind}"


def task_pool(seed: int) -> list[str]:
    """The catalogue's tasks and ``RANDOM_TASKS`` seeded random ones, as canonical text."""
    pool = [str(entry.task) for entry in load_catalogue().entries]
    pool += [str(task) for task in random_tasks(random.Random(seed), RANDOM_TASKS)]
    return pool


def plan(pool: Sequence[str], seed: int, count: int, check_every: int) -> list[Planned]:
    """``count`` mixed requests over ``pool``, all from ``seed``."""
    rng = random.Random(seed)
    kinds, weights = list(MIX), list(MIX.values())
    size = len(standard_tokens())
    planned = []
    for i in range(count):
        kind = rng.choices(kinds, weights)[0]
        text = rng.choice(pool)
        arrangement = str(Arrangement.from_index(rng.getrandbits(size), size))
        level = rng.randint(1, 3)
        with_start = rng.random() < 0.75
        check = check_every > 0 and i % check_every == 0
        if kind == "solve":
            body: dict[str, Any] = {"task": text}
            if with_start:
                body["from"] = arrangement
            planned.append(_planned(kind, body, text, 0, check))
        elif kind == "hint":
            body = {"task": text, "arrangement": arrangement, "level": level}
            planned.append(_planned(kind, body, text, level, check))
        else:
            body = {"task": text, "arrangement": arrangement}
            planned.append(_planned(kind, body, text, 0, check))
    return planned


def _planned(kind: str, body: dict[str, Any], text: str, level: int, check: bool) -> Planned:
    task = str(parse_task(text))
    expected = expect(kind, body) if check else None
    return Planned(kind, json.dumps(body).encode(), task, level, expected)


def expect(kind: str, body: dict[str, Any]) -> dict[str, Any]:
    """The answer to a request, from the solver in this process (not through ``api``)."""
    tokens = standard_tokens()
    engine = get_engine("cpsat", tokens)
    task = parse_task(body["task"])
    if kind == "solve":
        start = body.get("from")
        begin = None if start is None else Arrangement.parse(start, len(tokens))
        return engine.solve(task, begin).to_json()
    here = Arrangement.parse(body["arrangement"], len(tokens))
    if kind == "hint":
        return hint_ladder(task, here, body["level"], engine).to_json()
    return validate_report(task, here, tokens).to_json()


def problem(request: Planned, status: int, content: bytes) -> str | None:
    """What is wrong with the response, or ``None``: status, shape, echo, full answer."""
    if status != 200:
        return f"status {status}"
    try:
        data = json.loads(content)
    except ValueError:
        return "not JSON"
    if not isinstance(data, dict):
        return "not a JSON object"
    keys = set(data)
    if request.kind == "solve":
        if keys != SOLVE_KEYS or data["task"] != request.task:
            return "solve: wrong shape or task"
    elif request.kind == "validate":
        conditions = data.get("conditions")
        if keys != VALIDATE_KEYS or data["task"] != request.task or not conditions:
            return "validate: wrong shape or task"
        if any(set(c) != CONDITION_KEYS for c in conditions):
            return "validate: wrong condition shape"
    elif not HINT_KEYS <= keys <= HINT_KEYS | HINT_OPTIONAL or data["level"] != request.level:
        return "hint: wrong shape or level"
    if request.expected is not None and data != request.expected:
        return f"{request.kind}: answer differs from the solver's"
    return None


# The server --------------------------------------------------------------------


def free_port() -> int:
    """A TCP port nobody listens on at the moment, on loopback."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def server(workers: int) -> Iterator[tuple[str, subprocess.Popen[bytes], dict[str, Any]]]:
    """``monsters serve`` on a free port: its base URL, its process and how it started.

    Waits until every worker has started and ``GET /health`` answers; on the way
    out, whatever happened, stops it (``stop``).
    """
    port = free_port()
    command = monsters("serve", "--host", "127.0.0.1", "--port", str(port))
    command += ["--workers", str(workers)]
    url = f"http://127.0.0.1:{port}"
    began = time.perf_counter()
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
        try:
            _wait_ready(url, process, log, workers)
            info = {
                "command": " ".join(["monsters", *command[1:]]),
                "ready_s": round(time.perf_counter() - began, 2),
            }
            yield url, process, info
        finally:
            stop(process)


def stop(process: subprocess.Popen[bytes]) -> None:
    """Terminate the server; if it lingers, kill it and the workers it started."""
    process.terminate()
    try:
        process.wait(STOP_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        workers = process_tree(process.pid)[1:]
        for pid in workers:
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        process.kill()
        process.wait()


def _wait_ready(url: str, process: subprocess.Popen[bytes], log: IO[bytes], workers: int) -> None:
    """Until every worker has logged its start-up and ``/health`` answers ``ok``."""
    deadline = time.perf_counter() + START_TIMEOUT_S
    while time.perf_counter() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}: {_tail(log)}")
        log.seek(0)
        started = len(re.findall(rb"Application startup complete", log.read()))
        if started >= workers:
            try:
                if httpx.get(f"{url}/health", timeout=1.0).json() == {"status": "ok"}:
                    return
            except (httpx.HTTPError, ValueError):
                pass
        time.sleep(0.1)
    raise RuntimeError(f"the server was not ready within {START_TIMEOUT_S:g} s: {_tail(log)}")


def _tail(log: IO[bytes]) -> str:
    log.seek(0)
    lines = log.read().decode(errors="replace").strip().splitlines()
    return " | ".join(lines[-5:])


# CPU accounting ----------------------------------------------------------------

TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def process_tree(pid: int) -> list[int]:
    """``pid`` and its descendants, from ``/proc`` (just ``pid`` where there is none)."""
    tree, todo = [], [pid]
    while todo:
        here = todo.pop()
        tree.append(here)
        for task in Path(f"/proc/{here}/task").glob("*/children"):
            with suppress(OSError):
                todo += [int(child) for child in task.read_text().split()]
    return tree


def cpu_seconds(pids: Sequence[int]) -> dict[int, float]:
    """User and system CPU seconds each process has used (Linux ``/proc``; else empty)."""
    used = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        used[pid] = (int(fields[11]) + int(fields[12])) / TICK
    return used


def machine_ticks() -> tuple[int, int]:
    """All CPU ticks and idle ticks of the machine so far (``/proc/stat``; else zeros)."""
    try:
        first = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    except OSError:
        return 0, 0
    ticks = [int(t) for t in first]
    return sum(ticks), ticks[3] + ticks[4]


def own_cpu() -> float:
    """CPU seconds this process has used, all threads."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


@dataclass
class Cpu:
    """CPU use across a phase: the server's processes, this client, the machine.

    ``others_s``: CPU seconds the rest of the machine used meanwhile (other
    programs, the kernel's own work), which the server did not have.
    """

    server_pids: list[int]
    started: dict[int, float] = field(default_factory=dict)
    client: float = 0.0
    machine: tuple[int, int] = (0, 0)

    def __post_init__(self) -> None:
        self.started = cpu_seconds(self.server_pids)
        self.client = own_cpu()
        self.machine = machine_ticks()

    def used(self, requests: int) -> dict[str, Any]:
        ended, client, machine = cpu_seconds(self.server_pids), own_cpu(), machine_ticks()
        processes = {
            str(pid): round(ended[pid] - self.started[pid], 2)
            for pid in self.server_pids
            if pid in ended and pid in self.started
        }
        server = sum(processes.values())
        client -= self.client
        total, idle = (m - s for m, s in zip(machine, self.machine, strict=True))
        per = max(requests, 1)
        return {
            "server_s": round(server, 2),
            "server_processes_s": processes,
            "server_us_per_request": round(server / per * 1e6),
            "client_s": round(client, 2),
            "client_us_per_request": round(client / per * 1e6),
            "machine_busy": round(1 - idle / total, 3) if total else None,
            "others_s": round(max((total - idle) / TICK - server - client, 0), 2)
            if total
            else None,
        }


# The clients -------------------------------------------------------------------


class Sender(Protocol):
    """Sends one request and reads the whole answer: ``(status, body)``."""

    async def send(self, method: str, path: str, body: bytes = b"") -> tuple[int, bytes]: ...


class Connection:
    """One keep-alive HTTP/1.1 connection on asyncio streams, one request at a time.

    The load generator shares the CPUs with the server, so it should cost little:
    this writes each request in one piece and reads the answer by its
    ``Content-Length`` (which the server always sends), nothing more. After any
    error the connection is closed and the next request opens a new one.
    """

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def send(self, method: str, path: str, body: bytes = b"") -> tuple[int, bytes]:
        if self.streams is None:
            self.streams = await asyncio.open_connection(self.host, self.port)
        reader, writer = self.streams
        try:
            writer.write(
                f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n".encode()
                + body
            )
            head = await reader.readuntil(b"\r\n\r\n")
            status, length, close = _head(head)
            content = await reader.readexactly(length)
        except BaseException:
            self.close()
            raise
        if close:
            self.close()
        return status, content

    @property
    def local_port(self) -> int:
        """The client end's port (0 when not connected)."""
        if self.streams is None:
            return 0
        port: int = self.streams[1].get_extra_info("sockname")[1]
        return port

    def close(self) -> None:
        if self.streams is not None:
            self.streams[1].close()
            self.streams = None


def _head(head: bytes) -> tuple[int, int, bool]:
    """Status, ``Content-Length`` and whether the server closes, from a response head."""
    status_line, *fields = head.split(b"\r\n")
    length, close = None, False
    for line in fields:
        name, _, value = line.partition(b":")
        name = name.strip().lower()
        if name == b"content-length":
            length = int(value)
        elif name == b"connection":
            close = value.strip().lower() == b"close"
    if not status_line.startswith(b"HTTP/1.1 ") or length is None:
        raise ValueError(f"unexpected response head {head[:80]!r}")
    return int(status_line[9:12]), length, close


class Httpx:
    """The same through one shared ``httpx.AsyncClient`` (its pool, keep-alive)."""

    def __init__(self, client: httpx.AsyncClient) -> None:
        self.client = client

    async def send(self, method: str, path: str, body: bytes = b"") -> tuple[int, bytes]:
        headers = {"content-type": "application/json"}
        response = await self.client.request(method, path, content=body, headers=headers)
        return response.status_code, response.content


CLIENT_ERRORS = (OSError, EOFError, ValueError, TimeoutError, httpx.HTTPError)
"""What a request may fail with: counted as errors, by type."""


# The load -----------------------------------------------------------------------


@dataclass
class Phase:
    """What one phase saw."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in MIX})
    send_lag: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    first_error: str | None = None
    wall: float = 0.0

    def fail(self, kind: str, detail: str) -> None:
        self.errors[kind] += 1
        self.first_error = self.first_error or detail


async def load(
    senders: Sequence[Sender], requests: Sequence[Planned], rate: float | None, deadline: float
) -> Phase:
    """Send ``requests``, one client task per sender: paced at ``rate``, or closed loop.

    Latency runs from the request's due time (paced) or from its sending (closed
    loop) to the whole response read; every response is checked by ``problem``.
    """
    phase = Phase()
    queue = iter(enumerate(requests))
    began = time.perf_counter()

    async def one_client(sender: Sender) -> None:
        for i, request in queue:
            due = began + i / rate if rate else time.perf_counter()
            if max(due, time.perf_counter()) > deadline:
                phase.fail("not sent within the time limit", f"request {i}")
                continue
            wait = due - time.perf_counter()
            if wait > 0:
                await asyncio.sleep(wait)
            sent = time.perf_counter()
            phase.send_lag.append(sent - due)
            try:
                async with asyncio.timeout(REQUEST_TIMEOUT_S):
                    status, content = await sender.send("POST", request.path, request.body)
            except CLIENT_ERRORS as err:
                phase.fail(type(err).__name__, f"request {i}: {err!r}")
                continue
            done = time.perf_counter()
            wrong = problem(request, status, content)
            if wrong is None:
                phase.latencies[request.kind].append(done - due)
            else:
                phase.fail(wrong, f"request {i} {request.body!r}: {wrong}: {content[:200]!r}")

    tasks = [asyncio.create_task(one_client(sender)) for sender in senders]
    try:
        async with asyncio.timeout(max(deadline - time.perf_counter(), 0) + REQUEST_TIMEOUT_S):
            await asyncio.gather(*tasks)
    except TimeoutError:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    phase.wall = time.perf_counter() - began
    answered = sum(len(v) for v in phase.latencies.values()) + phase.errors.total()
    if answered < len(requests):
        phase.errors["not finished within the time limit"] += len(requests) - answered
    return phase


def summary(phase: Phase, requests: int, rate: float | None) -> dict[str, Any]:
    """Counts, throughput, latency percentiles (ms), overall and per kind."""
    every = [x for values in phase.latencies.values() for x in values]
    ok = len(every)
    result: dict[str, Any] = {
        "mode": "open loop" if rate else "closed loop",
        "target_rate": rate,
        "requests": requests,
        "ok": ok,
        "errors": phase.errors.total(),
        "error_kinds": dict(phase.errors),
        "first_error": phase.first_error,
        "wall_s": round(phase.wall, 2),
        "req_per_s": round(ok / phase.wall, 1) if phase.wall else 0.0,
        "latency_ms": _percentiles(every),
        "send_lag_ms": _percentiles(phase.send_lag),
        "per_kind_ms": {k: _percentiles(v) for k, v in phase.latencies.items()},
    }
    return result


def _percentiles(seconds: Sequence[float]) -> dict[str, float]:
    if not seconds:
        return {}
    ms = np.asarray(seconds, dtype=np.float64) * 1000
    return {
        "count": len(ms),
        "mean": round(float(ms.mean()), 2),
        "p50": round(float(np.percentile(ms, 50)), 2),
        "p90": round(float(np.percentile(ms, 90)), 2),
        "p99": round(float(np.percentile(ms, 99)), 2),
        "max": round(float(ms.max()), 2),
    }


async def run_load(
    url: str, server_pids: list[int], args: argparse.Namespace, pool: Sequence[str]
) -> dict[str, Any]:
    """Connections, warm-up, then the open-loop and closed-loop phases, checked and timed."""
    deadline = time.perf_counter() + args.time_limit
    limits = httpx.Limits(max_connections=args.clients, max_keepalive_connections=args.clients)
    timeout = httpx.Timeout(REQUEST_TIMEOUT_S)
    result: dict[str, Any] = {}
    host, _, port_text = url.removeprefix("http://").partition(":")
    port = int(port_text)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=timeout) as client:
        senders: list[Sender]
        if args.client == "httpx":
            senders = [Httpx(client)] * args.clients
        else:
            connections, result["connections"] = await connect(
                host, port, args.clients, server_pids, args.workers, args.balance
            )
            senders = list(connections)
        try:
            warm = plan(pool, args.seed + 2, args.warm_up, 0)
            began = time.perf_counter()
            warmed = summary(await load(senders, warm, None, deadline), len(warm), None)
            result["warm_up"] = {
                "requests": len(warm),
                "errors": warmed["errors"],
                "first_error": warmed["first_error"],
                "s": round(time.perf_counter() - began, 2),
            }
            if args.client == "httpx":
                owners = Counter(socket_owners(server_pids, port).values())
                result["connections"] = {"per_process": {str(k): v for k, v in owners.items()}}
            phases = (("open", args.seed, args.rate), ("closed", args.seed + 1, None))
            for name, seed, rate in phases:
                requests = plan(pool, seed, args.requests, args.check_every)
                gc.collect()
                gc.freeze()  # the plan lives through the phase: no collector passes over it
                cpu = Cpu(server_pids)
                phase = await load(senders, requests, rate, deadline)
                result[name] = summary(phase, len(requests), rate) | {"seed": seed}
                result[name]["cpu"] = cpu.used(result[name]["ok"])
                result[name]["checked_in_full"] = sum(r.expected is not None for r in requests)
                gc.unfreeze()
        finally:
            for sender in senders:
                if isinstance(sender, Connection):
                    sender.close()
    return result


def socket_owners(pids: Sequence[int], port: int) -> dict[int, int]:
    """The server process holding each established connection to ``port``, by client port.

    From ``/proc/net/tcp`` and the processes' file descriptors (Linux; else empty).
    """
    try:
        table = Path("/proc/net/tcp").read_text().splitlines()[1:]
    except OSError:
        return {}
    client_port = {}
    for line in table:
        fields = line.split()
        if int(fields[1].rpartition(":")[2], 16) == port and fields[3] == "01":  # ESTABLISHED
            client_port[f"socket:[{fields[9]}]"] = int(fields[2].rpartition(":")[2], 16)
    owners = {}
    for pid in pids:
        with suppress(OSError):
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                with suppress(OSError):
                    link = os.readlink(fd)
                    if link in client_port:
                        owners[client_port[link]] = pid
    return owners


async def connect(
    host: str, port: int, count: int, pids: Sequence[int], workers: int, balance: bool
) -> tuple[list[Connection], dict[str, Any]]:
    """``count`` connections, opened one at a time, each answering ``GET /health`` first.

    The server's workers share one listening socket, and whichever wakes first
    accepts a connection, so a few long-lived connections can land mostly on one
    worker. With ``balance``, a connection landing on a worker that already has
    its share is closed and opened again (at most ``10 * count`` times), as a
    load balancer in front would spread them; either way the spread is reported.
    """
    share = -(-count // workers)
    connections: list[Connection] = []
    landed: Counter[int] = Counter()
    first: Counter[int] = Counter()
    reopened = 0
    while len(connections) < count:
        connection = Connection(host, port)
        status, _ = await connection.send("GET", "/health")
        require(status == 200, f"GET /health answered {status}")
        owner = socket_owners(pids, port).get(connection.local_port, 0)
        if reopened + len(connections) < count:
            first[owner] += 1
        if balance and owner and landed[owner] >= share and reopened < 10 * count:
            connection.close()
            reopened += 1
            continue
        landed[owner] += 1
        connections.append(connection)
    spread = {
        "balanced": balance,
        "reopened": reopened,
        "per_process": {str(pid): n for pid, n in sorted(landed.items())},
        "first_landing": {str(pid): n for pid, n in sorted(first.items())},
    }
    return connections, spread


# Output --------------------------------------------------------------------------


def versions() -> dict[str, Any]:
    """The HTTP stack: what the server and the client run on."""

    def of(name: str) -> str | None:
        try:
            return version(name)
        except PackageNotFoundError:
            return None

    found = {name: of(name) for name in ("uvicorn", "fastapi", "starlette", "httpx", "h11")}
    found |= {name: of(name) if find_spec(name) else None for name in ("httptools", "uvloop")}
    return found


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
        else "one httpx.AsyncClient"
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
        choices=("raw", "httpx"),
        default="raw",
        help="raw: one asyncio-streams connection per client (default); httpx: one AsyncClient",
    )
    parser.add_argument(
        "--no-balance",
        dest="balance",
        action="store_false",
        help="keep connections on whichever worker accepts them (raw client)",
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
    with server(args.workers) as (url, process, info):
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
