"""The connection: uvicorn's h11 protocol, pinned, with deadlines and strict framing.

A client on the open internet may be slow on purpose, send ambiguous framing,
or stop half-way. ``GuardedH11Protocol`` bounds each connection before any
route sees it (the numbers: ``api.http.settings.Settings`` and docs/serving.md):
a request's line and headers must arrive within ``head_seconds``, or the
connection is closed; a client that takes none of its answer for
``send_seconds`` is cut off; a request carrying both ``Content-Length`` and
``Transfer-Encoding`` is refused (400) and its connection closed, so nothing
can hide a second request in it, and so is one of an HTTP version other than
1.0 and 1.1; a connection from an address that already holds
``connections_per_client`` of this worker's connections is closed at once,
unanswered, so one client cannot take every slot; a request past the
connection limit is marked busy (``BUSY``) for ``api.http.body.BodyLimit``;
every connection sends at once (``TCP_NODELAY``), with one worker or
several, its writes coalesced (``api.http.sending``).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from functools import cache
from typing import Any
from weakref import WeakKeyDictionary

import h11
import uvicorn
from starlette.types import Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import STATUS_PHRASES, H11Protocol
from uvicorn.server import ServerState

from api.http.observe import ID_HEADER, Clock, access_logger, log_line, new_id, write_access
from api.http.problems import PROBLEM, problem
from api.http.sending import Corked, no_delay
from api.http.settings import Settings

CLOSE = (b"connection", b"close")
MALFORMED = "the request is not well-formed HTTP/1.1"
AMBIGUOUS = "a request may not carry both Content-Length and Transfer-Encoding"
MAX_HEAD_BYTES = 16_384
"""Longest request line and headers read (h11's own bound on a head arriving in pieces)."""
BUSY = "monsters.busy"
"""The scope extension ``GuardedH11Protocol`` sets on a request past the connection limit."""
HTTP_VERSIONS = (b"1.0", b"1.1")
"""The versions of HTTP served; a request of another (``HTTP/2.0``, ``HTTP/0.9``) answers 400."""

_CLOCK = Clock()


@cache
def service_settings() -> Settings:
    """The settings every connection of this process follows (read once)."""
    return Settings.from_env()


class StrictConnection(h11.Connection):
    """h11's server side, refusing a request that gives its body length two ways, or
    whose head is over ``max_head`` bytes even when it arrives in one piece.

    ``fault`` keeps the status and the reason, in words, of the last refused request.
    """

    def __init__(self, max_head: int = MAX_HEAD_BYTES) -> None:
        super().__init__(h11.SERVER, max_head)
        self.max_head = max_head
        self.fault = (400, MALFORMED)

    def next_event(self) -> h11.Event | type[h11.NEED_DATA] | type[h11.PAUSED]:
        try:
            event = super().next_event()
        except h11.RemoteProtocolError as err:
            self.fault = (err.error_status_hint, self._reason(err.error_status_hint))
            raise  # h11's own text quotes bytes as Python writes them: it is not passed on
        if isinstance(event, h11.Request):
            names = {name for name, _ in event.headers}
            size = len(event.target) + sum(len(n) + len(v) + 4 for n, v in event.headers)
            if size > self.max_head:
                self.fault = (431, self._reason(431))
                raise h11.RemoteProtocolError(self.fault[1], error_status_hint=431)
            if {b"content-length", b"transfer-encoding"} <= names:
                self.fault = (400, AMBIGUOUS)
                raise h11.RemoteProtocolError(AMBIGUOUS)
            if event.http_version not in HTTP_VERSIONS:
                version = event.http_version.decode("ascii", "replace")
                self.fault = (400, f"only HTTP/1.0 and HTTP/1.1 are served, not HTTP/{version}")
                raise h11.RemoteProtocolError(self.fault[1])
        return event

    def _reason(self, status: int) -> str:
        if status == 431:
            return f"the request's line and headers are longer than {self.max_head} bytes"
        if status == 501:
            return "only Transfer-Encoding: chunked is supported"
        return MALFORMED


_CLIENTS: WeakKeyDictionary[ServerState, Counter[str]] = WeakKeyDictionary()
"""Each server's open connections by client address."""


def open_by_client(server_state: ServerState) -> Counter[str]:
    """The open connections of the server ``server_state`` belongs to, by client address."""
    return _CLIENTS.setdefault(server_state, Counter())


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with deadlines on each request's head and on a stalled
    answer, and strict framing.

    The head clock starts when the connection opens and again when an answer
    ends; it stops when a request's headers are complete. Malformed requests
    answer a problem, not plain text. A connection from an address that holds
    ``per_client`` open connections already is closed as it opens.
    """

    def __init__(
        self,
        config: uvicorn.Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        size = config.h11_max_incomplete_event_size
        self.conn = StrictConnection() if size is None else StrictConnection(size)
        self.head_seconds = service_settings().head_seconds
        self.send_seconds = service_settings().send_seconds
        self.per_client = service_settings().connections_per_client
        self.by_client = open_by_client(server_state)
        self.counted: str | None = None
        self.head_timer: asyncio.TimerHandle | None = None
        self.send_timer: asyncio.TimerHandle | None = None
        # past the limit a request is marked, not answered here: BodyLimit answers it as a
        # problem, inside CORS, like every other answer
        self.max_connections, self.limit_concurrency = self.limit_concurrency, None
        self.app = self._admit

    async def _admit(self, scope: Scope, receive: Receive, send: Send) -> None:
        limit = self.max_connections
        # this request's own task is already counted among the tasks
        if limit is not None and (len(self.connections) >= limit or len(self.tasks) > limit):
            scope["extensions"] = {**(scope.get("extensions") or {}), BUSY: {}}
        await self.config.loaded_app(scope, receive, send)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if not self._count_client():
            self.connections.discard(self)  # it holds no slot of the worker's while it closes
            transport.close()  # no request read, so nothing to answer
            return
        no_delay(transport)
        self.transport = Corked(transport, self.loop)  # type: ignore[assignment]
        self._follow_head()

    def connection_lost(self, exc: Exception | None) -> None:
        for timer in (self.head_timer, self.send_timer):
            if timer is not None:
                timer.cancel()
        self.head_timer = self.send_timer = None
        if self.counted is not None:
            self.by_client[self.counted] -= 1
            if not self.by_client[self.counted]:
                del self.by_client[self.counted]
            self.counted = None
        super().connection_lost(exc)

    def _count_client(self) -> bool:
        """Count this connection against its client's bound; False if that is reached.

        A connection with no address (a Unix socket) and every connection with the
        bound off (``0``) are admitted uncounted.
        """
        if not self.per_client or self.client is None:
            return True
        address = self.client[0]
        if self.by_client[address] >= self.per_client:
            return False
        self.by_client[address] += 1
        self.counted = address
        return True

    def pause_writing(self) -> None:
        """The client is not taking its answer: it has ``send_seconds`` to start again."""
        super().pause_writing()
        if self.send_timer is None:
            self.send_timer = self.loop.call_later(self.send_seconds, self.transport.abort)

    def resume_writing(self) -> None:
        super().resume_writing()
        if self.send_timer is not None:
            self.send_timer.cancel()
            self.send_timer = None

    def handle_events(self) -> None:
        super().handle_events()
        self._follow_head()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._follow_head()

    def _follow_head(self) -> None:
        """Run the head clock while a request's head is awaited, and only then."""
        awaited = self.conn.their_state is h11.IDLE and not self.transport.is_closing()
        if awaited and self.head_timer is None:
            self.head_timer = self.loop.call_later(self.head_seconds, self._head_late)
        elif not awaited and self.head_timer is not None:
            self.head_timer.cancel()
            self.head_timer = None

    def _head_late(self) -> None:
        self.head_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()  # no request yet, so nothing to answer

    def send_400_response(self, msg: str) -> None:
        status, detail = self.conn.fault if isinstance(self.conn, StrictConnection) else (400, msg)
        title = STATUS_PHRASES[status].decode()
        body = bytes(problem(status, detail, title=title).body)
        rid = new_id()
        headers = [
            (b"content-type", PROBLEM.encode()),
            (b"content-length", str(len(body)).encode()),
            (ID_HEADER, rid),
            CLOSE,
        ]
        answer = h11.Response(status_code=status, headers=headers, reason=title)
        for event in (answer, h11.Data(data=body), h11.EndOfMessage()):
            self.transport.write(self.conn.send(event))
        self.transport.close()
        if service_settings().access_log:  # no request was read: no method, no route
            line = log_line(_CLOCK, rid, "other", "unread", status, 0.0, len(body))
            write_access(access_logger(), line)
