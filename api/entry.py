"""The ``monsters`` console script: the command line of ``api.cli`` plus ``serve``,
which starts the HTTP service of ``api.http``.

This is the one module that knows both: the command line and the service never
import each other, and both call ``api.services``.
"""

from __future__ import annotations

import os

import typer

from api.cli.app import app
from api.cli.app import main as run_cli
from api.cli.errors import EXIT_BAD_INPUT, stderr
from solver.files import allow_files

__all__ = ["app", "main", "serve"]


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="Address to listen on."),
    port: int = typer.Option(8000, min=1, max=65535, help="Port to listen on."),
    workers: int = typer.Option(1, min=1, help="Worker processes."),
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
    from api.http.settings import CORS_VARIABLE, SettingError, with_origins
    from api.http.transport import serve as run

    with allow_files(False):  # a request never names a file, whatever the command line may
        try:
            if cors:  # the workers read their settings from the environment they inherit
                os.environ[CORS_VARIABLE] = with_origins(os.environ, cors)
            run(host=host, port=port, workers=workers, access_log=access_log)
        except SettingError as err:
            stderr().print(f"error: {err}", markup=False)
            raise typer.Exit(EXIT_BAD_INPUT) from None


def main() -> None:
    """Console-script entry point."""
    run_cli()
