"""The hint's reasons, word for word on fixed states, and the move's cards in every one."""

from __future__ import annotations

from dataclasses import replace

import pytest

from solver.game import RankedMove
from solver.vbm.hint import hint
from solver.vbm.state import State, View, new_state

#: Time enough that the hint's work limits, not the clock, end its search.
BUDGET = 1.0


def through_explorers(state: State) -> State:
    while state.phase == "explorer":
        state = state.apply(state.legal_moves()[0])
    return state


def rows_state() -> State:
    """Seat 0 of a row draft has the Sand card S04 (2 VP per card diagonally up-right of
    it) below its Explorer and an Explorer that scores nothing here (Ice monsters)."""
    state = through_explorers(new_state(2, 2))
    row = ("W01", "L01", "R01", "G01")
    return replace(
        state,
        explorers=("E08", state.explorers[1]),
        areas=(((1, 0, "S04"),), ()),
        rows=(row,),
        pile=tuple(c for c in state.pile if c not in (*row, "S04")),
    )


def team_state() -> State:
    return through_explorers(new_state(4, 2))


def last_turn_state() -> State:
    """The team game on the last turn of its first round: two cards in every hand."""
    state = team_state()
    return replace(state, turn=8, hands=tuple(hand[:2] for hand in state.hands))


def reasons(state: State, seat: int = 0) -> dict[tuple[object, ...], str]:
    return {_key(r): r.reason for r in hint(View.of(state, seat), BUDGET)}


def _key(ranked: RankedMove) -> tuple[object, ...]:
    move = ranked.move
    at = tuple(move["at"]) if "at" in move else None
    return (move.get("card") or move.get("explorer"), at, move.get("discard"), move.get("pass"))


def test_a_head_scored_by_a_sand_card_says_where_the_other_points_come_from() -> None:
    said = reasons(rows_state())
    assert said[("W01", (0, 1), "L01", None)] == (
        "place the Big Mama head W01 at (0,1): +12 points now: 10 printed on the card, "
        "2 from your Sand cards; worth about +4.5 later (missions +0.8, half crystals +3.7); "
        "discard the Lava card L01: the best card then left in the row is worth +3 to the "
        "next player (seat 1)"
    )


def test_the_same_card_in_cells_that_score_alike_says_where_each_lies() -> None:
    said = reasons(rows_state())
    assert said[("L01", (-1, 0), "R01", None)] == (
        "place the Lava card L01 at (-1,0): +2 points now; worth about +3.1 later (missions "
        "+1.3, half crystals +1.9); the same as at 3 other cells: here it lies above your "
        "Explorer; discard the Rock card R01 (1 Rock monster): the "
        "best card then left in the row is worth +10 to the next player (seat 1)"
    )
    assert said[("L01", (0, -1), "R01", None)] == (
        "place the Lava card L01 at (0,-1): +2 points now; worth about +3.1 later (missions "
        "+1.3, half crystals +1.9); the same as at 3 other cells: here it lies left of your "
        "Explorer; discard the Rock card R01 (1 Rock monster): the "
        "best card then left in the row is worth +10 to the next player (seat 1)"
    )


def test_a_team_reason_says_in_plain_words_why_it_counts_differently_for_the_team() -> None:
    said = reasons(team_state())
    assert said[("R03", (-1, 0), None, 2)] == (
        "place the Rock card R03 (2 Rock monsters) at (-1,0): +4 points now; the team's "
        "score (the lower of you and seat 2) rises by 0; you and seat 2 are level, so both "
        "your points count alike: it counts 2.0 for the team; worth about +2.4 later "
        "(missions +2.1, half crystals +0.4); the same as at (0,-1) and (0,1): here it lies "
        "above your Explorer; pass the other 9 cards to your teammate (seat 2): the best is "
        "worth +4 to them"
    )
    assert said[("R03", (-1, 0), None, 1)].endswith(
        "; pass the other 9 cards to seat 1, an opponent: the best is worth +6 to them"
    )


def test_the_last_turn_of_a_round_names_the_card_discarded() -> None:
    said = reasons(last_turn_state())
    assert said[("R03", (-1, 0), None, None)].endswith(
        "; the other card, the yeti's right half I14, is discarded"
    )


def test_an_explorer_reason_names_what_it_scores() -> None:
    said = reasons(new_state(4, 2))
    assert said[("E02", None, None, None)] == (
        "keep Explorer E02 (3 VP per completed Water monster): about 9 VP expected by the "
        "end of the game"
    )


@pytest.mark.parametrize(
    "state", [rows_state(), team_state(), last_turn_state(), new_state(4, 2), new_state(2, 5)]
)
def test_every_reason_names_the_moves_cards(state: State) -> None:
    for ranked in hint(View.of(state, state.to_move or 0), 0.05):
        move = ranked.move
        for key in ("card", "discard", "explorer"):
            if key in move:
                assert move[key] in ranked.reason, (move, ranked.reason)
        if "at" in move:
            assert f"at ({move['at'][0]},{move['at'][1]})" in ranked.reason
        if move.get("pass") is not None and move["pass"] != state.to_move:
            assert f"seat {move['pass']}" in ranked.reason
