"""``/v1/sessions``: a seat against bots, the full state kept on the service, the store bounded."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.http.settings import SettingError, Settings
from api.services.errors import FieldError
from api.services.sessions import SessionStore, UnknownSessionError
from solver.errors import NotYourTurnError
from solver.game import GAMES, get_game

SEED = 2**40 + 12345  # a seed that cannot be mistaken for a small count in an answer


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Settings()))


def _store(client: TestClient) -> SessionStore:
    """The app's own store of games (``app.state.sessions``)."""
    store: SessionStore = client.app.state.sessions  # type: ignore[attr-defined]
    return store


def _post(client: TestClient, path: str, body: dict[str, Any] | None = None) -> Any:
    response = client.post(path, json=body)
    assert response.status_code == 200, response.text
    return response.json()


def _faults(response: Any) -> list[str]:
    assert response.status_code == 422, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    return [entry["field"] for entry in response.json()["errors"]]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_seat_plays_to_the_end_and_sees_only_its_view(client: TestClient, name: str) -> None:
    game = get_game(name)
    body = {"game": name, "players": 2, "seat": 1, "bots": ["random"], "seed": SEED}
    got = _post(client, "/v1/sessions", body)
    key = got["session"]
    for _ in range(2000):
        session = _store(client)._session(key)
        assert got["view"] == game.view(session.state, 1).to_json()
        assert set(got) == {"session", "game", "seat", "bots", "view", "turn", "you_decide",
                            "bot_decides"}  # fmt: skip
        assert str(SEED) not in json.dumps(got)
        if got["turn"]["terminal"]:
            break
        if got["bot_decides"]:
            got = _post(client, f"/v1/sessions/{key}/bot")
        else:
            assert got["you_decide"]
            moves = _post(client, f"/v1/{name}/legal", {"state": got["view"]})["moves"]
            got = _post(client, f"/v1/sessions/{key}/move", {"move": moves[-1]})
    assert got["turn"]["terminal"] and not got["you_decide"] and not got["bot_decides"]
    scored = _post(client, f"/v1/{name}/score", {"state": got["view"]})
    full = _store(client)._session(key).state
    assert scored["scores"] == [s.to_json() for s in full.scores()]
    over = client.post(f"/v1/sessions/{key}/bot")
    assert over.status_code == 422 and over.json()["type"] == "/problems/game-over"


def test_a_seeded_game_replays_bots_included(client: TestClient) -> None:
    body = {"game": "park", "players": 3, "seat": 0, "bots": ["greedy", "random"], "seed": 9}
    views = []
    for _ in range(2):
        got = _post(client, "/v1/sessions", body)
        moves = _post(client, "/v1/park/legal", {"state": got["view"]})["moves"]
        got = _post(client, f"/v1/sessions/{got['session']}/move", {"move": moves[0]})
        got = _post(client, f"/v1/sessions/{got['session']}/bot")
        got = _post(client, f"/v1/sessions/{got['session']}/bot")
        views.append(got["view"])
    assert views[0] == views[1]
    assert got["bots"] == {"1": "greedy", "2": "random"}


