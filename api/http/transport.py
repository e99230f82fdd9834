"""The way bytes come in: connection deadlines, request framing, body checks, stopping.

A client on the open internet may be slow on purpose, send ambiguous framing,
or stop half-way. Each request is bounded here, before any route sees it
(the numbers: ``api.http.settings.Settings`` and docs/serving.md):

* ``GuardedH11Protocol`` (uvicorn's h11 protocol, pinned): a request's line and
  headers must arrive within ``head_seconds``, or the connection is closed; a
  client that takes none of its answer for ``send_seconds`` is cut off; a
  request carrying both ``Content-Length`` and ``Transfer-Encoding`` is refused
  (400) and its connection closed, so nothing can hide a second request in it;
  a request past the connection limit is marked busy for ``BodyLimit``; every
  connection sends at once (``TCP_NODELAY``), with one worker or several.
* ``BodyLimit`` (ASGI middleware, inside CORS): a busy request answers 503; a
  body must arrive within ``body_seconds`` (else 408), stay within
  ``max_body_bytes`` (else 413) and, as JSON, nest at most
  ``solver.jsonio.MAX_DEPTH`` deep (else 422); an answer sent before the body
  is all read closes the connection.
* ``serve``: uvicorn with these and the connection, keep-alive and shutdown
  settings; with several workers (``Supervisor``) the listening socket closes
  as soon as the service is told to stop, so no connection waits in a queue
  nobody reads, and the workers share one private directory for their metrics.
  The access log is the service's own (``api.http.observe``), not uvicorn's.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import tempfile
from collections.abc import Iterator
from functools import cache
from typing import Any

import anyio
import h11
import uvicorn
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn._types import ASGIReceiveCallable, ASGISendCallable, HTTPScope
from uvicorn.protocols.http.h11_impl import STATUS_PHRASES, H11Protocol
from uvicorn.server import ServerState
from uvicorn.supervisors.multiprocess import Multiprocess

from api.http.observe import ID_HEADER, Clock, access_logger, log_line, new_id, write_access
from api.http.problems import BODY_TOO_LARGE, PROBLEM, RequestTimeoutError, error_problem, problem
from api.http.settings import ACCESS_LOG_VARIABLE, Settings
from solver.errors import NotationError
from solver.jsonio import MAX_DEPTH, json_depth_fault

CLOSE = (b"connection", b"close")
MALFORMED = "the request is not well-formed HTTP/1.1"
AMBIGUOUS = "a request may not carry both Content-Length and Transfer-Encoding"
MAX_HEAD_BYTES = 16_384
"""Longest request line and headers read (h11's own bound on a head arriving in pieces)."""
BUSY = "monsters.busy"
"""The scope extension ``GuardedH11Protocol`` sets on a request past the connection limit."""


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
        return event

    def _reason(self, status: int) -> str:
        if status == 431:
            return f"the request's line and headers are longer than {self.max_head} bytes"
        if status == 501:
            return "only Transfer-Encoding: chunked is supported"
        return MALFORMED


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with deadlines on each request's head and on a stalled
    answer, and strict framing.

    The head clock starts when the connection opens and again when an answer
    ends; it stops when a request's headers are complete. Malformed requests
    answer a problem, not plain text.
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
        self.head_timer: asyncio.TimerHandle | None = None
        self.send_timer: asyncio.TimerHandle | None = None
        # past the limit a request is marked, not answered here: BodyLimit answers it as a
        # problem, inside CORS, like every other answer
        self.max_connections, self.limit_concurrency = self.limit_concurrency, None
        self.app = self._admit

    async def _admit(
        self, scope: HTTPScope, receive: ASGIReceiveCallable, send: ASGISendCallable
    ) -> None:
        limit = self.max_connections
        # this request's own task is already counted among the tasks
        if limit is not None and (len(self.connections) >= limit or len(self.tasks) > limit):
            scope["extensions"] = {**(scope.get("extensions") or {}), BUSY: {}}
        await self.config.loaded_app(scope, receive, send)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        _no_delay(transport)
        self.transport = Corked(transport, self.loop)  # type: ignore[assignment]
        self._follow_head()

    def connection_lost(self, exc: Exception | None) -> None:
        for timer in (self.head_timer, self.send_timer):
            if timer is not None:
                timer.cancel()
        self.head_timer = self.send_timer = None
        super().connection_lost(exc)

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


def _no_delay(transport: asyncio.BaseTransport) -> None:
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


def _is_json(content_type: bytes | None) -> bool:
    """Whether FastAPI reads a body of this media type as JSON (``*/json``, ``*/*+json``)."""
    if content_type is None:
        return False
    subtype = content_type.split(b";")[0].strip().lower().rpartition(b"/")[2]
    return subtype == b"json" or subtype.endswith(b"+json")


class BodyLimit:
    """ASGI middleware: a request body is bounded in size, time and JSON nesting.

    A request ``GuardedH11Protocol`` marked busy answers 503 (``Retry-After``).
    A declared ``Content-Length`` over ``limit`` answers 413 before any byte is
    read; a body without one is counted as it streams and refused at the limit.
    A body still arriving ``seconds`` after the request began answers 408. A
    JSON body nested deeper than ``max_depth`` answers 422 naming the column. An
    answer that starts before the body is all read (a refusal, an unknown
    route) closes the connection, so the rest of the body is never awaited.
    """

    def __init__(
        self, app: ASGIApp, limit: int, seconds: float, max_depth: int = MAX_DEPTH
    ) -> None:
        self.app = app
        self.limit = limit
        self.seconds = seconds
        self.max_depth = max_depth

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        await _Body(self, scope, receive, send).run()


class _Body:
    """One request's body as ``BodyLimit`` sees it arrive."""

    def __init__(self, limit: BodyLimit, scope: Scope, receive: Receive, send: Send) -> None:
        self.bounds = limit
        self.scope = scope
        self.outer_receive = receive
        self.outer_send = send
        headers = dict(scope["headers"])
        self.declared: bytes | None = headers.get(b"content-length")
        self.complete = self.declared in (None, b"0") and b"transfer-encoding" not in headers
        self.json = _is_json(headers.get(b"content-type"))
        self.deadline = anyio.current_time() + limit.seconds
        self.seen = 0
        self.text = bytearray()
        self.started = self.refused = False

    async def run(self) -> None:
        if BUSY in (self.scope.get("extensions") or {}):
            busy = error_problem(RequestTimeoutError("the service is busy: too many connections"))
            busy.headers["connection"] = "close"
            await self._refuse(busy)
            return
        declared = self.declared
        if declared is not None and (not declared.isdigit() or int(declared) > self.bounds.limit):
            await self._too_large()
            return
        try:
            await self.bounds.app(self.scope, self.receive, self.send)
        except Exception:
            if not self.refused:
                raise

    async def receive(self) -> Message:
        if self.refused:
            return {"type": "http.disconnect"}
        if self.complete:  # the deadline is the body's; after it, the app may wait as it likes
            return await self.outer_receive()
        message: Message | None = None
        with anyio.CancelScope(deadline=self.deadline):
            message = await self.outer_receive()
        if message is None:
            late = f"the request body did not arrive within {self.bounds.seconds:g} s"
            await self._refuse(problem(408, late, title="Request Timeout"))
        elif message["type"] == "http.request":
            await self._count(message)
        # once refused, the app hears that the client left, and reads no more
        return {"type": "http.disconnect"} if self.refused or message is None else message

    async def _count(self, message: Message) -> None:
        body: bytes = message.get("body", b"")
        self.seen += len(body)
        if self.seen > self.bounds.limit:
            await self._too_large()
            return
        if self.json:
            self.text += body
        if not message.get("more_body", False):
            self.complete = True
            if self.json:
                await self._check_depth()

    async def _check_depth(self) -> None:
        text = self.text.decode("utf-8", errors="replace")
        column = json_depth_fault(text, self.bounds.max_depth)
        if column is not None:
            deep = NotationError(f"JSON nested deeper than {self.bounds.max_depth} levels", column)
            await self._refuse(error_problem(deep))  # a fault of the body as a whole

    async def _too_large(self) -> None:
        limit = f"request bodies are limited to {self.bounds.limit} bytes"
        await self._refuse(problem(BODY_TOO_LARGE, limit))

    async def _refuse(self, answer: Response) -> None:
        """Send ``answer`` unless the app has begun its own; the app is heard no more."""
        if not self.started:
            await answer(self.scope, self.outer_receive, self._out)
        self.started = self.refused = True

    async def send(self, message: Message) -> None:
        if not self.refused:  # once refused, whatever the app says goes nowhere
            await self._out(message)

    async def _out(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            self.started = True
            headers = list(message.get("headers", []))
            if not self.complete and CLOSE not in headers:
                message = {**message, "headers": [*headers, CLOSE]}
        await self.outer_send(message)


class Supervisor(Multiprocess):
    """uvicorn's worker supervisor, closing the listening socket the moment it is told to stop.

    Without this the parent process keeps the socket open while its workers
    finish, and the system goes on accepting connections nobody will answer.
    A worker that died and was replaced leaves the metrics' gauges (its counts
    stay: they happened).
    """

    def terminate_all(self) -> None:
        for sock in self.sockets:
            sock.close()
        super().terminate_all()

    def keep_subprocess_alive(self) -> None:
        before = {process.pid for process in self.processes}
        super().keep_subprocess_alive()
        gone = before - {process.pid for process in self.processes}
        path = os.environ.get(METRICS_VARIABLE)
        if gone and path:
            from prometheus_client import multiprocess  # only a worker counts; here, it tidies

            for pid in gone:
                multiprocess.mark_process_dead(pid, path)  # type: ignore[no-untyped-call]


WORKER_START_SECONDS = 60
"""How long a worker process may take to start and answer its supervisor: importing
the engines takes seconds, more on a busy machine, and uvicorn's own 5 s had a
loaded machine kill and restart its workers without end."""


METRICS_VARIABLE = "PROMETHEUS_MULTIPROC_DIR"
"""Where prometheus-client's multi-process mode keeps each worker's values."""
_CLOCK = Clock()


@contextlib.contextmanager
def _metrics_dir(workers: int) -> Iterator[None]:
    """With several workers, a fresh private directory for their metrics, removed at the end;
    with one, none (its metrics live in its memory, and no directory of another run counts)."""
    saved = os.environ.pop(METRICS_VARIABLE, None)
    try:
        if workers == 1:
            yield
            return
        with tempfile.TemporaryDirectory(prefix="monsters-metrics-") as path:
            os.environ[METRICS_VARIABLE] = path
            yield
    finally:
        os.environ.pop(METRICS_VARIABLE, None)
        if saved is not None:
            os.environ[METRICS_VARIABLE] = saved


def serve(host: str, port: int, workers: int, access_log: bool) -> None:
    """Run the service (``api.http.app:app``) with uvicorn under the transport settings.

    Args:
        host: address to listen on.
        port: port to listen on.
        workers: worker processes; each reads the same ``MONSTERS_*`` settings.
        access_log: log every request, one JSON line each (``api.http.observe``).

    Raises:
        SettingError: a ``MONSTERS_*`` variable that does not read.
    """
    os.environ[ACCESS_LOG_VARIABLE] = "1" if access_log else "0"  # the workers read it
    service_settings.cache_clear()
    settings = service_settings()
    config = uvicorn.Config(
        "api.http.app:app",
        host=host,
        port=port,
        workers=workers,
        access_log=False,  # the service logs each request itself, more cheaply
        http=GuardedH11Protocol,
        ws="none",
        timeout_keep_alive=settings.keep_alive_seconds,
        limit_concurrency=settings.max_connections,
        backlog=settings.backlog,
        timeout_graceful_shutdown=settings.grace_seconds,
        timeout_worker_healthcheck=WORKER_START_SECONDS,
    )
    with _metrics_dir(workers):
        if workers > 1:
            Supervisor(config, sockets=[config.bind_socket()]).run()
        else:
            uvicorn.Server(config).run()
