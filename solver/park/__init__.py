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

from solver.game import Game, HintPlayer, RandomPlayer
from solver.park.hint import hint
from solver.park.moves import Move
from solver.park.notation import state_from_json
from solver.park.players import GreedyPlayer
from solver.park.redeal import redeal
from solver.park.settings import DEFAULTS
from solver.park.state import ParkState, new_game
from solver.park.view import ParkView, view, view_from_json

GAME = Game(
    name="park",
    min_players=2,
    max_players=4,
    default_players=2,
    new=new_game,
    from_json=state_from_json,
    view=view,
    view_from_json=view_from_json,
    move_from_json=Move.from_json,
    move_to_json=Move.to_json,
    hint=hint,
    redeal=redeal,
    players={
        "random": RandomPlayer,
        "greedy": GreedyPlayer,
        "hint": lambda seed: HintPlayer(view, hint, Move.from_json),
    },
    settings=DEFAULTS,
    variants=(
        (2, {"fifth_slot_buyable": True, "run_gaps": "any"}),
        (3, {"bank": 40, "upgrade_refill": "any", "run_gaps": "none"}),
    ),
)

__all__ = ["GAME", "Move", "ParkState", "ParkView", "new_game"]
