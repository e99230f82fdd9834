"""What every game's move notation shares: the text read as words, and bounded.

A game writes each move as a short line of text (``upgrade souvenirs land``,
``S09@2,-1/I13``, ``pie``: ``solver/<game>/labels.py``, docs/notation.md) that
``from_notation`` reads back to the same move. Whatever is sent, reading it costs
little: text longer than :data:`MAX_NOTATION` characters is refused unread.

>>> words("  Upgrade  benches land ", "a move")
['upgrade', 'benches', 'land']
>>> words("", "a move")
Traceback (most recent call last):
...
solver.errors.NotationError: a move's notation is empty
>>> words(["token"], "a move")
Traceback (most recent call last):
...
solver.errors.NotationError: a move's notation is text, not a list of 1 entry
"""

from __future__ import annotations

from solver.errors import NotationError, quoted

MAX_NOTATION = 80
"""The most characters a move's notation may have (the longest move's is far shorter)."""


def text_of(text: object, what: str) -> str:
    """``text`` stripped, once it is a string of at most :data:`MAX_NOTATION`
    characters with something in it (``what``: the move in player words)."""
    if not isinstance(text, str):
        raise NotationError(f"{what}'s notation is text, not {quoted(text)}")
    if len(text) > MAX_NOTATION:
        raise NotationError(
            f"{what}'s notation is at most {MAX_NOTATION} characters, not {len(text):,}"
        )
    stripped = text.strip()
    if not stripped:
        raise NotationError(f"{what}'s notation is empty")
    return stripped


def words(text: object, what: str) -> list[str]:
    """The words of a notation, lower case (see :func:`text_of`)."""
    return text_of(text, what).lower().split()
