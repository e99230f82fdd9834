"""One phase of load: clients send planned requests, paced or closed loop; each answer checked.

A request is anything with a ``kind``, ``method``, ``path`` and ``body``
(``Sent``); the caller's ``check`` says what is wrong with an answer, if anything.
In a paced (open-loop) phase request ``i`` is due at ``start + i / rate`` and
its latency runs from that due time, not from when it was actually sent, so a
stalled server or a busy client cannot hide queueing (no coordinated omission).
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from benchmarks.load.client import CLIENT_ERRORS, Sender

REQUEST_TIMEOUT_S = 10.0


class Sent(Protocol):
    """A request planned in advance."""

    @property
    def kind(self) -> str: ...

    @property
    def method(self) -> str: ...

    @property
    def path(self) -> str: ...

    @property
    def body(self) -> bytes: ...


Check = Callable[[Any, int, bytes], str | None]
"""``check(request, status, content)``: what is wrong with the answer, or ``None``."""


@dataclass
class Phase:
    """What one phase saw."""

    latencies: defaultdict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    send_lag: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    first_error: str | None = None
    wall: float = 0.0

    def fail(self, kind: str, detail: str) -> None:
        self.errors[kind] += 1
        self.first_error = self.first_error or detail


async def load(
    senders: Sequence[Sender],
    requests: Sequence[Sent],
    rate: float | None,
    deadline: float,
    check: Check,
) -> Phase:
    """Send ``requests``, one client task per sender: paced at ``rate``, or closed loop.

    Latency runs from the request's due time (paced) or from its sending (closed
    loop) to the whole response read; every response is checked by ``check``.
    """
    phase = Phase()
    queue = iter(enumerate(requests))
    began = time.perf_counter()

    async def one_client(sender: Sender) -> None:
        for i, request in queue:
            due = began + i / rate if rate else time.perf_counter()
            if max(due, time.perf_counter()) > deadline:
                phase.fail("not sent within the time limit", f"request {i}")
                continue
            wait = due - time.perf_counter()
            if wait > 0:
                await asyncio.sleep(wait)
            sent = time.perf_counter()
            phase.send_lag.append(sent - due)
            try:
                async with asyncio.timeout(REQUEST_TIMEOUT_S):
                    status, content = await sender.send(request.method, request.path, request.body)
            except CLIENT_ERRORS as err:
                phase.fail(type(err).__name__, f"request {i}: {err!r}")
                continue
            done = time.perf_counter()
            wrong = check(request, status, content)
            if wrong is None:
                phase.latencies[request.kind].append(done - due)
            else:
                phase.fail(wrong, f"request {i} {request.body!r}: {wrong}: {content[:200]!r}")

    tasks = [asyncio.create_task(one_client(sender)) for sender in senders]
    try:
        async with asyncio.timeout(max(deadline - time.perf_counter(), 0) + REQUEST_TIMEOUT_S):
            await asyncio.gather(*tasks)
    except TimeoutError:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    phase.wall = time.perf_counter() - began
    answered = sum(len(v) for v in phase.latencies.values()) + phase.errors.total()
    if answered < len(requests):
        phase.errors["not finished within the time limit"] += len(requests) - answered
    return phase


def summary(phase: Phase, requests: int, rate: float | None) -> dict[str, Any]:
    """Counts, throughput, latency percentiles (ms), overall and per kind."""
    every = [x for values in phase.latencies.values() for x in values]
    ok = len(every)
    result: dict[str, Any] = {
        "mode": "open loop" if rate else "closed loop",
        "target_rate": rate,
        "requests": requests,
        "ok": ok,
        "errors": phase.errors.total(),
        "error_kinds": dict(phase.errors),
        "first_error": phase.first_error,
        "wall_s": round(phase.wall, 2),
        "req_per_s": round(ok / phase.wall, 1) if phase.wall else 0.0,
        "latency_ms": percentiles(every),
        "send_lag_ms": percentiles(phase.send_lag),
        "per_kind_ms": {k: percentiles(v) for k, v in sorted(phase.latencies.items())},
    }
    return result


def percentiles(seconds: Sequence[float]) -> dict[str, float]:
    """Count, mean and percentiles of latencies in seconds, in milliseconds."""
    if not seconds:
        return {}
    ms = np.asarray(seconds, dtype=np.float64) * 1000
    return {
        "count": len(ms),
        "mean": round(float(ms.mean()), 2),
        "p50": round(float(np.percentile(ms, 50)), 2),
        "p90": round(float(np.percentile(ms, 90)), 2),
        "p99": round(float(np.percentile(ms, 99)), 2),
        "max": round(float(ms.max()), 2),
    }
