"""Very Big Monster: rules engine, scoring, hint and players.

>>> GAME.name, GAME.default_players
('vbm', 2)
>>> state = GAME.new(2, 1, None)
>>> GAME.from_json(state.to_json()) == state
True
>>> view = GAME.view(state, 1)
>>> GAME.view_from_json(view.to_json()) == view == GAME.view(GAME.redeal(state, 1, 7), 1)
True
"""

from __future__ import annotations

from solver.game import Game, Imported, ImportedPlayers
from solver.vbm.decks import cards_json
from solver.vbm.moves import Move
from solver.vbm.reading import move_from_json, state_from_json, view_from_json
from solver.vbm.redeal import redeal
from solver.vbm.rules import waiting
from solver.vbm.settings import MAX_PLAYERS, MIN_PLAYERS, MODES, SETTINGS, mode_fault
from solver.vbm.state import State, View, new_state, public_scores
from solver.vbm.table import sides
from solver.vbm.writing import move_to_json

GAME = Game[State, Move, View](
    name="vbm",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_players=2,
    new=new_state,
    from_json=state_from_json,
    view=View.of,
    view_from_json=view_from_json,
    move_from_json=move_from_json,
    move_to_json=move_to_json,
    hint=Imported("solver.vbm.players", "HINT"),
    picture=Imported("solver.vbm.picture", "render"),
    redeal=redeal,
    cards=cards_json,
    public_scores=public_scores,
    players=ImportedPlayers("solver.vbm.players"),
    summary="Draft cards into your play area for points and missions, alone or in teams.",
    mode_players={
        mode: tuple(n for n in range(MIN_PLAYERS, MAX_PLAYERS + 1) if not mode_fault(n, mode))
        for mode in MODES
    },
    settings=SETTINGS,
    variants=((4, {"mode": "free"}), (6, {"mode": "free"}), (3, {"mode": "free"})),
    waiting=waiting,
    documents="solver.vbm.documents",
    labels="solver.vbm.labels",
    ladder="solver.vbm.ladder",
    events="solver.vbm.events",
    phases=("explorer", "draft", "rows", "over"),
    facts="solver.vbm.facts",
    sides=sides,
)

__all__ = ["GAME", "Move", "State", "View"]
