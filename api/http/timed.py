"""One solver call on a pool's worker: run by its due time, and timed.

A due time is a moment of ``time.monotonic()``; every solver clock the call
reaches stops by it (``solver.deadline``).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

from solver.deadline import check_due, due_by

T = TypeVar("T")
W = TypeVar("W")


async def within(work: Future[T], due: float) -> T:
    """The work's result, or ``TimeoutError`` at ``due`` (``time.monotonic()``)."""
    async with asyncio.timeout_at(asyncio.get_running_loop().time() + due - time.monotonic()):
        return await asyncio.wrap_future(work)


def in_thread(call: Callable[[], T], due: float) -> T:
    """On a solver thread: the call, with every solver clock stopping by ``due``."""
    with due_by(due):
        check_due("the request waited its whole time for the solver")
        return call()


def clocked(done: Callable[[W, float], None], work: W, call: Callable[[], T], due: float) -> T:
    """On a solver thread: the call as ``in_thread`` runs it, its time told to ``done``."""
    began = time.perf_counter()
    try:
        return in_thread(call, due)
    finally:
        done(work, time.perf_counter() - began)


def clock_from(
    done: Callable[[W, float], None], work: W, began: float
) -> Callable[[Future[Any]], None]:
    """Tells ``done`` the seconds from ``began`` to the end of a heavy call's future."""

    def ended(_: Future[Any]) -> None:
        done(work, time.perf_counter() - began)

    return ended
