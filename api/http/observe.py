"""What every request leaves behind: its id, one log line, and its count and time.

``Observe`` is the outermost ASGI middleware, so every answer passes through it:
answers, problems, 404s, the body checks' refusals, the docs pages. Each gets
an ``X-Request-Id`` header: the request's own when it is a sane token
(``REQUEST_ID``: at most 128 safe characters), else 16 fresh hex digits. A
proxy in front that sends its own id gets it back, so one id follows a request
through every log.

When the access log is on (``MONSTERS_ACCESS_LOG``; ``monsters serve
--access-log``, the default), each request writes one JSON line to standard
error on the logger ``monsters.access``, in place of uvicorn's access log::

    {"time":"2026-12-01T17:45:23.512Z","id":"9f1c2a7b3d4e5f60","method":"POST",
     "route":"/v1/park/legal","status":200,"ms":1.84,"bytes":1372}

``route`` is the route's template (``/v1/sessions/{session}``), never the path
as sent; ``bytes`` is the answer's body as it left (gzipped when it was). The
line is a preformatted string: every field in it is a number or a token from a
bounded set of safe characters, so nothing needs escaping.

>>> request_id([(b"x-request-id", b"abc-123")])
b'abc-123'
>>> len(request_id([(b"x-request-id", b'a"b')]))
16
"""

from __future__ import annotations

import logging
import os
import random
import re
import sys
import time
from collections.abc import Callable, Iterable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

REQUEST_ID = re.compile(rb"[A-Za-z0-9._~+/=:-]{1,128}")
"""An ``X-Request-Id`` echoed as it came: nothing a header, a log or JSON would need to escape."""
ID_HEADER = b"x-request-id"
UNMATCHED = "unmatched"
"""The route of a request no route took (a 404, or refused before routing)."""
METHODS = frozenset({"GET", "POST", "HEAD", "OPTIONS", "PUT", "PATCH", "DELETE"})
"""Methods named as they are in logs and metrics; any other is ``other`` (bounded labels)."""
ACCESS_LOGGER = "monsters.access"

Record = Callable[[str, str, int, float], None]
"""Counts one answered request: method, route template, status, seconds."""


_IDS = random.Random(os.urandom(16))
"""Request ids: seeded once per process from the system (each worker is its own process).
An id names a request, it guards nothing, and a system call per request would release
the interpreter lock to threads busy solving, and wait to get it back."""


os.register_at_fork(after_in_child=lambda: _IDS.seed(os.urandom(16)))  # no two alike


def new_id() -> bytes:
    """16 random hex digits."""
    return b"%016x" % _IDS.getrandbits(64)


def request_id(headers: Iterable[tuple[bytes, bytes]]) -> bytes:
    """The request's ``X-Request-Id`` if it is a sane token, else a new one."""
    for name, value in headers:
        if name == ID_HEADER:
            return value if REQUEST_ID.fullmatch(value) else new_id()
    return new_id()


def method_label(method: str) -> str:
    """``method`` if it is a common one, else ``other``: a client may send any token."""
    return method if method in METHODS else "other"


class _Line(logging.StreamHandler):  # type: ignore[type-arg]
    """A handler writing each message as it is, one line each (no formatter)."""

    def format(self, record: logging.LogRecord) -> str:
        return str(record.msg)


def access_logger() -> logging.Logger:
    """The access log: JSON lines on standard error (set up once per process)."""
    log = logging.getLogger(ACCESS_LOGGER)
    if not any(isinstance(h, _Line) for h in log.handlers):
        log.addHandler(_Line(sys.stderr))
        log.setLevel(logging.INFO)
        log.propagate = False
    return log


def write_access(log: logging.Logger, line: str) -> None:
    """Write ``line`` to the access log.

    While the log is as ``access_logger`` made it (its one handler, no filters),
    the line goes straight to that handler's stream: a log record for every
    request would cost more than the rest of this module together. A log given
    other handlers or filters gets a record as usual.
    """
    handlers = log.handlers
    if len(handlers) == 1 and not log.filters and not handlers[0].filters:
        handler = handlers[0]
        if isinstance(handler, _Line) and log.disabled is False:
            handler.stream.write(line + "\n")
            handler.stream.flush()
            return
    log.info(line)


class Clock:
    """The wall time as ISO 8601 UTC with milliseconds; the seconds part made once a second."""

    def __init__(self) -> None:
        self.second = -1
        self.text = ""

    def now(self) -> str:
        moment = time.time()
        second = int(moment)
        if second != self.second:
            self.second = second
            self.text = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(second))
        return f"{self.text}.{int((moment - second) * 1000):03d}Z"


def log_line(
    clock: Clock, rid: bytes, method: str, route: str, status: int, seconds: float, size: int
) -> str:
    """One request's access-log line (every field a number or a safe token)."""
    return (
        f'{{"time":"{clock.now()}","id":"{rid.decode()}","method":"{method}",'
        f'"route":"{route}","status":{status},"ms":{seconds * 1000:.2f},"bytes":{size}}}'
    )


class Observe:
    """ASGI middleware: an ``X-Request-Id`` on every answer, its count and time, its log line.

    Args:
        app: the application.
        record: counts each answered request (``api.http.metrics.record_request``).
        log: write the access log (one JSON line per request).
    """

    def __init__(self, app: ASGIApp, record: Record, log: bool = False) -> None:
        self.app = app
        self.record = record
        self.log = access_logger() if log else None
        self.clock = Clock()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        began = time.perf_counter()
        rid = request_id(scope["headers"])
        answer = [500, 0]  # status, body bytes sent

        async def sent(message: Message) -> None:
            if message["type"] == "http.response.start":
                answer[0] = message["status"]
                headers = list(message.get("headers", ()))
                headers.append((ID_HEADER, rid))
                message = {**message, "headers": headers}
            else:
                answer[1] += len(message.get("body", b""))
            await send(message)

        try:
            await self.app(scope, receive, sent)
        finally:
            seconds = time.perf_counter() - began
            route = scope.get("route")
            template = getattr(route, "path", UNMATCHED) if route is not None else UNMATCHED
            method = method_label(scope["method"])
            self.record(method, template, answer[0], seconds)
            if self.log is not None:
                line = log_line(self.clock, rid, method, template, answer[0], seconds, answer[1])
                write_access(self.log, line)
