"""The one error kind the services add to the domain's (bad input in a named field), and
how a service blames a field for a domain error."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from solver.errors import GameOverError, MonsterError, NotYourTurnError, SolverTimeoutError

T = TypeVar("T")


class FieldError(MonsterError):
    """Bad input in one field of a request; its message is the domain error's.

    Args:
        field: the request field (``"task"``, ``"arrangement"``, ``"from"``, ``"state"``).
        error: the domain error (a ``NotationError`` may name a ``path`` inside the field).
    """

    def __init__(self, field: str, error: MonsterError) -> None:
        super().__init__(str(error))
        self.field = field
        self.error = error


_OWN_KINDS = (FieldError, GameOverError, NotYourTurnError, SolverTimeoutError)
"""Errors that are no field's fault (or already name theirs): they pass unchanged."""


def in_field(field: str, call: Callable[[], T]) -> T:
    """``call()``, with a domain error blamed on ``field`` (the kinds above pass as they are)."""
    try:
        return call()
    except _OWN_KINDS:
        raise
    except MonsterError as err:
        raise FieldError(field, err) from err
