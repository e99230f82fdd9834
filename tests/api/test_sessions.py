"""``/v1/sessions``: a seat against bots, the full state sealed in a token the page holds."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.http.settings import SettingError, Settings
from api.services.sealed import BadSealError
from api.services.sessions import Session, Sessions
from solver.errors import IllegalMoveError
from solver.game import GAMES, get_game

SEED = 2**40 + 12345  # a seed that cannot be mistaken for a small count in an answer
SECRET = "the secret these tests' services share, long enough"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Settings(secret=SECRET)))


def _sessions(client: TestClient) -> Sessions:
    """The app's sessions (``app.state.sessions``): they open its tokens."""
    sessions: Sessions = client.app.state.sessions  # type: ignore[attr-defined]
    return sessions


def _post(client: TestClient, path: str, body: dict[str, Any] | None = None) -> Any:
    response = client.post(path, json=body)
    assert response.status_code == 200, response.text
    return response.json()


def _faults(response: Any) -> list[str]:
    assert response.status_code == 422, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    return [entry["field"] for entry in response.json()["errors"]]


def _bot(client: TestClient, got: dict[str, Any]) -> Any:
    return _post(client, "/v1/sessions/bot", {"session": got["session"]})


def _move(client: TestClient, got: dict[str, Any], move: dict[str, Any]) -> Any:
    return client.post("/v1/sessions/move", json={"session": got["session"], "move": move})


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_seat_plays_to_the_end_and_sees_only_its_view(client: TestClient, name: str) -> None:
    game = get_game(name)
    body = {"game": name, "players": 2, "seat": 1, "bots": ["random"], "seed": SEED}
    got = _post(client, "/v1/sessions", body)
    for _ in range(2000):
        state = _sessions(client).read(got["session"]).state
        assert got["view"] == game.view(state, 1).to_json()
        assert set(got) == {"session", "game", "seat", "bots", "view", "turn", "you_decide",
                            "bot_decides", "events"}  # fmt: skip
        assert str(SEED) not in json.dumps(got)
        if got["turn"]["terminal"]:
            break
        if got["bot_decides"]:
            got = _bot(client, got)
        else:
            assert got["you_decide"]
            moves = _post(client, f"/v1/{name}/legal", {"state": got["view"]})["moves"]
            played = _move(client, got, moves[-1])
            assert played.status_code == 200, played.text
            got = played.json()
    assert got["turn"]["terminal"] and not got["you_decide"] and not got["bot_decides"]
    scored = _post(client, f"/v1/{name}/score", {"state": got["view"]})
    full = _sessions(client).read(got["session"]).state
    assert scored["scores"] == [s.to_json() for s in full.scores()]
    over = client.post("/v1/sessions/bot", json={"session": got["session"]})
    assert over.status_code == 422 and over.json()["type"] == "/problems/game-over"


def test_a_seeded_game_replays_bots_included(client: TestClient) -> None:
    body = {"game": "park", "players": 3, "seat": 0, "bots": ["greedy", "random"], "seed": 9}
    views = []
    for _ in range(2):
        got = _post(client, "/v1/sessions", body)
        moves = _post(client, "/v1/park/legal", {"state": got["view"]})["moves"]
        got = _move(client, got, moves[0]).json()
        got = _bot(client, _bot(client, got))
        views.append(got["view"])
    assert views[0] == views[1]
    assert got["bots"] == {"1": "greedy", "2": "random"}


def test_a_bots_move_is_a_function_of_the_token(client: TestClient) -> None:
    body = {"game": "monstrolicious", "seat": 1, "bots": ["easy"], "seed": 5}
    got = _post(client, "/v1/sessions", body)
    asked = 0
    while asked < 6 and not got["turn"]["terminal"]:
        if got["you_decide"]:
            moves = _post(client, "/v1/monstrolicious/legal", {"state": got["view"]})["moves"]
            got = _move(client, got, moves[0]).json()
            continue
        again = [_bot(client, got) for _ in range(3)]  # the same decision, asked again
        assert len({json.dumps(a["view"]) for a in again}) == 1
        assert len({a["session"] for a in again}) == 3  # sealed afresh each time
        got, asked = again[0], asked + 1
    assert asked == 6


def test_the_view_route_answers_the_token_as_it_stands(client: TestClient) -> None:
    got = _post(client, "/v1/sessions", {"game": "vbm", "players": 3, "seed": 4})
    again = _post(client, "/v1/sessions/view", {"session": got["session"]})
    assert again == got


