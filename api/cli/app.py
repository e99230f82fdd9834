"""The ``monsters`` command line: one command group per game (``serve`` is added by
``api.entry``, which alone knows both the command line and the HTTP service).

Only the group the command line names is built, and only the command it names is
read (with argparse: ``api.cli.spec``): ``monsters vbm ...`` never loads Manno's
commands, and ``monsters --help`` lists the groups without loading any of them.

Bad input of any kind prints one line naming the fault and exits with code 2;
no traceback reaches the user, and Ctrl-C exits 130 with nothing printed.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
from collections.abc import Callable, Iterable, Sequence

from api.cli.errors import EXIT_BAD_INPUT, one_line_errors, say
from api.cli.spec import Command, Group, UsageError, listing, parse
from api.cli.terminal import EXIT_READER_LEFT, print_line
from solver.errors import quoted
from solver.files import allow_files

Make = Callable[[], Command]
"""Makes a command of its own, beside the groups (``api.entry``'s ``serve``)."""

HELP = "Constraint-solver puzzles and hints for monster board games."
MANNO = "manno"
"""The command group of Manno Monster, which is no rules-engine game."""
MANNO_HELP = "Manno Monster: solve task cards, check and hint arrangements."
HELP_OPTIONS = ("--help", "-h")
EXIT_INTERRUPTED = 130
"""The exit code after Ctrl-C, as a shell reports a program that SIGINT ended."""

EXTRA_COMMANDS = {"manno": "api.cli.manno_tasks", "monstrolicious": "api.cli.monstrolicious"}
"""The modules whose ``COMMANDS`` join a group (grade, ... to manno; infer)."""


def groups() -> tuple[str, ...]:
    """Every command group, in the order the help lists them (the games' registry is
    loaded here, not by Manno's commands, which never need it)."""
    from solver.game import GAMES

    return (MANNO, *GAMES)


def group_help(name: str) -> str:
    """The one line that says what the group ``name`` is for."""
    if name == MANNO:
        return MANNO_HELP
    from solver.game import GAMES

    return f"{GAMES[name].title}: set up, hint, validate, score, draw and play."


def group(name: str) -> Group:
    """The command group ``name`` with all its commands, its modules imported now."""
    extra = importlib.import_module(EXTRA_COMMANDS[name]).COMMANDS if name in EXTRA_COMMANDS else ()
    if name == MANNO:
        from api.cli.manno import COMMANDS

        return Group(name, group_help(name), (*COMMANDS, *extra))
    from api.cli.games import game_commands
    from solver.game import GAMES

    return Group(name, group_help(name), (*game_commands(name, GAMES[name].title), *extra))


def dispatch(argv: Sequence[str], commands: Iterable[Make] = ()) -> None:
    """Run the command ``argv`` names, or print the help it asks for.

    Raises:
        UsageError: no such group or command, or arguments that do not read.
        SystemExit: the command's exit code (``api.cli.errors.Exit``), or 0 after a
            command's ``--help``.
    """
    own = {command.name: command for command in (make() for make in commands)}
    if not argv or argv[0] in HELP_OPTIONS:
        rows = [(c.name, c.summary) for c in own.values()]
        print_line(listing("monsters COMMAND [ARGS]...", HELP, rows + _groups_listed()))
        return
    first, rest = argv[0], argv[1:]
    if first in own:
        _invoke(f"monsters {first}", own[first], rest)
        return
    if first != MANNO and first not in groups():
        raise UsageError(f"No such command {quoted(first)}: see monsters --help")
    named = group(first)
    if not rest or rest[0] in HELP_OPTIONS:
        print_line(named.listing(f"monsters {first}"))
        return
    command = named.command(rest[0])
    if command is None:
        raise UsageError(f"No such command {quoted(rest[0])}: see monsters {first} --help")
    _invoke(f"monsters {first} {command.name}", command, rest[1:])


def _groups_listed() -> list[tuple[str, str]]:
    return [(name, group_help(name)) for name in groups()]


def _invoke(prog: str, command: Command, argv: Sequence[str]) -> None:
    """Read ``command``'s arguments in ``argv`` and run it; a ``MonsterError`` is one line."""
    one_line_errors(command.run)(**parse(prog, command, argv))


def run(argv: Sequence[str], commands: Iterable[Make] = ()) -> int:
    """Run ``monsters ARGV``; return its exit code. Usage errors, too, are one line and
    exit code 2; Ctrl-C exits 130 without a traceback, even while the command's modules
    are still loading."""
    try:
        with allow_files():  # the user running the command may name their own files
            dispatch(argv, commands)
    except SystemExit as done:  # a command's exit code, or 0 after --help
        return done.code if isinstance(done.code, int) else 0
    except UsageError as err:
        say(f"error: {err}")
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:  # while the command's modules load, or while it runs
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # whoever read the help stopped reading (``| head``)
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_READER_LEFT
    except OSError as err:  # standard output cannot be written (a full disk, say)
        say(f"error: cannot write the output: {err.strerror or err}")
        return EXIT_BAD_INPUT
    return 0


def main(commands: Iterable[Make] = ()) -> None:
    """Runs the command line of ``sys.argv`` and exits with its code."""
    sys.exit(run(sys.argv[1:], commands))
