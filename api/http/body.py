"""The request body: bounded in size, time and JSON nesting, before any route reads it.

``BodyLimit`` (ASGI middleware, inside CORS): a request the connection marked
busy (``api.http.protocol.BUSY``) answers 503; a body must arrive within
``body_seconds`` (else 408), stay within ``max_body_bytes`` (else 413) and, as
JSON, nest at most ``solver.jsonio.MAX_DEPTH`` deep, be UTF-8 without a byte order
mark and name no key twice in one object (else 422: the command line reads JSON by
the same rules, ``solver.jsonio``); an answer sent before the body is all read
closes the connection. The numbers:
``api.http.settings.Settings`` and docs/serving.md.

The JSON a body check read is the document the route gets: ``BodyLimit`` leaves
it in the request's scope (``READ_JSON``) and ``ReadRequest`` hands it to
FastAPI, which would otherwise read the same bytes again.
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.http.problems import BODY_TOO_LARGE, RequestTimeoutError, error_problem, problem
from api.http.protocol import BUSY, CLOSE
from solver.errors import NotationError
from solver.jsonio import MAX_DEPTH, encoding_fault, json_depth_fault, load_json

READ_JSON = "monsters.json"
"""The scope key of the JSON document ``BodyLimit`` read from the body, when it read one."""


class ReadRequest(Request):
    """A request whose JSON is the document ``BodyLimit`` read, when it read one.

    ``BodyLimit`` reads a JSON body to check it, by the same rules and with the
    same result as FastAPI's reading (``json.loads`` of the UTF-8 bytes); it
    keeps only a document it read whole, so anything else is read here as before.
    """

    async def json(self) -> Any:
        if READ_JSON in self.scope:
            return self.scope[READ_JSON]
        return await super().json()


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
    JSON body nested deeper than ``max_depth`` answers 422 naming the column; one
    in UTF-16 or UTF-32 or with a byte order mark, or naming a key twice in one
    object (the pointer names it), answers 422 too. An
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
        self.deadline = asyncio.get_running_loop().time() + limit.seconds
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
        try:
            async with asyncio.timeout_at(self.deadline):
                message = await self.outer_receive()
        except TimeoutError:
            message = None
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
                await self._check_json()

    async def _check_json(self) -> None:
        """Refuse JSON that FastAPI's reading would take but the service does not."""
        fault = encoding_fault(bytes(self.text))  # FastAPI would read UTF-16, UTF-32, a BOM
        if fault is not None:
            await self._refuse(error_problem(NotationError(fault)))  # the body as a whole
            return
        try:
            text, whole = self.text.decode(), True
        except UnicodeDecodeError:  # FastAPI refuses it; its depth and keys are checked first
            text, whole = self.text.decode("utf-8", errors="replace"), False
        column = json_depth_fault(text, self.bounds.max_depth)
        if column is not None:
            deep = NotationError(f"JSON nested deeper than {self.bounds.max_depth} levels", column)
            await self._refuse(error_problem(deep))
            return
        try:
            document = load_json(text)  # FastAPI would keep the last of a key given twice
        except NotationError as repeated:
            await self._refuse(error_problem(repeated))
        except (ValueError, RecursionError):
            pass  # not JSON (or not UTF-8): FastAPI's own reading says why, and where
        else:
            if whole:
                self.scope[READ_JSON] = document

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
