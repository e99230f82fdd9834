"""The game protocol for Monstrolicious: a View answers for its seat only, the hint
stands on a view alone (and on any budget), and redeal keeps the view while it
draws the hidden tiles anew."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import GameOverError, IllegalMoveError, NotationError, NotYourTurnError
from solver.game import RandomPlayer, RankedMove
from solver.monstrolicious import GAME
from solver.monstrolicious.cards import HIDDEN, Placed
from solver.monstrolicious.infer import count_worlds
from solver.monstrolicious.moves import Move
from solver.monstrolicious.state import State, View, new_state

Games = Callable[..., Iterator[State]]
BUDGET = 0.01


def ask(view: View, budget: float) -> list[RankedMove]:
    """The hint for the view's seat."""
    return GAME.hint(view, budget)


def _unseen_choices(state: State, seat: int) -> bool:
    """Could the hidden content of ``state`` be other than it is, for ``seat``?"""
    view = GAME.view(state, seat)
    own = len(state.stacks[seat]) - (view.next_tile is not None)
    return own >= 2 or len(state.stacks[1 - seat]) >= 2 or count_worlds(view) > 1


def _tiles(state: State) -> tuple[Any, ...]:
    return state.stacks, state.board, state.discards


def test_a_view_checks_moves_for_its_seat_only(games: Games) -> None:
    state = list(games(2))[6]
    mine, theirs = GAME.view(state, state.current), GAME.view(state, 1 - state.current)
    move = state.legal_moves()[0]
    mine.check(move)  # legal for its seat: no error
    assert mine.legal_moves() == state.legal_moves()
    with pytest.raises(NotYourTurnError) as err:
        theirs.check(move)
    assert str(err.value) == f"not your turn: it is seat {state.current}'s"
    with pytest.raises(NotYourTurnError, match=f"^not your turn: it is seat {state.current}'s$"):
        GAME.validate(theirs, GAME.move_to_json(move))
    assert theirs.legal_moves() == []
    taken = next(i for i, t in enumerate(state.board[state.current]) if t is not None)
    with pytest.raises(IllegalMoveError, match="place on an empty space"):
        mine.check(Move(dessert=taken))
    end = list(games(2))[-1]
    with pytest.raises(IllegalMoveError, match="the game is over"):
        GAME.view(end, 0).check(move)


def test_a_view_names_winners_only_at_the_end(games: Games) -> None:
    trail = list(games(3))
    assert GAME.view(trail[8], 0).winners() == ()
    end = trail[-1]
    assert GAME.view(end, 1).winners() == end.winners() and end.winners()
    assert GAME.view(end, 0).scores() == end.scores()


def test_hint_asks_the_seat_that_decides(games: Games) -> None:
    state = list(games(4))[3]
    with pytest.raises(NotYourTurnError, match=f"^not your turn: it is seat {state.current}'s$"):
        ask(GAME.view(state, 1 - state.current), BUDGET)
    with pytest.raises(GameOverError, match="no move to hint"):
        ask(GAME.view(list(games(4))[-1], 0), BUDGET)


def test_hint_takes_any_budget(games: Games) -> None:
    view = GAME.view(list(games(5))[4], list(games(5))[4].current)
    least = ask(view, 0.0)
    for budget in (math.nan, -1.0, -math.inf):
        assert ask(view, budget) == least
    assert len(ask(view, math.inf)) == len(view.legal_moves())


def test_hint_refuses_a_view_no_arrangement_fits() -> None:
    state = new_state(2, 3)
    view = GAME.view(state, state.current)
    them = 1 - view.seat
    row = tuple(Placed(HIDDEN, False, lo=12) if i in (5, 6) else None for i in range(11))
    board = tuple(row if s == them else view.board[s] for s in (0, 1))
    counts = tuple(11 if s == them else view.stack_counts[s] for s in (0, 1))
    impossible = View(view.seat, view.seat, False, counts, view.next_tile, board, view.discards)
    with pytest.raises(NotationError, match="no arrangement"):
        ask(impossible, BUDGET)


