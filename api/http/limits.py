"""Bounds on solver work: time, workers and a queue for every call.

``SolverGate`` runs every solver call on one of two lanes, each a fixed pool
with a short queue in front. Cheap work (CP-SAT and table answers, checks,
pictures) runs on a pool of threads. Heavy work (the csp engine, generating
tasks: long runs of Python that would hold the interpreter) runs in its own
small pool of processes at a lower CPU priority, so it can take neither the
threads nor the interpreter cheap work needs; its request is read on the
cheap lane first, so bad input and a task the engine refuses as too long
answer at once. A lane whose pool and queue are full answers 503 with
``Retry-After`` at once. A call is due ``seconds`` after it was admitted,
queueing included; the engines read that moment (``solver.deadline``)
and stop by it, so the answer comes in time and the pool is free soon after.
A call still queued when its time is up never runs. A call that outlived its
answer keeps its place until it stops, so its lane admits less meanwhile and
no pool grows past its size; a heavy call that runs on ``KILL_AFTER_S`` past
its time is killed with its process.
"""

from __future__ import annotations

import asyncio
import functools
import math
import multiprocessing
import os
import pickle
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from api.http.problems import RequestTimeoutError
from solver.deadline import due_by
from solver.errors import MonsterError, SolverTimeoutError

T = TypeVar("T")


HEAVY_PROCESSES = 1
"""Processes of the heavy lane; the cheap lane has the rest of the gate's threads."""
HEAVY_NICE = 10
"""How much lower the heavy processes' CPU priority is (``os.nice``)."""
QUEUE_PER_THREAD = 8
"""Calls the cheap lane may hold waiting, per thread."""
HEAVY_QUEUE = 2
"""Calls the heavy lane may hold waiting."""
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
KILL_AFTER_S = 1.0
"""A heavy call still running this long after its answer was due is killed with its process."""


@dataclass(frozen=True)
class Work:
    """What a solver call does, for the service's metrics (``api.http.metrics``).

    Attributes:
        game: ``manno``, ``park``, ``vbm``, ``monstrolicious``.
        engine: what runs: a Manno engine (``cpsat``, ``table``, ``csp``), ``hint``,
            ``render``, ``grade``, ``generate``, ``bot``.
        budget: the seconds a hint was given to think, if it is one.
    """

    game: str
    engine: str
    budget: float | None = None


Done = Callable[[Work, float], None]
"""Told of each solver call that ended: what it was, and the seconds it ran."""
Held = Callable[[str, int], None]
"""Told of each change of a lane: its name, and the calls it now holds."""


class Lane:
    """A fixed pool (threads or processes) and a bounded queue in front of it.

    Args:
        name: what the lane carries (``cheap``, ``heavy``), for messages.
        pool: makes the pool: now, and again should a process of it die.
        size: calls that run at once.
        queue: calls that may wait their turn.
        retry_after: seconds a refused caller is asked to wait.
        held: told of every change of the calls the lane holds.
    """

    def __init__(
        self,
        name: str,
        pool: Callable[[], Executor],
        size: int,
        queue: int,
        retry_after: int,
        held: Held | None = None,
    ) -> None:
        if size < 1 or queue < 0:
            raise ValueError(f"a lane needs a worker and a queue of 0 or more, not {size}")
        self.name = name
        self.size = size
        self.capacity = size + queue
        self.retry_after = retry_after
        self._make = pool
        self.pool = pool()
        self._held = 0
        self._lock = threading.Lock()
        self._watch = held

    @property
    def held(self) -> int:
        """Calls admitted and not yet ended: running, or waiting their turn."""
        return self._held

    def admit(self) -> bool:
        """Take a place in the lane, if one is free."""
        with self._lock:
            if self._held >= self.capacity:
                return False
            self._held += 1
            if self._watch is not None:
                self._watch(self.name, self._held)
            return True

    def leave(self, _: object = None) -> None:
        """Give the place back (the call ended, or will never start)."""
        with self._lock:
            self._held -= 1
            if self._watch is not None:
                self._watch(self.name, self._held)

    def renew(self, broken: Executor) -> None:
        """A new pool for one whose process died (the calls in it failed with it)."""
        with self._lock:
            if self.pool is broken:
                self.pool = self._make()
        broken.shutdown(wait=False, cancel_futures=True)


