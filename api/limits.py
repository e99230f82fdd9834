"""Bounds on requests: body size before reading; time, threads and a queue for solver work.

``SolverGate`` runs every solver call on one of two lanes, each a fixed pool
of threads with a short queue in front: cheap work (CP-SAT and table answers,
checks, pictures) and heavy work (the csp engine, generating tasks), which
has its own small pool, so it can never take the threads cheap work needs.
A lane whose threads and queue are full answers 503 with ``Retry-After`` at
once; a call is due ``seconds`` after it was admitted, and the engines read
that moment (``solver.manno.deadline``) and stop by it, so a call answers in
time and its thread is free soon after. A call still queued when its time is
up never runs. The threads are the lanes' pools and no more: a call that
outlived its answer keeps its thread until it stops, and its lane admits less
meanwhile.
"""

from __future__ import annotations

import asyncio
import json
import math
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.problems import PROBLEM, RequestTimeoutError
from solver.errors import SolverTimeoutError
from solver.manno.deadline import due_by

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


HEAVY_THREADS = 1
"""Threads of the heavy lane, taken from the gate's threads."""
QUEUE_PER_THREAD = 8
"""Calls a cheap lane may hold waiting, per thread."""
HEAVY_QUEUE = 2
"""Calls the heavy lane may hold waiting."""


class Lane:
    """A fixed pool of solver threads and a bounded queue in front of it.

    Args:
        name: what the lane carries (``cheap``, ``heavy``), for thread names and messages.
        threads: calls that run at once.
        queue: calls that may wait for a thread.
        retry_after: seconds a refused caller is asked to wait.
    """

    def __init__(self, name: str, threads: int, queue: int, retry_after: int) -> None:
        if threads < 1 or queue < 0:
            raise ValueError(f"a lane needs a thread and a queue of 0 or more, not {threads}")
        self.name = name
        self.threads = threads
        self.capacity = threads + queue
        self.retry_after = retry_after
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix=f"solver-{name}")
        self._held = 0
        self._lock = threading.Lock()

    @property
    def held(self) -> int:
        """Calls admitted and not yet ended: running, or waiting for a thread."""
        return self._held

    def admit(self) -> bool:
        """Take a place in the lane, if one is free."""
        with self._lock:
            if self._held >= self.capacity:
                return False
            self._held += 1
            return True

    def leave(self, _: object = None) -> None:
        """Give the place back (the call ended, or will never start)."""
        with self._lock:
            self._held -= 1


class SolverGate:
    """Run blocking solver calls off the event loop, on two bounded lanes, within a time.

    Args:
        threads: solver threads in all; ``heavy_threads`` of them serve heavy work
            (with a single thread, one lane carries both).
        seconds: the time each call has, from its admission (queueing included).
        heavy_threads: the heavy lane's threads.
        queue: calls the cheap lane holds waiting (``QUEUE_PER_THREAD`` per thread if omitted).
        heavy_queue: calls the heavy lane holds waiting.
    """

    def __init__(
        self,
        threads: int,
        seconds: float,
        heavy_threads: int = HEAVY_THREADS,
        queue: int | None = None,
        heavy_queue: int = HEAVY_QUEUE,
    ) -> None:
        if threads < 1 or seconds <= 0:
            raise ValueError(f"a gate needs a thread and a time, not {threads} and {seconds}")
        self.seconds = seconds
        heavy_threads = max(min(heavy_threads, threads - 1), 0)
        cheap_threads = threads - heavy_threads
        waiting = QUEUE_PER_THREAD * cheap_threads if queue is None else queue
        self.cheap = Lane("cheap", cheap_threads, waiting, 1)
        self.heavy = (
            Lane("heavy", heavy_threads, heavy_queue, max(1, math.ceil(seconds)))
            if heavy_threads
            else self.cheap  # one thread in all: one lane
        )

    async def run(self, call: Callable[[], T], heavy: bool = False) -> T:
        """The call's result, run on its lane before its time is up.

        Raises:
            RequestTimeoutError: the lane is full (at once), the time ran out while
                the call waited or ran, or the solver itself ran out of time; each
                with the lane's ``retry_after``.
        """
        lane = self.heavy if heavy else self.cheap
        if not lane.admit():
            raise RequestTimeoutError(
                f"the service is busy with {lane.name} work; try again shortly",
                retry_after=lane.retry_after,
            )
        due = time.monotonic() + self.seconds
        try:
            work = lane.pool.submit(_timed, call, due)
        except BaseException:
            lane.leave()
            raise
        work.add_done_callback(lane.leave)
        try:
            return await _within(work, due)
        except SolverTimeoutError as err:
            raise RequestTimeoutError(str(err), retry_after=lane.retry_after) from err
        except TimeoutError as err:
            message = f"the request took more than {self.seconds:g} s"
            raise RequestTimeoutError(message, retry_after=lane.retry_after) from err
        finally:
            work.cancel()  # a call that has not started never will; a running one stops by `due`

    def shutdown(self) -> None:
        """Stop taking work and let the threads end (calls still queued never run)."""
        for lane in (self.cheap, self.heavy):
            lane.pool.shutdown(wait=False, cancel_futures=True)


async def _within(work: Future[T], due: float) -> T:
    """The work's result, or ``TimeoutError`` at ``due`` (``time.monotonic()``)."""
    async with asyncio.timeout_at(asyncio.get_running_loop().time() + due - time.monotonic()):
        return await asyncio.wrap_future(work)


def _timed(call: Callable[[], T], due: float) -> T:
    """On a solver thread: the call, with every solver clock stopping by ``due``."""
    if time.monotonic() >= due:
        raise SolverTimeoutError("the request waited its whole time for a solver thread")
    with due_by(due):
        return call()
