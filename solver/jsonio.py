"""Reading JSON from outside with its size and nesting bounded before it is parsed.

Python's ``json`` recurses once per level of nesting, so a document nested a few
thousand deep ends in a ``RecursionError``; every document from a user or a
request is measured here first, and refused with a ``NotationError`` naming the
column where it goes too deep. JSON is read as RFC 8259 has it travel: UTF-8
without a byte order mark (``encoding_fault``), and an object naming a key
twice is refused, naming the key (``load_json``), where Python's ``json`` keeps
the last one silently. The command line and the HTTP body checks
(``api.http.body``) read by the same rules.

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
>>> read_json('{"state": {"players": 2, "players": 4}}')
Traceback (most recent call last):
...
solver.errors.NotationError: state.players: the key 'players' appears more than once
>>> read_json(codecs.BOM_UTF8 + b"{}")
Traceback (most recent call last):
...
solver.errors.NotationError: not JSON: it begins with a byte order mark (JSON is UTF-8 without one)
"""

from __future__ import annotations

import codecs
import json
import re
from typing import Any

from solver.errors import NotationError, quoted

MAX_DEPTH = 64
"""Deepest nesting of arrays and objects read (a game state needs fewer than 8)."""

MAX_BYTES = 4_000_000
"""Longest JSON text read, in characters."""

BYTE_ORDER_MARK = "not JSON: it begins with a byte order mark (JSON is UTF-8 without one)"
WIDE_TEXT = "not UTF-8 text: UTF-16 and UTF-32 are not read"
_WIDE_MARKS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
"""How UTF-16 text (and UTF-32 little-endian) may begin; UTF-32 big-endian begins with NUL."""

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


def encoding_fault(text: str | bytes) -> str | None:
    """Why ``text`` is not JSON as it travels (UTF-8, no byte order mark), or None.

    A byte order mark is refused, as RFC 8259 says JSON never carries one; so is
    text holding a NUL, which JSON never does and UTF-16 and UTF-32 text does
    (their byte order marks are not UTF-8 either).

    >>> encoding_fault('{"a": 1}'.encode("utf-16")), encoding_fault(b'{"a": 1}')
    ('not UTF-8 text: UTF-16 and UTF-32 are not read', None)
    >>> encoding_fault("\\ufeff{}") == BYTE_ORDER_MARK
    True
    """
    if isinstance(text, str):
        marked, wide = text.startswith("\ufeff"), "\x00" in text
    else:
        marked, wide = text.startswith(codecs.BOM_UTF8), text.startswith(_WIDE_MARKS)
        wide = wide or b"\x00" in text
    if wide:
        return WIDE_TEXT
    return BYTE_ORDER_MARK if marked else None


class _RepeatedKeyError(Exception):
    """An object of the text names a key twice (``load_json`` finds which, and where)."""


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object of JSON text, refused if it names a key twice."""
    found = dict(pairs)
    if len(found) != len(pairs):
        raise _RepeatedKeyError
    return found


class _Repeats(dict[str, Any]):
    """An object that named ``key`` twice (as ``_repeated_key`` reads it again)."""

    key = ""


def _marking(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object of JSON text; one that names a key twice is marked with the first such key."""
    found = dict(pairs)
    if len(found) == len(pairs):
        return found
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            break
        seen.add(key)
    marked = _Repeats(found)
    marked.key = key
    return marked


def _repeated_key(text: str) -> NotationError:
    """The error naming the first repeated key of ``text`` and where it is (``state.players``)."""
    pending: list[tuple[Any, str]] = [(json.loads(text, object_pairs_hook=_marking), "")]
    while pending:
        value, path = pending.pop()
        if isinstance(value, _Repeats):
            where = f"{path}.{value.key}" if path else value.key
            return NotationError(f"the key {quoted(value.key)} appears more than once", path=where)
        if isinstance(value, dict):
            inside = [(v, f"{path}.{k}" if path else k) for k, v in value.items()]
        elif isinstance(value, list):
            inside = [(v, f"{path}[{i}]") for i, v in enumerate(value)]
        else:
            continue
        pending.extend(reversed(inside))
    raise AssertionError("no repeated key found")  # pragma: no cover - _unique found one


def load_json(text: str) -> Any:
    """``json.loads``, refusing an object that names a key twice.

    Python's ``json`` keeps the last of two values silently, so
    ``{"task": "PB>=4", "task": "PB>=99"}`` would ask for ``PB>=99``.

    Raises:
        NotationError: a key given twice in one object (its path names it).
        ValueError: text that is not JSON, as ``json.loads`` raises it.
    """
    try:
        return json.loads(text, object_pairs_hook=_unique)
    except _RepeatedKeyError:
        raise _repeated_key(text) from None


def read_json(text: str | bytes, what: str = "the document", max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text whose encoding, length and nesting are checked first.

    Args:
        text: the document (bytes are read as UTF-8).
        what: what the text holds, for messages ("state", "batch line").
        max_depth: deepest nesting accepted.

    Raises:
        NotationError: too long, too deep, not UTF-8 (or with a byte order mark),
            not JSON (with the column), or naming a key twice (with its path).
    """
    fault = encoding_fault(text)
    if fault is not None:
        raise NotationError(fault if fault == BYTE_ORDER_MARK else f"{what} is {fault}")
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
        return load_json(text)
    except json.JSONDecodeError as err:
        raise NotationError(f"not JSON: {err.msg} (line {err.lineno})", err.colno) from None
    except RecursionError:  # pragma: no cover - the depth bound comes first
        raise NotationError(f"{what} is nested too deep") from None
    except NotationError:
        raise
    except ValueError:  # json reads integers with int(), which refuses past 4,300 digits
        raise NotationError(f"{what} holds a number with too many digits") from None
