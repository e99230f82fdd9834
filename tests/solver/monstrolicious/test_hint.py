"""Tests for solver/monstrolicious/hint.py (and the playout simulator it relies on)."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from solver.errors import GameOverError, NotYourTurnError
from solver.monstrolicious import GAME, sim
from solver.monstrolicious.cards import BUFFET, TRAP, Placed
from solver.monstrolicious.hint import hint
from solver.monstrolicious.infer import iter_worlds, sample_worlds
from solver.monstrolicious.moves import Move
from solver.monstrolicious.reading import state_from_json
from solver.monstrolicious.state import State, View, determinise

Games = Callable[..., Iterator[State]]
PositionMaker = Callable[..., State]
D = BUFFET.index


def _twin(state: State) -> State:
    """Another full state with the same view for the mover, hidden tiles moved around."""
    view = View.of(state, state.current)
    for seed in range(50):
        world = sample_worlds(view, 1, random.Random(seed))[0]
        other = determinise(view, world, random.Random(seed))
        if (
            other.board != state.board
            or other.stacks[1 - state.current] != state.stacks[1 - state.current]
        ):
            return other
    return state


def test_hint_is_the_same_for_states_sharing_a_view(games: Games) -> None:
    compared = 0
    for state in list(games(2, "greedy"))[4:20:3]:
        if state.is_terminal():
            continue
        twin = _twin(state)
        seat = state.current
        assert View.of(twin, seat) == View.of(state, seat)
        if twin != state:
            compared += 1
        assert hint(View.of(twin, seat), 0.02) == hint(View.of(state, seat), 0.02)
    assert compared >= 3


def test_hint_reads_a_view_from_json(games: Games) -> None:
    state = list(games(4))[7]
    seat = state.current
    view = GAME.view_from_json(json.loads(json.dumps(state.view(seat).to_json())))
    assert GAME.hint(view, 0.02) == GAME.hint(GAME.view(state, seat), 0.02)


def test_hint_ranks_every_move_with_a_reason(games: Games) -> None:
    for state in list(games(6, "greedy"))[:-1:4]:
        ranked = hint(View.of(state, state.current), 0.02)
        assert {json.dumps(r.move) for r in ranked} == {
            json.dumps(m.to_json()) for m in state.legal_moves()
        }
        assert [r.value for r in ranked] == sorted((r.value for r in ranked), reverse=True)
        assert all(r.reason and "\n" not in r.reason for r in ranked)
    state = next(games(6))
    with pytest.raises(NotYourTurnError, match=f"^not your turn: it is seat {state.current}'s$"):
        hint(View.of(state, 1 - state.current), 0.02)
    end = list(games(6))[-1]
    with pytest.raises(GameOverError, match="no move to hint"):
        hint(View.of(end, 0), 0.02)


def test_hint_takes_a_sure_win_on_the_richest_dessert(position: PositionMaker) -> None:
    rows = {1: {"wedding-cake": Placed(10, True), "cookies": Placed(2, True)}}
    state = position(0, rows=rows, tops={0: [12]})
    best = hint(View.of(state, 0), 0.05)[0]
    assert best.move == {"action": "place", "dessert": "wedding-cake"}
    assert best.detail["take_chance"] == 1.0
    assert "your 12 beats their 10, so you take it" in best.reason


def test_last_tile_is_exact(position: PositionMaker) -> None:
    """The hint's margin equals the average over every world, played by the rules engine."""
    rows = {
        0: {"pie": Placed(9, False, lo=4), "cookies": Placed(3)},
        1: {"wedding-cake": Placed(6), "lollipop": Placed(1)},
    }
    state = position(1, rows=rows, tops={1: [7]}, left={0: 0, 1: 1})
    view = View.of(state, 1)
    ranked = {r.move["dessert"]: r for r in hint(View.of(state, 1), 0.05)}
    worlds = list(iter_worlds(view))
    for move in view.legal_moves():
        margins = []
        for world in worlds:
            end = determinise(view, world).apply(move)
            assert end.is_terminal()
            mine, theirs = end.scores()[1].total, end.scores()[0].total
            margins.append(mine - theirs)
        r = ranked[BUFFET.keys[move.dessert or 0]]
        assert r.detail["exact"] == 1.0
        assert abs(r.detail["expected_margin"] - sum(margins) / len(margins)) < 1e-3


