"""Monstrolicious: two players, eleven desserts, 13 hidden tiles each.

``GAME`` is the registered game (see ``solver/game.py``). ``from_json`` reads a
full state or a seat's view (marked ``"view_of"``); the hint works from the view
either way.

>>> s = GAME.new(2, 9, None)
>>> GAME.from_json(s.to_json()) == s, type(GAME.from_json(s.view(0))).__name__
(True, 'View')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solver.errors import NotationError
from solver.game import Game, Json, RankedMove, Seat
from solver.monstrolicious.hint import hint as _hint
from solver.monstrolicious.players import PLAYERS
from solver.monstrolicious.state import SETTINGS, State, new_state
from solver.monstrolicious.state import from_json as _state_from_json
from solver.monstrolicious.tiles import Move
from solver.monstrolicious.view import View


def from_json(doc: Mapping[str, Any]) -> State | View:
    """A full state, or a view when the document says ``"view_of"``."""
    if not isinstance(doc, Mapping):
        raise NotationError("expected a JSON object")
    if "view_of" in doc:
        return View.from_json(doc)
    return _state_from_json(doc)


def move_to_json(move: Move) -> Json:
    """``{"dessert": key}`` or ``{"reveal": key}``."""
    return dict(move.to_json())


def hint(position: State | View, seat: Seat, budget: float) -> list[RankedMove]:
    """Every legal move of ``seat`` ranked, from ``seat``'s view only."""
    return _hint(position, seat, budget)


GAME = Game(
    name="monstrolicious",
    title="Monstrolicious",
    min_players=2,
    max_players=2,
    default_players=2,
    new=new_state,
    from_json=from_json,
    move_from_json=Move.from_json,
    move_to_json=move_to_json,
    hint=hint,
    players=PLAYERS,
    settings=SETTINGS,
)

__all__ = ["GAME", "State", "View"]
