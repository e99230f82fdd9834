"""The ``mcts`` search stops once the answer it is for is due (``solver.deadline``)."""

from __future__ import annotations

import random
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pytest

from solver import deadline
from solver.errors import SolverTimeoutError
from solver.game import get_game
from solver.mcts import Budget, Search
from solver.monstrolicious.worlds import RULES

PASSED_AFTER = 5
"""Determinisations drawn before the due moment passes."""


def test_a_search_stops_before_the_first_iteration_past_its_due_moment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    now = [0.0]  # the clock the deadline reads: it jumps past the due moment on the 5th draw
    monkeypatch.setattr(deadline, "time", SimpleNamespace(monotonic=lambda: now[0]))
    drawn = [0]

    def sample(seen: Any, rng: random.Random) -> Any:
        drawn[0] += 1
        if drawn[0] == PASSED_AFTER:
            now[0] = 100.0
        return RULES.sample(seen, rng)

    game = get_game("monstrolicious")
    view = game.view(game.new(2, 3, None), 0)
    search = Search(replace(RULES, sample=sample), view, random.Random(1))
    with deadline.due_by(50.0), pytest.raises(SolverTimeoutError, match="ran out of time"):
        search.run(Budget(10_000))
    assert search.iterations == PASSED_AFTER


def test_without_a_due_moment_the_budget_is_the_whole_story() -> None:
    game = get_game("monstrolicious")
    search = Search(RULES, game.view(game.new(2, 3, None), 0), random.Random(1))
    search.run(Budget(12))
    assert search.iterations == 12
