"""Monster Park: the rules engine, hints and players (registry name ``park``).

>>> GAME.title, GAME.min_players, GAME.max_players
('Monster Park', 2, 4)
>>> s = GAME.new(2, 1, {"fifth_slot_buyable": True})
>>> GAME.from_json(s.to_json()) == s
True
>>> v = GAME.view(s, 1)
>>> GAME.view_from_json(v.to_json()) == v == GAME.view(GAME.redeal(s, 1, 5), 1)
True
"""

from __future__ import annotations

from solver.game import Game, Imported, ImportedPlayers
from solver.park.cards import cards_json
from solver.park.moves import Move
from solver.park.reading import move_from_json, state_from_json, view_from_json
from solver.park.redeal import redeal
from solver.park.settings import SETTINGS
from solver.park.state import State, View, new_state, public_scores
from solver.park.writing import move_to_json

GAME = Game[State, Move, View](
    name="park",
    min_players=2,
    max_players=4,
    default_players=2,
    new=new_state,
    from_json=state_from_json,
    view=View.of,
    view_from_json=view_from_json,
    move_from_json=move_from_json,
    move_to_json=move_to_json,
    hint=Imported("solver.park.players", "HINT"),
    picture=Imported("solver.park.picture", "render"),
    redeal=redeal,
    cards=cards_json,
    public_scores=public_scores,
    players=ImportedPlayers("solver.park.players"),
    summary="Buy monsters and upgrades off the track to build your park and please tourists.",
    settings=SETTINGS,
    variants=(
        (2, {"fifth_slot_buyable": True, "run_gaps": "upgrades"}),
        (3, {"bank": 40, "upgrade_refill": "any", "run_gaps": "none"}),
    ),
    documents="solver.park.documents",
    labels="solver.park.labels",
    ladder="solver.park.ladder",
    events="solver.park.events",
    phases=("action", "tourists", "over"),
    facts="solver.park.facts",
)

__all__ = ["GAME", "Move", "State", "View", "new_state"]