def _brute_force(view: View, move: Move) -> tuple[float, float]:
    """Mean margin and win chance of ``move`` over every world and every order of both
    stacks, each searched to the end with both sides playing their best there; the
    game's last tile is played by the rules engine."""
    margins: list[float] = []
    for world in iter_worlds(view):
        state = determinise(view, world)
        if sum(view.stack_counts) == 1:
            end = state.apply(move)
            mine, theirs = end.scores()[view.seat].total, end.scores()[1 - view.seat].total
            margins.append(mine - theirs)
            continue
        owner, value = sim.from_board(state.board)
        sim.play(owner, value, view.seat, state.stacks[view.seat][0], move.dessert or 0)
        own = state.stacks[view.seat][1:]
        orders = [
            (a, b) for a in itertools.permutations(own) for b in itertools.permutations(world.stack)
        ]
        total = 0.0
        for a, b in orders:
            stacks: list[list[int]] = [[], []]
            stacks[view.seat], stacks[1 - view.seat] = list(a[::-1]), list(b[::-1])
            total += sim.best_reply_margin(
                owner.copy(), value.copy(), stacks, 1 - view.seat, view.seat
            )
        margins.append(total / len(orders))
    wins = [1.0 if m > 0 else 0.5 if m == 0 else 0.0 for m in margins]
    return sum(margins) / len(margins), sum(wins) / len(wins)


@pytest.mark.parametrize(
    ("seed", "step"), [(2, 26), (4, 26), (31, 26), (15, 25), (9, 25), (27, 25)]
)
def test_few_relevant_worlds_are_searched_exactly(games: Games, seed: int, step: int) -> None:
    """Late in random games (face-down discards abound), the hint equals brute force."""
    state = list(games(seed))[step]
    view = View.of(state, state.current)
    ranked = {r.move["dessert"]: r for r in hint(view, 0.02)}
    for move in view.legal_moves():
        margin, win = _brute_force(view, move)
        got = ranked[BUFFET.keys[move.dessert or 0]].detail
        assert got["exact"] == 1.0
        assert got["expected_margin"] == pytest.approx(margin, abs=1e-3)
        assert got["win_chance"] == pytest.approx(win, abs=1e-4)


def test_reveal_is_ranked_by_what_the_tile_guards(position: PositionMaker) -> None:
    rows = {1: {"pie": Placed(4), "cookies": Placed(5), "wedding-cake": Placed(6, True)}}
    state = position(0, rows=rows, tops={0: [3]}).apply(Move(dessert=D("donuts")))
    ranked = hint(View.of(state, 0), 0.02)
    assert [r.move for r in ranked] == [
        {"action": "reveal", "reveal": "pie"},
        {"action": "reveal", "reveal": "cookies"},
    ]


def test_simulator_plays_as_the_rules_do(games: Games) -> None:
    for seed in range(10):
        states = list(games(seed))
        for before, after in itertools.pairwise(states):
            if before.reveal_pending or after.reveal_pending:
                continue
            owner, value = sim.from_board(before.board)
            moved = [
                s
                for s in range(len(BUFFET.keys))
                if before.board[before.current][s] is None
                and (
                    after.board[before.current][s] is not None
                    or before.board[1 - before.current][s] != after.board[1 - before.current][s]
                )
            ]
            if len(moved) != 1 or after.is_terminal():
                continue
            tile = before.stacks[before.current][0]
            sim.play(owner, value, before.current, tile, moved[0])
            assert (owner, value) == sim.from_board(after.board)


def test_trap_is_not_placed_on_a_free_dessert_by_the_playout_policy() -> None:
    owner, value = [-1] * 11, [0] * 11
    owner[D("pie")], value[D("pie")] = 1, 11
    assert sim.greedy_space(owner, value, 0, TRAP) == D("pie")
    assert sim.greedy_space(owner, value, 0, 12) == D("pie")
    assert sim.greedy_space(owner, value, 0, 3) == D("wedding-cake")


def test_take_chance_is_exact_over_the_worlds(position: PositionMaker) -> None:
    rows = {1: {"pie": Placed(11, False, lo=10)}, 0: {"lollipop": Placed(2, True)}}
    state = position(0, rows=rows, tops={0: [10]})
    ranked = {r.move["dessert"]: r for r in hint(View.of(state, 0), 0.02)}
    assert ranked["pie"].detail["take_chance"] == round(1 / 3, 4)
    assert (
        "your 10 beats their face-down tile (at least 10) 33% of the time" in ranked["pie"].reason
    )
    assert ranked["cookies"].detail["take_chance"] == 1.0


def test_reasons_name_the_traps(position: PositionMaker) -> None:
    rows = {1: {"pie": Placed(TRAP, True), "cookies": Placed(9, True), "donuts": Placed(4)}}
    view = View.of(position(0, rows=rows, tops={0: [TRAP]}), 0)
    reasons = {r.move["dessert"]: r.reason for r in hint(view, 0.02)}
    assert "your Trap takes their 9 with it" in reasons["cookies"]
    assert "their Trap lies face up across and takes your Trap with it" in reasons["pie"]
    assert "your Trap takes their face-down tile with it" in reasons["donuts"]
    assert "your Trap holds it without scoring and waits for their tile" in reasons["wedding-cake"]


