"""The ``monsters`` console script: the command line of ``api.cli`` plus ``serve``,
which starts the HTTP service of ``api.http``.

This is the one module that knows both: the command line and the service never
import each other, and both call ``api.services``.

Loading this module loads nothing else: the command line is loaded by :func:`main`,
so Ctrl-C while it is still loading exits 130 with no traceback, as it does later.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from api.cli.spec import Command

__all__ = ["main", "run", "serve_command"]

WORKERS_PER_CPU = 4
"""Most ``serve`` worker processes per CPU: each holds the engines and its solver
threads, so more than a few per CPU only queue for the CPU and take memory."""


def max_workers() -> int:
    """The most worker processes ``monsters serve`` starts on this machine."""
    return WORKERS_PER_CPU * (os.cpu_count() or 1)


def serve(host: str, port: int, workers: int, access_log: bool, cors: list[str]) -> None:
    """Serve the HTTP API with uvicorn (timeouts, limits, CORS: docs/serving.md)."""
    from api.cli.errors import fail
    from solver.files import allow_files

    if workers > max_workers():
        most = f"at most {WORKERS_PER_CPU} per CPU ({max_workers()} here)"
        raise fail(f"--workers is {most}, not {workers}")
    from api.http.settings import CORS_VARIABLE, SettingError, with_origins
    from api.http.transport import serve as run_service

    with allow_files(False):  # a request never names a file, whatever the command line may
        try:
            if cors:  # the workers read their settings from the environment they inherit
                os.environ[CORS_VARIABLE] = with_origins(os.environ, cors)
            run_service(host=host, port=port, workers=workers, access_log=access_log)
        except SettingError as err:
            raise fail(str(err)) from None


def serve_command() -> Command:
    """``monsters serve``, beside the command groups of ``api.cli``."""
    from api.cli.spec import Command, option

    return Command(
        "serve",
        "Serve the HTTP API with uvicorn (timeouts, limits, CORS: docs/serving.md).",
        serve,
        (
            option("--host", "Address to listen on.", default="127.0.0.1"),
            option("--port", "Port to listen on.", kind=int, default=8000, low=1, high=65535),
            option(
                "--workers",
                f"Worker processes: at most {WORKERS_PER_CPU} per CPU ({max_workers()} here).",
                kind=int,
                default=1,
                low=1,
            ),
            option(
                "--access-log",
                "Log every request: one JSON line each on standard error (docs/serving.md).",
                kind=bool,
                default=True,
                negatable=True,
            ),
            option(
                "--cors",
                "A browser front end's origin that may call the API (repeatable; beside"
                " MONSTERS_CORS_ORIGINS).",
                many=True,
                metavar="ORIGIN",
            ),
        ),
    )


def run(argv: Sequence[str]) -> int:
    """Run the whole command line, every group and ``serve``, on ``argv``; return its
    exit code (what a test calls in place of the console script)."""
    from api.cli.app import run as run_cli

    return run_cli(argv, [serve_command])


def main() -> None:
    """Console-script entry point."""
    try:
        from api.cli.app import main as run_cli
    except KeyboardInterrupt:  # Ctrl-C while the command line is still loading
        sys.exit(130)
    run_cli([serve_command])
