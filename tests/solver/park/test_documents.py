"""What only Monster Park's typed schemas must say (``tests/solver/test_documents.py`` checks
what every game's must): the seeded games pass through every phase, every hint's
detail fits its model and the detail model names every key the hint writes, the
settings model refuses what the game refuses, the move kinds and choice lists are
the game's own, and no schema names a score line as the codec spells it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Literal, get_args

import pytest
from pydantic import TypeAdapter, ValidationError

from solver.park import GAME
from solver.park.cards import AREAS, UPGRADE_KINDS, load_deck
from solver.park.documents import (
    MODELS,
    Area,
    Character,
    Phase,
    RunGaps,
    UpgradeKind,
    UpgradeRefill,
)
from solver.park.moves import ACTIONS
from solver.park.settings import RUN_GAPS, UPGRADE_REFILL
from solver.park.table import PHASES
from tests.modes import every_mode
from tests.solver.document_checks import hint_keys, played, refused, trails

MODES = [p for p in every_mode() if p.values[0] == "park"]
MOVE = TypeAdapter(MODELS.move)


@pytest.mark.parametrize(("name", "players", "settings"), MODES)
def test_the_seeded_games_pass_through_every_phase(
    name: str, players: int, settings: Mapping[str, Any]
) -> None:
    assert played(name, players, settings).phases == set(PHASES)


@pytest.mark.parametrize(("name", "players", "settings"), MODES)
def test_every_hint_detail_fits_the_detail_model(
    name: str, players: int, settings: Mapping[str, Any]
) -> None:
    trail = next(trails(name, players, settings))
    # A spread of the game and its last turns, where the win chance counts.
    seen = hint_keys(name, [*trail[:-8:7], *trail[-8:-1]], 0.02)
    assert {"this_turn", "tourists"} <= seen


def test_the_detail_model_names_every_key_the_hint_writes() -> None:
    keys = set()
    for players, settings in GAME.modes():
        trail = next(trails("park", players, settings))
        states = [s for s in trail[:-1] if s.phase == "tourists" or s.final_round]
        keys |= hint_keys("park", states, 0.02)
    assert {"tokens", "win_chance", "reply"} <= keys <= set(MODELS.detail.model_fields)


@pytest.mark.parametrize(
    "doc",
    [
        {"fifth_slot": True},
        {"run_gaps": "some"},
        {"upgrade_refill": "none"},
        {"bank": -1},
        {"round_limit": 0},
        {"fifth_slot_price": 100},
    ],
)
def test_the_settings_model_refuses_what_the_game_refuses(doc: dict[str, Any]) -> None:
    refused("park", 2, doc)


def test_the_move_kinds_are_the_games() -> None:
    schema = MOVE.json_schema()
    assert set(schema["discriminator"]["mapping"]) == set(ACTIONS)
    with pytest.raises(ValidationError):
        MOVE.validate_python({"action": "dance"})
    with pytest.raises(ValidationError):
        MOVE.validate_python({"action": "token", "slot": 1})


def test_the_choices_are_the_games() -> None:
    assert get_args(Area) == tuple(a.value for a in AREAS)
    assert get_args(UpgradeKind) == UPGRADE_KINDS
    assert get_args(Phase) == PHASES
    assert get_args(RunGaps) == RUN_GAPS
    assert get_args(UpgradeRefill) == UPGRADE_REFILL
    assert set(get_args(Character)) == {m.character for m in load_deck().monsters}


@pytest.mark.parametrize("mode", ["validation", "serialization"])
@pytest.mark.parametrize("part", ["state", "view", "move", "detail", "settings"])
def test_no_schema_names_a_score_line_as_the_codec_spells_it(
    part: str, mode: Literal["validation", "serialization"]
) -> None:
    schema = TypeAdapter(getattr(MODELS, part)).json_schema(mode=mode)
    assert "monster_points" not in json.dumps(schema)