#: The game's last tile: seat 0 places a 7 (or its Trap) against a Lollipop holder.
LAST_ROWS = {
    1: {
        "lollipop": Placed(2),
        "pie": Placed(9, True),
        "macarons": Placed(7, True),
        "cupcakes": Placed(5, False, lo=3),
    },
    0: {"wedding-cake": Placed(10), "cookies": Placed(4, True)},
}
LAST_DISCARDS = {1: [Placed(8, False, lo=1, hi=9), Placed(1, False, lo=1, hi=9)]}
COUNTED = "counting every way their hidden tiles can lie"


def _last_tile(position: PositionMaker, tile: int) -> dict[str, str]:
    state = position(0, rows=LAST_ROWS, tops={0: [tile]}, discards=LAST_DISCARDS, left={0: 1, 1: 0})
    return {r.move["dessert"]: r.reason for r in hint(View.of(state, 0), 0.05)}


def test_reasons_read_as_a_player_talks(position: PositionMaker) -> None:
    seven = _last_tile(position, 7)
    assert seven["cupcakes"] == (
        "put your 7 on the Cupcakes (6 points): your 7 beats their face-down tile "
        "(at least 3) 50% of the time; you finish 5.0 points behind on average and win "
        f"50% of the time, {COUNTED}"
    )
    assert seven["macarons"] == (
        "put your 7 on the Macarons (7 points): their 7 holds the tie, since they hold "
        f"the Lollipop; you finish 11.0 points behind on average and lose every time, {COUNTED}"
    )
    assert seven["pie"] == (
        "put your 7 on the Pie (9 points): their 9 beats your 7, so they keep it; you "
        f"finish 11.0 points behind on average and lose every time, {COUNTED}"
    )
    assert seven["fruit-platter"] == (
        "put your 7 on the Fruit Platter (8 points): nobody is across, so you take it; you "
        f"finish 3.0 points behind on average and lose every time, {COUNTED}"
    )
    trap = _last_tile(position, TRAP)
    assert trap["donuts"] == (
        "put your Trap on the Donuts (3 points): nobody is across: your Trap holds it but "
        f"scores nothing; you finish 11.0 points behind on average and lose every time, {COUNTED}"
    )
    assert trap["pie"] == (
        "put your Trap on the Pie (9 points): your Trap takes their 9 with it; you finish "
        f"2.0 points behind on average and lose every time, {COUNTED}"
    )
    rows = {1: {"pie": Placed(4), "cookies": Placed(5), "wedding-cake": Placed(6, True)}}
    state = position(0, rows=rows, tops={0: [3]}).apply(Move(dessert=D("donuts")))
    assert hint(View.of(state, 0), 0.02)[0].reason == (
        "turn up their face-down tile at the Pie (9 points): it could be any of 12 tiles, "
        "their Trap with chance 8%"
    )


def test_every_reason_names_the_tile_and_the_dessert(games: Games) -> None:
    seen = 0
    for seed in (1, 2):
        for state in games(seed, "greedy"):
            if state.is_terminal():
                continue
            view = View.of(state, state.current)
            for ranked in hint(view, 0.01):
                if "reveal" in ranked.move:
                    name = BUFFET.desserts[D(ranked.move["reveal"])].name
                    assert ranked.reason.startswith(f"turn up their face-down tile at the {name} (")
                else:
                    name = BUFFET.desserts[D(ranked.move["dessert"])].name
                    tile = "Trap" if view.next_tile == TRAP else str(view.next_tile)
                    assert ranked.reason.startswith(f"put your {tile} on the {name} (")
                assert "world" not in ranked.reason
                seen += 1
    assert seen > 100


#: Seed 0, seat 0 (the hint) against greedy, 25 decisions in: each side has one tile left.
SURE_WIN = Path(__file__).parent / "data" / "sure-win.json"


def test_a_sure_win_beats_a_likely_one_with_more_points() -> None:
    """The Cookies win every time; the Cupcakes finish half a point further ahead but win
    75% of the time. Ranked by margin plus win chance they came first (10.25 against 10.0)."""
    state = state_from_json(json.loads(SURE_WIN.read_text()))
    ranked = hint(View.of(state, 0), 0.08)
    best, second = ranked[0], ranked[1]
    assert best.move == {"action": "place", "dessert": "cookies"}
    assert best.detail["win_chance"] == 1.0 and best.detail["exact"] == 1.0
    assert "win every time" in best.reason
    assert second.move == {"action": "place", "dessert": "cupcakes"}
    assert second.detail["win_chance"] == 0.75
    assert second.detail["expected_margin"] > best.detail["expected_margin"]


def test_the_win_chance_ranks_first_and_the_margin_second(games: Games) -> None:
    """Down every ranking the win chance never rises, and between equal win chances the
    expected margin never rises."""
    seen = 0
    for seed in (0, 1, 2):
        for state in list(games(seed, "greedy"))[18:-1]:
            if state.reveal_pending:
                continue
            ranked = hint(View.of(state, state.current), 0.02)
            keys = [(r.detail["win_chance"], r.detail["expected_margin"]) for r in ranked]
            assert keys == sorted(keys, reverse=True)
            seen += len(keys)
    assert seen > 50
