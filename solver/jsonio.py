"""Reading JSON from outside with its size and nesting bounded before it is parsed.

Python's ``json`` recurses once per level of nesting, so a document nested a few
thousand deep ends in a ``RecursionError``; every document from a user or a
request is measured here first, and refused with a ``NotationError`` naming the
column where it goes too deep.

>>> read_json('{"players": 2, "seed": [1, 2]}')
{'players': 2, 'seed': [1, 2]}
>>> read_json("[" * 200 + "]" * 200)
Traceback (most recent call last):
...
solver.errors.NotationError: the document is nested deeper than 64 levels at column 65
>>> read_json("1" * 5000)
Traceback (most recent call last):
...
solver.errors.NotationError: the document holds a number with too many digits
>>> read_json('{"a": 1')
Traceback (most recent call last):
...
solver.errors.NotationError: not JSON: Expecting ',' delimiter (line 1) at column 8
"""

from __future__ import annotations

import json
import re
from typing import Any

from solver.errors import NotationError

MAX_DEPTH = 64
"""Deepest nesting of arrays and objects read (a game state needs fewer than 8)."""

MAX_BYTES = 4_000_000
"""Longest JSON text read, in characters."""

_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
_BRACKETS = re.compile(r"[\[\]{}]")


def _deepest(structure: list[str]) -> int:
    """The deepest nesting the brackets of JSON text outside its strings reach."""
    depth = deepest = 0
    for bracket in _BRACKETS.findall("".join(structure)):
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def json_depth_fault(text: str, max_depth: int = MAX_DEPTH) -> int | None:
    """The 1-based column (offset in ``text``) where nesting passes ``max_depth``, or None.

    Strings are skipped, so brackets inside them do not count.

    >>> json_depth_fault('[[["]]]]]]"]]]', 2)
    3
    >>> json_depth_fault('{"a": [1, {"b": "[[["}]}', 3) is None
    True
    """
    if text.count("[") + text.count("{") <= max_depth:  # no deeper than brackets it has
        return None
    if "\\" not in text and _deepest(text.split('"')[::2]) <= max_depth:
        return None  # no escapes: every quote bounds a string, so what lies between is structure
    return full_scan(text, max_depth)


def full_scan(text: str, max_depth: int) -> int | None:
    """``json_depth_fault`` by reading every string and bracket token: the exact column."""
    depth = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > max_depth:
                return match.start() + 1
        elif token in "]}":
            depth -= 1
    return None


def read_json(text: str | bytes, what: str = "the document", max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text whose length and nesting are bounded first.

    Args:
        text: the document (bytes are read as UTF-8).
        what: what the text holds, for messages ("state", "batch line").
        max_depth: deepest nesting accepted.

    Raises:
        NotationError: too long, too deep, not UTF-8 or not JSON (with the column).
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as err:
            raise NotationError(f"{what} is not UTF-8 text", err.start + 1) from None
    if len(text) > MAX_BYTES:
        raise NotationError(f"{what} is longer than {MAX_BYTES:,} characters")
    column = json_depth_fault(text, max_depth)
    if column is not None:
        raise NotationError(f"{what} is nested deeper than {max_depth} levels", column)
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise NotationError(f"not JSON: {err.msg} (line {err.lineno})", err.colno) from None
    except RecursionError:  # pragma: no cover - the depth bound comes first
        raise NotationError(f"{what} is nested too deep") from None
    except ValueError:  # json reads integers with int(), which refuses past 4,300 digits
        raise NotationError(f"{what} holds a number with too many digits") from None
