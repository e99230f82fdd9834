"""The hint cache: a repeated hint answers the same bytes from memory, keyed by the seat's
view and the hint's parameters, never an answer cut short, within its bound; its look-ups
counted in ``/metrics``, its answers tagged for ``If-None-Match``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from httpx2 import Response

from api.http.app import create_app
from api.http.hint_cache import MAX_KEPT_BYTES, HintCache
from api.http.settings import Settings
from api.services import games as game_service
from api.services import searched as searched_module
from solver import counted
from solver.game import GAMES, get_game
from tests.api.test_metrics import scrape, value

PLAYERS = {"vbm": 3}
"""Seats where a game's default is not the one wanted (a third Very Big Monster seat)."""


class Searches:
    """Counts the hint searches the service runs (a kept answer runs none)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        real: Callable[..., Any] = game_service.hint

        def counting(*args: Any, **kwargs: Any) -> Any:
            self.count += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(game_service, "hint", counting)


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> Searches:
    return Searches(monkeypatch)


def _client(entries: int = 512) -> TestClient:
    return TestClient(create_app(Settings(hint_cache=entries)))


def _state(name: str, seed: int = 5) -> Any:
    game = get_game(name)
    return game.new(PLAYERS.get(name, game.default_players), seed, None)


def _ask(client: TestClient, name: str, body: dict[str, Any], **headers: str) -> Response:
    answer: Response = client.post(f"/v1/{name}/hint", json={"top": 3, **body}, headers=headers)
    assert answer.status_code in (200, 304), answer.text
    return answer


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_kept_answer_is_the_fresh_answer_byte_for_byte(name: str, searches: Searches) -> None:
    state = _state(name)
    body = {"state": get_game(name).view(state, state.to_move).to_json(), "budget_ms": 20}
    cached = _client()
    first, again = _ask(cached, name, body), _ask(cached, name, body)
    assert searches.count == 1  # the repeat searched nothing
    fresh = _ask(_client(0), name, body)
    assert again.content == first.content == fresh.content
    assert again.headers["etag"] == first.headers["etag"] == fresh.headers["etag"]
    assert b'"complete":true' in again.content


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_state_its_view_and_a_redeal_share_one_entry(name: str, searches: Searches) -> None:
    game = get_game(name)
    state = _state(name)
    seat = state.to_move
    other = game.redeal(state, seat, 99)
    assert other.to_json() != state.to_json()  # hidden content the seat does not see differs
    client = _client()
    answers = [
        _ask(client, name, {"state": state.to_json(), "seat": seat}),
        _ask(client, name, {"state": game.view(state, seat).to_json()}),
        _ask(client, name, {"state": other.to_json(), "seat": seat}),
    ]
    assert searches.count == 1
    assert len({a.content for a in answers}) == 1
    assert len(client.app.state.hints) == 1  # type: ignore[attr-defined]


def test_a_view_sent_as_written_is_answered_unread(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _state("park")
    view = get_game("park").view(state, state.to_move).to_json()
    client = _client()
    first = _ask(client, "park", {"state": view})
    reads: list[Any] = []
    real = game_service.hint_key

    def reading(*args: Any) -> bytes:
        reads.append(args)
        return real(*args)

    monkeypatch.setattr(game_service, "hint_key", reading)
    assert _ask(client, "park", {"state": view}).content == first.content
    assert reads == []
    other = 1 - state.to_move  # a seat the view is not: refused as before, kept or not
    refused = client.post("/v1/park/hint", json={"state": view, "seat": other, "top": 3})
    assert refused.status_code == 422 and refused.json()["errors"][0]["field"] == "/seat"
    assert len(reads) == 1


@pytest.mark.parametrize("state", [None, ["view_of"], "view_of", 3])
def test_a_state_that_is_no_object_is_refused_before_the_cache(state: Any) -> None:
    answer = _client().post("/v1/park/hint", json={"state": state, "seat": 0})
    assert answer.status_code == 422
    assert answer.json()["errors"][0]["field"] == "/state"


@pytest.mark.parametrize(
    "change",
    [{"budget_ms": 30}, {"top": 2}, {"top": None}, {"seat": 1}],
    ids=["budget", "top", "every-move", "seat"],
)
def test_another_budget_top_or_seat_misses(change: dict[str, Any], searches: Searches) -> None:
    state = _state("vbm", 0)  # the Explorer choice: every seat has a decision at once
    assert len(get_game("vbm").waiting(state)) == 3
    client = _client()
    body = {"state": state.to_json(), "seat": 0, "budget_ms": 20}
    first = _ask(client, "vbm", body)
    other = _ask(client, "vbm", body | change)
    assert searches.count == 2
    assert _ask(client, "vbm", body).content == first.content and searches.count == 2
    assert len(client.app.state.hints) == 2  # type: ignore[attr-defined]
    assert other.status_code == 200


def test_an_answer_cut_short_is_not_kept(
    searches: Searches, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = _state("park")
    body = {"state": state.to_json(), "seat": state.to_move}
    client = _client()
    with monkeypatch.context() as guard:
        guard.setattr(counted, "GUARD", 0.0)
        guard.setattr(counted, "MIN_GUARD", 0.0)  # the guard has no time at all
        short = _ask(client, "park", body)
    assert short.json()["complete"] is False
    assert "etag" not in short.headers
    assert len(client.app.state.hints) == 0  # type: ignore[attr-defined]
    again = _ask(client, "park", body)
    assert again.json()["complete"] is True and searches.count == 2


def test_the_cache_keeps_its_latest_entries_only(searches: Searches) -> None:
    client = _client(2)
    bodies = [{"state": _state("park", seed).to_json(), "budget_ms": 20} for seed in (1, 2, 3)]
    for body in bodies:
        _ask(client, "park", body)
    assert len(client.app.state.hints) == 2  # type: ignore[attr-defined]
    _ask(client, "park", bodies[2])
    assert searches.count == 3  # the latest is kept
    _ask(client, "park", bodies[0])
    assert searches.count == 4  # the first went


def test_an_answer_too_long_is_not_kept() -> None:
    cache = HintCache(4)
    cache.put(b"long", b" " * (MAX_KEPT_BYTES + 1))
    cache.put(b"short", b"{}")
    assert cache.get(b"long") is None and cache.get(b"short") is not None


def test_a_cache_of_no_entries_keeps_nothing(
    searches: Searches, monkeypatch: pytest.MonkeyPatch
) -> None:
    searched_anew = []
    real = searched_module._search

    def searching(*args: Any) -> Any:
        searched_anew.append(args)
        return real(*args)

    monkeypatch.setattr(searched_module, "_search", searching)
    client = _client(0)
    body = {"state": _state("park").to_json(), "budget_ms": 20}
    _ask(client, "park", body)
    _ask(client, "park", body)
    assert searches.count == 2
    assert len(searched_anew) == 2  # no search kept either: the repeat searched anew


def test_metrics_count_hits_and_misses() -> None:
    client = _client()
    body = {"state": _state("monstrolicious").to_json(), "budget_ms": 20}
    labels = {"game": "monstrolicious"}
    before = scrape(client)
    for _ in range(3):
        _ask(client, "monstrolicious", body)
    after = scrape(client)
    for result, count in (("hit", 2), ("miss", 1)):
        name = "monsters_hint_cache_total"
        grew = value(after, name, result=result, **labels) - value(
            before, name, result=result, **labels
        )
        assert grew == count, result


def test_a_matching_if_none_match_answers_304() -> None:
    client = _client()
    body = {"state": _state("park").to_json(), "budget_ms": 20}
    tag = _ask(client, "park", body).headers["etag"]
    unchanged = _ask(client, "park", body, **{"If-None-Match": tag})
    assert unchanged.status_code == 304 and unchanged.content == b""
    assert unchanged.headers["etag"] == tag
    assert _ask(client, "park", body, **{"If-None-Match": 'W/"other"'}).status_code == 200
    other = _ask(_client(), "park", body | {"top": 1}, **{"If-None-Match": tag})
    assert other.status_code == 200 and other.headers["etag"] != tag
