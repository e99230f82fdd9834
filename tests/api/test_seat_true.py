"""Answers on a full state are given as one seat, and ``score`` without a seat as a spectator.

``validate``, ``legal``, ``score`` and ``hint`` on a full state answer as the seat
the request names, else the seat to move, from that seat's view alone: a move
that names another seat is refused without quoting anything hidden. ``score``
without a seat counts only what every seat sees (a finished game shows all).
The same rules hold over HTTP (where ``seat`` is documented and a seat the game
has not is a 422) and on the command line. ``test_hidden.py`` holds
every route to them in every game and mode; these are the cases the issue met.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.http.settings import Settings
from api.services import games as game_service
from api.services.errors import FieldError
from solver.game import GAMES, Json, ScorePad, get_game

Cli = Callable[..., tuple[int, str, str]]


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Settings()))


def _played(name: str, players: int, seed: int, moves: int) -> Any:
    """A game of ``name`` set up with ``seed``, ``moves`` random moves in."""
    game = get_game(name)
    rng = random.Random(seed)
    state = game.new(players, seed, None)
    for _ in range(moves):
        state = state.apply(rng.choice(list(state.legal_moves())))
    return state


def _vbm_draft() -> Any:
    """A four-player Very Big Monster game in its first hand draft, seat 0 chosen."""
    state = _played("vbm", 4, 11, 0)
    while state.phase == "explorer":
        state = state.apply(state.legal_moves()[0])
    return state.apply(state.legal_moves()[0])


def test_validate_on_a_full_state_answers_for_the_seat_to_move_only() -> None:
    game = get_game("vbm")
    state = _played("vbm", 4, 11, 0)
    assert state.phase == "explorer" and len(game.waiting(state)) == 4
    mover = state.to_move
    for seat in range(4):
        for offered in (*state.offers[seat], "E99"):
            move = {"explorer": offered, "seat": seat}
            answers = {
                json.dumps(
                    game_service.validate("vbm", game.redeal(state, mover, k).to_json(), move)
                )
                for k in range(4)
            }
            assert len(answers) == 1, f"seat {seat}'s move is answered from hidden content"
            (verdict,) = map(json.loads, answers)
            if seat != mover:
                assert verdict == {
                    "legal": False,
                    "reason": f"not your seat: this move is for seat {seat}",
                }


def test_a_draft_move_for_another_seat_is_refused_alike_whatever_it_holds() -> None:
    game = get_game("vbm")
    state = _vbm_draft()
    waiting = game.waiting(state)
    asking, other = waiting[0], waiting[1]
    shape = game.move_to_json(game.view(state, other).legal_moves()[0])  # a cell and a pass
    for card in sorted({*state.hands[other], *state.hands[asking]}):
        move = {**shape, "card": card}
        answers = {
            json.dumps(game_service.validate("vbm", game.redeal(state, asking, k).to_json(), move))
            for k in range(3)
        }
        assert len(answers) == 1, f"card {card}: the answer tells what seat {other} holds"


def test_score_without_a_seat_counts_no_face_down_trap() -> None:
    game = get_game("monstrolicious")
    state = _played("monstrolicious", 2, 20, 16)  # a Trap lies face down on each side
    sheet = game_service.score("monstrolicious", state.to_json())
    for seat in range(2):
        for k in range(6):
            other = game.redeal(state, seat, k).to_json()
            assert game_service.score("monstrolicious", other) == sheet
    assert _totals(sheet) == [33, 27] != [s.total for s in state.scores()]


def test_score_with_a_seat_counts_as_that_seat_sees() -> None:
    game = get_game("monstrolicious")
    state = _played("monstrolicious", 2, 20, 16)
    doc = state.to_json()
    for seat, totals in ((0, [28, 27]), (1, [33, 16])):
        sheet = game_service.score("monstrolicious", doc, seat)
        assert sheet == game_service.score("monstrolicious", game.view(state, seat).to_json())
        assert _totals(sheet) == totals
        assert game_service.score("monstrolicious", game.view(state, seat).to_json(), seat) == sheet
    with pytest.raises(FieldError) as err:  # a view counts only for its own seat
        game_service.score("monstrolicious", game.view(state, 0).to_json(), 1)
    assert err.value.field == "seat"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_finished_game_shows_every_score(name: str) -> None:
    game = get_game(name)
    state = _played(name, game.default_players, 3, 0)
    rng = random.Random(3)
    while not state.is_terminal():
        state = state.apply(rng.choice(list(state.legal_moves())))
    sheet = game_service.score(name, state.to_json())
    assert sheet == {"game": name, **ScorePad.of(state).to_json()}
    assert sheet["winners"] == list(state.winners())


def test_legal_answers_for_the_seat_named() -> None:
    game = get_game("vbm")
    state = _played("vbm", 4, 11, 0)
    doc = state.to_json()
    for seat in range(4):
        moves = game_service.legal("vbm", doc, seat)["moves"]
        assert moves and all(m["seat"] == seat for m in moves)
        assert moves == game_service.legal("vbm", game.view(state, seat).to_json(), seat)["moves"]
    assert game_service.legal("vbm", doc) == game_service.legal("vbm", doc, state.to_move)
    with pytest.raises(FieldError) as err:
        game_service.legal("vbm", doc, 4)
    assert err.value.field == "seat"


def test_validate_answers_for_the_seat_named() -> None:
    state = _played("vbm", 4, 11, 0)
    doc = state.to_json()
    own = {"explorer": state.offers[2][0], "seat": 2}
    assert game_service.validate("vbm", doc, own, 2) == {"legal": True, "reason": "legal"}
    refused = game_service.validate("vbm", doc, own, 3)
    assert refused == {"legal": False, "reason": "not your seat: this move is for seat 2"}
    without = {"explorer": state.offers[2][0]}  # no seat: the seat to move's
    assert game_service.validate("vbm", doc, without, 2)["legal"] is False


def test_the_command_line_takes_a_seat(cli: Cli, tmp_path: Path) -> None:
    state = _played("vbm", 4, 11, 0)
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state.to_json()))
    move = tmp_path / "move.json"
    move.write_text(json.dumps({"explorer": state.offers[2][0], "seat": 2}))
    code, out, _ = cli(["vbm", "validate", str(path), str(move), "--seat", "2", "--json"])
    assert code == 0 and json.loads(out) == {"legal": True, "reason": "legal"}
    code, out, _ = cli(["vbm", "validate", str(path), str(move)])
    assert code == 1 and "not your seat: this move is for seat 2" in out
    trap = _played("monstrolicious", 2, 20, 16)
    path.write_text(json.dumps(trap.to_json()))
    code, out, _ = cli(["monstrolicious", "score", str(path), "--seat", "1", "--json"])
    assert code == 0 and _totals(json.loads(out)) == [33, 16]
    code, out, _ = cli(["monstrolicious", "score", str(path), "--json"])
    assert code == 0 and _totals(json.loads(out)) == [33, 27]
    code, _, err = cli(["monstrolicious", "score", str(path), "--seat", "2"])
    assert code == 2 and "seat 2" in err


def test_the_validate_route_answers_as_the_seat_named(client: TestClient) -> None:
    state = _played("vbm", 4, 11, 0)
    move = {"explorer": state.offers[1][0], "seat": 1}
    body = {"state": state.to_json(), "move": move}
    answer = client.post("/v1/vbm/validate", json=body)
    assert answer.status_code == 200
    assert answer.json() == {"legal": False, "reason": "not your seat: this move is for seat 1"}
    answer = client.post("/v1/vbm/validate", json={**body, "seat": 1})
    assert answer.status_code == 200 and answer.json() == {"legal": True, "reason": "legal"}


def test_the_legal_route_answers_as_the_seat_named(client: TestClient) -> None:
    state = _played("vbm", 4, 11, 0)
    answer = client.post("/v1/vbm/legal", json={"state": state.to_json(), "seat": 2})
    assert answer.status_code == 200
    moves = answer.json()["moves"]
    assert moves and all(m["seat"] == 2 for m in moves)


def test_the_score_route_counts_as_the_seat_named_or_every_seat(client: TestClient) -> None:
    state = _played("monstrolicious", 2, 20, 16)  # a Trap lies face down on each side
    doc = state.to_json()
    for seat, totals in ((None, [33, 27]), (0, [28, 27]), (1, [33, 16])):
        body = {"state": doc} if seat is None else {"state": doc, "seat": seat}
        answer = client.post("/v1/monstrolicious/score", json=body)
        assert answer.status_code == 200
        assert [s["total"] for s in answer.json()["scores"]] == totals


@pytest.mark.parametrize("seat", [2, 9, -1, True, "1"])
def test_a_seat_the_game_has_not_is_refused(client: TestClient, seat: object) -> None:
    doc = get_game("monstrolicious").new(2, 1, None).to_json()
    for route in ("legal", "score"):
        answer = client.post(f"/v1/monstrolicious/{route}", json={"state": doc, "seat": seat})
        assert answer.status_code == 422
        assert answer.headers["content-type"] == "application/problem+json"
        assert "/seat" in {e["field"] for e in answer.json()["errors"]}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_routes_document_the_seat(client: TestClient, name: str) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    prefix = name.capitalize()
    for route in ("Legal", "Validate", "Score"):
        seat = schemas[f"{prefix}{route}Request"]["properties"]["seat"]
        assert "seat" in seat["description"].lower()


def _totals(sheet: Json) -> list[int]:
    return [s["total"] for s in sheet["scores"]]
