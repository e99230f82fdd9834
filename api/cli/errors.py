"""Turn domain errors into what a command-line user should see: one line on standard
error, and an exit code."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from solver.errors import MonsterError

P = ParamSpec("P")
R = TypeVar("R")

EXIT_BAD_INPUT = 2


class Exit(SystemExit):
    """Ends the command with the exit code ``code`` (what it had to say is printed)."""

    code: int

    def __init__(self, code: int) -> None:
        super().__init__(code)


def say(line: str) -> None:
    """Write ``line`` to standard error, as one line."""
    sys.stderr.write(" ".join(part.strip() for part in line.splitlines() if part.strip()) + "\n")
    sys.stderr.flush()


def fail(message: str) -> Exit:
    """Print ``error: message`` on standard error, on one line; return the exit to raise."""
    say(f"error: {message}")
    return Exit(EXIT_BAD_INPUT)


def one_line_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Report a ``MonsterError`` as one line and exit code 2, never a traceback."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except MonsterError as err:
            raise fail(str(err)) from None

    return wrapper
