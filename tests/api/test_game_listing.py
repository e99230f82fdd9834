"""What a front end learns of the games comes from the registry: ``GET /v1/games`` says
each game's summary, modes with their player counts and bot players, and the ``/play``
index links every registered game, one registered after the service started too."""

from __future__ import annotations

import dataclasses
import sys
import types
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.http.settings import Settings
from api.services import games as game_service
from solver.errors import NotationError
from solver.game import GAMES, Entry, get_game
from tests.extra_game import GAME


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings())) as test_client:
        yield test_client


@pytest.mark.parametrize("name", list(GAMES))
def test_the_listing_says_what_a_front_end_needs(client: TestClient, name: str) -> None:
    game = get_game(name)
    listed = {entry["name"]: entry for entry in client.get("/v1/games").json()["games"]}
    entry = listed[name]
    assert entry["summary"] == game.summary and game.summary.strip()
    assert "\n" not in game.summary
    assert entry["modes"] == {mode: list(counts) for mode, counts in game.mode_players.items()}
    assert entry["players"] == list(game.players)
    assert {"random", "greedy", "hint"} <= set(entry["players"])
    details = entry["setting_details"]
    assert set(details) == set(game.settings)
    for name, default in game.settings.items():
        assert details[name]["meaning"] and details[name]["default"] == default
        values = details[name]["values"]
        assert values is None or default in values or default is None


def test_a_setting_with_a_list_of_values_says_them() -> None:
    details = game_service.setting_details(get_game("park"))
    assert details["run_gaps"]["values"] == ["none", "upgrades", "any"]
    assert details["fifth_slot_price"]["minimum"] == 0 and details["bank"]["may_be_null"]


@pytest.mark.parametrize("name", list(GAMES))
def test_each_mode_takes_exactly_its_player_counts(name: str) -> None:
    game = get_game(name)
    for mode, counts in game.mode_players.items():
        assert counts and set(counts) <= set(range(game.min_players, game.max_players + 1))
        for players in range(game.min_players, game.max_players + 1):
            if players in counts:
                game.new(players, 1, {"mode": mode})
            else:
                with pytest.raises(NotationError):
                    game.new(players, 1, {"mode": mode})


def test_vbm_lists_its_three_modes() -> None:
    assert dict(get_game("vbm").mode_players) == {
        "rows": (2, 3),
        "team": (4, 6),
        "free": (3, 4, 5, 6),
    }


def test_a_game_registered_later_is_listed_and_linked(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    summary = "Take 1 or 2 counters in turn & score 3 more for the last."
    pile = dataclasses.replace(GAME, summary=summary, mode_players={"short": (2,), "long": (2, 3)})
    module = types.ModuleType("pile_game")
    vars(module)["GAME"] = pile
    monkeypatch.setitem(sys.modules, "pile_game", module)
    monkeypatch.setitem(GAMES, "pile", Entry("pile_game", "Pile"))

    listed = client.get("/v1/games").json()["games"]
    assert [entry["name"] for entry in listed] == list(GAMES)
    assert listed[-1] == {
        "name": "pile",
        "title": "Pile",
        "summary": summary,
        "min_players": 2,
        "max_players": 3,
        "default_players": 2,
        "modes": {"short": [2], "long": [2, 3]},
        "seating": [
            {"mode": "short", "players": 2, "sides": [[0], [1]]},
            {"mode": "long", "players": 2, "sides": [[0], [1]]},
            {"mode": "long", "players": 3, "sides": [[0], [1], [2]]},
        ],
        "settings": {},
        "setting_details": {},
        "players": ["random", "greedy", "hint", "mcts", "search"],
    }
    index = client.get("/play").text
    links = [f'<a href="/play/{name}">' for name in ("manno", *GAMES)]
    assert sorted(links, key=index.find) == links and all(link in index for link in links)
    assert (
        '<a href="/play/pile"><strong>Pile</strong>Take 1 or 2 counters in turn &amp; score 3'
        " more for the last.</a>"
    ) in index