def test_turns_are_kept(client: TestClient) -> None:
    got = _post(client, "/v1/sessions", {"game": "monstrolicious", "seat": 1, "seed": 1})
    key = got["session"]
    assert got["bot_decides"]
    moves = _post(client, "/v1/monstrolicious/legal", {"state": got["view"]})
    assert moves["moves"] == []  # not this seat's decision: the view has none
    refused = client.post(f"/v1/sessions/{key}/move", json={"move": {"kind": "take"}})
    assert refused.json()["type"] == "/problems/not-your-turn"
    got = _post(client, f"/v1/sessions/{key}/bot")
    assert got["you_decide"]
    refused = client.post(f"/v1/sessions/{key}/bot")
    assert refused.json()["type"] == "/problems/not-your-turn"
    illegal = client.post(f"/v1/sessions/{key}/move", json={"move": {"kind": "nonsense"}})
    assert _faults(illegal) == ["/move"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "chess"}, "/game"),
        ({"game": "park", "players": 9}, "/players"),
        ({"game": "park", "players": 7}, "/players"),
        ({"game": "park", "players": 2, "seat": 2}, "/seat"),
        ({"game": "park", "players": 3, "bots": ["random"]}, "/bots"),
        ({"game": "park", "players": 2, "bots": ["chess"]}, "/bots/0"),
        ({"game": "park", "seed": -1}, "/seed"),
        ({"game": "park", "seed": 2**64}, "/seed"),
        ({"game": "vbm", "settings": {"mode": "nonsense"}}, "/settings/mode"),
        ({"game": "park", "colour": "red"}, "/colour"),
    ],
)
def test_bad_set_ups_name_their_field(client: TestClient, body: Any, field: str) -> None:
    assert _faults(client.post("/v1/sessions", json=body)) == [field]


def test_an_unknown_or_malformed_id(client: TestClient) -> None:
    missing = client.get(f"/v1/sessions/{'0' * 32}")
    assert missing.status_code == 404 and missing.json()["type"] == "/problems/not-found"
    assert _faults(client.get("/v1/sessions/not-an-id")) == ["/session"]


def test_the_store_is_bounded_in_number_and_in_time() -> None:
    now = [0.0]
    store = SessionStore(capacity=2, ttl=60, clock=lambda: now[0])
    first = store.start("park", players=2, seed=1)["session"]
    second = store.start("park", players=2, seed=2)["session"]
    store.get(first)  # used last: the second is now the oldest
    third = store.start("park", players=2, seed=3)["session"]
    assert len(store) == 2
    with pytest.raises(UnknownSessionError):
        store.get(second)
    store.get(first)
    now[0] = 59.0
    store.get(third)
    now[0] = 100.0  # first unused for 100 s, third for 41 s
    with pytest.raises(UnknownSessionError):
        store.get(first)
    assert store.get(third)["session"] == third
    assert len(store) == 1


def test_a_move_played_by_another_request_first_is_refused() -> None:
    store = SessionStore()
    key = store.start("park", players=2, seat=0, bots=["random"], seed=4)["session"]
    session = store._session(key)
    before = session.state
    session.state = before.apply(before.legal_moves()[0])
    with pytest.raises(NotYourTurnError):
        store._replace(key, session, before, before)
    with pytest.raises(FieldError):
        store.start("park", players=2, bots=["random", "random"])


def test_sessions_off_leaves_no_session_route() -> None:
    client = TestClient(create_app(Settings.from_env({"MONSTERS_SESSIONS": "0"})))
    started = client.post("/v1/sessions", json={"game": "park", "players": 2})
    assert started.status_code == 404  # a replica keeps nothing: the front end holds its state
    assert client.get("/v1/sessions/" + "0" * 32).status_code == 404
    paths = client.get("/openapi.json").json()["paths"]
    assert not any(path.startswith("/v1/sessions") for path in paths)
    assert "/v1/park/new" in paths
    assert client.post("/v1/park/new", json={"players": 2, "seed": 1}).status_code == 200


def test_each_worker_keeps_at_most_the_games_set() -> None:
    client = TestClient(create_app(Settings.from_env({"MONSTERS_SESSIONS": "2"})))
    keys = [_post(client, "/v1/sessions", {"game": "park", "seed": n})["session"] for n in range(3)]
    assert client.get(f"/v1/sessions/{keys[0]}").status_code == 404  # made room for the third
    assert all(client.get(f"/v1/sessions/{k}").status_code == 200 for k in keys[1:])


@pytest.mark.parametrize("text", ["-1", "many", "1.5", ""])
def test_a_sessions_setting_that_does_not_read_is_refused(text: str) -> None:
    with pytest.raises(SettingError, match="MONSTERS_SESSIONS must be a whole number"):
        Settings.from_env({"MONSTERS_SESSIONS": text})
