"""Monstrolicious moves to JSON, as :mod:`solver.monstrolicious.reading` reads them back.

A state and a view write themselves (``to_json``: :mod:`solver.monstrolicious.state`,
:mod:`solver.monstrolicious.view`); a move is written here.

>>> move_to_json(Move(dessert=9))
{'action': 'place', 'dessert': 'pie'}
"""

from __future__ import annotations

from solver.game import Json
from solver.monstrolicious.moves import Move


def move_to_json(move: Move) -> Json:
    """``{"dessert": key}`` (place the drawn tile) or ``{"reveal": key}`` (the Donuts)."""
    return dict(move.to_json())
