"""``GET /metrics``: the service's counters in the Prometheus text format.

Every label has a bounded set of values, whatever clients send: a route is its
template (``/v1/sessions/{session}``) or ``unmatched``, a method one of
``api.http.observe.METHODS`` or ``other``, a game and an engine the service's
own names.

============================================  =====================================
``monsters_requests_total``                   answered requests, by method, route, status
``monsters_request_seconds``                  their time in the service (histogram), same labels
``monsters_solver_seconds``                   time solver calls ran (histogram), by game, engine
``monsters_hint_budget_overruns_total``       game hints that ran longer than their budget, by game
``monsters_hint_cache_total``                 hint cache look-ups, by game, result (hit, miss)
``monsters_gate_calls``                       solver calls waiting or running, by lane
============================================  =====================================

With several workers (``monsters serve --workers N``) each worker writes its
values to files in ``PROMETHEUS_MULTIPROC_DIR`` (``api.http.transport.serve``
makes a private directory for the run and removes it after), and whichever
worker answers ``/metrics`` reads all of them: the counts are the service's,
not one worker's. A worker that stops takes its gauge values with it
(:func:`worker_stopped`).
"""

from __future__ import annotations

import os

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)
from starlette.responses import Response

from api.http.limits import Work

MULTIPROCESS_VARIABLE = "PROMETHEUS_MULTIPROC_DIR"
REQUEST_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
SOLVER_BUCKETS = (0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

REGISTRY = CollectorRegistry(auto_describe=False)
"""This process's metrics (with one worker, what ``/metrics`` shows)."""
REQUESTS = Counter(
    "monsters_requests",
    "HTTP requests answered, by method, route template and status.",
    ["method", "route", "status"],
    registry=REGISTRY,
)
LATENCY = Histogram(
    "monsters_request_seconds",
    "Seconds from a request's arrival in the service to the end of its answer.",
    ["method", "route", "status"],
    buckets=REQUEST_BUCKETS,
    registry=REGISTRY,
)
SOLVER = Histogram(
    "monsters_solver_seconds",
    "Seconds solver calls ran, by game and engine.",
    ["game", "engine"],
    buckets=SOLVER_BUCKETS,
    registry=REGISTRY,
)
OVERRUNS = Counter(
    "monsters_hint_budget_overruns",
    "Game hints that ran longer than the budget they were given.",
    ["game"],
    registry=REGISTRY,
)
HINT_CACHE = Counter(
    "monsters_hint_cache",
    "Game hints looked up in the worker's hint cache, by game and result (hit or miss).",
    ["game", "result"],
    registry=REGISTRY,
)
GATE = Gauge(
    "monsters_gate_calls",
    "Solver calls waiting or running in the solver gate, by lane.",
    ["lane"],
    multiprocess_mode="livesum",
    registry=REGISTRY,
)

_requests: dict[tuple[str, str, int], tuple[Counter, Histogram]] = {}


def record_request(method: str, route: str, status: int, seconds: float) -> None:
    """Count one answered request (``api.http.observe.Observe`` calls it for each)."""
    key = (method, route, status)
    pair = _requests.get(key)
    if pair is None:
        labels = (method, route, str(status))
        pair = _requests.setdefault(key, (REQUESTS.labels(*labels), LATENCY.labels(*labels)))
    pair[0].inc()
    pair[1].observe(seconds)


def solver_done(work: Work, seconds: float) -> None:
    """Count one solver call that ran ``seconds`` (``SolverGate`` calls it), and an
    overrun if it was a hint that took longer than its budget."""
    SOLVER.labels(work.game, work.engine).observe(seconds)
    if work.budget is not None and seconds > work.budget:
        OVERRUNS.labels(work.game).inc()


def hint_looked_up(game: str, hit: bool) -> None:
    """Count one look-up of a ``game`` hint in the hint cache, found or not."""
    HINT_CACHE.labels(game, "hit" if hit else "miss").inc()


def gate_held(lane: str, held: int) -> None:
    """The solver gate's ``lane`` now holds ``held`` calls."""
    GATE.labels(lane).set(held)


def multiprocess_dir() -> str | None:
    """Where the workers write their values, when there are several (else ``None``)."""
    return os.environ.get(MULTIPROCESS_VARIABLE) or None


def exposition() -> Response:
    """The answer of ``GET /metrics``: every worker's values when there are several."""
    path = multiprocess_dir()
    registry = REGISTRY
    if path is not None:
        registry = CollectorRegistry(auto_describe=False)
        multiprocess.MultiProcessCollector(registry, path)  # type: ignore[no-untyped-call]
    return Response(generate_latest(registry), media_type=CONTENT_TYPE_LATEST)


def worker_stopped() -> None:
    """This worker ends: its gauges leave the sum (its counts stay, they happened)."""
    path = multiprocess_dir()
    if path is not None:
        multiprocess.mark_process_dead(os.getpid(), path)  # type: ignore[no-untyped-call]
