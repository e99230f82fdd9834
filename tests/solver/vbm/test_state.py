"""Turn flow in every mode: explorers, the hand draft, the row draft, missions, JSON."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from solver.errors import IllegalMoveError, NotationError
from solver.vbm import GAME
from solver.vbm.area import analyse
from solver.vbm.moves import Move
from solver.vbm.state import State, new_state
from solver.vbm.turns import missions


def through_explorers(state: State) -> State:
    while state.phase == "explorer":
        state = state.apply(state.legal_moves()[0])
    return state


def play_out(state: State, seed: int = 0) -> State:
    rng = random.Random(seed)
    while not state.is_terminal():
        state = state.apply(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize(
    ("players", "settings", "cards"),
    [(2, {}, 20), (3, {}, 20), (4, {}, 18), (5, {}, 18), (6, {}, 18), (4, {"mode": "free"}, 18)],
)
def test_every_mode_ends_with_the_rulebook_card_count(
    players: int, settings: dict[str, str], cards: int
) -> None:
    end = play_out(new_state(players, 9, settings))
    assert [len(area) for area in end.areas] == [cards] * players
    assert end.legal_moves() == [] and end.to_move is None
    assert len({c for area in end.areas for _, _, c in area}) == players * cards


def test_explorer_choices_are_hidden_until_all_are_made() -> None:
    state = new_state(4, 1)
    state = state.apply(Move(explorer=state.offers[0][1]))
    assert state.to_move == 1
    assert (
        state.view(1).to_json()["explorers"][0] is None
        and state.view(0).to_json()["explorers"][0] is not None
    )
    assert (
        state.view(1).to_json()["offer"] == list(state.offers[1])
        and "offers" not in state.view(1).to_json()
    )


def test_hand_draft_passes_to_free_spaceships_and_own_last() -> None:
    state = through_explorers(new_state(4, 2))
    assert state.phase == "draft" and state.to_move == 0
    assert state.pass_targets(0) == [1, 2, 3]
    hands = state.hands
    state = state.apply(Move(hands[0][0], (0, 1), 2))
    assert state.to_move == 1 and state.pass_targets(1) == [0, 3]
    with pytest.raises(IllegalMoveError, match="free Spaceship"):
        state.apply(Move(hands[1][0], (0, 1), 2))
    state = state.apply(Move(hands[1][0], (0, 1), 0))
    state = state.apply(Move(hands[2][0], (0, 1), 1))
    assert state.pass_targets(3) == [3]  # every other Spaceship is taken
    view = state.view(3).to_json()
    assert view["pending"][0] == {"pass": 2} and view["hand_sizes"][0] == len(hands[0])
    state = state.apply(Move(hands[3][0], (0, 1), 3))
    assert state.turn == 1 and state.first == 1
    assert state.hands[2] == hands[0][1:] and state.hands[3] == hands[3][1:]
    assert state.passed[0] == tuple(sorted(hands[0][1:]))
    assert state.view(0).to_json()["passed"] == sorted(hands[0][1:])
    assert state.view(1).to_json()["passed"] == sorted(hands[1][1:])
    assert all(len(area) == 1 for area in state.areas)


def test_last_two_cards_keep_one_discard_the_other() -> None:
    state = through_explorers(new_state(4, 3))
    while len(state.hands[state.to_move or 0]) > 2:
        state = state.apply(state.legal_moves()[0])
    seat = state.to_move
    assert seat is not None
    with pytest.raises(IllegalMoveError, match="last two cards"):
        state.apply(Move(state.hands[seat][0], state.legal_moves()[0].at, (seat + 1) % 4))
    for _ in range(4):
        state = state.apply(state.legal_moves()[0])
    assert state.round == 1 and state.turn == 0 and len(state.discards) == 4
    assert all(len(hand) == 10 for hand in state.hands) and state.pile == ()


def test_two_player_row_draft() -> None:
    state = through_explorers(new_state(2, 4))
    assert state.phase == "rows" and len(state.rows) == 1 and len(state.rows[0]) == 4
    row = state.rows[0]
    with pytest.raises(IllegalMoveError, match="discard another"):
        state.apply(Move(row[0], (0, 1), row=0))
    state = state.apply(Move(row[0], (0, 1), row=0, discard=row[1]))
    assert state.to_move == 1 and state.live == row[2:]
    with pytest.raises(IllegalMoveError, match="only keeps"):
        state.apply(Move(row[2], (0, 1), discard=row[3]))
    state = state.apply(Move(row[3], (0, -1)))
    assert state.discards == (row[1], row[2])
    assert state.first == 1 and state.to_move == 1 and len(state.rows) == 2


def test_three_player_variant_has_one_row_for_two_turns() -> None:
    state = through_explorers(new_state(3, 4))
    assert len(state.rows[0]) == 6
    for turn in range(3):
        assert len(state.rows) == (1 if turn < 2 else 2)
        for _ in range(3):
            state = state.apply(state.legal_moves()[0])
    assert len(state.discards) == 9


def test_placement_must_touch_the_area() -> None:
    state = through_explorers(new_state(2, 4))
    row = state.rows[0]
    with pytest.raises(IllegalMoveError, match="edge-adjacent"):
        state.apply(Move(row[0], (1, 1), row=0, discard=row[1]))
    with pytest.raises(IllegalMoveError, match="edge-adjacent"):
        state.apply(Move(row[0], (0, 0), row=0, discard=row[1]))


def test_simultaneous_completers_get_the_same_token_from_spares() -> None:
    deck = new_state(2, 0).deck
    side = deck.missions[2][1]  # Rock monsters: 4 personal, 8 team
    rock = {"rock_monsters": 4}
    given, piles, claimed = missions([side], [rock] * 4, None, ((10, 7),), frozenset())
    assert sorted(given) == [(0, 10), (1, 10), (2, 10), (3, 10)] and piles == ((7,),)
    again, _, _ = missions([side], [rock] * 4, None, piles, claimed)
    assert again == []
    assert ("personal", 3, 0) in claimed
    later, left, _ = missions([side], [rock] * 4, None, piles, frozenset())
    assert sorted(later) == [(0, 7), (1, 7), (2, 7), (3, 7)] and left == ((),)
    none, _, _ = missions([side], [rock] * 4, None, left, frozenset())
    assert none == []  # a pyramid emptied in an earlier turn gives nothing more


def test_both_teammates_get_the_same_team_mission_token() -> None:
    deck = new_state(2, 0).deck
    side = deck.missions[2][1]
    empty = dict(analyse(deck, ()).counts)
    counts = [{**empty, "rock_monsters": n} for n in (3, 0, 5, 0)]
    given, piles, _ = missions([side], counts, ((0, 2), (1, 3)), ((10, 7, 5),), frozenset())
    # Seat 2's personal mission first (10), then the team's: 7 for each teammate.
    assert sorted(given) == [(0, 7), (2, 7), (2, 10)] and piles == ((5,),)


def test_mission_tokens_do_not_depend_on_the_turns_first_player() -> None:
    # Tile 3 shows Rock monsters (4 personal, 8 team; tokens 10, 7, 5).
    state = through_explorers(new_state(4, 0, {"mission_sides": [0, 0, 1, 0, 0]}))
    areas = (
        ((0, 1, "R03"), (0, 2, "R01")),
        ((0, 1, "R06"), (0, 2, "R02")),
        ((0, 1, "R12"), (0, 2, "R05")),
        ((0, 1, "R15"),),
    )
    placed = ("R04", "R09", "R07", "R08")  # Rock monsters after the turn: 4, 5, 4, 3
    pending = tuple(Move(card, (0, len(areas[s]) + 1)) for s, card in enumerate(placed))
    table = replace(state, areas=areas, pending=pending)
    assert state.pyramids[2] == (10, 7, 5)
    answers = {
        (after.tokens, after.pyramids)
        for after in (replace(table, first=first).reveal() for first in range(4))
    }
    # Seats 0, 1 and 2 complete the personal mission together (10 each: the top token
    # and two spares); both teams then complete the team mission together (7 each).
    rest = (*state.pyramids[:2], (5,), *state.pyramids[3:])
    assert answers == {(((10, 7), (10, 7), (10, 7), (7,)), rest)}


def test_json_round_trip_and_view_hide_the_pile() -> None:
    state = new_state(2, 5)
    for _ in range(7):
        assert GAME.from_json(json.loads(json.dumps(state.to_json()))) == state
        view = state.view(0).to_json()
        assert "seed" not in view and isinstance(view["pile"], int)
        state = state.apply(state.legal_moves()[-1])


def test_bad_settings_and_states_are_refused() -> None:
    with pytest.raises(NotationError, match="unknown setting"):
        new_state(2, 0, {"colour": "red"})
    with pytest.raises(NotationError, match="row draft"):
        new_state(4, 0, {"mode": "rows"})
    with pytest.raises(NotationError, match="2 to 6"):
        new_state(7, 0)
    with pytest.raises(NotationError, match="mission_sides"):
        new_state(2, 0, {"mission_sides": [0, 1]})
    doc = new_state(2, 0).to_json()
    with pytest.raises(NotationError):
        GAME.from_json({**doc, "areas": [[[0, 1, "NOPE"]], []]})
    with pytest.raises(NotationError):
        GAME.from_json({**doc, "players": 3})


def test_same_seed_same_game_and_mission_sides_setting() -> None:
    assert new_state(3, 8) == new_state(3, 8) != new_state(3, 9)
    assert new_state(2, 0, {"mission_sides": [1, 1, 1, 1, 1]}).sides == (1,) * 5
    end = play_out(new_state(2, 1), 1)
    assert replace(end, seed=end.seed).winners()


@pytest.mark.parametrize(("players", "settings"), [(2, {}), (3, {}), (4, {}), (5, {})])
def test_a_view_reads_back_with_the_same_moves_for_its_seat(
    players: int, settings: dict[str, str]
) -> None:
    rng = random.Random(players)
    state = new_state(players, 12, settings)
    while not state.is_terminal():
        seat = state.to_move
        assert seat is not None
        again = GAME.view_from_json(json.loads(json.dumps(state.view(seat).to_json())))
        own = [replace(m, seat=None) for m in again.legal_moves()]
        assert again.to_move == seat and own == state.legal_moves()
        assert again.scores() == state.scores() or state.phase == "explorer"
        state = state.apply(rng.choice(state.legal_moves()))
