"""What only the Monstrolicious models (``solver/monstrolicious/documents.py``) must say
(``tests/solver/test_documents.py`` checks what every game's must): the seeded games hold
both kinds of move, every hint detail fits its model and uses every key it
documents, the settings model refuses what the game refuses, the desserts are named
as the data file names them, and what the codec reads leniently the models read too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, get_args

import pytest
from pydantic import TypeAdapter

from solver.monstrolicious import GAME
from solver.monstrolicious.cards import BUFFET
from solver.monstrolicious.documents import (
    MODELS,
    DessertKey,
    MonstroliciousRow,
    MonstroliciousState,
    MonstroliciousView,
)
from tests.modes import every_mode
from tests.solver.document_checks import (
    as_sent,
    exact_keys,
    hint_keys,
    played,
    refused,
    round_trips,
    trails,
)

MODES = [mode for mode in every_mode() if mode.values[0] == "monstrolicious"]
MOVE: TypeAdapter[Any] = TypeAdapter(MODELS.move)


@pytest.mark.parametrize(("name", "players", "settings"), MODES)
def test_the_seeded_games_hold_both_kinds_of_move(
    name: str, players: int, settings: Mapping[str, Any]
) -> None:
    kinds = played(name, players, settings).move_fields
    assert kinds == {"action", "dessert", "reveal"}, "the games should hold both kinds of move"


@pytest.mark.parametrize(("name", "players", "settings"), MODES)
def test_every_hint_detail_validates(name: str, players: int, settings: Mapping[str, Any]) -> None:
    keys: set[str] = set()
    for trail in trails(name, players, settings):
        keys |= hint_keys(name, trail[:-1], 0.005)
    assert keys == exact_keys(name), "every documented key appears in some hint"


def test_the_settings_model_takes_a_first_player_and_refuses_what_the_game_refuses() -> None:
    round_trips(MODELS.settings, {"first_player": 1})
    refused("monstrolicious", 2, {"first_player": 2})


def test_the_models_name_every_dessert_as_the_data_file_does() -> None:
    aliases = [field.alias for field in MonstroliciousRow.model_fields.values()]
    assert aliases == list(BUFFET.keys)
    assert get_args(get_args(DessertKey)[0]) == BUFFET.keys


def test_what_the_codec_reads_leniently_the_models_read_too() -> None:
    state = GAME.new(2, 4, None)
    doc = as_sent(state.to_json())
    seat = next(s for s in (0, 1) if 0 in state.stacks[s])
    doc["stacks"][seat][state.stacks[seat].index(0)] = " Trap "
    del doc["players"], doc["reveal_pending"]
    assert GAME.from_json(doc) == state
    MonstroliciousState.model_validate(doc)
    view = as_sent(state.view(state.current).to_json())
    del view["players"]
    assert GAME.view_from_json(view) == state.view(state.current)
    MonstroliciousView.model_validate(view)
    move = {"dessert": " Wedding-CAKE"}
    written = {"action": "place", "dessert": "wedding-cake"}
    assert GAME.move_to_json(GAME.move_from_json(move)) == written
    assert MOVE.dump_python(MOVE.validate_python(move), mode="json") == written