def test_turns_are_kept(client: TestClient) -> None:
    got = _post(client, "/v1/sessions", {"game": "monstrolicious", "seat": 1, "seed": 1})
    assert got["bot_decides"]
    moves = _post(client, "/v1/monstrolicious/legal", {"state": got["view"]})
    assert moves["moves"] == []  # not this seat's decision: the view has none
    refused = _move(client, got, {"kind": "take"})
    assert refused.json()["type"] == "/problems/not-your-turn"
    got = _bot(client, got)
    assert got["you_decide"]
    refused = client.post("/v1/sessions/bot", json={"session": got["session"]})
    assert refused.json()["type"] == "/problems/not-your-turn"
    assert _faults(_move(client, got, {"kind": "nonsense"})) == ["/move"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "chess"}, "/game"),
        ({"game": "park", "players": 9}, "/players"),
        ({"game": "park", "players": 7}, "/players"),
        ({"game": "park", "players": 2, "seat": 2}, "/seat"),
        ({"game": "park", "players": 3, "bots": ["random"]}, "/bots"),
        ({"game": "park", "players": 2, "bots": ["chess"]}, "/bots/0"),
        ({"game": "park", "players": 2, "bots": ["random:3"]}, "/bots/0"),
        ({"game": "park", "players": 2, "bots": ["mcts:61"]}, "/bots/0"),
        ({"game": "park", "players": 2, "bots": ["search:801"]}, "/bots/0"),
        ({"game": "vbm", "players": 2, "bots": ["mcts:21"]}, "/bots/0"),
        ({"game": "monstrolicious", "bots": ["mcts:100000"]}, "/bots/0"),
        ({"game": "monstrolicious", "bots": ["mcts:²"]}, "/bots/0"),
        ({"game": "monstrolicious", "bots": ["mcts: 99999999999999999999 "]}, "/bots/0"),
        ({"game": "park", "seed": -1}, "/seed"),
        ({"game": "park", "seed": 2**64}, "/seed"),
        ({"game": "vbm", "settings": {"mode": "nonsense"}}, "/settings/mode"),
        ({"game": "park", "colour": "red"}, "/colour"),
    ],
)
def test_bad_set_ups_name_their_field(client: TestClient, body: Any, field: str) -> None:
    assert _faults(client.post("/v1/sessions", json=body)) == [field]


def test_the_bots_cap_is_named_in_its_refusal(client: TestClient) -> None:
    body = {"game": "monstrolicious", "bots": ["mcts:100000"]}
    detail = client.post("/v1/sessions", json=body).json()["detail"]
    assert "at most mcts:260" in detail and "mcts:100000" in detail


@pytest.mark.parametrize(
    "bot", ["easy", "medium", "hard", "mcts", "search", "mcts:60", "search:800", "search:1"]
)
def test_named_strengths_and_searches_up_to_the_cap(client: TestClient, bot: str) -> None:
    got = _post(client, "/v1/sessions", {"game": "park", "players": 2, "bots": [bot]})
    assert got["bots"] == {"1": bot}


def _tampered(token: str) -> list[str]:
    middle = len(token) // 2
    flipped = token[:middle] + ("A" if token[middle] != "A" else "B") + token[middle + 1 :]
    return [flipped, token[:-4], token[:40], token + "AAAA", "not-a-token", "", "é" * 8, "=" * 8]


def test_a_token_that_does_not_read_is_a_bad_session(client: TestClient) -> None:
    got = _post(client, "/v1/sessions", {"game": "park", "players": 2, "seed": 3})
    other = TestClient(create_app(Settings(secret="another service's secret, as long as ours")))
    foreign = _post(other, "/v1/sessions", {"game": "park", "players": 2, "seed": 3})["session"]
    for token in [*_tampered(got["session"]), foreign]:
        for path, extra in [("view", {}), ("bot", {}), ("move", {"move": {"kind": "x"}})]:
            refused = client.post(f"/v1/sessions/{path}", json={"session": token, **extra})
            assert _faults(refused) == ["/session"], (path, token)
            problem = refused.json()
            assert problem["type"] == "/problems/bad-session"
            assert problem["detail"] == f"/session: {BadSealError().args[0]}"


def test_a_flood_of_new_games_evicts_none(client: TestClient) -> None:
    first = _post(client, "/v1/sessions", {"game": "park", "players": 2, "seed": 1})
    for n in range(301):
        _post(client, "/v1/sessions", {"game": "park", "players": 2, "seed": n})
    moves = _post(client, "/v1/park/legal", {"state": first["view"]})["moves"]
    played = _move(client, first, moves[0])
    assert played.status_code == 200 and played.json()["bot_decides"]


def _vbm_session(client: TestClient, phase: str) -> Session:
    """A 4-player Very Big Monster game in ``phase``, seat 0 to move, bots in 1..3."""
    got = _post(client, "/v1/sessions", {"game": "vbm", "players": 4, "seed": 11})
    session = _sessions(client).read(got["session"])
    while session.state.phase != phase:
        session = session.after(session.state.legal_moves()[0])
    assert session.state.to_move == 0 and 1 in get_game("vbm").waiting(session.state)
    return session


