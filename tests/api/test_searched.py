"""A hint's search is kept for its view: the ladder and a review at the same position reuse it."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from api.services import games as game_service
from api.services import review as review_service
from api.services import searched as searched_module
from solver.counted import cut_short
from solver.game import get_game

NAME = "park"


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """Every view the game's hint searched, with nothing kept from before."""
    game = get_game(NAME)
    seen: list[Any] = []
    hint = game.hint

    def counted(view: Any, budget: float) -> Any:
        seen.append(view)
        return hint(view, budget)

    counting = dataclasses.replace(game, hint=counted)
    monkeypatch.setattr(searched_module, "get_game", lambda name: counting)
    searched_module._kept.cache_clear()
    yield seen
    searched_module._kept.cache_clear()


def _state() -> Any:
    game = get_game(NAME)
    return game.new(game.default_players, 21, None).to_json()


def test_the_ladder_and_a_review_reuse_the_hints_search(searches: list[Any]) -> None:
    state = _state()
    hinted = game_service.hint(NAME, state, None)
    for level in (1, 2, 3):
        review_service.hint_level(NAME, state, None, None, level)
    review_service.review(NAME, state, hinted["moves"][-1]["move"])
    assert len(searches) == 1
    game_service.hint(NAME, state, None, 0.05)  # another budget is another search
    assert len(searches) == 2


def test_the_search_reads_only_the_view_document(searches: list[Any]) -> None:
    game = get_game(NAME)
    state = game.new(game.default_players, 21, None)
    game_service.hint(NAME, state.to_json(), 0)
    (searched,) = searches
    assert searched.to_json() == game.view(state, 0).to_json()
    assert searched is not game.view(state, 0)


def test_a_search_cut_short_is_answered_but_not_kept(
    searches: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = get_game(NAME)

    def cut(view: Any, budget: float) -> Any:
        searches.append(view)
        cut_short()
        return game.hint(view, budget)

    cutting = dataclasses.replace(game, hint=cut)
    monkeypatch.setattr(searched_module, "get_game", lambda name: cutting)
    state = _state()
    first = game_service.hint(NAME, state, None)
    assert first["complete"] is False
    game_service.hint(NAME, state, None)
    assert len(searches) == 2
