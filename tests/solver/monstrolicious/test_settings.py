"""Tests for solver/monstrolicious/settings.py: the named rule settings and their reader."""

from __future__ import annotations

from typing import Any

import pytest

from solver.errors import NotationError
from solver.monstrolicious import GAME
from solver.monstrolicious.settings import SETTINGS, Settings
from solver.monstrolicious.state import new_state


def test_the_defaults_are_the_settings_a_new_game_takes() -> None:
    assert SETTINGS == {"first_player": None} == GAME.settings
    assert Settings.parse(None) == Settings() == Settings.parse({})
    assert Settings.parse({"first_player": 1}).first_player == 1
    assert {new_state(2, s, {"first_player": 0}).current for s in range(6)} == {0}


@pytest.mark.parametrize(
    ("doc", "path", "words"),
    [
        (
            {"colour": "red"},
            "settings.colour",
            "unknown setting 'colour' (choose from first_player)",
        ),
        ({"first_player": 2}, "settings.first_player", "null, 0 or 1, not 2"),
        ({"first_player": True}, "settings.first_player", "null, 0 or 1, not True"),
        ({"first_player": "0"}, "settings.first_player", "null, 0 or 1, not '0'"),
        (["first_player"], "settings", "the settings must be a JSON object"),
    ],
)
def test_a_bad_setting_is_named(doc: Any, path: str, words: str) -> None:
    with pytest.raises(NotationError) as err:
        new_state(2, 0, doc)
    assert err.value.path == path and words in err.value.message
