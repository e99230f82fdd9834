"""Serving: uvicorn with the service's connection, body checks and stopping.

``serve`` runs uvicorn with the guarded connection (``api.http.protocol``) and
the connection, keep-alive and shutdown settings; the body checks
(``api.http.body``) sit in the app itself. With several workers
(``Supervisor``) the listening socket closes as soon as the service is told to
stop, so no connection waits in a queue nobody reads, a stop signal during
start-up stops the workers started so far and starts no more, and the workers
share one private directory for their metrics. The access log is the service's own
(``api.http.observe``), not uvicorn's.
"""

from __future__ import annotations

import contextlib
import os
import signal
import tempfile
import time
import weakref
from collections.abc import Iterator
from socket import socket
from types import FrameType

import uvicorn
from uvicorn.supervisors.multiprocess import Multiprocess, Process

from api.http.protocol import GuardedH11Protocol, service_settings
from api.http.settings import ACCESS_LOG_VARIABLE, with_secret


class Supervisor(Multiprocess):
    """uvicorn's worker supervisor, closing the listening socket the moment it is told to stop.

    Without this the parent process keeps the socket open while its workers
    finish, and the system goes on accepting connections nobody will answer.
    A worker that died and was replaced leaves the metrics' gauges (its counts
    stay: they happened).

    A stop signal (``STOP_SIGNALS``) counts the moment it comes, whatever the
    supervisor is doing: no worker starts after it, and no wait for a worker's
    first answer outlasts it. uvicorn's own supervisor started every worker
    before it looked at its signals, then waited on each starting worker's
    first answer for up to ``WORKER_START_SECONDS``, so a stop during start-up
    went unheard for minutes (and, with many workers, forks went on).
    """

    def __init__(self, config: uvicorn.Config, sockets: list[socket]) -> None:
        super().__init__(config, sockets)
        self.answered: weakref.WeakSet[Process] = weakref.WeakSet()
        for stop in STOP_SIGNALS:
            signal.signal(stop, self._stop)

    def _stop(self, sig: int, frame: FrameType | None) -> None:
        self.signal_queue.append(sig)  # uvicorn's own handling logs it
        self.should_exit.set()

    def init_processes(self) -> None:
        for _ in range(self.processes_num):
            if self.should_exit.is_set():
                return
            process = Process(self.config, self.sockets)
            process.start()
            self.processes.append(process)

    def _first_answer(self, process: Process) -> None:
        """Wait for a starting worker's first answer a second at a time, until a stop.

        uvicorn's own check waits for it in one piece; once it has answered,
        its later answers come at once.
        """
        due = time.monotonic() + WORKER_START_SECONDS
        while not self.should_exit.is_set() and time.monotonic() < due:
            if not process.process.is_alive() or process.ping(timeout=1):
                self.answered.add(process)
                return

    def terminate_all(self) -> None:
        for sock in self.sockets:
            sock.close()
        super().terminate_all()

    def keep_subprocess_alive(self) -> None:
        for process in list(self.processes):
            if process not in self.answered:
                self._first_answer(process)
        if self.should_exit.is_set():
            return
        before = {process.pid for process in self.processes}
        super().keep_subprocess_alive()
        gone = before - {process.pid for process in self.processes}
        path = os.environ.get(METRICS_VARIABLE)
        if gone and path:
            from prometheus_client import multiprocess  # only a worker counts; here, it tidies

            for pid in gone:
                multiprocess.mark_process_dead(pid, path)  # type: ignore[no-untyped-call]


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
"""The signals that stop the service (``Ctrl-C``, and what ``timeout``, ``kill`` and
container managers send)."""
WORKER_START_SECONDS = 60
"""How long a worker process may take to start and answer its supervisor: importing
the engines takes seconds, more on a busy machine, and uvicorn's own 5 s had a
loaded machine kill and restart its workers without end."""


METRICS_VARIABLE = "PROMETHEUS_MULTIPROC_DIR"
"""Where prometheus-client's multi-process mode keeps each worker's values."""


@contextlib.contextmanager
def _metrics_dir(workers: int) -> Iterator[None]:
    """With several workers, a fresh private directory for their metrics, removed at the end;
    with one, none (its metrics live in its memory, and no directory of another run counts)."""
    saved = os.environ.pop(METRICS_VARIABLE, None)
    try:
        if workers == 1:
            yield
            return
        with tempfile.TemporaryDirectory(prefix="monsters-metrics-") as path:
            os.environ[METRICS_VARIABLE] = path
            yield
    finally:
        os.environ.pop(METRICS_VARIABLE, None)
        if saved is not None:
            os.environ[METRICS_VARIABLE] = saved


def serve(
    host: str, port: int, workers: int, access_log: bool, app: str = "api.http.app:app"
) -> None:
    """Run the service (``app``) with uvicorn under the transport settings.

    Args:
        host: address to listen on.
        port: port to listen on.
        workers: worker processes; each reads the same ``MONSTERS_*`` settings.
        access_log: log every request, one JSON line each (``api.http.observe``).
        app: the ASGI app to serve, as ``module:name`` (another app than the service's
            is for benchmarks: ``benchmarks.limit`` serves a bare one the same way).

    Raises:
        SettingError: a ``MONSTERS_*`` variable that does not read.
    """
    os.environ[ACCESS_LOG_VARIABLE] = "1" if access_log else "0"  # the workers read it
    with_secret(os.environ)  # one key for every worker: each reads the others' session tokens
    service_settings.cache_clear()
    settings = service_settings()
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        workers=workers,
        access_log=False,  # the service logs each request itself, more cheaply
        http=GuardedH11Protocol,
        ws="none",
        timeout_keep_alive=settings.keep_alive_seconds,
        limit_concurrency=settings.max_connections,
        backlog=settings.backlog,
        timeout_graceful_shutdown=settings.grace_seconds,
        timeout_worker_healthcheck=WORKER_START_SECONDS,
    )
    with _metrics_dir(workers):
        if workers > 1:
            Supervisor(config, sockets=[config.bind_socket()]).run()
        else:
            uvicorn.Server(config).run()
