"""Move labels and notation over HTTP and on the command line.

``legal`` lists each move with its ``label`` and ``notation`` beside its own
fields, and the hint each ranked move; ``apply``, ``validate`` and a session's
``move`` take a move as its object, as ``legal`` lists it, or as its notation
alone, with the same answer; a notation that does not read is a 422 naming
``/move`` in one line. ``monsters <game> legal`` shows the labels, and
``validate`` and ``apply`` take a notation.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.http.settings import Settings
from solver.game import GAMES, get_game
from tests.api.conftest import Cli, answered

NAMES = sorted(GAMES)
SECRET = "the secret these tests' services share, long enough"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Settings(secret=SECRET)))


def _refused(client: TestClient, path: str, body: dict[str, Any]) -> str:
    response = client.post(path, json=body)
    assert response.status_code == 422, response.text
    [fault] = response.json()["errors"]
    assert fault["field"] == "/move" and "\n" not in fault["message"]
    message: str = fault["message"]
    return message


@pytest.mark.parametrize("name", NAMES)
def test_every_listed_move_plays_as_its_object_its_listing_or_its_notation(
    client: TestClient, name: str
) -> None:
    game = get_game(name)
    state = game.new(game.default_players, 7, None).to_json()
    for _ in range(6):
        seat = game.from_json(state).to_move
        seen = answered(client, f"/v1/{name}/view", {"state": state, "seat": seat})["view"]
        listed = answered(client, f"/v1/{name}/legal", {"state": state})["moves"]
        labels = [entry["label"] for entry in listed]
        assert len(set(labels)) == len(labels) and all(labels)
        hinted = answered(client, f"/v1/{name}/hint", {"state": state, "budget_ms": 5})["moves"]
        assert {h["notation"] for h in hinted} == {e["notation"] for e in listed}
        assert {h["label"] for h in hinted} == set(labels)
        entry = listed[-1]
        move = {k: v for k, v in entry.items() if k not in ("label", "notation")}
        answers = [
            answered(client, f"/v1/{name}/apply", {"state": state, "move": sent})
            for sent in (move, entry, entry["notation"])
        ]
        assert answers[0] == answers[1] == answers[2]
        asked = {"state": seen, "move": entry["notation"]}
        assert answered(client, f"/v1/{name}/validate", asked)["legal"] is True
        state = answers[0]["state"]


@pytest.mark.parametrize(
    ("name", "sent", "said"),
    [
        ("park", "dance", "unknown move 'dance'"),
        ("park", "x" * 500, "at most 80 characters, not 500"),
        ("vbm", "W07@2", "the place is '@row,column'"),
        ("monstrolicious", "cake", "unknown dessert 'cake'"),
        ("park", 7, "a move is a JSON object or its notation (text), not 7"),
    ],
)
def test_a_notation_that_does_not_read_names_the_move(
    client: TestClient, name: str, sent: object, said: str
) -> None:
    game = get_game(name)
    state = game.new(game.default_players, 7, None)
    for route, doc in (("apply", state.to_json()), ("validate", state.view(0).to_json())):
        assert said in _refused(client, f"/v1/{name}/{route}", {"state": doc, "move": sent})


def test_a_listing_whose_notation_names_another_move_is_refused(client: TestClient) -> None:
    state = get_game("park").new(2, 7, None).to_json()
    first, second = answered(client, "/v1/park/legal", {"state": state})["moves"][:2]
    crossed = first | {"notation": second["notation"]}
    said = _refused(client, "/v1/park/apply", {"state": state, "move": crossed})
    assert "names another move than its fields" in said


def test_a_session_takes_a_notation(client: TestClient) -> None:
    body = {"game": "park", "players": 2, "seat": 0, "bots": ["random"], "seed": 5}
    got = answered(client, "/v1/sessions", body)
    listed = answered(client, "/v1/park/legal", {"state": got["view"]})["moves"]
    moved = answered(client, "/v1/sessions/move", {"session": got["session"], "move": "token"})
    assert "token" in [e["notation"] for e in listed] and moved["view"] != got["view"]
    bad = client.post("/v1/sessions/move", json={"session": got["session"], "move": "dance"})
    assert bad.status_code == 422 and "unknown move 'dance'" in bad.text


def test_the_schemas_list_labels_and_take_a_notation(client: TestClient) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    for prefix in ("Park", "Vbm", "Monstrolicious"):
        listed = schemas[f"{prefix}LegalResponse"]["properties"]["moves"]["items"]
        for ref in (
            r["$ref"].rsplit("/", 1)[1] for r in schemas[listed["$ref"].rsplit("/", 1)[1]]["oneOf"]
        ):
            assert {"label", "notation"} <= set(schemas[ref]["required"]), ref
        ranked = schemas[f"{prefix}RankedMove"]
        assert {"label", "notation"} <= set(ranked["required"])
        kinds = schemas[f"{prefix}ApplyRequest"]["properties"]["move"]["anyOf"]
        assert {"type": "string"}.items() <= kinds[-1].items()


def _write(tmp_path: Path, doc: Any) -> str:
    path = tmp_path / "state.json"
    path.write_text(json.dumps(doc))
    return str(path)


def test_the_command_line_lists_labels_and_takes_a_notation(cli: Cli, tmp_path: Path) -> None:
    game = get_game("park")
    state = game.new(2, 3, None)
    path = _write(tmp_path, state.to_json())
    code, out, _ = cli(["park", "legal", path])
    assert code == 0
    for move in state.legal_moves():
        assert game.notation(move) in out
    assert "Take a token" in out and "Invite the size-5 land monster (free)" in out
    code, out, _ = cli(["park", "legal", path, "--json"])
    assert code == 0 and json.loads(out)["moves"][0] == {
        "action": "token",
        "label": "Take a token",
        "notation": "token",
    }
    assert cli(["park", "validate", path, "invite 0 land"])[:2] == (0, "legal\n")
    code, out, _ = cli(["park", "validate", path, "invite 0 water"])
    assert code == 1 and out.startswith("illegal: a land monster may only live in the land area")
    code, out, _ = cli(["park", "apply", path, "token"])
    assert (
        code == 0 and json.loads(out)["state"] == state.apply(game.from_notation("token")).to_json()
    )
    code, _, err = cli(["park", "apply", path, "invite 9"])
    assert code == 2 and err.strip().endswith("the track position is a number from 0 to 4, not '9'")
    assert len(err.strip().splitlines()) == 1
