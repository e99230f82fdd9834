"""The error family every part of monster-solver raises.

All errors are ``ValueError`` subclasses, so a caller that only wants to know
"was my input bad?" can catch ``ValueError``; the API and the command line turn
them into a 422 problem or a one-line message with exit code 2.

>>> err = NotationError("unknown group 'PX'", column=3)
>>> str(err)
"unknown group 'PX' at column 3"
>>> isinstance(err, MonsterError) and isinstance(err, ValueError)
True
>>> str(NotationError("a land monster cannot live in the water", path="parks[0].water[2]"))
'parks[0].water[2]: a land monster cannot live in the water'
>>> json_pointer("parks[0].water[2]")
'/parks/0/water/2'
>>> quoted([10**5000])
'[<a whole number of about 5000 digits>]'
>>> quoted([[[[[[[[1]]]]]]]]), quoted("x" * 100)
('[[[[[[[...]]]]]]]', "'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'")
"""

from __future__ import annotations

import re
import reprlib


class MonsterError(ValueError):
    """Base class: something about the input or the request cannot be done."""


class NotationError(MonsterError):
    """Text or a document that does not read: a task, an arrangement, a move, a state.

    Args:
        message: what is wrong, in player words, quoting the input.
        column: 1-based column of the fault in the text, if known.
        path: where in a JSON document the fault is (``parks[0].water[2]``), if known.
    """

    def __init__(self, message: str, column: int | None = None, path: str | None = None) -> None:
        self.message = message
        self.column = column
        self.path = path
        text = message if column is None else f"{message} at column {column}"
        super().__init__(text if not path else f"{path}: {text}")


class UnknownDeckError(NotationError):
    """A deck named that is not one of the built-in decks (a request never names a file)."""


class _Quote(reprlib.Repr):
    """``reprlib`` with a whole number too long to print named by its length."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 1000:
            return f"<a whole number of about {int(x.bit_length() * 0.30103)} digits>"
        return super().repr_int(x, level)


_QUOTE = _Quote()
_QUOTE.maxlevel, _QUOTE.maxstring, _QUOTE.maxother = 6, 40, 40
_QUOTE.maxlist = _QUOTE.maxdict = _QUOTE.maxtuple = _QUOTE.maxset = 6


def quoted(value: object) -> str:
    """A short ``repr`` of input for a message: bounded in length and in nesting, so a
    huge or deeply nested value is quoted without running out of room or recursion."""
    return _QUOTE.repr(value)


def json_pointer(path: str) -> str:
    """The RFC 6901 pointer of a dotted path: ``parks[0].water`` -> ``/parks/0/water``."""
    parts = [p for p in re.split(r"[.\[\]]+", path) if p]
    return "".join("/" + p.replace("~", "~0").replace("/", "~1") for p in parts)


class IllegalMoveError(MonsterError):
    """A move the rules do not allow; the message names the rule it breaks."""


class GameOverError(MonsterError):
    """A decision asked of a game that has ended."""


class NotYourTurnError(MonsterError):
    """A decision asked of a seat that has none to make now (the wrong-seat error)."""


class UnsolvableError(MonsterError):
    """A question that has no answer because the task cannot be satisfied."""


class TokenSetError(MonsterError):
    """A token set that is malformed or too large for the engine asked."""


class SolverTimeoutError(MonsterError):
    """A solver ran out of its time limit before it could answer."""
