"""The load's clients: a cheap keep-alive HTTP/1.1 connection, or httpx2 for comparison.

The client is written on asyncio streams (``Connection``) because the load
generator shares the CPUs with the server and must cost little: about 0.2-0.3
ms of CPU a request, against 2-9 ms for ``httpx2.AsyncClient`` here (httpcore
scans its whole pool on every request and, without ``sniffio``, retries that
import on every lock), which made the client the bottleneck.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Sequence
from typing import Any, Protocol

import httpx2

from benchmarks.common import require
from benchmarks.load.server import socket_owners


class Sender(Protocol):
    """Sends one request and reads the whole answer: ``(status, body)``."""

    async def send(self, method: str, path: str, body: bytes = b"") -> tuple[int, bytes]: ...

    def close(self) -> None: ...


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
        self.head = b""
        """The last answer's status line and headers."""

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
            head = self.head = await reader.readuntil(b"\r\n\r\n")
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


def header(head: bytes, name: str) -> str | None:
    """One header's value from a response head (``None`` when absent)."""
    wanted = name.lower().encode()
    for line in head.split(b"\r\n")[1:]:
        key, _, value = line.partition(b":")
        if key.strip().lower() == wanted:
            return value.strip().decode("latin-1")
    return None


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
    """The same through one shared ``httpx2.AsyncClient`` (its pool, keep-alive)."""

    def __init__(self, client: httpx2.AsyncClient) -> None:
        self.client = client

    async def send(self, method: str, path: str, body: bytes = b"") -> tuple[int, bytes]:
        headers = {"content-type": "application/json"}
        response = await self.client.request(method, path, content=body, headers=headers)
        return response.status_code, response.content

    def close(self) -> None:
        """The shared client is closed by its owner."""


CLIENT_ERRORS = (OSError, EOFError, ValueError, TimeoutError, httpx2.HTTPError)
"""What a request may fail with: counted as errors, by type."""


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
