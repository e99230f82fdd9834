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
>>> quoted(10**5000), quoted([[[[1]]]]), quoted({"dessert": "pie", "x": 1})
('a whole number of about 5001 digits', 'a list of 1 entry', "{'dessert': ..., 'x': ...}")
>>> quoted("x" * 100), quoted(True), quoted(None)
("'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'...", 'True', 'None')
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Mapping


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


QUOTE_LENGTH = 40
"""Most characters of a string or of a number a message quotes."""
_LONG_NUMBER = 10**QUOTE_LENGTH


def quoted(value: object) -> str:
    """Input as a message quotes it: short, whatever it is, and never walked deeper than
    one level, so a huge or deeply nested value costs no time and no recursion.

    A string or a number is quoted as it is (a string cut after 37 characters), a
    whole number too long to print by its length, a list by its length, an object
    by its first three keys.
    """
    if isinstance(value, str):
        return _cut(value, QUOTE_LENGTH)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= _LONG_NUMBER:
        return f"a whole number of about {int(value.bit_length() * math.log10(2)) + 1} digits"
    if isinstance(value, Mapping):
        keys = [
            (_cut(k, 20) if isinstance(k, str) else type(k).__name__) + ": ..."
            for k in itertools.islice(value, 3)
        ]
        return "{" + ", ".join(keys + ["..."] * (len(value) > 3)) + "}"
    if isinstance(value, list | tuple):
        return f"a list of {len(value)} {'entry' if len(value) == 1 else 'entries'}"
    text = repr(value)
    return text if len(text) <= QUOTE_LENGTH else text[: QUOTE_LENGTH - 3] + "..."


def _cut(text: str, most: int) -> str:
    """``text`` quoted, cut after ``most - 3`` characters when it is longer than ``most``."""
    return repr(text) if len(text) <= most else repr(text[: most - 3]) + "..."


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
