"""The setting ``explorer_tokens``: which Reward Mission tokens an Explorer card counts
in team mode ("3 VP per Reward Mission token"), on the score pad, in the hint's
evaluator and its Explorer choice, and as the game carries it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from solver.errors import NotationError
from solver.vbm import GAME
from solver.vbm.evaluate import Evaluator
from solver.vbm.explorers import TYPICAL, expected_counts
from solver.vbm.state import State, new_state


def team_mission(reading: str) -> State:
    """Tile 3 shows Rock monsters (4 personal, 8 team). Seat 2 has 5 and took the 10 of
    the personal mission; seat 0 has 2 and is about to place a third, which brings the
    team to 8: each teammate takes a 7. Seats 0 and 2 score 3 VP per Reward Mission token."""
    state = new_state(4, 0, {"mission_sides": [0, 0, 1, 0, 0], "explorer_tokens": reading})
    while state.phase == "explorer":
        state = state.apply(state.legal_moves()[0])
    return replace(
        state,
        explorers=("E04", "E08", "E04", "E10"),
        areas=(((0, 1, "R15"),), (), ((0, 1, "R03"), (0, 2, "R06"), (0, 3, "R01")), ()),
        pyramids=(*state.pyramids[:2], (7, 5), *state.pyramids[3:]),
        tokens=((), (), (10,), ()),
        claimed=frozenset({("personal", 2, 2)}),
    )


def placed(state: State) -> State:
    """``state`` once seat 0's Rock card is placed and the team mission paid."""
    areas = ((*state.areas[0], (0, 2, "R04")), *state.areas[1:])
    return replace(state, areas=areas, tokens=((7,), (), (10, 7), ()))


@pytest.mark.parametrize(
    ("reading", "explorer_lines"),
    [
        # Each seat's own tokens: seat 0 holds the team 7, seat 2 the 10 and the team 7.
        ("own", [3, 0, 6, 0]),
        # Both teammates' tokens: three for each, the team mission's 7 counted twice.
        ("team", [9, 0, 9, 0]),
    ],
)
def test_an_explorer_counts_the_tokens_the_reading_gives(
    reading: str, explorer_lines: list[int]
) -> None:
    state = placed(team_mission(reading))
    assert state.explorer_tokens == reading
    assert [s.lines["explorer"] for s in state.scores()] == explorer_lines
    assert [s.lines["rewards"] for s in state.scores()] == [7, 0, 17, 0]


def test_the_rulebook_reading_is_the_default() -> None:
    state = placed(replace(team_mission("team"), explorer_tokens="own"))
    assert new_state(4, 0).explorer_tokens == "own"
    assert state.scores() == placed(team_mission("own")).scores()


def test_outside_team_mode_both_readings_count_the_seats_own_tokens() -> None:
    state = replace(placed(team_mission("team")), mode="free")
    assert [s.lines["explorer"] for s in state.scores()] == [3, 0, 6, 0]


@pytest.mark.parametrize(("reading", "mate_rise"), [("own", 7 + 3), ("team", 7 + 6)])
def test_the_evaluator_scores_the_explorers_as_the_state_does(reading: str, mate_rise: int) -> None:
    before = team_mission(reading)
    ev = Evaluator(before, 0)
    out = ev.outcome("R04", (0, 2))
    after = placed(before).scores()
    assert out.tokens == 7
    assert out.total == after[0].total and dict(out.lines) == dict(after[0].lines)
    assert out.mate_total == after[2].total
    assert out.mate_total - ev.totals[2] == mate_rise


def test_the_explorer_choice_expects_the_tokens_the_reading_counts() -> None:
    own = new_state(4, 1).view(0)
    team = new_state(4, 1, {"explorer_tokens": "team"}).view(0)
    assert expected_counts(own)["tokens"] == TYPICAL["tokens"]
    assert expected_counts(team)["tokens"] == 2 * TYPICAL["tokens"]


def test_the_setting_travels_with_the_game() -> None:
    state = new_state(4, 3, {"explorer_tokens": "team"})
    doc = state.to_json()
    assert doc["explorer_tokens"] == "team"
    assert GAME.from_json(doc) == state
    view = state.view(1)
    assert view.explorer_tokens == "team" and view.world.explorer_tokens == "team"
    assert view.to_json()["explorer_tokens"] == "team"
    assert GAME.view_from_json(view.to_json()) == view
    for bad in ("both", None, 1):
        with pytest.raises(NotationError) as err:
            GAME.from_json({**doc, "explorer_tokens": bad})
        assert err.value.path == "explorer_tokens"
        with pytest.raises(NotationError) as err:
            new_state(4, 3, {"explorer_tokens": bad})
        assert err.value.path == "settings.explorer_tokens"
