"""Monster Park moves to JSON, as :mod:`solver.park.reading` reads them back.

A state and a view write themselves (``to_json``: :mod:`solver.park.state`); a move
is written here.

>>> from solver.park.cards import Area
>>> move_to_json(Move("invite", slot=2, area=Area.WATER))
{'action': 'invite', 'slot': 2, 'area': 'water'}
"""

from __future__ import annotations

from solver.game import Json
from solver.park.moves import Move


def move_to_json(move: Move) -> Json:
    """The move as JSON; ``move_from_json(move_to_json(m)) == m``."""
    doc: Json = {"action": move.action}
    if move.action == "upgrade":
        doc["kind"] = move.kind
    if move.slot is not None:
        doc["slot"] = move.slot
    if move.area is not None:
        doc["area"] = move.area.value
    if move.action == "tourists":
        doc["tourists"] = list(move.tourists)
    return doc
