"""The Ray backend of ``solver.backends``: work units as Ray tasks on a cluster.

``joined`` joins the cluster ``--ray-address`` (or ``RAY_ADDRESS``) names,
shipping this distribution's code to its workers, or starts a local Ray for
the run, guarded by a token of its own and shut down at its end with every
process it started (docs/scale.md). Ray itself is imported only when a
backend is opened, never by importing this module.
"""

from __future__ import annotations

import contextlib
import functools
import os
import secrets
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from solver.backend import AHEAD, Backend, BackendError, R, U, in_order

RAY_MISSING = "--backend ray needs Ray, which is not installed: pip install monster-solver[ray]"
PACKAGES = ("solver", "tasks", "api")
"""The distribution's top-level packages, shipped to a cluster's workers where imported."""
ADDRESS_VARIABLE = "RAY_ADDRESS"
"""The environment variable naming a Ray cluster to use (``--ray-address``'s default)."""


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
        """Nothing: the tasks left end with the run. A local Ray is shut down with
        its workers; a cluster ends the tasks of a driver that leaves it. (``ray.cancel``
        races a task finishing at that moment: Ray 2.60 then aborts the driver with
        "Tried to complete task that was not pending".)"""


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
        yield from in_order(_RayLane(self.ray, fn), units, ahead * self.workers, done)


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
def joined(workers: int | None, address: str | None) -> Iterator[ModuleType]:
    """Ray, joined to the cluster at ``address`` or to a local one started here."""
    ray = import_ray()
    if ray.is_initialized():
        yield ray
        return
    address = address or os.environ.get(ADDRESS_VARIABLE) or None
    quiet: dict[str, Any] = {"log_to_driver": False, "logging_level": "ERROR"}
    if address is not None:
        try:
            with _stderr_held():  # Ray's own lines while it tries: the error says it in one
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
    before = _descendants()
    with _run_token():
        try:  # stopped while it starts, what has started is stopped too
            ray.init(
                num_cpus=workers or os.cpu_count() or 1,
                include_dashboard=False,
                **quiet,
            )
            yield ray
        finally:
            started = _descendants() - before
            ray.shutdown()
            _end(started)


@contextlib.contextmanager
def _stderr_held() -> Iterator[None]:
    """Standard error (the file descriptor, which Ray's C++ core writes to) set aside."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with tempfile.TemporaryFile() as held:
            os.dup2(held.fileno(), 2)
            try:
                yield
            finally:
                os.dup2(saved, 2)
    finally:
        os.close(saved)


def _descendants() -> set[int]:
    """The ids of this process's children, theirs, and so on (read from ``/proc``;
    none are known where there is no ``/proc``)."""
    parents: dict[int, list[int]] = {}
    with contextlib.suppress(OSError):
        for entry in os.scandir("/proc"):
            if entry.name.isdigit():
                with contextlib.suppress(OSError, IndexError, ValueError):
                    stat = Path(entry.path, "stat").read_text()
                    parent = int(stat.rpartition(")")[2].split()[1])
                    parents.setdefault(parent, []).append(int(entry.name))
    found: set[int] = set()
    todo = [os.getpid()]
    while todo:
        for child in parents.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def _end(pids: set[int], grace: float = 3.0) -> None:
    """Stop the processes of a local Ray that its shutdown left running (Ctrl-C while
    it was starting leaves some): SIGTERM, then SIGKILL after ``grace`` seconds."""
    pids = {pid for pid in pids if _running(pid)}
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    while pids and time.monotonic() < deadline:
        time.sleep(0.05)
        pids = {pid for pid in pids if _running(pid)}
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def _running(pid: int) -> bool:
    """Whether process ``pid`` still runs (a child of ours that has ended is reaped)."""
    with contextlib.suppress(ChildProcessError):
        ended, _ = os.waitpid(pid, os.WNOHANG)
        return ended == 0
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


def _shipped_code() -> dict[str, Any]:
    """The runtime environment a cluster's workers get: the code of this
    distribution's packages (with the data files inside them, read through
    ``importlib.resources``) as the driver has it; no file is named by path."""
    return {"py_modules": [sys.modules[name] for name in PACKAGES if name in sys.modules]}


@functools.cache
def _token() -> str:
    """The token of every local Ray this process starts: Ray keeps the first token it
    reads for the rest of the process, so a second local Ray must have the same one."""
    return secrets.token_hex(32)


@contextlib.contextmanager
def _run_token() -> Iterator[None]:
    """A local Ray guarded by a token of this process's own: nothing is read from or
    written to ``~/.ray``, and the variables are put back after.

    ``RAY_AUTH_MODE`` is left unset: ``ray.init`` then guards the new local Ray with
    the token (Ray 2.59 on) and reads its settings again, so a mode read when Ray
    was imported (``disabled``, say) does not stand in the way.
    """
    names = ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH")
    saved = {name: os.environ.get(name) for name in names}
    os.environ.pop("RAY_AUTH_MODE", None)
    os.environ.pop("RAY_AUTH_TOKEN_PATH", None)
    os.environ["RAY_AUTH_TOKEN"] = _token()
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
