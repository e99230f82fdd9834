"""Tests for solver/monstrolicious/rules.py: battles, the Lollipop, the Donuts, the end."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pytest

from solver.errors import IllegalMoveError
from solver.monstrolicious.cards import BUFFET, TRAP, Placed
from solver.monstrolicious.moves import Move
from solver.monstrolicious.rules import BONUS_LINE, battle, wins_battle
from solver.monstrolicious.state import State

D = BUFFET.index
PositionMaker = Callable[..., State]


def place(key: str) -> Move:
    return Move(dessert=D(key))


def test_free_space_is_taken_face_down(position: PositionMaker) -> None:
    s = position(0, tops={0: [6]})
    after = s.apply(place("pie"))
    assert after.board[0][D("pie")] == Placed(6, False)
    assert after.current == 1 and after.stacks[0] == s.stacks[0][1:]


def test_equal_strength_wins_for_the_placer(position: PositionMaker) -> None:
    s = position(1, rows={0: {"pie": Placed(7)}}, tops={1: [7]})
    after = s.apply(place("pie"))
    assert after.board[1][D("pie")] == Placed(7, False, lo=7)
    assert after.board[0][D("pie")] is None
    assert after.discards[0][-1] == Placed(7, True)


def test_lower_monster_loses_and_goes_face_down(position: PositionMaker) -> None:
    s = position(1, rows={0: {"pie": Placed(9)}}, tops={1: [4]})
    after = s.apply(place("pie"))
    assert after.board[0][D("pie")] == Placed(9, True)
    assert after.discards[1][-1] == Placed(4, False, lo=1, hi=8)


def test_lollipop_holder_wins_ties_even_as_defender(position: PositionMaker) -> None:
    s = position(1, rows={0: {"lollipop": Placed(2), "pie": Placed(7)}}, tops={1: [7]})
    after = s.apply(place("pie"))
    assert after.board[0][D("pie")] == Placed(7, True)
    assert after.discards[1][-1] == Placed(7, False, lo=1, hi=7)


def test_lollipop_tie_for_the_lollipop_itself(position: PositionMaker) -> None:
    s = position(1, rows={0: {"lollipop": Placed(5)}}, tops={1: [5]})
    after = s.apply(place("lollipop"))
    assert after.board[0][D("lollipop")] == Placed(5, True)
    s = position(1, rows={0: {"lollipop": Placed(5)}}, tops={1: [6]})
    assert s.apply(place("lollipop")).board[1][D("lollipop")] == Placed(6, False, lo=6)


def test_placer_holding_lollipop_keeps_winning_ties(position: PositionMaker) -> None:
    s = position(1, rows={1: {"lollipop": Placed(1)}, 0: {"pie": Placed(7)}}, tops={1: [7]})
    assert s.apply(place("pie")).board[1][D("pie")] == Placed(7, False, lo=7)


def test_a_win_against_the_lollipop_holder_announces_more_than() -> None:
    assert battle(8, Placed(7), True).placer_stays == Placed(8, False, lo=8)
    assert wins_battle(8, 7, True) and not wins_battle(7, 7, True) and wins_battle(7, 7, False)


def test_trap_takes_the_attacker_which_stays_face_down(position: PositionMaker) -> None:
    s = position(1, rows={0: {"pie": Placed(TRAP)}}, tops={1: [12]})
    after = s.apply(place("pie"))
    assert after.board[0][D("pie")] is None and after.board[1][D("pie")] is None
    assert after.discards[0][-1] == Placed(TRAP, True)
    assert after.discards[1][-1] == Placed(12, False, lo=1)


def test_placed_trap_takes_the_defender_face_up(position: PositionMaker) -> None:
    s = position(1, rows={0: {"pie": Placed(12)}}, tops={1: [TRAP]})
    after = s.apply(place("pie"))
    assert after.board[0][D("pie")] is None and after.board[1][D("pie")] is None
    assert after.discards[0][-1] == Placed(12, True)
    assert after.discards[1][-1] == Placed(TRAP, True)


def test_two_traps_both_go(position: PositionMaker) -> None:
    s = position(1, rows={0: {"pie": Placed(TRAP)}}, tops={1: [TRAP]})
    after = s.apply(place("pie"))
    assert after.discards[0][-1] == after.discards[1][-1] == Placed(TRAP, True)
    assert after.board[0][D("pie")] is None and after.board[1][D("pie")] is None


def test_rulebook_turn_example(position: PositionMaker) -> None:
    """My 7 beats their 7 at the Donuts, then I turn up their 5 at the Pancakes."""
    s = position(0, rows={1: {"donuts": Placed(7), "pancakes": Placed(5)}}, tops={0: [7]})
    after = s.apply(place("donuts"))
    assert after.reveal_pending and after.to_move == 0
    assert after.legal_moves() == [Move(reveal=D("pancakes"))]
    done = after.apply(Move(reveal=D("pancakes")))
    assert done.board[1][D("pancakes")] == Placed(5, True)
    assert done.board[0][D("donuts")] == Placed(7, False, lo=7)
    assert done.to_move == 1 and not done.reveal_pending


def test_donuts_reveal_does_not_set_off_a_trap(position: PositionMaker) -> None:
    s = position(0, rows={1: {"pie": Placed(TRAP)}}, tops={0: [3]})
    after = s.apply(place("donuts")).apply(Move(reveal=D("pie")))
    assert after.board[1][D("pie")] == Placed(TRAP, True)
    assert after.discards[1] == s.discards[1]


def test_donuts_lost_or_trapped_gives_no_reveal(position: PositionMaker) -> None:
    rows = {1: {"donuts": Placed(9), "pie": Placed(4)}}
    assert not position(0, rows=rows, tops={0: [3]}).apply(place("donuts")).reveal_pending
    assert not position(0, rows=rows, tops={0: [TRAP]}).apply(place("donuts")).reveal_pending


def test_donuts_without_a_face_down_target_passes(position: PositionMaker) -> None:
    s = position(0, rows={1: {"pie": Placed(4, True)}}, tops={0: [3]})
    after = s.apply(place("donuts"))
    assert not after.reveal_pending and after.to_move == 1


def test_illegal_moves_name_the_rule(position: PositionMaker) -> None:
    s = position(0, rows={0: {"pie": Placed(4)}}, tops={0: [3]})
    with pytest.raises(IllegalMoveError, match="empty space"):
        s.apply(place("pie"))
    with pytest.raises(IllegalMoveError, match="Donuts"):
        s.apply(Move(reveal=D("pie")))
    pending = position(0, rows={1: {"pie": Placed(4)}}, tops={0: [3]}).apply(place("donuts"))
    with pytest.raises(IllegalMoveError, match="first turn"):
        pending.apply(place("cookies"))
    with pytest.raises(IllegalMoveError, match="face-down"):
        pending.apply(Move(reveal=D("cookies")))


def test_apply_never_mutates(position: PositionMaker) -> None:
    s = position(1, rows={0: {"pie": Placed(TRAP)}}, tops={1: [12]})
    before = json.dumps(s.to_json(), sort_keys=True)
    s.apply(place("pie"))
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_no_empty_space_discards_the_tile_face_down(position: PositionMaker) -> None:
    rows = {0: {key: Placed(v) for key, v in zip(BUFFET.keys, range(1, 12), strict=True)}}
    s = position(1, rows=rows, tops={0: [12], 1: [5]}, left={0: 2, 1: 3})
    after = s.apply(place("pie"))
    assert after.current == 1, "seat 0 had no empty space: its tile went to the discard pile"
    assert after.discards[0][-1] == Placed(12, False)
    assert len(after.stacks[0]) == 1


def test_end_reveals_board_discards_traps_and_scores(position: PositionMaker) -> None:
    rows = {
        0: {
            "chocolate-fountain": Placed(9),
            "fruit-platter": Placed(3),
            "pie": Placed(TRAP),
        },
        1: {"wedding-cake": Placed(2)},
    }
    s = position(0, rows=rows, tops={0: [5], 1: [6]}, left={0: 1, 1: 1})
    s = s.apply(place("cookies")).apply(place("cookies"))
    assert s.is_terminal() and s.to_move is None and s.legal_moves() == []
    assert all(t is None or t.face_up for row in s.board for t in row)
    assert s.board[0][D("pie")] is None and Placed(TRAP, True) in s.discards[0]
    mine, theirs = s.scores()
    assert mine.lines[BONUS_LINE] == 3 and mine.total == 8 + 8 + 3
    assert theirs.total == 10 + 2 and s.winners() == (0,)


def test_the_score_pad_names_each_dessert_as_the_board_does(position: PositionMaker) -> None:
    s = position(0, rows={0: {"chocolate-fountain": Placed(9)}}, tops={0: [5], 1: [6]})
    lines = s.scores()[0].lines
    assert list(lines) == [d.name.lower() for d in BUFFET.desserts] + [BONUS_LINE]
    assert lines["chocolate fountain"] == 8 and "chocolate-fountain" not in lines


def test_equal_scores_share_the_victory(position: PositionMaker) -> None:
    rows = {0: {"wedding-cake": Placed(3)}, 1: {"pie": Placed(2), "lollipop": Placed(TRAP)}}
    s = position(0, rows=rows, tops={0: [5], 1: [6]}, left={0: 1, 1: 1})
    s = s.apply(place("cookies")).apply(place("donuts"))
    assert s.is_terminal(), "winning the Donuts with the last tile turns nothing up"
    assert [x.total for x in s.scores()] == [12, 12]
    assert s.winners() == (0, 1)


def test_a_game_ends_after_every_tile_is_played(
    games: Callable[..., Iterator[State]],
) -> None:
    for seed in range(5):
        states = list(games(seed))
        last = states[-1]
        assert last.is_terminal() and not any(last.stacks)
        assert all(t is None or t.value != TRAP for row in last.board for t in row)
        placements = sum(1 for s in states[:-1] if not s.reveal_pending)
        assert placements == 26, "13 tiles each, one placed per turn"
