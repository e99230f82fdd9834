"""A pool of processes whose workers this process can kill, whatever they run.

``concurrent.futures.ProcessPoolExecutor`` lets a running call finish: neither
``shutdown`` nor ``cancel`` stops one (Python 3.14 adds ``kill_workers``). A
batch stopped by Ctrl-C (``solver.backends``) and a server's heavy call that
outran its time (``api.http.heavy``) must not wait for it. Each worker of a
``Workers`` pool says who it is as it starts, before any call, so the pool
knows its processes without reading the executor's own.

>>> with Workers(1) as pool:
...     pool.submit(abs, -2).result()
2
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.context import BaseContext
from multiprocessing.queues import SimpleQueue
from typing import Any


class Workers(ProcessPoolExecutor):
    """A ``ProcessPoolExecutor`` that can kill its workers (:meth:`kill_workers`).

    Args:
        size: worker processes, started as calls need them.
        context: how they start (``multiprocessing.get_context``); the default one if None.
        initializer: run first in each worker, with ``initargs``.
        initargs: the arguments of ``initializer``.
    """

    def __init__(
        self,
        size: int,
        context: BaseContext | None = None,
        initializer: Callable[..., object] | None = None,
        initargs: tuple[Any, ...] = (),
    ) -> None:
        context = context or multiprocessing.get_context()
        self.started: SimpleQueue[int] = context.SimpleQueue()
        """The id of each worker, put by the worker as it starts."""
        self.known: set[int] = set()
        """The ids read from ``started`` so far."""
        start = (self.started, initializer, initargs)
        super().__init__(size, context, initializer=_start, initargs=start)

    def kill_workers(self) -> None:
        """Kill every worker started so far, at once (without waiting for them to be gone).

        The calls they ran fail (``BrokenProcessPool``); the pool takes no more.
        """
        while not self.started.empty():
            self.known.add(self.started.get())
        for process in multiprocessing.active_children():
            if process.pid in self.known:
                process.kill()


def _start(
    started: SimpleQueue[int], initializer: Callable[..., object] | None, initargs: tuple[Any, ...]
) -> None:
    """In a new worker: say who it is, then run the pool's own initializer."""
    started.put(os.getpid())
    if initializer is not None:
        initializer(*initargs)
