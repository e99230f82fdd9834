"""Moves: one decision of one player, and their JSON.

* choose an Explorer: ``{"explorer": "E03"}``;
* draft (team and free-for-all modes): keep a card, place it, pass the rest to a
  free Spaceship (a seat): ``{"card": "W07", "at": [2, 1], "pass": 3}``; on the
  last turn of a round there is nothing to pass (the other card is discarded);
* row draft (2 and 3 players): the first player picks a row, keeps and places a
  card and discards another: ``{"row": 0, "card": "W07", "at": [0, 1],
  "discard": "L02"}``; the next players keep and discard from that row, the last
  one only keeps.

>>> move = move_from_json({"card": "W07", "at": [2, 1], "pass": 3})
>>> move
Move(card='W07', at=(2, 1), pass_to=3, row=None, discard=None, explorer=None)
>>> move_to_json(move)
{'card': 'W07', 'at': [2, 1], 'pass': 3}
>>> move_from_json({"card": "W07"})
Traceback (most recent call last):
...
solver.errors.NotationError: a move that keeps a card needs "at": [row, column]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from solver.errors import NotationError
from solver.game import Json
from solver.vbm.cards import Pos
from solver.vbm.fields import shown

_KEYS = frozenset({"card", "at", "pass", "row", "discard", "explorer"})


@dataclass(frozen=True)
class Move:
    """One decision; fields that do not apply are None."""

    card: str | None = None
    at: Pos | None = None
    pass_to: int | None = None
    row: int | None = None
    discard: str | None = None
    explorer: str | None = None


def _int(doc: Mapping[str, Any], key: str) -> int | None:
    value = doc.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotationError(f'"{key}" must be an integer, not {shown(value)}')
    return value


def _str(doc: Mapping[str, Any], key: str) -> str | None:
    value = doc.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise NotationError(f'"{key}" must be a string, not {shown(value)}')
    return value


def move_from_json(doc: Mapping[str, Any]) -> Move:
    """Read a move; NotationError names the field that does not parse."""
    if not isinstance(doc, Mapping):
        raise NotationError(f"a move is a JSON object, not {shown(doc)}")
    unknown = sorted(set(doc) - _KEYS)
    if unknown:
        raise NotationError(f"unknown move field {shown(unknown[0])}")
    explorer = _str(doc, "explorer")
    if explorer is not None:
        if len(doc) != 1:
            raise NotationError('choosing an explorer takes only "explorer"')
        return Move(explorer=explorer)
    card = _str(doc, "card")
    if card is None:
        raise NotationError('a move needs "card" (or "explorer")')
    at = doc.get("at")
    if (
        not isinstance(at, list | tuple)
        or len(at) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in at)
    ):
        raise NotationError('a move that keeps a card needs "at": [row, column]')
    return Move(card, (at[0], at[1]), _int(doc, "pass"), _int(doc, "row"), _str(doc, "discard"))


def move_to_json(move: Move) -> Json:
    """The move as JSON (only the fields that apply)."""
    if move.explorer is not None:
        return {"explorer": move.explorer}
    doc: Json = {}
    if move.row is not None:
        doc["row"] = move.row
    doc["card"] = move.card
    doc["at"] = list(move.at) if move.at is not None else None
    if move.pass_to is not None:
        doc["pass"] = move.pass_to
    if move.discard is not None:
        doc["discard"] = move.discard
    return doc
