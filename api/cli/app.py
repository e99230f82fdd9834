"""The ``monsters`` command line: one sub-command per game (``serve`` is added by
``api.entry``, which alone knows both the command line and the HTTP service).

Only the command group the command line names is built (``monsters vbm ...`` never
loads Manno's commands); ``monsters --help``, and a command line naming no group,
get every group, so the help and a mistyped name's error list them all.

Bad input of any kind prints one line naming the fault and exits with code 2;
no traceback reaches the user.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
from collections.abc import Callable, Iterable, Sequence

import typer
from typer._click.exceptions import ClickException, NoArgsIsHelpError

from api.cli.errors import EXIT_BAD_INPUT, stderr
from api.cli.terminal import EXIT_READER_LEFT
from solver.files import allow_files

Command = Callable[[typer.Typer], object]
"""Adds one command to the ``monsters`` app (``api.entry``'s ``serve``)."""

MANNO = "manno"
"""The command group of Manno Monster, which is no rules-engine game."""

COMMANDS_OF = {"manno": "api.cli.manno_tasks", "monstrolicious": "api.cli.monstrolicious"}
"""The modules that add commands to a group when imported (grade, ... to manno; infer)."""


def groups() -> tuple[str, ...]:
    """Every command group, in the order the help lists them (the games' registry is
    loaded here, not by Manno's commands, which never need it)."""
    from solver.game import GAMES

    return (MANNO, *GAMES)


def group(name: str) -> typer.Typer:
    """The command group ``name`` with all its commands, its modules imported now."""
    if name in COMMANDS_OF:
        importlib.import_module(COMMANDS_OF[name])
    if name == MANNO:
        from api.cli.manno import app as manno_app

        return manno_app
    from api.cli.games import APPS

    return APPS[name]


def command_line(argv: Sequence[str], commands: Iterable[Command] = ()) -> typer.Typer:
    """The ``monsters`` app for the arguments ``argv``: ``commands`` and the group
    ``argv`` names first, or every group when it names none."""
    app = typer.Typer(
        name="monsters",
        help="Constraint-solver puzzles and hints for monster board games.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    for add in commands:
        add(app)
    first = argv[0] if argv else ""
    named = (first,) if first == MANNO or first in groups() else groups()
    for name in named:
        app.add_typer(group(name), name=name)
    return app


def main(commands: Iterable[Command] = ()) -> None:
    """Runs the command line: usage errors, too, are one line and exit code 2; Ctrl-C
    exits 130 without a traceback, even while the command's modules are still loading."""
    try:
        app = command_line(sys.argv[1:], commands)
        with allow_files():  # the user running the command may name their own files
            code = app(standalone_mode=False)
    except KeyboardInterrupt:  # while the command's modules load (a running one: Abort)
        code = 130
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
