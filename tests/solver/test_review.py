"""The review of a player's move and the hint ladder, for every rules-engine game.

"Names the move", per game (each ``ladder.names``): Monster Park, the move's verb
(invite, buy, token, pass), the upgrade's kind, the track position and the
monster's size, the tourists' cards; Very Big Monster, the ids of the cards it
places and discards, its cell, its Explorer's id and text; Monstrolicious, the
dessert's name and key.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from benchmarks.review_grades import grades, mean_grade
from solver.errors import IllegalMoveError
from solver.game import GAMES, AnyGame, RankedMove, get_game
from solver.review import GRADES, Plain, Thresholds, coach_of, review
from tests.modes import every_mode

NAMES = sorted(GAMES)
BUDGET = 0.05


def _positions(game: AnyGame, players: int, settings: Any, seed: int, count: int) -> Iterator[Any]:
    """``count`` states with a decision, spread over one seeded random game."""
    rng = random.Random(seed)
    trail = [game.new(players, seed, settings)]
    while not trail[-1].is_terminal():
        trail.append(trail[-1].apply(rng.choice(list(trail[-1].legal_moves()))))
    step = max(1, len(trail) // count)
    yield from trail[:-1][::step][:count]


@pytest.mark.parametrize("name", NAMES)
def test_the_hints_own_top_move_grades_best(name: str) -> None:
    game, coach = get_game(name), coach_of(name)
    for seed in (1, 2):
        for state in _positions(game, game.default_players, None, seed, 4):
            view = game.view(state, state.to_move)
            ranked = game.hint(view, BUDGET)
            found = review(ranked, ranked[0].move, coach.thresholds(view), coach.FACTS)
            assert (found.grade, found.rank, found.loss, found.because) == ("best", 1, 0.0, ())
            worst = review(ranked, ranked[-1].move, coach.thresholds(view), coach.FACTS)
            assert worst.rank >= 1 and worst.loss == round(ranked[0].value - ranked[-1].value, 6)
            assert (worst.grade == "best") == (worst.loss == 0)
            assert worst.grade == "best" or worst.because


@pytest.mark.parametrize("name", NAMES)
def test_random_moves_grade_worse_than_greedy_ones(name: str) -> None:
    counted = grades(name, games=2, seed=0, every=4, budget=BUDGET)
    assert mean_grade(counted["greedy"]) < mean_grade(counted["random"]), counted


@pytest.mark.parametrize(("name", "players", "settings"), every_mode())
def test_level_one_never_names_the_move(name: str, players: int, settings: Any) -> None:
    """Every legal move taken as the top one: level 1 holds none of the words that name
    it, level 3 holds at least one of them."""
    game, coach = get_game(name), coach_of(name)
    rng = random.Random(3)
    for state in _positions(game, players, settings, 4, 5):
        for seat in game.waiting(state):
            view = game.view(state, seat)
            moves = list(view.legal_moves())
            for move in rng.sample(moves, min(len(moves), 12)):
                doc = game.move_to_json(move)
                rungs = coach.ladder(view, RankedMove(doc, 0.0, ""))
                words = [w.lower() for w in coach.names(view, doc)]
                first, last = rungs.text(1).lower(), rungs.text(3).lower()
                assert not [w for w in words if w in first], (rungs.text(1), words)
                assert not words or any(w in last for w in words), (rungs.text(3), words)
                assert len(set(rungs.texts)) == 3


def test_thresholds_grade_in_order() -> None:
    limits = Thresholds(good=1, inaccuracy=2, mistake=4)
    assert [limits.grade(x) for x in (0, 1, 1.5, 4, 4.01)] == [
        "best",
        "good",
        "inaccuracy",
        "mistake",
        "blunder",
    ]
    assert GRADES[0] == "best" and GRADES[-1] == "blunder"


def test_equal_moves_share_the_best_rank_and_a_move_not_ranked_is_refused() -> None:
    ranked = [
        RankedMove({"m": 1}, 2.0, ""),
        RankedMove({"m": 2}, 2.0, ""),
        RankedMove({"m": 3}, 0, ""),
    ]
    limits = Thresholds(1, 2, 3)
    assert review(ranked, {"m": 2}, limits, ()).grade == "best"
    assert review(ranked, {"m": 3}, limits, ()).rank == 3
    with pytest.raises(IllegalMoveError):
        review(ranked, {"m": 4}, limits, ())


def test_every_game_has_its_own_coach_and_plain_words_fit_any_game() -> None:
    assert not [name for name in NAMES if isinstance(coach_of(name), Plain)]
    game = get_game("park")
    view = game.view(game.new(2, 1, None), 0)
    top = RankedMove({"action": "token"}, 1.0, "", label="Take a token")
    rungs = Plain().ladder(view, top)
    assert rungs.text(3) == "Play Take a token." and "token" not in rungs.text(1).lower()
    assert Plain().thresholds(view).grade(0.2) == "good"