def test_the_view_of_a_seat_not_in_the_game_is_refused() -> None:
    with pytest.raises(NotationError) as err:
        GAME.view(new_state(2, 1), 2)
    assert err.value.path == "seat"
    with pytest.raises(NotationError) as err:
        GAME.redeal(new_state(2, 1), -1, 0)
    assert err.value.path == "seat"
    for seat in (2, -1, True):
        with pytest.raises(NotationError) as err:
            new_state(2, 1).view(seat)
        assert err.value.path == "seat"


@given(st.integers(0, 10_000))
@settings(max_examples=8, deadline=None, derandomize=True, database=None)
def test_redeal_keeps_the_view_and_changes_what_is_hidden(seed: int) -> None:
    players = [RandomPlayer(seed), RandomPlayer(seed + 1)]
    state = new_state(2, seed)
    step = 0
    while True:
        for seat in (0, 1):
            view = GAME.view(state, seat)
            assert GAME.view_from_json(json.loads(json.dumps(view.to_json()))) == view
            other = GAME.redeal(state, seat, 1000 * step + seat)
            assert GAME.view(other, seat) == view
            assert GAME.from_json(json.loads(json.dumps(other.to_json()))) == other
            assert other.legal_moves() == state.legal_moves()
            assert other.seed != state.seed
            if _unseen_choices(state, seat):
                assert _tiles(other) != _tiles(state), f"step {step}, seat {seat}"
            if state.to_move == seat and step % 3 == 0:
                assert ask(GAME.view(other, seat), BUDGET) == ask(view, BUDGET)
        if state.is_terminal():
            return
        state = state.apply(players[state.current].choose(state))
        step += 1


def test_redeal_changes_the_last_hidden_tiles_too(games: Games) -> None:
    """Near the end a fresh draw often repeats the deal: then two unseen stack tiles trade
    places, or (no stack to reorder) another arrangement of the face-down tiles is dealt."""
    checked = 0
    for seed in range(6):
        for state in games(seed):
            for seat in (0, 1):
                view = GAME.view(state, seat)
                own = len(state.stacks[seat]) - (view.next_tile is not None)
                if own > 2 or len(state.stacks[1 - seat]) > 2 or not _unseen_choices(state, seat):
                    continue
                for k in range(12):
                    other = GAME.redeal(state, seat, k)
                    assert GAME.view(other, seat) == view
                    assert _tiles(other) != _tiles(state)
                checked += 1
    assert checked >= 20


def test_redeal_reorders_a_stack_when_the_draw_repeats() -> None:
    """Seat 0 sees every tile of seat 1 but its two-tile stack: only their order can change."""
    mine = tuple(Placed(v) for v in (1, 2, 3, 4, 5)) + (None,) * 6
    state = State(
        8,
        0,
        ((12, 11), (0, 1)),
        (mine, (None,) * 11),
        (
            (*(Placed(v, True) for v in range(6, 11)), Placed(0, True)),
            tuple(Placed(v, True) for v in range(2, 13)),
        ),
    )
    assert GAME.from_json(state.to_json()) == state and _unseen_choices(state, 0)
    for k in range(12):
        other = GAME.redeal(state, 0, k)
        assert GAME.view(other, 0) == GAME.view(state, 0)
        assert other.stacks == ((12, 11), (1, 0))


def test_redeal_is_seeded(games: Games) -> None:
    state = list(games(7))[9]
    assert GAME.redeal(state, 0, 5) == GAME.redeal(state, 0, 5)
    assert GAME.redeal(state, 0, 5) != GAME.redeal(state, 0, 6)


def test_a_two_player_only_game_says_it_takes_exactly_two() -> None:
    with pytest.raises(NotationError) as err:
        GAME.check_players(3)
    assert str(err.value) == "Monstrolicious takes exactly 2 players, not 3"
    GAME.check_players(2)  # the one count the rules take: no error
