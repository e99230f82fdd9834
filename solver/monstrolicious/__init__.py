"""Monstrolicious: two players, eleven desserts, 13 hidden tiles each.

``GAME`` is the registered game (see ``solver/game.py``). ``from_json`` reads a
full state, ``view_from_json`` a seat's view (marked ``"view_of"``); the hint
reads nothing but a view.

>>> s = GAME.new(2, 9, None)
>>> GAME.from_json(s.to_json()) == s, GAME.view_from_json(s.view(0).to_json()) == GAME.view(s, 0)
(True, True)
>>> GAME.read(s.view(1).to_json()).seat
1
"""

from __future__ import annotations

from solver.game import Game, Json
from solver.monstrolicious.codec import read_state, read_view
from solver.monstrolicious.hint import hint
from solver.monstrolicious.players import PLAYERS
from solver.monstrolicious.redeal import redeal
from solver.monstrolicious.state import SETTINGS, State, new_state
from solver.monstrolicious.tiles import Move
from solver.monstrolicious.view import View


def move_to_json(move: Move) -> Json:
    """``{"dessert": key}`` or ``{"reveal": key}``."""
    return dict(move.to_json())


GAME = Game(
    name="monstrolicious",
    min_players=2,
    max_players=2,
    default_players=2,
    new=new_state,
    from_json=read_state,
    view=View.of,
    view_from_json=read_view,
    move_from_json=Move.from_json,
    move_to_json=move_to_json,
    hint=hint,
    redeal=redeal,
    players=PLAYERS,
    settings=SETTINGS,
)

__all__ = ["GAME", "State", "View"]
