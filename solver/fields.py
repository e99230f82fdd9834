"""Reading a JSON document field by field, for every game's codec: each value checked
for its type, its range and its length before anything loops over it, so nothing a
document holds can make reading it slow or deep, and each fault a NotationError
naming its JSON path (``parks[0].water[2]``) in player words.

>>> read_int(7, "sides[2]", 0, 1)
Traceback (most recent call last):
...
solver.errors.NotationError: sides[2]: must be a whole number from 0 to 1, not 7
>>> read_list([1, 2, 3], "rows", 2)
Traceback (most recent call last):
...
solver.errors.NotationError: rows: must hold at most 2 entries, not 3
>>> read_fields({"water": [], "sea": []}, "parks[0]", ("water",), "a park")
Traceback (most recent call last):
...
solver.errors.NotationError: parks[0].sea: a park has no field 'sea'
>>> check_document({"game": "vbm"}, "park", "state")
Traceback (most recent call last):
...
solver.errors.NotationError: game: this is a vbm state, not a park state
"""

from __future__ import annotations

from collections.abc import Collection, Container, Mapping
from typing import Any

from solver.errors import QUOTE_LENGTH, NotationError, quoted


def at(path: str, key: str | int) -> str:
    """The path of ``key`` inside ``path``: ``at("parks[0]", "water")`` is ``parks[0].water``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def key_path(path: str, key: Any) -> str:
    """The path of a field named ``key``, or of its parent when the name is too long to
    quote whole (or is no string)."""
    return at(path, key) if isinstance(key, str) and len(key) <= QUOTE_LENGTH else path


def read_object(doc: Any, path: str, what: str) -> Mapping[str, Any]:
    """``doc`` as a JSON object, whatever its fields (``what``: the object in player
    words, ``a move``)."""
    if not isinstance(doc, Mapping):
        raise NotationError(f"{what} must be a JSON object, not {quoted(doc)}", path=path or None)
    return doc


def read_fields(
    doc: Any, path: str, keys: Collection[str], what: str, optional: Collection[str] = ()
) -> Mapping[str, Any]:
    """``doc`` as a JSON object with the fields ``keys`` and no other; those also in
    ``optional`` it may leave out."""
    obj = read_object(doc, path, what)
    for key in obj:
        if key not in keys:
            raise NotationError(f"{what} has no field {quoted(key)}", path=key_path(path, key))
    for key in keys:
        if key not in obj and key not in optional:
            raise NotationError(f"{what} is missing the field {key!r}", path=at(path, key))
    return obj


def check_document(doc: Any, game: str, kind: str) -> Mapping[str, Any]:
    """``doc`` as a JSON object that says it is a document of ``game`` (its short name)
    and of ``kind``: a full ``state``, or a seat's ``view``, which names its seat in
    ``view_of``."""
    obj = read_object(doc, "", f"a {kind}")
    named = obj.get("game")
    if named != game:
        if isinstance(named, str) and named.isidentifier() and len(named) <= 20:
            raise NotationError(f"this is a {named} {kind}, not a {game} {kind}", path="game")
        raise NotationError(
            f'this is not a {game} {kind}, which says "game": "{game}"', path="game"
        )
    if kind == "state" and "view_of" in obj:
        raise NotationError("this is a seat's view, not a full state", path="view_of")
    if kind == "view" and "view_of" not in obj:
        raise NotationError("a view names its seat in 'view_of'", path="view_of")
    return obj


def read_int(value: Any, path: str, lo: int, hi: int) -> int:
    """A whole number from ``lo`` to ``hi`` (never ``true`` nor a fraction)."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        want = f"{lo}" if lo == hi else f"a whole number from {lo} to {hi}"
        raise NotationError(f"must be {want}, not {quoted(value)}", path=path)
    return value


def read_bool(value: Any, path: str) -> bool:
    """``true`` or ``false`` (never a number)."""
    if not isinstance(value, bool):
        raise NotationError(f"must be true or false, not {quoted(value)}", path=path)
    return value


def read_str(value: Any, path: str, choices: tuple[str, ...] | None = None) -> str:
    """A string, one of ``choices`` when given."""
    if not isinstance(value, str) or (choices is not None and value not in choices):
        want = f"one of {', '.join(choices)}" if choices is not None else "a string"
        raise NotationError(f"must be {want}, not {quoted(value)}", path=path)
    return value


def read_list(value: Any, path: str, most: int, exactly: int | None = None) -> list[Any]:
    """A JSON list of at most ``most`` entries (exactly ``exactly`` when given)."""
    if not isinstance(value, list):
        raise NotationError(f"must be a list, not {quoted(value)}", path=path)
    if exactly is not None and len(value) != exactly:
        raise NotationError(f"must hold {exactly} entries, not {len(value)}", path=path)
    if len(value) > most:
        raise NotationError(f"must hold at most {most} entries, not {len(value)}", path=path)
    return value


def read_id(value: Any, path: str, known: Container[str], what: str) -> str:
    """One of the ``known`` ids (``what`` names them: ``card``)."""
    if not isinstance(value, str) or value not in known:
        raise NotationError(f"unknown {what} {quoted(value)}", path=path)
    return value


def read_ids(value: Any, path: str, known: Container[str], most: int, what: str) -> tuple[str, ...]:
    """A list of at most ``most`` of the ``known`` ids."""
    return tuple(
        read_id(v, at(path, k), known, what) for k, v in enumerate(read_list(value, path, most))
    )


def read_ints(value: Any, path: str, most: int, lo: int, hi: int) -> tuple[int, ...]:
    """A list of at most ``most`` whole numbers from ``lo`` to ``hi``."""
    return tuple(
        read_int(v, at(path, k), lo, hi) for k, v in enumerate(read_list(value, path, most))
    )


def read_bools(value: Any, path: str, exactly: int) -> tuple[bool, ...]:
    """A list of exactly ``exactly`` booleans."""
    return tuple(
        read_bool(v, at(path, k)) for k, v in enumerate(read_list(value, path, exactly, exactly))
    )
