"""What only the Very Big Monster models (``solver/vbm/documents.py``) must say
(``tests/solver/test_documents.py`` checks what every game's must): the seeded games of
each mode hold every field a move of that mode names, the hint details fit their
model and use every key it documents, the settings model takes the mission sides
and refuses what ``new`` refuses, and the card ids and decks are the game's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, get_args

import pytest
from pydantic import TypeAdapter

from solver.vbm import GAME
from solver.vbm.decks import BUILTIN_DECKS, standard_deck
from solver.vbm.documents import MODELS, VbmState, VbmTable
from tests.modes import every_mode
from tests.solver.document_checks import exact_keys, hint_keys, played, refused, round_trips, trails

MODES = [mode for mode in every_mode() if mode.values[0] == "vbm"]
HINT_EVERY = 6
"""Every how many states of a game the hint details are checked (a hint takes a while)."""


@pytest.mark.parametrize(("name", "players", "settings"), MODES)
def test_the_seeded_games_hold_every_field_a_move_names(
    name: str, players: int, settings: Mapping[str, Any]
) -> None:
    draft = {"pass"} if GAME.new(players, 0, dict(settings) or None).mode != "rows" else set()
    rows = {"row", "discard"} if not draft else set()
    kinds = played(name, players, settings).move_fields
    assert kinds == {"action", "explorer", "seat", "card", "at"} | draft | rows, kinds


@pytest.mark.parametrize(("name", "players", "settings"), MODES)
def test_hint_details_validate(name: str, players: int, settings: Mapping[str, Any]) -> None:
    keys = hint_keys(name, next(trails(name, players, settings))[:-1:HINT_EVERY], 0.01)
    assert keys == exact_keys(name), "every documented key appears in some hint"


def test_the_settings_model_takes_mission_sides_and_refuses_what_the_game_refuses() -> None:
    round_trips(MODELS.settings, {"mode": "team", "mission_sides": [0, 1, 1, 0, 1]})
    for bad in (
        {"mode": "duel"},
        {"deck": "/etc/passwd"},
        {"mission_sides": [0, 1]},
        {"mission_sides": [0, 1, 2, 0, 1]},
    ):
        refused("vbm", 4, bad)


def test_the_models_name_the_ids_and_decks_the_game_has() -> None:
    deck = standard_deck()
    schema = TypeAdapter(VbmState).json_schema()
    assert schema["$defs"]["VbmCardId"]["enum"] == [c.id for c in deck.cards]
    assert schema["$defs"]["VbmExplorerId"]["enum"] == [e.id for e in deck.explorers]
    deck_field = VbmTable.model_fields["deck"].annotation
    assert get_args(deck_field) == BUILTIN_DECKS
