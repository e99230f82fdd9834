"""Where batch work runs: here, in a pool of processes, or on a Ray cluster.

A batch is one function mapped over seeded work units: a chunk of games
(``solver.arena``), a block of generator candidates (``tasks.generator``), a
slice of a catalogue (``tasks.verify``), a few lines to grade
(``tasks.batch``). Every backend hands the results back in the order of the
units, whatever order they finish in, so what a run prints never depends on
where it ran; only how long it takes does. A unit that finishes is reported at
once (``done``), in or out of order, so a progress bar moves with the work.

``local`` runs each unit in this process; ``process`` keeps ``workers``
processes busy; ``ray`` sends the units to a Ray cluster: the one
``--ray-address`` (or ``RAY_ADDRESS``) names, or a local one started for the
run and shut down at its end (``solver.ray_backend``, docs/scale.md). Ray is
imported only when the ``ray`` backend is opened.

>>> with open_backend("local") as backend:
...     list(backend.map(abs, [-2, 1, -3]))
[2, 1, 3]
"""

from __future__ import annotations

import collections
import contextlib
import itertools
import os
import signal
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Protocol, TypeVar

from solver.errors import MonsterError

BACKENDS = ("local", "process", "ray")
"""The backend names ``--backend`` takes."""
AHEAD = 2
"""Units queued per worker, so none waits for the driver between units."""

U = TypeVar("U")
R = TypeVar("R")
H = TypeVar("H")


class BackendError(MonsterError):
    """The backend cannot run the work: Ray missing or unreachable, or a task lost."""


class Backend:
    """Runs a function over work units in order: here, one unit after another."""

    name = "local"
    workers = 1
    """How many units run at once."""
    in_process = True
    """Units run in this process, so they may carry what cannot be sent elsewhere."""

    def map(
        self,
        fn: Callable[[U], R],
        units: Iterable[U],
        done: Callable[[U], None] | None = None,
        ahead: int = AHEAD,
    ) -> Generator[R, None, None]:
        """``fn(unit)`` for each unit, in the units' order.

        Args:
            fn: a module-level function (or a ``functools.partial`` of one), so
                another process can import it; it must not read this
                process's state.
            units: the work units; read lazily, at most ``ahead * workers``
                beyond the last result taken, so they may go on for ever.
            done: called with each unit as it finishes.
            ahead: units queued per worker.
        """
        for unit in units:
            result = fn(unit)
            if done is not None:
                done(unit)
            yield result


class _Lane(Protocol[H]):
    """One ``map`` call's running work, on a pool or a cluster."""

    def submit(self, unit: Any) -> H: ...
    def wait(self, handles: list[H]) -> list[H]: ...
    def result(self, handle: H) -> Any: ...
    def cancel(self, handles: list[H]) -> None: ...


def _in_order(
    lane: _Lane[H], units: Iterable[U], window: int, done: Callable[[U], None] | None
) -> Generator[Any, None, None]:
    """The results of ``units`` on ``lane`` in order, ``window`` of them queued."""
    source = iter(units)
    order: collections.deque[H] = collections.deque()
    running: dict[H, U] = {}  # submitted, not yet seen to finish

    def fill() -> None:
        for unit in itertools.islice(source, max(0, window - len(order))):
            handle = lane.submit(unit)
            order.append(handle)
            running[handle] = unit

    try:
        fill()
        while order:
            head = order[0]
            while head in running:
                for handle in lane.wait(list(running)):
                    unit = running.pop(handle)
                    if done is not None:
                        done(unit)
            order.popleft()
            result = lane.result(head)
            fill()  # the workers go on while the caller reads the result
            yield result
    finally:
        lane.cancel(list(order))  # the run is over, or stopped: drop what is left


def _ignore_interrupts() -> None:
    """In a worker process: Ctrl-C is the parent's to handle, not the worker's."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _PoolLane:
    def __init__(self, pool: ProcessPoolExecutor, fn: Callable[[Any], Any]) -> None:
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
        pool = ProcessPoolExecutor(self.workers, initializer=_ignore_interrupts)
        finished = False
        try:
            yield from _in_order(_PoolLane(pool, fn), units, ahead * self.workers, done)
            finished = True
        except GeneratorExit:
            finished = True  # the caller has all it wants: let running units end
            raise
        finally:
            workers = list((pool._processes or {}).values()) if not finished else []
            for process in workers:  # stopped (Ctrl-C) or failed: no unit is worth finishing
                process.terminate()
            for process in workers:
                process.join(timeout=5)
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
        from solver.ray_backend import RayBackend, joined

        with joined(workers, address) as ray:
            yield RayBackend(ray)
