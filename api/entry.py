"""The ``monsters`` console script: the command line of ``api.cli`` plus ``serve``,
which starts the HTTP service of ``api.http``.

This is the one module that knows both: the command line and the service never
import each other, and both call ``api.services``.

Loading this module loads nothing else: the command line is loaded by :func:`main`,
so Ctrl-C while it is still loading exits 130 with no traceback, as it does later.
"""

from __future__ import annotations

import functools
import os
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import typer

__all__ = ["add_serve", "main"]

WORKERS_PER_CPU = 4
"""Most ``serve`` worker processes per CPU: each holds the engines and its solver
threads, so more than a few per CPU only queue for the CPU and take memory."""


def max_workers() -> int:
    """The most worker processes ``monsters serve`` starts on this machine."""
    return WORKERS_PER_CPU * (os.cpu_count() or 1)


def add_serve(app: typer.Typer) -> None:
    """Adds the ``serve`` command to the command line ``app``."""
    import typer

    from api.cli.errors import fail
    from solver.files import allow_files

    @app.command()
    def serve(
        host: str = typer.Option("127.0.0.1", help="Address to listen on."),
        port: int = typer.Option(8000, min=1, max=65535, help="Port to listen on."),
        workers: int = typer.Option(
            1,
            min=1,
            help=f"Worker processes: at most {WORKERS_PER_CPU} per CPU ({max_workers()} here).",
        ),
        access_log: bool = typer.Option(
            True, help="Log every request: one JSON line each on standard error (docs/serving.md)."
        ),
        cors: list[str] = typer.Option(
            [],
            metavar="ORIGIN",
            help="A browser front end's origin that may call the API (repeatable; beside"
            " MONSTERS_CORS_ORIGINS).",
        ),
    ) -> None:
        """Serve the HTTP API with uvicorn (timeouts, limits, CORS: docs/serving.md)."""
        if workers > max_workers():
            most = f"at most {WORKERS_PER_CPU} per CPU ({max_workers()} here)"
            raise fail(f"--workers is {most}, not {workers}")
        from api.http.settings import CORS_VARIABLE, SettingError, with_origins
        from api.http.transport import serve as run

        with allow_files(False):  # a request never names a file, whatever the command line may
            try:
                if cors:  # the workers read their settings from the environment they inherit
                    os.environ[CORS_VARIABLE] = with_origins(os.environ, cors)
                run(host=host, port=port, workers=workers, access_log=access_log)
            except SettingError as err:
                raise fail(str(err)) from None


@functools.cache
def _whole_app() -> typer.Typer:
    from api.cli.app import command_line

    return command_line((), [add_serve])


def __getattr__(name: str) -> Any:
    """``app``: the whole command line, every group and ``serve`` (built when first used)."""
    if name == "app":
        return _whole_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    """Console-script entry point."""
    try:
        from api.cli.app import main as run_cli
    except KeyboardInterrupt:  # Ctrl-C while the command line is still loading
        sys.exit(130)
    run_cli([add_serve])
