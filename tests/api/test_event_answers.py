"""What just happened, as the service and the command line answer it (docs/events.md):
``apply`` and every session answer carry ``events``, typed per game in the OpenAPI
schema, and ``monsters <game> apply`` tells their texts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.http.settings import Settings
from solver.game import GAMES, get_game
from tests.api.conftest import Cli, answered

SECRET = "the secret these tests' services share, long enough"
NAMES = ("park", "vbm", "monstrolicious")


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Settings(secret=SECRET)))


@pytest.mark.parametrize("name", NAMES)
def test_apply_tells_the_seat_that_moved_what_happened(client: TestClient, name: str) -> None:
    game = get_game(name)
    state = game.new(game.default_players, 4, None)
    move = state.legal_moves()[0]
    answer = answered(
        client, f"/v1/{name}/apply", {"state": state.to_json(), "move": game.notation(move)}
    )
    seat = state.to_move
    expected = game.happened(game.view(state, seat), game.view(state.apply(move), seat))
    assert answer["events"] == [event.to_json() for event in expected] != []
    assert answer["events"][0]["params"]["seat"] == seat


@pytest.mark.parametrize("name", NAMES)
def test_a_session_tells_its_seat_what_happened_since_its_last_answer(
    client: TestClient, name: str
) -> None:
    game = get_game(name)
    started = answered(client, "/v1/sessions", {"game": name, "seed": 5, "seat": 0})
    assert started["events"] == []
    answer, moves = started, 0
    while not answer["turn"]["terminal"] and moves < 12:
        before = game.view_from_json(answer["view"])
        if answer["you_decide"]:
            move = game.move_to_json(before.legal_moves()[0])
            answer = answered(
                client, "/v1/sessions/move", {"session": answer["session"], "move": move}
            )
        else:
            answer = answered(client, "/v1/sessions/bot", {"session": answer["session"]})
        after = game.view_from_json(answer["view"])
        assert answer["events"] == [e.to_json() for e in game.happened(before, after)]
        moves += 1
    again = answered(client, "/v1/sessions/view", {"session": answer["session"]})
    assert again["events"] == []


def test_events_are_typed_per_game(client: TestClient) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    answers = schemas["SessionAnswer"]["oneOf"]
    assert [ref["$ref"].rsplit("/", 1)[1] for ref in answers] == [
        f"{name.capitalize()}SessionAnswer" for name in GAMES
    ]
    for name in NAMES:
        told = schemas[f"{name.capitalize()}SessionAnswer"]["properties"]["events"]
        assert told["items"] == {"$ref": f"#/components/schemas/{name.capitalize()}Event"}
        event = schemas[f"{name.capitalize()}Event"]
        assert event["properties"]["code"]["enum"] == list(get_game(name).event_codes())
        assert set(event["required"]) == {"code", "params", "text"}
        applied = schemas[f"{name.capitalize()}ApplyResponse"]["properties"]["events"]
        assert applied["items"] == {"$ref": f"#/components/schemas/{name.capitalize()}Event"}


def test_the_command_line_tells_what_happened(cli: Cli, tmp_path: Path) -> None:
    game = get_game("park")
    state = game.new(2, 3, None)
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state.to_json()))
    code, out, err = cli(["park", "apply", str(path), "token"])
    told = json.loads(out)["events"]
    assert code == 0 and told[0]["code"] == "token-taken"
    assert err.splitlines() == [event["text"] for event in told]
    code, out, err = cli(["park", "apply", str(path), "token", "--json"])
    assert code == 0 and json.loads(out)["events"] == told and err == ""