class SolverGate:
    """Run blocking solver calls off the event loop, on two bounded lanes, within a time.

    Args:
        threads: solver threads and processes in all; ``heavy_processes`` of them
            are the heavy lane's processes (``0``: heavy work shares the threads).
        seconds: the time each call has, from its admission (queueing included).
        heavy_processes: the heavy lane's processes.
        queue: calls the cheap lane holds waiting (``QUEUE_PER_THREAD`` per thread if omitted).
        heavy_queue: calls the heavy lane holds waiting.
        done: told of each call given a :class:`Work` that ended, with the seconds it
            ran (on a thread: the call itself; in a process: from its submission).
        held: told of every change of the calls a lane holds.
    """

    def __init__(
        self,
        threads: int,
        seconds: float,
        heavy_processes: int = HEAVY_PROCESSES,
        queue: int | None = None,
        heavy_queue: int = HEAVY_QUEUE,
        done: Done | None = None,
        held: Held | None = None,
    ) -> None:
        if threads < 1 or seconds <= 0 or heavy_processes < 0:
            raise ValueError(f"a gate needs a thread and a time, not {threads} and {seconds}")
        self.seconds = seconds
        self._stopped = False
        self._done = done
        cheap = max(threads - heavy_processes, 1)
        waiting = QUEUE_PER_THREAD * cheap if queue is None else queue
        self.cheap = Lane("cheap", functools.partial(_threads, cheap), cheap, waiting, 1, held)
        self.heavy = self.cheap
        if heavy_processes:
            pool = functools.partial(_processes, heavy_processes)
            retry = max(1, math.ceil(seconds))
            self.heavy = Lane("heavy", pool, heavy_processes, heavy_queue, retry, held)

    async def run(self, call: Callable[[], T], heavy: bool = False, work: Work | None = None) -> T:
        """The call's result, run on its lane before its time is up.

        A heavy call runs in another process: it and its result must pickle.
        ``work`` names the call for the gate's ``done``.

        Raises:
            RequestTimeoutError: the lane is full (at once), the time ran out while
                the call waited or ran, or the solver itself ran out of time; each
                with the lane's ``retry_after``.
        """
        return await self._run(call, self.heavy if heavy else self.cheap, None, work)

    def run_here(self, call: Callable[[], T]) -> T:
        """A call cheap by construction, run at once on the caller's thread (the event loop).

        For reading, checking and applying a move: work linear in a request
        body the body limit already bounds, which costs less than the hop to a
        solver thread and back. It takes no place in a lane; any solver clock
        it reaches still stops by the request's time.
        """
        return _in_thread(call, time.monotonic() + self.seconds)

    async def run_read(
        self, read: Callable[[], Callable[[], T]], heavy: bool = False, work: Work | None = None
    ) -> T:
        """Read a request on the cheap lane, then run the work it returns on its lane.

        One time covers both: the work is due when the reading was. Heavy work
        takes its place in the heavy lane first, so a full heavy lane refuses it
        before it is read. ``work`` names the work (not the reading) for ``done``.
        """
        due = time.monotonic() + self.seconds
        if not heavy or self.heavy is self.cheap:
            return await self._run(lambda: read()(), self.cheap, due, work)
        _admit(self.heavy)  # a full heavy lane refuses before any reading
        try:
            then = await self._run(read, self.cheap, due)
        except BaseException:
            self.heavy.leave()
            raise
        return await self._run(then, self.heavy, due, work, admitted=True)

    async def _run(
        self,
        call: Callable[[], T],
        lane: Lane,
        due: float | None,
        named: Work | None = None,
        admitted: bool = False,
    ) -> T:
        if not admitted:
            _admit(lane)
        due = time.monotonic() + self.seconds if due is None else due
        pool = lane.pool
        done = None if named is None else self._done
        try:
            if lane is self.cheap:
                if done is None or named is None:
                    work = pool.submit(_in_thread, call, due)
                else:
                    work = pool.submit(_clocked, done, named, call, due)
            else:
                with _main_hidden():  # a heavy process may start here
                    work = pool.submit(_in_process, call, due)
                if done is not None and named is not None:
                    work.add_done_callback(_clock_from(done, named, time.perf_counter()))
        except BaseException as err:
            lane.leave()
            if isinstance(err, BrokenProcessPool):
                lane.renew(pool)
                raise RequestTimeoutError(
                    "the heavy work's process ended", lane.retry_after
                ) from err
            raise
        work.add_done_callback(lane.leave)
        try:
            return await _within(work, due)
        except SolverTimeoutError as err:
            raise RequestTimeoutError(str(err), retry_after=lane.retry_after) from err
        except TimeoutError as err:
            if lane is not self.cheap:
                asyncio.get_running_loop().call_later(KILL_AFTER_S, _reap, lane, pool, work)
            message = f"the request took more than {self.seconds:g} s"
            raise RequestTimeoutError(message, retry_after=lane.retry_after) from err
        except BrokenProcessPool as err:
            lane.renew(pool)
            raise RequestTimeoutError("the heavy work's process ended", lane.retry_after) from err
        finally:
            work.cancel()  # a call that has not started never will; a running one stops by `due`

    @property
    def stopped(self) -> bool:
        """True once :meth:`shutdown` has been called."""
        return self._stopped

    def shutdown(self) -> None:
        """Stop taking work and let the pools end (calls still queued never run)."""
        self._stopped = True
        for lane in (self.cheap, self.heavy):
            lane.pool.shutdown(wait=False, cancel_futures=True)


