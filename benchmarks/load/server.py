"""The server under load and what the machine says about it (Linux ``/proc``).

``server`` runs ``monsters serve`` on a free loopback port and always stops it;
the rest reads processes: their tree, CPU time, memory, threads, and which
process holds which connection.
"""

from __future__ import annotations

import asyncio
import os
import resource
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, version
from importlib.util import find_spec
from pathlib import Path
from typing import IO, Any

import httpx2

from benchmarks.common import monsters

START_TIMEOUT_S = 60.0
STOP_TIMEOUT_S = 10.0
STARTED = b"Application startup complete"
"""What each uvicorn worker logs once its app has started."""
ROOT = Path(__file__).resolve().parent.parent.parent
"""The repository root: the server runs there."""


def free_port() -> int:
    """A TCP port nobody listens on at the moment, on loopback."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def server(
    workers: int,
    env: Mapping[str, str] | None = None,
    command: Sequence[str] | None = None,
    started_line: bytes | None = STARTED,
) -> Iterator[tuple[str, subprocess.Popen[bytes], dict[str, Any]]]:
    """``monsters serve`` on a free port: its base URL, its process and how it started.

    ``env``: ``MONSTERS_*`` settings added to this process's environment.
    ``command``: another server to start the same way, which takes ``--host``,
    ``--port`` and ``--workers`` and answers ``GET /health`` as the service does.
    ``started_line``: what each worker logs once started (uvicorn's line; None: a
    server that logs none, then ``/health`` and ``/ready`` alone are waited for).
    Waits until every worker has started and ``GET /health`` answers; on the way
    out, whatever happened, stops it (``stop``).
    """
    port = free_port()
    started = [*(command or monsters("serve")), "--host", "127.0.0.1", "--port", str(port)]
    started += ["--workers", str(workers)]
    shown = ["monsters", *started[1:]] if command is None else started
    url = f"http://127.0.0.1:{port}"
    began = time.perf_counter()
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(
            started,
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            env={**os.environ, **(env or {})},
        )
        try:
            _wait_ready(url, process, log, workers if started_line else 0, started_line)
            info = {
                "command": " ".join([*(f"{k}={v}" for k, v in (env or {}).items()), *shown]),
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


def _wait_ready(
    url: str,
    process: subprocess.Popen[bytes],
    log: IO[bytes],
    workers: int,
    started_line: bytes | None = STARTED,
) -> None:
    """Until every worker has logged its start-up, ``/health`` answers ``ok`` and ``/ready``
    answers 200 on fresh connections (whichever worker takes them)."""
    deadline = time.perf_counter() + START_TIMEOUT_S
    while time.perf_counter() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}: {_tail(log)}")
        log.seek(0)
        started = log.read().count(started_line) if started_line else 0
        if started >= workers:
            try:
                if httpx2.get(f"{url}/health", timeout=1.0).json() == {"status": "ok"} and all(
                    _ready(url) for _ in range(2 * workers)
                ):
                    return
            except (httpx2.HTTPError, ValueError):
                pass
        time.sleep(0.1)
    raise RuntimeError(f"the server was not ready within {START_TIMEOUT_S:g} s: {_tail(log)}")


def _ready(url: str) -> bool:
    """``GET /ready`` says the worker answering has warmed its engines (a checkout from
    before that route, ``--serve-from``, answers 404: it has nothing to warm)."""
    return httpx2.get(f"{url}/ready", timeout=1.0).status_code in (200, 404)


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


def versions() -> dict[str, Any]:
    """The HTTP stack: what the server and the client run on."""

    def of(name: str) -> str | None:
        try:
            return version(name)
        except PackageNotFoundError:
            return None

    found = {name: of(name) for name in ("uvicorn", "fastapi", "starlette", "httpx2", "h11")}
    found |= {name: of(name) if find_spec(name) else None for name in ("httptools", "uvloop")}
    return found


def workers_of(process: subprocess.Popen[bytes]) -> list[int]:
    """The worker processes serving requests (the server itself when it has none).

    Workers are the server's children started by ``multiprocessing.spawn``; its
    resource tracker and the workers' own children (their heavy-work processes)
    are not.
    """
    children = []
    for task in Path(f"/proc/{process.pid}/task").glob("*/children"):
        with suppress(OSError):
            children += [int(child) for child in task.read_text().split()]
    workers = []
    for pid in children:
        with suppress(OSError):
            if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes():
                workers.append(pid)
    return sorted(workers) or [process.pid]


def status_field(pid: int, name: str) -> int | None:
    """One number from ``/proc/<pid>/status`` (``VmRSS`` in kB, ``Threads``), if readable."""
    with suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key == name:
                return int(value.split()[0])
    return None


def rss_mb(pid: int) -> float | None:
    """Resident memory of a process, in MB."""
    kb = status_field(pid, "VmRSS")
    return None if kb is None else round(kb / 1024, 1)


def threads(pid: int) -> int | None:
    """Threads of a process."""
    return status_field(pid, "Threads")


@dataclass
class Sampler:
    """Threads and resident memory of each worker, read every ``every`` seconds.

    ``samples``: ``(seconds since the start, pid, threads, RSS MB)``.
    """

    pids: Sequence[int]
    every: float = 0.1
    samples: list[tuple[float, int, int, float]] = field(default_factory=list)

    async def run(self, stop: asyncio.Event) -> None:
        """Sample until ``stop`` is set."""
        began = time.perf_counter()
        while not stop.is_set():
            for pid in self.pids:
                count, rss = threads(pid), rss_mb(pid)
                if count is not None and rss is not None:
                    self.samples.append((time.perf_counter() - began, pid, count, rss))
            with suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), self.every)

    def most_threads(self) -> dict[str, int]:
        """The most threads each worker had at any sample."""
        most: dict[str, int] = {}
        for _, pid, count, _ in self.samples:
            most[str(pid)] = max(most.get(str(pid), 0), count)
        return most
