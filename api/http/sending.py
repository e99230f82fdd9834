"""How an answer's bytes leave a connection: at once, and in as few writes as can be.

``no_delay`` turns Nagle's algorithm off on every connection (``TCP_NODELAY``);
``Corked`` then joins what one turn of the event loop writes, so an answer's
head and body leave in one system call and one packet.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from typing import Any


class Corked:
    """A connection's transport that sends what one turn of the event loop writes at once.

    An answer's head and body are written apart; with ``TCP_NODELAY`` each
    write would be its own system call and packet. Here they wait for the end
    of the loop's turn and leave together. Everything but writing and closing
    goes to the transport itself.
    """

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._parts: list[bytes] = []

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if not data:
            return
        if not self._parts:
            self._loop.call_soon(self.flush)
        self._parts.append(bytes(data))

    def flush(self) -> None:
        """Send what waits, unless the connection is closing (its end sends it)."""
        if self._parts and not self._transport.is_closing():
            self._transport.write(b"".join(self._parts))
        self._parts.clear()

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def abort(self) -> None:
        self._parts.clear()
        self._transport.abort()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


def no_delay(transport: asyncio.BaseTransport) -> None:
    """Send each write at once (``TCP_NODELAY``), whoever made the listening socket.

    asyncio sets it only on sockets whose protocol number says TCP; the socket
    uvicorn binds for several workers has protocol 0, so its connections kept
    Nagle's algorithm and an answer's second write waited ~40 ms for the
    client's delayed ACK on every kept-alive request.
    """
    sock = transport.get_extra_info("socket")
    if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
        with contextlib.suppress(OSError):  # the connection may already be gone
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
