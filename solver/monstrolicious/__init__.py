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

from solver.game import Game, Imported, ImportedPlayers
from solver.monstrolicious.cards import cards_json
from solver.monstrolicious.moves import Move
from solver.monstrolicious.reading import move_from_json, state_from_json, view_from_json
from solver.monstrolicious.redeal import redeal
from solver.monstrolicious.settings import SETTINGS
from solver.monstrolicious.state import State, View, new_state, public_scores
from solver.monstrolicious.writing import move_to_json

GAME = Game[State, Move, View](
    name="monstrolicious",
    min_players=2,
    max_players=2,
    default_players=2,
    new=new_state,
    from_json=state_from_json,
    view=View.of,
    view_from_json=view_from_json,
    move_from_json=move_from_json,
    move_to_json=move_to_json,
    hint=Imported("solver.monstrolicious.players", "HINT"),
    picture=Imported("solver.monstrolicious.picture", "render"),
    redeal=redeal,
    cards=cards_json,
    public_scores=public_scores,
    players=ImportedPlayers("solver.monstrolicious.players"),
    summary="Two players battle for eleven desserts with 13 hidden tiles each.",
    settings=SETTINGS,
    variants=(),
    documents="solver.monstrolicious.documents",
    labels="solver.monstrolicious.labels",
    ladder="solver.monstrolicious.ladder",
    events="solver.monstrolicious.events",
    phases=("place", "reveal", "over"),
    facts="solver.monstrolicious.facts",
)

__all__ = ["GAME", "Move", "State", "View"]
