"""Greedy and random players: whole seeded games play move for move as recorded.

A change that makes the rules engine or the greedy player faster must not change
one move: each game's moves and final totals are hashed and compared with the
hashes recorded before such work. Team mode is left out here (its play follows the
setting ``explorer_tokens``; the golden play trail covers it).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from solver.game import get_game

GAME = get_game("vbm")

#: ``(players, settings, player, seed)`` -> sha256 (first 16 hex digits) of the game.
RECORDED: dict[tuple[int, str, str, int], str] = {
    (2, "{}", "greedy", 1): "dbc096023f05dd37",
    (2, "{}", "greedy", 2): "91638f0ed30c8584",
    (2, "{}", "random", 1): "a79e6b09aade0439",
    (3, "{}", "greedy", 1): "54686c9d2967b53d",
    (3, "{}", "greedy", 2): "4508ea7eb3bcd7cb",
    (3, "{}", "random", 1): "54db9c3c09c6ae30",
    (4, '{"mode": "free"}', "greedy", 1): "989fa573d21185fb",
    (4, '{"mode": "free"}', "greedy", 2): "8dbf263fdc6dc518",
    (4, '{"mode": "free"}', "random", 1): "d6d40fded5154164",
    (2, '{"sand_direction": "both_ways"}', "greedy", 1): "306be7eceb8eddaf",
    (2, '{"sand_direction": "both_ways"}', "greedy", 2): "b95770eb491ef954",
}


def game_hash(players: int, settings: dict[str, Any], player: str, seed: int) -> str:
    """sha256 over every move of one seeded game (each seat ``player`` seeded
    ``seed + seat``; a move without the ``action`` written on it since the hashes were
    recorded) and the final totals."""
    state = GAME.new(players, seed, settings or None)
    seats = [GAME.players[player](seed + seat) for seat in range(players)]
    digest = hashlib.sha256()
    while not state.is_terminal():
        move = seats[state.to_move].choose(state)
        written = {k: v for k, v in GAME.move_to_json(move).items() if k != "action"}
        digest.update(json.dumps(written, sort_keys=True).encode())
        state = state.apply(move)
    digest.update(json.dumps([score.total for score in state.scores()]).encode())
    return digest.hexdigest()[:16]


@pytest.mark.parametrize(("players", "settings", "player", "seed"), sorted(RECORDED))
def test_seeded_games_play_as_recorded(players: int, settings: str, player: str, seed: int) -> None:
    got = game_hash(players, json.loads(settings), player, seed)
    assert got == RECORDED[(players, settings, player, seed)]
