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
its time is killed with its process. The heavy lane's processes are
``api.http.heavy``'s; running one call by its due time, ``api.http.timed``.
"""

from __future__ import annotations

import asyncio
import functools
import math
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, TypeVar

from api.http.heavy import in_process, kill_processes, main_hidden, processes
from api.http.problems import RequestTimeoutError
from api.http.timed import clock_from, clocked, in_thread, within
from solver.errors import SolverTimeoutError

T = TypeVar("T")

HEAVY_PROCESSES = 1
"""Processes of the heavy lane; the cheap lane has the rest of the gate's threads."""
QUEUE_PER_THREAD = 8
"""Calls the cheap lane may hold waiting, per thread."""
HEAVY_QUEUE = 2
"""Calls the heavy lane may hold waiting."""
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
            pool = functools.partial(processes, heavy_processes)
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
        return in_thread(call, time.monotonic() + self.seconds)

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
                    work = pool.submit(in_thread, call, due)
                else:
                    work = pool.submit(clocked, done, named, call, due)
            else:
                with main_hidden():  # a heavy process may start here
                    work = pool.submit(in_process, call, due)
                if done is not None and named is not None:
                    work.add_done_callback(clock_from(done, named, time.perf_counter()))
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
            return await within(work, due)
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
    kill_processes(pool)
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
