"""The heavy lane's processes: how they start, what they run, and how they end.

Heavy work (the csp engine, generating tasks) runs in a small pool of
processes forked from a fork server that starts with what heavy work imports
(``HEAVY_PRELOAD``), at a lower CPU priority (``HEAVY_NICE``); each process
ends when its server does, however the server went. ``api.http.limits`` runs
the pool as the gate's heavy lane.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import TypeVar

from api.http.timed import in_thread
from solver.errors import MonsterError
from solver.workers import Workers

T = TypeVar("T")

# Not anyio's lanes (read in anyio 4): ``to_thread.run_sync`` under a CapacityLimiter
# gives a thread's place back as soon as its caller is cancelled (``fail_after``) while
# the thread runs on, so the threads grow past the lane's size, and its threads are the
# shared "AnyIO worker thread" pool Starlette uses too; a CapacityLimiter queues its
# waiters without bound, where a full lane must answer 503 at once (docs/serving.md).
# ``to_process.run_sync`` starts each worker as a fresh ``python -m anyio.to_process``
# that runs the server's main script again (no fork server with the engines imported,
# no lower priority; a worker mid-call runs on when the server is killed) and,
# cancellable, kills it at the answer's due time: no grace to stop on its own first
# (``KILL_AFTER_S``), and no place kept while it stops.

HEAVY_NICE = 10
"""How much lower the heavy processes' CPU priority is (``os.nice``)."""
HEAVY_PRELOAD = (
    "api.services.manno",
    "api.http.routers.manno",
    "solver.manno.csp",
    "solver.manno.cpsat",
    "solver.manno.table",
    "tasks.grader",
)
"""Modules the heavy processes start with: what heavy work runs (the service imports
the engines and the grader when first used, so they are named here)."""
WATCH_EVERY_S = 0.5
"""How often a heavy process checks that its server still runs."""


def processes(size: int) -> Executor:
    # Forked from a fork server, never from the server itself: its threads must not be
    # copied mid-work. The fork server starts with what heavy work imports.
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(HEAVY_PRELOAD))
    return Workers(size, context, initializer=_heavy_start, initargs=(os.getpid(),))


def kill_processes(pool: Executor) -> None:
    """Kill the processes of a pool at once, whatever they run (threads have none)."""
    if isinstance(pool, Workers):
        pool.kill_workers()


@contextmanager
def main_hidden() -> Iterator[None]:
    """While heavy processes start: the main module out of sight, so they do not run it.

    A new process of ``multiprocessing`` runs the parent's main script or module
    again unless it is guarded; a server's main need not be (or even exist, when
    read from standard input). The heavy processes need nothing from it. Processes
    start only inside ``submit``, on the event loop's thread.
    """
    main = sys.modules.get("__main__")
    if main is None:
        yield
        return
    saved = {name: main.__dict__.pop(name) for name in ("__file__",) if name in main.__dict__}
    spec = getattr(main, "__spec__", None)
    main.__spec__ = None
    try:
        yield
    finally:
        main.__dict__.update(saved)
        main.__spec__ = spec


def _heavy_start(server: int) -> None:
    """In a new heavy process: a lower CPU priority, and an end when ``server`` ends.

    Nothing else would end it: it keeps an end of its own work queue open, so it
    never sees the server go, however the server went (killed, too).
    """
    os.nice(HEAVY_NICE)

    def watch() -> None:
        while not _ended(server):
            time.sleep(WATCH_EVERY_S)
        os._exit(0)

    threading.Thread(target=watch, name="heavy-watch", daemon=True).start()


def _ended(pid: int) -> bool:
    """Whether a process has ended: gone, or a zombie its parent has not yet reaped."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rpartition(b")")[2].split()[0] in (b"Z", b"X")
    except FileNotFoundError:
        return True
    except OSError:  # no /proc here: ask the process itself
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        except PermissionError:  # another user's process took the number
            return True
        return False


def in_process(call: Callable[[], T], due: float) -> T:
    """In a heavy process: the call as ``in_thread`` runs it, with an error that cannot
    cross back made plain."""
    try:
        return in_thread(call, due)
    except MonsterError as err:
        try:
            pickle.loads(pickle.dumps(err))
        except Exception:
            raise MonsterError(str(err)) from None
        raise
