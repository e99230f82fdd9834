"""``review`` and the hint's ``level``, over the service, HTTP and the command line."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.http.settings import Settings
from api.services import games as game_service
from api.services import review as review_service
from api.services.errors import FieldError
from solver.facts import Fact, render
from solver.game import GAMES, Json, get_game
from solver.review import GRADES

NAMES = sorted(GAMES)
Cli = Callable[..., tuple[int, str, str]]


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Settings()))


def _started(name: str) -> Any:
    game = get_game(name)
    return game.new(game.default_players, 6, None)


@pytest.mark.parametrize("name", NAMES)
def test_review_ranks_the_move_among_the_hints(name: str) -> None:
    state = _started(name).to_json()
    hinted = game_service.hint(name, state, None)
    last = hinted["moves"][-1]
    answer = review_service.review(name, state, last["move"])
    assert answer["move"] == last["move"] and answer["value"] == last["value"]
    assert answer["best"] == hinted["moves"][0] and answer["moves"] == len(hinted["moves"])
    assert answer["loss"] == round(hinted["moves"][0]["value"] - last["value"], 6)
    assert answer["grade"] in GRADES and answer["seat"] == hinted["seat"]
    codes = get_game(name).fact_codes()
    assert answer["grade"] == "best" or answer["because"]
    for told in answer["because"]:
        fact = Fact.from_json(told)
        assert fact.code.startswith("better-") and told["text"] == render(fact, codes)
    top = review_service.review(name, state, hinted["moves"][0]["move"])
    assert (top["grade"], top["rank"], top["because"]) == ("best", 1, [])


@pytest.mark.parametrize("name", NAMES)
def test_an_illegal_move_gets_the_reason_validate_gives(
    name: str, illegal: Callable[[str], tuple[Json, Json]]
) -> None:
    state, move = illegal(name)
    verdict = game_service.validate(name, state, move)
    with pytest.raises(FieldError) as err:
        review_service.review(name, state, move)
    assert err.value.field == "move" and str(err.value) == verdict["reason"]


def test_a_move_naming_another_seat_is_not_yours() -> None:
    game = get_game("vbm")
    state = game.new(4, 3, {"mode": "team"})  # the Explorer choice: every seat decides
    move = {**game.move_to_json(game.view(state, 1).legal_moves()[0]), "seat": 1}
    with pytest.raises(FieldError) as err:
        review_service.review("vbm", state.to_json(), move, seat=0)
    assert str(err.value) == "not your seat: this move is for seat 1"
    assert game_service.validate("vbm", state.to_json(), move, 0)["reason"] == str(err.value)


@pytest.mark.parametrize("name", NAMES)
def test_each_level_answers_its_rung_and_level_three_the_move(name: str) -> None:
    state = _started(name).to_json()
    best = game_service.hint(name, state, None)["moves"][0]
    rungs = [review_service.hint_level(name, state, None, None, n) for n in (1, 2, 3)]
    assert [r["level"] for r in rungs] == [1, 2, 3] and all(r["moves"] == [] for r in rungs)
    assert len({r["text"] for r in rungs}) == 3
    assert "move" not in rungs[0] and "move" not in rungs[1] and rungs[2]["move"] == best["move"]


@pytest.mark.parametrize("name", NAMES)
def test_http_review_and_level(client: TestClient, name: str) -> None:
    state = _started(name).to_json()
    move = get_game(name).move_to_json(_started(name).legal_moves()[0])
    answer = client.post(f"/v1/{name}/review", json={"state": state, "move": move})
    assert answer.status_code == 200 and answer.json()["grade"] in GRADES
    rung = client.post(f"/v1/{name}/hint", json={"state": state, "level": 3})
    assert rung.status_code == 200 and rung.json()["level"] == 3 and "move" in rung.json()


@pytest.mark.parametrize("level", [0, 4, "one", 1.5])
def test_a_bad_level_is_a_422_problem(client: TestClient, level: Any) -> None:
    state = _started("park").to_json()
    answer = client.post("/v1/park/hint", json={"state": state, "level": level})
    assert answer.status_code == 422
    assert answer.headers["content-type"] == "application/problem+json"
    assert {e["field"] for e in answer.json()["errors"]} == {"/level"}


def test_the_review_route_is_typed(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    answer = document["paths"]["/v1/park/review"]["post"]["responses"]["200"]
    assert answer["content"]["application/json"]["schema"]["$ref"].endswith("ParkReviewResponse")
    grade = document["components"]["schemas"]["ParkReviewResponse"]["properties"]["grade"]
    assert grade["enum"] == list(GRADES)


@pytest.mark.parametrize("name", NAMES)
def test_cli_review_and_level_as_json(cli: Cli, name: str, tmp_path: Path) -> None:
    state = _started(name)
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state.to_json()))
    move = json.dumps(get_game(name).move_to_json(state.legal_moves()[0]))
    code, out, _ = cli([name, "review", str(path), "-", "--json"], move)
    assert code == 0
    assert json.loads(out) == review_service.review(name, state.to_json(), json.loads(move))
    code, out, _ = cli([name, "review", str(path), "-"], move)
    assert code == 0 and out.split(":")[0] in GRADES
    code, out, _ = cli([name, "hint", str(path), "--level", "1", "--json"])
    assert code == 0 and json.loads(out)["level"] == 1
    code, _, err = cli([name, "hint", str(path), "--level", "4"])
    assert code == 2 and "--level" in err
