"""The ``monsters`` command line: one sub-command per game.

Bad input of any kind prints one line naming the fault and exits with code 2;
no traceback reaches the user.
"""

from __future__ import annotations

import contextlib
import os
import sys

import typer
from typer._click.exceptions import ClickException, NoArgsIsHelpError

from api import (
    manno_tasks_cli,  # noqa: F401  (adds grade, generate, verify, deal to manno)
    monstrolicious_cli,  # noqa: F401  (adds infer to monstrolicious)
)
from api.errors import EXIT_BAD_INPUT, stderr
from api.game_cli import APPS
from api.manno_cli import app as manno_app
from api.settings import SettingError
from api.terminal import EXIT_READER_LEFT
from solver.files import allow_files

app = typer.Typer(
    name="monsters",
    help="Constraint-solver puzzles and hints for monster board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(manno_app, name="manno")
for _name, _game_app in APPS.items():
    app.add_typer(_game_app, name=_name)


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="Address to listen on."),
    port: int = typer.Option(8000, min=1, max=65535, help="Port to listen on."),
    workers: int = typer.Option(1, min=1, help="Worker processes."),
    access_log: bool = typer.Option(True, help="Log every request (costs about 0.2 ms each)."),
    cors: list[str] = typer.Option(
        [],
        metavar="ORIGIN",
        help="A browser front end's origin that may call the API (repeatable; beside"
        " MONSTERS_CORS_ORIGINS).",
    ),
) -> None:
    """Serve the HTTP API with uvicorn (timeouts, limits, CORS: docs/serving.md)."""
    from api.settings import CORS_VARIABLE, with_origins
    from api.transport import serve as run

    with allow_files(False):  # a request never names a file, whatever the command line may
        try:
            if cors:  # the workers read their settings from the environment they inherit
                os.environ[CORS_VARIABLE] = with_origins(os.environ, cors)
            run(host=host, port=port, workers=workers, access_log=access_log)
        except SettingError as err:
            stderr.print(f"error: {err}", markup=False)
            raise typer.Exit(EXIT_BAD_INPUT) from None


def main() -> None:
    """Console-script entry point: usage errors, too, are one line and exit code 2."""
    try:
        with allow_files():  # the user running the command may name their own files
            code = app(standalone_mode=False)
    except NoArgsIsHelpError as err:
        err.show()
        code = 0
    except ClickException as err:
        stderr.print(f"error: {err.format_message()}", markup=False)
        code = EXIT_BAD_INPUT
    except typer.Abort:
        code = 130
    except BrokenPipeError:  # whoever read the table stopped reading (``| head``)
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = EXIT_READER_LEFT
    except OSError as err:  # standard output cannot be written (a full disk, say)
        stderr.print(f"error: cannot write the output: {err.strerror or err}", markup=False)
        code = EXIT_BAD_INPUT
    sys.exit(code if isinstance(code, int) else 0)
