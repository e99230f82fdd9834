"""The ``monsters`` command line: one sub-command per game (``serve`` is added by
``api.entry``, which alone knows both the command line and the HTTP service).

Bad input of any kind prints one line naming the fault and exits with code 2;
no traceback reaches the user.
"""

from __future__ import annotations

import contextlib
import os
import sys

import typer
from typer._click.exceptions import ClickException, NoArgsIsHelpError

from api.cli import (
    manno_tasks,  # noqa: F401  (adds grade, generate, verify, deal to manno)
    monstrolicious,  # noqa: F401  (adds infer to monstrolicious)
)
from api.cli.errors import EXIT_BAD_INPUT, stderr
from api.cli.games import APPS
from api.cli.manno import app as manno_app
from api.cli.terminal import EXIT_READER_LEFT
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


def main() -> None:
    """Runs the command line: usage errors, too, are one line and exit code 2."""
    try:
        with allow_files():  # the user running the command may name their own files
            code = app(standalone_mode=False)
    except NoArgsIsHelpError as err:
        err.show()
        code = 0
    except ClickException as err:
        stderr().print(f"error: {err.format_message()}", markup=False)
        code = EXIT_BAD_INPUT
    except typer.Abort:
        code = 130
    except BrokenPipeError:  # whoever read the table stopped reading (``| head``)
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = EXIT_READER_LEFT
    except OSError as err:  # standard output cannot be written (a full disk, say)
        stderr().print(f"error: cannot write the output: {err.strerror or err}", markup=False)
        code = EXIT_BAD_INPUT
    sys.exit(code if isinstance(code, int) else 0)
