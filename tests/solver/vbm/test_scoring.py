"""The rulebook's worked example, line by line, and the tie rules."""

from __future__ import annotations

from dataclasses import replace

from solver.vbm.area import PAD_LINES, Area, analyse
from solver.vbm.decks import deck_named
from solver.vbm.scoring import ranked_winners, team_standing
from solver.vbm.state import State, new_state


def finished(
    deck: str, areas: tuple[Area, ...], tokens: tuple[tuple[int, ...], ...], portals: int
) -> State:
    """A 4-player team game at its end with the given areas and tokens."""
    players = len(areas)
    return State(
        players=players,
        seed=0,
        mode="team",
        deck_name=deck,
        sides=(0,),
        phase="over",
        round=2,
        turn=0,
        first=0,
        offers=(("E02",),) * players,
        explorers=("E02",) * players,
        areas=areas,
        hands=((),) * players,
        pending=(None,) * players,
        pile=(),
        rows=(),
        live=(),
        tokens=tokens,
        pyramids=((),),
        claimed=frozenset(),
        portals=tuple(((1, 3),) * portals for _ in range(players)),
        portal_left=6 - players,
        discards=(),
    )


def test_dimitri_scores_103_line_by_line(example_deck: str, dimitri: Area) -> None:
    # Seats: Dimitri 0, Anne 1, Laura 2 (Dimitri's teammate, opposite), Dam 3.
    state = finished(example_deck, (dimitri,) * 4, ((5,), (2,), (5, 4), (5, 7)), portals=1)
    pad = state.scores()[0]
    assert list(pad.lines) == list(PAD_LINES)
    assert dict(pad.lines) == {
        "portals": 15,
        "ice": 17,
        "water": 17,
        "grassland": 1,
        "sand": 13,
        "lava": 6,
        "rock": 0,
        "crystals": 17,
        "rewards": 5,
        "explorer": 12,
    }
    assert pad.total == 103
    assert [s.total for s in state.scores()] == [103, 100, 107, 110]
    assert state.team_score(0) == state.team_score(2) == 103
    assert state.team_score(1) == 100
    assert state.winners() == (0, 2)
    # His Sand cards point up-right (3 cards) and left (4 cards): the older both-ways
    # reading finds nothing more on the other sides, so both readings make 13.
    both = replace(state, sand_direction="both_ways")
    assert both.scores()[0].lines["sand"] == 13 and both.scores()[0].total == 103


def test_example_counts(example_deck: str, dimitri: Area) -> None:
    tally = analyse(deck_named(example_deck), dimitri)
    counts = tally.counts
    assert counts["water_monsters"] == 2 and counts["big_mamas"] == 0
    assert counts["ice_monsters"] == 2 and counts["flipped_ice"] == 1
    assert counts["crystal_sets"] == 1 and counts["crystals"] == 3
    assert counts["portals"] == 1 and tally.portal_points == {(1, 3)}
    assert counts["terrains"] == 5 and counts["mutagens"] == 2


def test_explorer_counts_only_own_area_outside_team_mode(example_deck: str, dimitri: Area) -> None:
    state = replace(finished(example_deck, (dimitri, ()), ((5,), ()), portals=1), mode="free")
    assert state.scores()[0].lines["explorer"] == 6
    assert replace(state, mode="team").scores()[0].lines["explorer"] == 6
    assert replace(state, mode="team").scores()[1].lines["explorer"] == 6


def test_team_ties_go_to_the_other_teammate_then_water() -> None:
    teams = ((0, 2), (1, 3))
    assert ranked_winners([100, 100, 110, 105], [0, 0, 0, 0], teams) == (0, 2)
    assert ranked_winners([100, 100, 110, 110], [9, 3, 0, 0], teams) == (0, 2)
    assert ranked_winners([100, 100, 110, 110], [3, 3, 0, 0], teams) == (0, 1, 2, 3)


def test_free_for_all_ties_go_to_water_then_shared() -> None:
    assert ranked_winners([90, 90, 80], [10, 12, 30], None) == (1,)
    assert ranked_winners([90, 90, 80], [12, 12, 30], None) == (0, 1)


def test_the_team_standing_names_the_team_score_and_the_step_that_decided() -> None:
    teams = ((0, 2), (1, 3))
    plain = team_standing([103, 100, 107, 110], [17, 20, 9, 9], teams)
    assert plain["teams"] == [
        {"seats": [0, 2], "score": 103, "other": 107, "water": 26},
        {"seats": [1, 3], "score": 100, "other": 110, "water": 29},
    ]
    assert plain["steps"] == ["team score"] and plain["decided_by"] == "team score"
    assert plain["text"] == (
        "Team scores (the lower teammate's): seats 0 and 2 103, seats 1 and 3 100. "
        "The team score decides: seats 0 and 2 win."
    )
    other = team_standing([100, 100, 110, 105], [0, 0, 0, 0], teams)
    assert other["steps"] == ["team score", "other teammate"]
    assert other["text"].endswith(
        "Tied at 100; the other teammates' scores decide (110 against 105): seats 0 and 2 win."
    )
    water = team_standing([100, 100, 110, 110], [9, 3, 0, 0], teams)
    assert water["steps"] == ["team score", "other teammate", "water"]
    assert water["decided_by"] == "water"
    shared = team_standing([100, 100, 110, 110], [3, 3, 0, 0], teams)
    assert shared["decided_by"] == "shared"
    assert shared["text"].endswith(
        "Tied at 100, the other teammates tied at 110 and the Water points tied at 3: "
        "the victory is shared."
    )


def test_a_team_state_and_its_views_give_the_standing(example_deck: str, dimitri: Area) -> None:
    state = finished(example_deck, (dimitri,) * 4, ((5,), (2,), (5, 4), (5, 7)), portals=1)
    detail = state.score_detail()
    assert detail is not None and detail["decided_by"] == "team score"
    assert [t["score"] for t in detail["teams"]] == [103, 100]
    assert replace(state, mode="free").score_detail() is None
    play = new_state(4, 2)
    while play.phase == "explorer":
        play = play.apply(play.legal_moves()[0])
    assert play.view(1).score_detail() == play.score_detail()
    assert play.score_detail() is not None and new_state(5, 2).score_detail() is None


def test_before_the_end_the_team_standing_says_who_leads_not_who_won() -> None:
    state = new_state(4, seed=3, settings={"mode": "team"})
    detail = state.score_detail()
    assert detail is not None and not state.is_terminal()
    assert detail["text"].endswith("The teams are level.")
    assert "win" not in detail["text"] and "victory" not in detail["text"]
