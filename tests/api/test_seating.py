"""``GET /v1/games`` says who plays with whom: every player count of every mode (of the
game, where it has none) with its sides, teammates together, as the rules seat them."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.http.settings import Settings
from solver.game import GAMES, get_game


@pytest.fixture(scope="module")
def listed() -> dict[str, dict[str, Any]]:
    answer = TestClient(create_app(Settings())).get("/v1/games")
    assert answer.status_code == 200
    return {entry["name"]: entry for entry in answer.json()["games"]}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_player_count_of_every_mode_is_seated(
    listed: dict[str, dict[str, Any]], name: str
) -> None:
    entry, game = listed[name], get_game(name)
    modes = entry["modes"] or {None: list(range(game.min_players, game.max_players + 1))}
    seated = {(s["mode"], s["players"]): s["sides"] for s in entry["seating"]}
    assert set(seated) == {(mode, count) for mode, counts in modes.items() for count in counts}
    for (_, count), sides in seated.items():
        assert sorted(seat for side in sides for seat in side) == list(range(count))


def test_very_big_monster_seats_teammates_opposite_as_its_rules_do(
    listed: dict[str, dict[str, Any]],
) -> None:
    seated = {(s["mode"], s["players"]): s["sides"] for s in listed["vbm"]["seating"]}
    assert seated["team", 4] == [[0, 2], [1, 3]]
    assert seated["team", 6] == [[0, 3], [1, 4], [2, 5]]
    assert seated["free", 4] == [[0], [1], [2], [3]] and seated["rows", 2] == [[0], [1]]
    for (mode, count), sides in seated.items():
        state = get_game("vbm").new(count, 1, {"mode": mode})
        assert state.teams == (None if mode != "team" else tuple(map(tuple, sides)))
    assert {tuple(map(tuple, s["sides"])) for s in listed["park"]["seating"]} == {
        tuple((seat,) for seat in range(count)) for count in (2, 3, 4)
    }
