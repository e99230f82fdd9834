"""Monstrolicious moves: place the drawn tile on a dessert, or turn up an opposing
tile after winning the Donuts (:mod:`solver.monstrolicious.reading` reads their JSON).

>>> Move(dessert=9).to_json(), str(Move(reveal=2))
({'action': 'place', 'dessert': 'pie'}, 'turn up the tile at the Donuts')
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.monstrolicious.cards import BUFFET


@dataclass(frozen=True, order=True)
class Move:
    """A decision: place the drawn tile at ``dessert``, or (after winning the Donuts)
    turn the opposing tile at ``reveal`` face up. Exactly one is set (board positions).
    """

    dessert: int | None = None
    reveal: int | None = None

    @property
    def action(self) -> str:
        """The kind of move: ``place`` (the drawn tile placed) or ``reveal`` (the Donuts'
        reveal)."""
        return "place" if self.dessert is not None else "reveal"

    def to_json(self) -> dict[str, str]:
        """``{"action": "place", "dessert": key}`` or ``{"action": "reveal", "reveal": key}``
        (read back by :func:`solver.monstrolicious.reading.move_from_json`)."""
        if self.dessert is not None:
            return {"action": self.action, "dessert": BUFFET.keys[self.dessert]}
        assert self.reveal is not None
        return {"action": self.action, "reveal": BUFFET.keys[self.reveal]}

    def __str__(self) -> str:
        if self.dessert is not None:
            return f"place on the {BUFFET.desserts[self.dessert].name}"
        assert self.reveal is not None
        return f"turn up the tile at the {BUFFET.desserts[self.reveal].name}"
