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
run and shut down at its end (docs/scale.md). Ray is imported only here, and
only when the ``ray`` backend is opened.

>>> with open_backend("local") as backend:
...     list(backend.map(abs, [-2, 1, -3]))
[2, 1, 3]
"""

from __future__ import annotations

import collections
import contextlib
import importlib
import os
import secrets
import signal
import sys
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from solver.errors import MonsterError

if TYPE_CHECKING:
    from types import ModuleType

BACKENDS = ("local", "process", "ray")
"""The backend names ``--backend`` takes."""
AHEAD = 2
"""Units queued per worker, so none waits for the driver between units."""
RAY_MISSING = "--backend ray needs Ray, which is not installed: pip install monster-solver[ray]"
PACKAGES = ("solver", "tasks", "api")
"""The distribution's top-level packages, shipped to a cluster's workers where imported."""
ADDRESS_VARIABLE = "RAY_ADDRESS"
"""The environment variable naming a Ray cluster to use (``--ray-address``'s default)."""

U = TypeVar("U")
R = TypeVar("R")
H = TypeVar("H")
Done = Callable[[Any], None]
"""Called with each unit as it finishes."""


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


_END = object()


def _in_order(
    lane: _Lane[H], units: Iterable[U], window: int, done: Callable[[U], None] | None
) -> Generator[Any, None, None]:
    """The results of ``units`` on ``lane`` in order, ``window`` of them queued."""
    source = iter(units)
    order: collections.deque[H] = collections.deque()
    running: dict[H, U] = {}  # submitted, not yet seen to finish

    def fill() -> None:
        while len(order) < window:
            unit = next(source, _END)
            if unit is _END:
                return
            handle = lane.submit(unit)
            order.append(handle)
            running[handle] = unit  # type: ignore[assignment]

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
            if not finished:  # stopped (Ctrl-C) or failed: no unit is worth finishing
                for process in list(pool._processes.values()):
                    process.terminate()
            pool.shutdown(wait=finished, cancel_futures=True)


def _apply(fn: Callable[[Any], Any], unit: Any) -> Any:
    """A Ray task: one unit."""
    return fn(unit)


class _RayLane:
    def __init__(self, ray: ModuleType, fn: Callable[[Any], Any]) -> None:
        self.ray = ray
        self.fn = ray.put(fn)
        self.task = ray.remote(num_cpus=1)(_apply)

    def submit(self, unit: Any) -> Any:
        return self.task.remote(self.fn, unit)

    def wait(self, handles: list[Any]) -> list[Any]:
        first, _ = self.ray.wait(handles, num_returns=1)
        more, _ = self.ray.wait(handles, num_returns=len(handles), timeout=0)
        return list(dict.fromkeys([*first, *more]))

    def result(self, handle: Any) -> Any:
        errors = self.ray.exceptions
        try:
            return self.ray.get(handle)
        except errors.RayTaskError as err:
            cause = err.cause
            if isinstance(cause, Exception) and not isinstance(cause, errors.RayError):
                raise cause from None  # the unit's own error (a MonsterError, say), as raised
            raise BackendError(f"a Ray task failed: {_first_line(err)}") from None
        except errors.RayError as err:
            raise BackendError(f"a Ray task was lost: {_first_line(err)}") from None

    def cancel(self, handles: list[Any]) -> None:
        for handle in handles:
            with contextlib.suppress(Exception):  # finished already, or the cluster is gone
                self.ray.cancel(handle, force=True)


def _first_line(err: BaseException) -> str:
    return next(
        (line.strip() for line in str(err).splitlines() if line.strip()), type(err).__name__
    )


class RayBackend(Backend):
    """The CPUs of a Ray cluster, already joined (``open_backend`` joins it)."""

    name = "ray"
    in_process = False

    def __init__(self, ray: ModuleType) -> None:
        self.ray = ray
        self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))

    def map(
        self,
        fn: Callable[[U], R],
        units: Iterable[U],
        done: Callable[[U], None] | None = None,
        ahead: int = AHEAD,
    ) -> Generator[R, None, None]:
        yield from _in_order(_RayLane(self.ray, fn), units, ahead * self.workers, done)


def pool(workers: int = 1) -> Backend:
    """The backend ``--workers N`` alone asks for: here for 1, else N processes."""
    return Backend() if workers <= 1 else ProcessBackend(workers)


def import_ray() -> ModuleType:
    """The ``ray`` module.

    Raises:
        BackendError: Ray is not installed (``RAY_MISSING``).
    """
    try:
        import ray
    except ImportError:
        raise BackendError(RAY_MISSING) from None
    return ray


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
        with _joined_ray(workers, address) as ray:
            yield RayBackend(ray)


@contextlib.contextmanager
def _joined_ray(workers: int | None, address: str | None) -> Iterator[ModuleType]:
    """Ray, joined to the cluster at ``address`` or to a local one started here."""
    ray = import_ray()
    if ray.is_initialized():
        yield ray
        return
    address = address or os.environ.get(ADDRESS_VARIABLE) or None
    quiet: dict[str, Any] = {"log_to_driver": False, "logging_level": "ERROR"}
    if address is not None:
        try:
            ray.init(address=address, runtime_env=_shipped_code(), **quiet)
        except (ConnectionError, RuntimeError, ValueError) as err:
            raise BackendError(
                f"cannot join the Ray cluster at {address!r}: {_first_line(err)}"
            ) from None
        try:
            yield ray
        finally:
            ray.shutdown()
        return
    with _run_token(ray):
        ray.init(
            num_cpus=workers or os.cpu_count() or 1,
            include_dashboard=False,
            _node_ip_address="127.0.0.1",
            **quiet,
        )
        try:
            yield ray
        finally:
            ray.shutdown()


def _shipped_code() -> dict[str, Any]:
    """The runtime environment a cluster's workers get: the code of this
    distribution's packages (with the data files inside them, read through
    ``importlib.resources``) as the driver has it; no file is named by path."""
    return {"py_modules": [sys.modules[name] for name in PACKAGES if name in sys.modules]}


@contextlib.contextmanager
def _run_token(ray: ModuleType) -> Iterator[None]:
    """A local Ray for one run, guarded by a token of its own: nothing is read from or
    written to ``~/.ray``, and the variables are put back after."""
    names = ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH")
    saved = {name: os.environ.get(name) for name in names}
    os.environ.pop("RAY_AUTH_TOKEN_PATH", None)
    os.environ["RAY_AUTH_MODE"] = "token"
    os.environ["RAY_AUTH_TOKEN"] = secrets.token_hex(32)
    raylet = importlib.import_module("ray._raylet")
    raylet.Config.initialize("")  # Ray read the variables when it was imported: read them again
    raylet.AuthenticationTokenLoader.instance().reset_cache()
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
