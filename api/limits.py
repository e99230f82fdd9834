"""Bounds on requests: body size before reading, time and threads for solver calls."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TypeVar

import anyio
from anyio import to_thread
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.problems import PROBLEM, RequestTimeoutError

T = TypeVar("T")


class BodyLimit:
    """ASGI middleware: a body over ``limit`` bytes answers 413 without being read whole.

    A declared ``Content-Length`` over the limit is refused before any byte is
    read; a body without one is counted as it streams and refused at the limit.
    """

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(send)
            return
        seen = 0
        started = refused = False

        async def counted() -> Message:
            nonlocal seen, started, refused
            message = await receive()
            if message["type"] == "http.request" and not refused:
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    if not started:
                        await self._refuse(send)
                    started = refused = True
            # past the limit the app hears that the client left, and reads no more
            return {"type": "http.disconnect"} if refused else message

        async def watched(message: Message) -> None:
            nonlocal started
            if refused:
                return  # the 413 has been sent: whatever the app says now goes nowhere
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except Exception:
            if not refused:
                raise

    async def _refuse(self, send: Send) -> None:
        body = json.dumps(
            {
                "type": "about:blank",
                "title": "Request body too large",
                "status": 413,
                "detail": f"request bodies are limited to {self.limit} bytes",
            }
        ).encode()
        headers = [
            (b"content-type", PROBLEM.encode()),
            (b"content-length", str(len(body)).encode()),
        ]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": body})


class SolverGate:
    """Run blocking solver calls off the event loop, a few at a time, within a time.

    A call still running at the deadline answers 503 (``RequestTimeoutError``); its thread
    is abandoned and ends by the solver's own time limit, so the service keeps
    serving.
    """

    def __init__(self, threads: int, seconds: float) -> None:
        self.limiter = anyio.CapacityLimiter(threads)
        self.seconds = seconds

    async def run(self, call: Callable[[], T]) -> T:
        """The call's result, or ``RequestTimeoutError`` after ``seconds``."""
        with anyio.move_on_after(self.seconds):
            return await to_thread.run_sync(call, abandon_on_cancel=True, limiter=self.limiter)
        raise RequestTimeoutError(f"the request took more than {self.seconds:g} s")
