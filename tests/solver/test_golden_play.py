"""Refactors change no play: seeded games give the results recorded in ``data/golden_play.json``.

For every game and mode, two seeded matches are played through the registry
(``play_match``, as ``monsters <game> play --json`` does): greedy against random,
and random players only. The ``play --json`` object (timings aside) and a
fingerprint of every state of one game of the hint (at its default budget,
whose counted work ends each search long before the clock's guard, ten times the
budget and at least a second, could) against greedy are compared with the recorded
ones. Record again (only when a rule change is meant to change play) with
``MONSTERS_RECORD_GOLDEN=1 pytest tests/solver/test_golden_play.py``.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from solver.arena import MAX_DECISIONS, play_match
from solver.game import HintPlayer, Json, Player, get_game
from tests.modes import every_mode

GOLDEN = Path(__file__).with_name("data") / "golden_play.json"
RECORD = os.environ.get("MONSTERS_RECORD_GOLDEN") == "1"
SEED = 7
GAMES = 2


def _key(name: str, players: int, settings: Mapping[str, Any]) -> str:
    return f"{name}/{players}/{json.dumps(dict(settings), sort_keys=True)}"


def _trail(name: str, players: int, settings: Mapping[str, Any]) -> str:
    """sha256 over every state of one game: seat 0 the hint, the others greedy."""
    game = get_game(name)
    hint = HintPlayer(game.view, game.hint, game.move_from_json)
    seats: list[Player] = [hint] + [game.players["greedy"](SEED + i) for i in range(1, players)]
    state = game.new(players, SEED, dict(settings) or None)
    digest = hashlib.sha256()
    for _ in range(MAX_DECISIONS):
        digest.update(json.dumps(state.to_json(), sort_keys=True).encode())
        if state.is_terminal():
            return digest.hexdigest()
        state = state.apply(seats[state.to_move].choose(state))
    pytest.fail("game did not end")


def _results(name: str, players: int, settings: Mapping[str, Any]) -> Json:
    game = get_game(name)
    out: Json = {"trail": _trail(name, players, settings)}
    for lineup in (["greedy", *(["random"] * (players - 1))], ["random"] * players):
        result = play_match(game, lineup, GAMES, SEED, dict(settings) or None).to_json()
        result.pop("hint_ms_p50")
        result.pop("hint_ms_p95")
        out[",".join(lineup)] = result
    return out


def _recorded() -> dict[str, Json]:
    if not GOLDEN.exists():
        return {}
    data: dict[str, Json] = json.loads(GOLDEN.read_text())
    return data


@pytest.mark.parametrize(("name", "players", "settings"), every_mode())
def test_play_is_as_recorded(name: str, players: int, settings: Mapping[str, Any]) -> None:
    key = _key(name, players, settings)
    got = _results(name, players, settings)
    if RECORD:
        data = _recorded()
        data[key] = got
        GOLDEN.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        return
    assert key in _recorded(), f"no recorded play for {key}: record with MONSTERS_RECORD_GOLDEN=1"
    assert got == _recorded()[key]
