"""The anytime hint: the exact hint where the budget buys no playouts, the playouts'
verdict where it does, the same bytes for the same budget, and a guard that says so."""

from __future__ import annotations

import statistics
from dataclasses import replace
from typing import Any, cast

import pytest

from solver import anytime, counted, search
from solver.anytime import Anytime, anytime_of
from solver.game import GAMES, RankedMove, get_game
from solver.search import Search

NAMES = sorted(GAMES)


def opening(name: str, seed: int = 3) -> Any:
    """The view of the seat to move a few greedy decisions into a 2-player game."""
    game = get_game(name)
    state = game.new(2, seed, None)
    greedy = game.players["greedy"](seed)
    while len(state.legal_moves()) < 3:
        state = state.apply(greedy.choose(state))
    return game.view(state, state.to_move)


def anytime_named(name: str) -> Anytime:
    return anytime_of(get_game(name))


@pytest.mark.parametrize("name", NAMES)
def test_a_budget_that_buys_no_playouts_gives_the_exact_hint(name: str) -> None:
    hint, seen = anytime_named(name), opening(name)
    budget = 0.001
    assert hint.playouts(budget) < 2 * search.MIN_WORLDS
    assert hint(seen, budget) == hint.exact(seen, budget)


@pytest.fixture
def unguarded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The wall-clock guard out of the way (ten minutes at least): on a machine busy
    enough the guard stops a search, and the answer says so instead of repeating
    (``test_a_search_the_guard_stops_says_the_answer_is_incomplete``); what repeats
    is the counted work."""
    monkeypatch.setattr(anytime, "MIN_GUARD", 600.0)
    monkeypatch.setattr(counted, "MIN_GUARD", 600.0)


@pytest.mark.usefixtures("unguarded")
@pytest.mark.parametrize("name", NAMES)
def test_playouts_try_the_exact_hints_best_moves_and_repeat_byte_for_byte(name: str) -> None:
    hint, seen = anytime_named(name), opening(name)
    budget = hint.budget_for(24 * search.MIN_WORLDS)
    with counted.watch() as run:
        ranked, again = hint(seen, budget), hint(seen, budget)
    assert run.complete
    exact = hint.exact(seen, budget)
    tried = [r for r in ranked if "tried" in r.detail]
    assert len(tried) >= 2
    assert sorted(str(r.move) for r in tried) == sorted(str(r.move) for r in exact[: len(tried)])
    assert "tried" in ranked[0].detail
    assert [r.value for r in ranked] == sorted((r.value for r in ranked), reverse=True)
    assert [r.to_json() for r in again] == [r.to_json() for r in ranked]


def test_playouts_to_spare_challenge_the_last_move_left_with_the_exact_hints_next() -> None:
    hint, seen = anytime_named("park"), opening("park", 4)
    ranked = hint(seen, 1.0)
    tried = [r for r in ranked if "tried" in r.detail]
    assert len(tried) > anytime.WIDTH, "the time left went to moves past the first six"
    assert sum(int(r.detail["tried"]) for r in tried) <= hint.playouts(1.0)


class Played:
    """A finished search's playout values, without the search."""

    def __init__(self, values: list[list[float]]) -> None:
        self.values = values

    def leader(self) -> int:
        return max(range(len(self.values)), key=lambda i: statistics.fmean(self.values[i]))


def test_the_playouts_outweigh_the_exact_value_as_worlds_add_up() -> None:
    hint = anytime_named("park")
    exact = [RankedMove({"m": "a"}, 6.0, "a."), RankedMove({"m": "b"}, 5.0, "b.")]

    def corrected(worlds: int) -> list[RankedMove]:
        played = Played([[0.0] * worlds, [0.4] * worlds])
        return hint.posterior(exact, cast(Search, played))

    few, many = corrected(1), corrected(40)
    assert few[0].value > few[1].value  # one world: the exact order stands
    assert many[1].value > many[0].value  # forty: the playouts decide
    assert many[1].value == 5.0  # the leader keeps its exact value
    assert many[0].detail["behind"] == round(-0.4 * hint.rules.scale, 3)
    assert "came out best" in many[1].reason and "points behind" in many[0].reason


def test_monstrolicious_weighs_its_exact_win_chance_as_more_worlds_than_points_games() -> None:
    hint = anytime_named("monstrolicious")
    assert hint.prior > anytime_named("park").prior == anytime.PRIOR
    exact = [RankedMove({"m": "a"}, 0.60, "a."), RankedMove({"m": "b"}, 0.55, "b.")]
    played = cast(Search, Played([[0.0] * 12, [0.2] * 12]))  # b wins 10 % more often
    assert max(hint.posterior(exact, played), key=lambda r: r.value).move == {"m": "a"}
    usual = replace(hint, prior=anytime.PRIOR)  # twelve won-or-lost playouts would decide
    assert max(usual.posterior(exact, played), key=lambda r: r.value).move == {"m": "b"}


def test_a_search_the_guard_stops_says_the_answer_is_incomplete(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hint, seen = anytime_named("park"), opening("park")
    budget = hint.budget_for(24 * search.MIN_WORLDS)
    monkeypatch.setattr(anytime, "GUARD", 0.0)
    monkeypatch.setattr(anytime, "MIN_GUARD", 0.0)
    with counted.watch() as run:
        ranked = hint(seen, budget)
    assert not run.complete
    assert ranked == hint.exact(seen, budget)
