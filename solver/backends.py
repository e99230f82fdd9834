"""Where batch work runs: here, in a pool of processes, or on a Ray cluster.

A batch is one function mapped over seeded work units: a chunk of games
(``solver.arena``), a block of generator candidates (``tasks.generator``), a
slice of a catalogue (``tasks.verify``), a few lines to grade
(``tasks.batch``). Every backend hands the results back in the order of the
units, whatever order they finish in, so what a run prints never depends on
where it ran; only how long it takes does. A unit that finishes is reported at
once (``done``), in or out of order, so a progress bar moves with the work.

``local`` runs each unit in this process (``solver.backend``, what every backend
is); ``process`` keeps ``workers`` processes busy; ``ray`` sends the units to a
Ray cluster: the one ``--ray-address`` (or ``RAY_ADDRESS``) names, or a local
one started for the run and shut down at its end (``solver.ray_backend``,
docs/scale.md). Ray is imported only when the ``ray`` backend is opened.

>>> with open_backend("local") as backend:
...     list(backend.map(abs, [-2, 1, -3]))
[2, 1, 3]
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, wait
from typing import Any

from solver.backend import AHEAD, Backend, BackendError, R, U, in_order
from solver.ray_backend import RayBackend, joined
from solver.workers import Workers

BACKENDS = ("local", "process", "ray")
"""The backend names ``--backend`` takes."""


def _ignore_interrupts() -> None:
    """In a worker process: Ctrl-C is the parent's to handle, not the worker's."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _PoolLane:
    def __init__(self, pool: Workers, fn: Callable[[Any], Any]) -> None:
        self.pool, self.fn = pool, fn

    def submit(self, unit: Any) -> Future[Any]:
        return self.pool.submit(self.fn, unit)

    def wait(self, handles: list[Future[Any]]) -> list[Future[Any]]:
        finished, _ = wait(handles, return_when=FIRST_COMPLETED)
        return [h for h in handles if h in finished]

    def result(self, handle: Future[Any]) -> Any:
        return handle.result()

    def cancel(self, handles: list[Future[Any]]) -> None:
        for handle in handles:
            handle.cancel()


class ProcessBackend(Backend):
    """``workers`` processes of this machine, a new pool for each ``map``."""

    name = "process"
    in_process = False

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def map(
        self,
        fn: Callable[[U], R],
        units: Iterable[U],
        done: Callable[[U], None] | None = None,
        ahead: int = AHEAD,
    ) -> Generator[R, None, None]:
        pool = Workers(self.workers, initializer=_ignore_interrupts)
        finished = False
        try:
            yield from in_order(_PoolLane(pool, fn), units, ahead * self.workers, done)
            finished = True
        except GeneratorExit:
            finished = True  # the caller has all it wants: let running units end
            raise
        finally:
            if not finished:  # stopped (Ctrl-C) or failed: no unit is worth finishing
                pool.kill_workers()
            pool.shutdown(wait=finished, cancel_futures=True)


def pool(workers: int = 1) -> Backend:
    """The backend ``--workers N`` alone asks for: here for 1, else N processes."""
    return Backend() if workers <= 1 else ProcessBackend(workers)


@contextlib.contextmanager
def open_backend(
    name: str | None = None, workers: int | None = None, address: str | None = None
) -> Iterator[Backend]:
    """The backend ``name`` names, ready for the block and released after it.

    Args:
        name: ``local``, ``process`` or ``ray``; None: ``local`` for one worker
            (or none named), ``process`` for more.
        workers: processes (``process``), or the CPUs of a local Ray started
            for the block; None: this machine's CPU count (one for ``local``).
        address: the Ray cluster to join (None: ``RAY_ADDRESS``, and without it
            a local Ray for the block). A Ray already joined by this process
            is used as it is, and left running.

    Raises:
        BackendError: an unknown name, ``local`` with several workers, Ray not
            installed, or a cluster that cannot be reached.
    """
    if name is None:
        name = "process" if workers is not None and workers > 1 else "local"
    if name not in BACKENDS:
        raise BackendError(f"unknown backend {name!r} (choose from {', '.join(BACKENDS)})")
    if name == "local":
        if workers is not None and workers > 1:
            raise BackendError(
                "the local backend runs in this one process: drop --workers,"
                " or choose --backend process or ray"
            )
        yield Backend()
    elif name == "process":
        yield ProcessBackend(workers or os.cpu_count() or 1)
    else:
        with joined(workers, address) as ray:
            yield RayBackend(ray)
