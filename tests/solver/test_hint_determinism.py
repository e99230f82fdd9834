"""Same view, same budget, same hint: counted work, not the clock, ends every search.

Each game's hints over seeded positions are asked on a quiet machine and again
beside CPU-burning processes; the JSON must be the same bytes. A hint whose
wall-clock guard stops a search says so (``solver.counted.watch``).
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from solver.counted import watch
from solver.deadline import due_by
from solver.game import DEFAULT_HINT_BUDGET, get_game
from tests.busy import burning, seeded_views

#: (game, players, seed, every how many decisions a view is taken, how many views)
CASES = [
    ("park", 2, 5, 5, 8),
    ("park", 3, 6, 7, 6),
    ("vbm", 2, 5, 4, 8),
    ("vbm", 3, 7, 4, 8),
    ("monstrolicious", 2, 5, 3, 8),
]
#: The default budget, a small one (a clock proportional to it would cut plans on a
#: busy machine), and the least the service allows (its counted work stops plans short).
BUDGETS = (DEFAULT_HINT_BUDGET, 0.02, 0.001)


def _answers(name: str, views: list[Any], budget: float) -> list[str]:
    game = get_game(name)
    return [
        json.dumps([r.to_json() for r in game.hint(view, budget)], sort_keys=True) for view in views
    ]


@pytest.mark.parametrize(("name", "players", "seed", "every", "count"), CASES)
def test_a_busy_machine_gives_the_same_hint_bytes(
    name: str, players: int, seed: int, every: int, count: int
) -> None:
    views = seeded_views(name, players, seed, every, count)
    assert len(views) == count
    quiet = {budget: _answers(name, views, budget) for budget in BUDGETS}
    with burning():
        busy = {budget: _answers(name, views, budget) for budget in BUDGETS}
    assert busy == quiet


@pytest.mark.parametrize("name", ["park", "vbm"])
def test_a_hint_the_guard_stops_says_it_is_incomplete(name: str) -> None:
    game = get_game(name)
    views = seeded_views(name, 2, 5, 4, 4)
    for view in views[1:]:  # past the opening choices (Very Big Monster's Explorers)
        with watch() as run:
            game.hint(view, DEFAULT_HINT_BUDGET)
        assert run.complete
        with watch() as run, due_by(time.monotonic() - 1):
            ranked = game.hint(view, DEFAULT_HINT_BUDGET)
        assert not run.complete
        assert len(ranked) == len(view.legal_moves())  # the exact parts still answer


def test_monstrolicious_counts_its_work_and_has_no_guard_to_cut() -> None:
    game = get_game("monstrolicious")
    [view] = seeded_views("monstrolicious", 2, 5, 3, 1)
    with watch() as run, due_by(time.monotonic() - 1):
        late = game.hint(view, DEFAULT_HINT_BUDGET)
    assert run.complete
    assert late == game.hint(view, DEFAULT_HINT_BUDGET)