def _reap(lane: Lane, pool: Executor, work: Future[Any]) -> None:
    """Kill the processes of a pool whose call outran its time, and give the lane a new pool.

    The engines stop by their due time on their own; this bounds whatever does not.
    """
    if work.done():
        return
    # a ProcessPoolExecutor keeps its processes here; there is no public way to end
    # them before Python 3.14's terminate_workers()
    processes = getattr(pool, "_processes", None) or {}
    for process in list(processes.values()):
        process.kill()
    lane.renew(pool)


def _admit(lane: Lane) -> None:
    """Take a place in the lane, or refuse at once."""
    if not lane.admit():
        raise RequestTimeoutError(
            f"the service is busy with {lane.name} work; try again shortly",
            retry_after=lane.retry_after,
        )


def _threads(size: int) -> Executor:
    return ThreadPoolExecutor(size, thread_name_prefix="solver-cheap")


@contextmanager
def _main_hidden() -> Iterator[None]:
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


def _processes(size: int) -> Executor:
    # Forked from a fork server, never from the server itself: its threads must not be
    # copied mid-work. The fork server starts with what heavy work imports.
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(HEAVY_PRELOAD))
    return ProcessPoolExecutor(size, context, initializer=_heavy_start, initargs=(os.getpid(),))


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


async def _within(work: Future[T], due: float) -> T:
    """The work's result, or ``TimeoutError`` at ``due`` (``time.monotonic()``)."""
    async with asyncio.timeout_at(asyncio.get_running_loop().time() + due - time.monotonic()):
        return await asyncio.wrap_future(work)


def _in_thread(call: Callable[[], T], due: float) -> T:
    """On a solver thread: the call, with every solver clock stopping by ``due``."""
    if time.monotonic() >= due:
        raise SolverTimeoutError("the request waited its whole time for the solver")
    with due_by(due):
        return call()


def _clocked(done: Done, work: Work, call: Callable[[], T], due: float) -> T:
    """On a solver thread: the call as ``_in_thread`` runs it, its time told to ``done``."""
    began = time.perf_counter()
    try:
        return _in_thread(call, due)
    finally:
        done(work, time.perf_counter() - began)


def _clock_from(done: Done, work: Work, began: float) -> Callable[[Future[Any]], None]:
    """Tells ``done`` the seconds from ``began`` to the end of a heavy call's future."""

    def ended(_: Future[Any]) -> None:
        done(work, time.perf_counter() - began)

    return ended


def _in_process(call: Callable[[], T], due: float) -> T:
    """In a heavy process: the same, with an error that cannot cross back made plain."""
    try:
        return _in_thread(call, due)
    except MonsterError as err:
        try:
            pickle.loads(pickle.dumps(err))
        except Exception:
            raise MonsterError(str(err)) from None
        raise
