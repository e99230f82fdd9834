"""Reading JSON fields one by one, each fault named by its JSON path.

Every list's length is checked before it is looped over, every number against
its range, so nothing a document holds can make reading it slow or deep.

>>> read_int(7, "sides[2]", 0, 1)
Traceback (most recent call last):
...
solver.errors.NotationError: sides[2]: must be a whole number from 0 to 1, not 7
>>> read_list([1, 2, 3], "rows", 2)
Traceback (most recent call last):
...
solver.errors.NotationError: rows: holds at most 2 entries, not 3
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solver.errors import NotationError


def shown(value: Any) -> str:
    """``value`` as a message quotes it: short, whatever it is.

    >>> shown("W01"), shown(10**50), shown({"a": 1}), shown("x" * 99)[-4:]
    ("'W01'", 'a number of about 51 digits', 'an object', "'...")
    """
    if value is None or isinstance(value, bool | float):
        return repr(value)
    if isinstance(value, int):
        if abs(value) < 10**20:
            return str(value)
        return f"a number of about {int(abs(value).bit_length() * 0.30103) + 1} digits"
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else repr(value[:37]) + "..."
    return (
        "an object"
        if isinstance(value, Mapping)
        else "a list"
        if isinstance(value, list)
        else type(value).__name__
    )


def read_object(doc: Any, keys: tuple[str, ...], what: str) -> Mapping[str, Any]:
    """``doc`` as a JSON object with exactly ``keys`` (``game`` and ``to_move`` included)."""
    if not isinstance(doc, Mapping):
        raise NotationError(f"a {what} must be a JSON object")
    for key in doc:
        if key not in keys:
            raise NotationError(f"a {what} has no field {shown(key)}", path=str(key)[:40])
    for key in keys:
        if key not in doc:
            raise NotationError(f"a {what} needs the field {key!r}", path=key)
    return doc


def read_game(doc: Mapping[str, Any], what: str) -> None:
    """NotationError unless ``doc`` says it is a Very Big Monster document."""
    game = doc.get("game")
    if game != "vbm":
        name = game[:40] if isinstance(game, str) else "unnamed game's"
        raise NotationError(f"this is a {name} {what}, not a vbm {what}", path="game")


def read_int(value: Any, path: str, lo: int, hi: int) -> int:
    """A whole number from ``lo`` to ``hi`` (never a bool or a float)."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise NotationError(
            f"must be a whole number from {lo} to {hi}, not {shown(value)}", path=path
        )
    return value


def read_str(value: Any, path: str, choices: tuple[str, ...] | None = None) -> str:
    """A string, one of ``choices`` when given."""
    if not isinstance(value, str) or (choices is not None and value not in choices):
        wanted = f"one of {', '.join(choices)}" if choices else "a string"
        raise NotationError(f"must be {wanted}, not {shown(value)}", path=path)
    return value


def read_list(value: Any, path: str, most: int, exactly: int | None = None) -> list[Any]:
    """A JSON array of at most ``most`` entries (exactly ``exactly`` when given)."""
    if not isinstance(value, list):
        raise NotationError("must be a list", path=path)
    if exactly is not None and len(value) != exactly:
        raise NotationError(f"needs {exactly} entries, not {len(value)}", path=path)
    if len(value) > most:
        raise NotationError(f"holds at most {most} entries, not {len(value)}", path=path)
    return value


def read_ids(
    value: Any, path: str, known: Mapping[str, Any], most: int, what: str
) -> tuple[str, ...]:
    """A list of at most ``most`` ids from ``known`` (cards or Explorers)."""
    out = []
    for k, item in enumerate(read_list(value, path, most)):
        if not isinstance(item, str) or item not in known:
            raise NotationError(f"unknown {what} {shown(item)}", path=f"{path}[{k}]")
        out.append(item)
    return tuple(out)


def read_ints(value: Any, path: str, most: int, lo: int, hi: int) -> tuple[int, ...]:
    """A list of at most ``most`` whole numbers from ``lo`` to ``hi``."""
    return tuple(
        read_int(v, f"{path}[{k}]", lo, hi) for k, v in enumerate(read_list(value, path, most))
    )


def read_bools(value: Any, path: str, exactly: int) -> tuple[bool, ...]:
    """A list of exactly ``exactly`` booleans (true or false, never a number)."""
    out = []
    for k, item in enumerate(read_list(value, path, exactly, exactly)):
        if not isinstance(item, bool):
            raise NotationError(f"must be true or false, not {shown(item)}", path=f"{path}[{k}]")
        out.append(item)
    return tuple(out)
