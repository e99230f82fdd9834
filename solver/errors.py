"""The error family every part of monster-solver raises.

All errors are ``ValueError`` subclasses, so a caller that only wants to know
"was my input bad?" can catch ``ValueError``; the API and the command line turn
them into a 422 problem or a one-line message with exit code 2.

>>> err = NotationError("unknown group 'PX'", column=3)
>>> str(err)
"unknown group 'PX' at column 3"
>>> isinstance(err, MonsterError) and isinstance(err, ValueError)
True
"""

from __future__ import annotations


class MonsterError(ValueError):
    """Base class: something about the input or the request cannot be done."""


class NotationError(MonsterError):
    """Text that does not parse: a task, an arrangement, a move.

    Args:
        message: what is wrong, quoting the input.
        column: 1-based column of the fault in the text, if known.
    """

    def __init__(self, message: str, column: int | None = None) -> None:
        self.message = message
        self.column = column
        super().__init__(message if column is None else f"{message} at column {column}")


class IllegalMoveError(MonsterError):
    """A move the rules do not allow; the message names the rule it breaks."""


class UnsolvableError(MonsterError):
    """A question that has no answer because the task cannot be satisfied."""


class TokenSetError(MonsterError):
    """A token set that is malformed or too large for the engine asked."""


class SolverTimeoutError(MonsterError):
    """A solver ran out of its time limit before it could answer."""
