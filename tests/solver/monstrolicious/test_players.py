"""Tests for solver/monstrolicious/players.py: legal moves, from the seat's view only."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from solver.monstrolicious.cards import BUFFET, Placed
from solver.monstrolicious.infer import sample_worlds
from solver.monstrolicious.moves import Move
from solver.monstrolicious.players import PLAYERS, GreedyPlayer, immediate_swing
from solver.monstrolicious.state import State, View, determinise, new_state

Games = Callable[..., Iterator[State]]
PositionMaker = Callable[..., State]
D = BUFFET.index


def test_every_player_plays_legal_moves_to_the_end() -> None:
    for name, factory in PLAYERS.items():
        players = [factory(1), GreedyPlayer(2)]
        state = new_state(2, 8)
        while not state.is_terminal():
            move = players[state.current].choose(state)
            assert move in state.legal_moves(), name
            state = state.apply(move)


def test_players_do_not_peek(games: Games) -> None:
    for state in list(games(3, "greedy"))[2:18:4]:
        view = View.of(state, state.current)
        world = sample_worlds(view, 1, random.Random(9))[0]
        twin = determinise(view, world, random.Random(9))
        for name in ("greedy", "hint"):
            assert PLAYERS[name](0).choose(twin) == PLAYERS[name](0).choose(state), name


def test_greedy_weighs_a_hidden_tile_by_what_it_may_be(position: PositionMaker) -> None:
    state = position(0, rows={1: {"pie": Placed(11, False, lo=10)}}, tops={0: [10]})
    view = View.of(state, 0)
    assert immediate_swing(view, D("pie")) == 2 * 9 * (1 / 3)
    assert immediate_swing(view, D("wedding-cake")) == 10
    assert GreedyPlayer(0).choose(state) == Move(dessert=D("wedding-cake"))


def test_greedy_reveals_the_richest_tile(position: PositionMaker) -> None:
    rows = {1: {"pie": Placed(4), "cookies": Placed(5)}}
    state = position(0, rows=rows, tops={0: [3]}).apply(Move(dessert=D("donuts")))
    assert GreedyPlayer(0).choose(state) == Move(reveal=D("pie"))
