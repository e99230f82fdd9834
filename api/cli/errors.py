"""Turn domain errors into what a command-line user should see."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, ParamSpec, TypeVar

import typer

from solver.errors import MonsterError

if TYPE_CHECKING:
    from rich.console import Console

P = ParamSpec("P")
R = TypeVar("R")

EXIT_BAD_INPUT = 2


@functools.cache
def stderr() -> Console:
    """Standard error, as rich writes it (made when first needed: a command that
    prints nothing there never loads rich)."""
    from rich.console import Console

    return Console(stderr=True, highlight=False, soft_wrap=True)


def fail(message: str) -> typer.Exit:
    """Print ``error: message`` on standard error, on one line; return the exit to raise."""
    line = " ".join(part.strip() for part in message.splitlines() if part.strip())
    stderr().print(f"error: {line}", markup=False)
    return typer.Exit(EXIT_BAD_INPUT)


def one_line_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Report a ``MonsterError`` as one line and exit code 2, never a traceback."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except MonsterError as err:
            raise fail(str(err)) from None

    return wrapper
