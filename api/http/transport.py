"""Serving: uvicorn with the service's connection, body checks and stopping.

``serve`` runs uvicorn with the guarded connection (``api.http.protocol``) and
the connection, keep-alive and shutdown settings; the body checks
(``api.http.body``) sit in the app itself. With several workers
(``Supervisor``) the listening socket closes as soon as the service is told to
stop, so no connection waits in a queue nobody reads, and the workers share one
private directory for their metrics. The access log is the service's own
(``api.http.observe``), not uvicorn's.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator

import uvicorn
from uvicorn.supervisors.multiprocess import Multiprocess

from api.http.protocol import GuardedH11Protocol, service_settings
from api.http.settings import ACCESS_LOG_VARIABLE


class Supervisor(Multiprocess):
    """uvicorn's worker supervisor, closing the listening socket the moment it is told to stop.

    Without this the parent process keeps the socket open while its workers
    finish, and the system goes on accepting connections nobody will answer.
    A worker that died and was replaced leaves the metrics' gauges (its counts
    stay: they happened).
    """

    def terminate_all(self) -> None:
        for sock in self.sockets:
            sock.close()
        super().terminate_all()

    def keep_subprocess_alive(self) -> None:
        before = {process.pid for process in self.processes}
        super().keep_subprocess_alive()
        gone = before - {process.pid for process in self.processes}
        path = os.environ.get(METRICS_VARIABLE)
        if gone and path:
            from prometheus_client import multiprocess  # only a worker counts; here, it tidies

            for pid in gone:
                multiprocess.mark_process_dead(pid, path)  # type: ignore[no-untyped-call]


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


def serve(host: str, port: int, workers: int, access_log: bool) -> None:
    """Run the service (``api.http.app:app``) with uvicorn under the transport settings.

    Args:
        host: address to listen on.
        port: port to listen on.
        workers: worker processes; each reads the same ``MONSTERS_*`` settings.
        access_log: log every request, one JSON line each (``api.http.observe``).

    Raises:
        SettingError: a ``MONSTERS_*`` variable that does not read.
    """
    os.environ[ACCESS_LOG_VARIABLE] = "1" if access_log else "0"  # the workers read it
    service_settings.cache_clear()
    settings = service_settings()
    config = uvicorn.Config(
        "api.http.app:app",
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
