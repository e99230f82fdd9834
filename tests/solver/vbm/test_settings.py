"""The named rule settings: defaults, the one reader, and faults named by the setting."""

from __future__ import annotations

from typing import Any

import pytest

from solver.errors import NotationError
from solver.vbm import GAME
from solver.vbm.settings import SETTINGS, Settings, read_settings
from solver.vbm.state import new_state


def test_the_defaults_are_the_settings_the_game_lists() -> None:
    assert SETTINGS == {
        "mode": None,
        "deck": "standard",
        "mission_sides": None,
        "sand_direction": "arrow",
        "explorer_tokens": "own",
    }
    assert GAME.settings == SETTINGS
    assert read_settings(2, None) == Settings("rows", "standard", None)
    assert read_settings(5, {}) == Settings("free", "standard", None)
    assert read_settings(6, {"mode": "free", "mission_sides": [0, 1, 0, 1, 1]}) == Settings(
        "free", "standard", (0, 1, 0, 1, 1)
    )


@pytest.mark.parametrize(
    ("players", "settings", "path"),
    [
        (2, {"colour": "red"}, "settings.colour"),
        (4, {"mode": "rows"}, "settings.mode"),
        (2, {"mode": "duel"}, "settings.mode"),
        (2, {"mode": 3}, "settings.mode"),
        (2, {"mode": ""}, "settings.mode"),
        (2, {"deck": 7}, "settings.deck"),
        (2, {"mission_sides": [0, 1]}, "settings.mission_sides"),
        (2, {"mission_sides": [0, 1, 2, 0, 1]}, "settings.mission_sides"),
        (2, {"mission_sides": [True, 1, 0, 0, 1]}, "settings.mission_sides"),
        (2, {"mission_sides": [0.0, 1, 0, 0, 1]}, "settings.mission_sides"),
        (2, {"mission_sides": "01010"}, "settings.mission_sides"),
        (2, {"sand_direction": "both"}, "settings.sand_direction"),
        (2, {"sand_direction": None}, "settings.sand_direction"),
        (4, {"explorer_tokens": "both"}, "settings.explorer_tokens"),
        (4, {"explorer_tokens": ["own"]}, "settings.explorer_tokens"),
    ],
)
def test_a_bad_setting_is_named_by_its_path(
    players: int, settings: dict[str, Any], path: str
) -> None:
    with pytest.raises(NotationError) as err:
        new_state(players, 0, settings)
    assert err.value.path == path
    assert "Traceback" not in str(err.value) and "object" not in str(err.value)


def test_the_sand_direction_setting_travels_with_the_game() -> None:
    state = new_state(4, 3, {"sand_direction": "both_ways"})
    assert state.sand_direction == "both_ways"
    assert new_state(4, 3).sand_direction == "arrow"
    doc = state.to_json()
    assert doc["sand_direction"] == "both_ways"
    assert GAME.from_json(doc) == state
    view = state.view(1)
    assert view.sand_direction == "both_ways" and view.world.sand_direction == "both_ways"
    assert GAME.view_from_json(view.to_json()) == view
    with pytest.raises(NotationError) as err:
        GAME.from_json({**doc, "sand_direction": "sideways"})
    assert err.value.path == "sand_direction"


def test_the_sand_direction_decides_the_sand_line() -> None:
    from dataclasses import replace

    state = new_state(2, 3)
    # S02 prints 1 VP per card to its left: one card there, one to its right.
    area = ((0, 1, "L01"), (0, 2, "S02"), (0, 3, "L02"))
    state = replace(state, areas=(area, ()))
    assert state.scores()[0].lines["sand"] == 1
    assert replace(state, sand_direction="both_ways").scores()[0].lines["sand"] == 2