@pytest.mark.parametrize("phase", ["explorer", "draft"])
def test_a_move_for_another_seat_is_not_your_seat_whatever_it_holds(
    client: TestClient, phase: str
) -> None:
    game, sessions = get_game("vbm"), _sessions(client)
    session = _vbm_session(client, phase)
    own = game.move_to_json(game.view(session.state, 0).legal_moves()[0])
    theirs = [game.move_to_json(m) for m in session.state.apply(own_move(session)).legal_moves()]
    probes = [{**own, "seat": 1}, {**theirs[0], "seat": 1}, {"explorer": "E99", "seat": 1}]
    probes += [{"card": "S01", "at": [0, 0], "pass": 2, "seat": 2}, {"explorer": "E05", "seat": 3}]
    answers = set()
    for redeal in range(6):  # the other seats' hidden cards dealt anew; seat 0 sees the same
        dealt = Session(game, game.redeal(session.state, 0, redeal), 0, session.bots, 11)
        token = sessions.answer(dealt)["session"]
        for probe in probes:
            refused = client.post("/v1/sessions/move", json={"session": token, "move": probe})
            assert _faults(refused) == ["/move/seat"]
            answers.add(refused.content)
    assert len(answers) == 1
    assert json.loads(answers.pop())["detail"] == "/move/seat: not your seat"


def own_move(session: Session) -> Any:
    """Seat 0's first legal move, so that seat 1 is to move next."""
    return session.state.legal_moves()[0]


def test_a_seats_own_illegal_move_quotes_only_its_view(client: TestClient) -> None:
    game, sessions = get_game("vbm"), _sessions(client)
    session = _vbm_session(client, "explorer")
    offered = {m.explorer for m in game.view(session.state, 0).legal_moves()}
    probes = [f"E{n:02d}" for n in range(1, 21) if f"E{n:02d}" not in offered] + ["E99"]
    answers: dict[str, set[bytes]] = {probe: set() for probe in probes}
    for redeal in range(6):  # the other seats' hidden cards dealt anew; seat 0 sees the same
        dealt = Session(game, game.redeal(session.state, 0, redeal), 0, session.bots, 11)
        token = sessions.answer(dealt)["session"]
        for probe in probes:
            move = {"explorer": probe, "seat": 0}
            refused = client.post("/v1/sessions/move", json={"session": token, "move": move})
            assert refused.status_code == 422
            answers[probe].add(refused.content)
    assert all(len(seen) == 1 for seen in answers.values()), answers


def test_a_move_the_view_allows_but_the_state_refuses_quotes_nothing(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    got = _post(client, "/v1/sessions", {"game": "park", "players": 2, "seed": 2})
    moves = _post(client, "/v1/park/legal", {"state": got["view"]})["moves"]

    def refuse(self: Session, move: Any) -> Session:
        raise IllegalMoveError("seat 1 holds the hidden card T07")

    monkeypatch.setattr(Session, "after", refuse)
    refused = _move(client, got, moves[0])
    assert _faults(refused) == ["/move"] and "T07" not in refused.text


def test_sessions_off_leaves_no_session_route() -> None:
    client = TestClient(create_app(Settings.from_env({"MONSTERS_SESSIONS": "0"})))
    started = client.post("/v1/sessions", json={"game": "park", "players": 2})
    assert started.status_code == 404
    assert client.post("/v1/sessions/view", json={"session": "x"}).status_code == 404
    paths = client.get("/openapi.json").json()["paths"]
    assert not any(path.startswith("/v1/sessions") for path in paths)
    assert "/v1/park/new" in paths
    assert client.post("/v1/park/new", json={"players": 2, "seed": 1}).status_code == 200


def test_the_token_is_typed_in_the_openapi(client: TestClient) -> None:
    answer = client.get("/openapi.json")
    assert answer.status_code == 200, answer.text
    schema = answer.json()
    paths = schema["paths"]
    assert {p for p in paths if p.startswith("/v1/sessions")} == {
        "/v1/sessions", "/v1/sessions/view", "/v1/sessions/move", "/v1/sessions/bot"
    }  # fmt: skip
    body = schema["components"]["schemas"]["MoveBody"]
    assert body["properties"]["session"]["pattern"] == "^[A-Za-z0-9_-]+$"
    assert set(body["required"]) == {"session", "move"}


@pytest.mark.parametrize("text", ["many", "2", "256", ""])
def test_a_sessions_setting_that_does_not_read_is_refused(text: str) -> None:
    with pytest.raises(SettingError, match="MONSTERS_SESSIONS must be 1 or 0"):
        Settings.from_env({"MONSTERS_SESSIONS": text})


def test_a_short_secret_is_refused() -> None:
    with pytest.raises(SettingError, match="MONSTERS_SECRET must be 32 characters or more"):
        Settings.from_env({"MONSTERS_SECRET": "hunter2"})
