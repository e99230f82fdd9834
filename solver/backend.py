"""What a backend is: the local one every other backend extends, the error a backend
raises, and the in-order runner the process pool and Ray share.

A batch is one function mapped over seeded work units; every backend hands the
results back in the order of the units, whatever order they finish in, so what a
run prints never depends on where it ran (``solver.backends`` opens one by name).

>>> list(Backend().map(abs, [-2, 1, -3]))
[2, 1, 3]
"""

from __future__ import annotations

import collections
import itertools
from collections.abc import Callable, Generator, Iterable
from typing import Any, Protocol, TypeVar

from solver.errors import MonsterError

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


class Lane(Protocol[H]):
    """One ``map`` call's running work, on a pool or a cluster."""

    def submit(self, unit: Any) -> H: ...
    def wait(self, handles: list[H]) -> list[H]: ...
    def result(self, handle: H) -> Any: ...
    def cancel(self, handles: list[H]) -> None: ...


def in_order(
    lane: Lane[H], units: Iterable[U], window: int, done: Callable[[U], None] | None
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
