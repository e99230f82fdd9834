"""The exact evaluator against the engine, the hint's ranking, reasons and plan."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from solver.errors import GameOverError, NotYourTurnError
from solver.mcts import Budgeted
from solver.vbm.area import frontier
from solver.vbm.evaluate import Evaluator
from solver.vbm.hint import hint
from solver.vbm.moves import Move
from solver.vbm.players import PLAYERS
from solver.vbm.reading import move_from_json
from solver.vbm.state import State, View, new_state
from solver.vbm.table import tally
from solver.vbm.turns import missions


def through_explorers(state: State) -> State:
    while state.phase == "explorer":
        state = state.apply(state.legal_moves()[0])
    return state


@pytest.mark.parametrize("seed", range(4))
def test_evaluator_matches_the_engine_after_the_turn(seed: int) -> None:
    rng = random.Random(seed)
    state = through_explorers(new_state(2, seed))
    checked = 0
    while not state.is_terminal():
        seat = state.to_move
        assert seat is not None
        move = rng.choice(state.legal_moves())
        if state.chosen == 0:  # the first player: its card is revealed first
            assert move.card is not None and move.at is not None
            expected = Evaluator(state, seat).outcome(move.card, move.at).total
            after = state.apply(move)
            after = after.apply(rng.choice(after.legal_moves()))
            assert after.scores()[seat].total == expected
            state = after
            checked += 1
        else:
            state = state.apply(move)
    assert checked == 20


@pytest.mark.parametrize("players", [4, 6])
def test_placements_sharing_a_mission_check_get_the_tokens_a_full_check_gives(
    players: int,
) -> None:
    """One evaluator weighs many placements, the seat's own and another seat's, and
    checks the missions once for placements alike in what they count: each outcome is
    what an evaluator weighing only that placement finds, and its tokens are those of
    a full check of the table."""
    rng = random.Random(players)
    state = through_explorers(new_state(players, players))
    won = 0
    while not state.is_terminal():
        seat = state.to_move
        assert seat is not None
        ev = Evaluator(state, seat)
        other = (seat + 1) % players
        cards = sorted({str(m.card) for m in state.legal_moves()})
        tries = [(seat, m.card, m.at) for m in state.legal_moves() if m.at is not None]
        tries += [(other, card, cell) for card in cards for cell in frontier(state.areas[other])]
        fresh = set(rng.sample(range(len(tries)), min(4, len(tries))))
        for k, (who, card, cell) in enumerate(tries):
            assert card is not None and cell is not None
            got = ev.outcome(card, cell, who)
            if k in fresh:
                assert got == Evaluator(state, seat).outcome(card, cell, who)
            table = state.counts()
            area = (*state.areas[who], (cell[0], cell[1], card))
            table[who] = {
                **tally(state.deck_name, area, state.sand_direction).counts,
                "tokens": len(state.tokens[who]),
            }
            given, _, _ = missions(ev.sides, table, state.teams, state.pyramids, state.claimed)
            assert got.tokens == sum(value for s, value in given if s == who)
            won += got.tokens > 0
        state = state.apply(rng.choice(state.legal_moves()))
    assert won > 0


def test_hint_refuses_a_seat_that_is_not_to_move_and_a_game_that_is_over() -> None:
    state = through_explorers(new_state(2, 1))  # the row draft: seat 0 picks first
    with pytest.raises(NotYourTurnError) as err:
        hint(View.of(state, 1))
    assert str(err.value) == "not your turn: it is seat 0's"
    while not state.is_terminal():
        state = state.apply(state.legal_moves()[0])
    with pytest.raises(GameOverError, match="no move to hint"):
        hint(View.of(state, 0))


def test_hint_completes_a_big_mama() -> None:
    state = through_explorers(new_state(2, 3))
    # Seat 0 scores 3 VP per completed Water monster, has a Big Mama head and a
    # row holding its tail (and no Grassland card, whose symbol counts at the end).
    state = replace(
        state,
        explorers=("E02", state.explorers[1]),
        areas=(((0, 1, "W01"),), ()),
        rows=(("W03", "I01", "R01", "L01"),),
        pile=tuple(c for c in state.pile if c not in ("W01", "W03", "I01", "R01", "L01")),
    )
    top = hint(View.of(state, 0))[0]
    assert top.move["card"] == "W03" and top.move["at"] == [0, 2]
    assert "completes a Big Mama" in top.reason
    assert top.detail["gain"] == 1 + 3


def test_hint_ranks_every_move_in_team_mode_with_pass_reasons() -> None:
    state = through_explorers(new_state(4, 2))
    ranked = hint(View.of(state, 0))
    assert len(ranked) == len(state.legal_moves())
    assert [r.value for r in ranked] == sorted((r.value for r in ranked), reverse=True)
    assert any("to your teammate (seat 2): the best is worth" in r.reason for r in ranked)
    assert any("to seat 1, an opponent: the best is worth" in r.reason for r in ranked)
    assert {move_from_json(r.move) for r in ranked} == set(View.of(state, 0).legal_moves())


def test_row_draft_discard_weighs_what_the_rival_keeps() -> None:
    state = through_explorers(new_state(2, 6))
    ranked = hint(View.of(state, 0))
    by_move = {(r.move["card"], tuple(r.move["at"]), r.move["discard"]): r for r in ranked}
    card, at, _ = next(iter(by_move))
    options = [r for (c, a, _), r in by_move.items() if (c, a) == (card, at)]
    assert len({r.detail["gain"] for r in options}) == 1
    assert all(r.detail["others"] <= 0 for r in options)
    assert all("discard" in r.reason for r in options)


def test_explorer_hint_names_the_expected_points() -> None:
    ranked = hint(View.of(new_state(6, 1), 0))
    assert len(ranked) == 2 and all("VP expected" in r.reason for r in ranked)


def test_players_play_whole_games() -> None:
    for name, factory in PLAYERS.items():
        if isinstance(factory, Budgeted):  # a search's default budget is for play, not a test
            factory = factory.named("3")
        players = [factory(seat) for seat in range(3)]
        state = new_state(3, 4, {"mode": "free"})
        while not state.is_terminal():
            move = players[state.to_move or 0].choose(state)
            assert isinstance(move, Move)
            state = state.apply(move)
        assert state.winners(), name


def test_plan_assigns_each_card_and_cell_once_within_the_slots() -> None:
    from collections.abc import Hashable

    from solver.vbm.plan import plan

    values: dict[Hashable, dict[tuple[Hashable, str], float]] = {
        "a": {((0, 1), "T"): 10.0, ((0, 2), "T"): 8.0, ((0, 2), "U"): 6.0, ((0, 3), "V"): 4.0},
        "b": {((5, 5), "T"): 1.0},
    }
    chance = {"T": 1.0, "U": 1.0, "V": 0.5}
    assert plan(values, chance, slots=1, seconds=1.0) == {"a": 10.0, "b": 1.0}
    assert plan(values, chance, slots=2, seconds=1.0) == {"a": 16.0, "b": 1.0}
    assert plan(values, chance, slots=3, seconds=1.0) == {"a": 18.0, "b": 1.0}
    assert plan({"c": {}}, chance, slots=2, seconds=1.0) == {"c": 0.0}


def test_the_evaluator_gives_both_teammates_the_same_team_token() -> None:
    # Tile 3 shows Rock monsters (4 personal, 8 team). Seat 2 already has 5 and took the
    # 10; seat 0 has 2 and places a third: the team reaches 8 and each teammate takes 7.
    state = through_explorers(new_state(4, 0, {"mission_sides": [0, 0, 1, 0, 0]}))
    areas = (((0, 1, "R15"),), (), ((0, 1, "R03"), (0, 2, "R06"), (0, 3, "R01")), ())
    pyramids = (*state.pyramids[:2], (7, 5), *state.pyramids[3:])
    tokens = ((), (), (10,), ())
    state = replace(
        state,
        explorers=("E06", "E08", "E03", "E10"),  # crystals, Ice monsters: nothing here
        areas=areas,
        pyramids=pyramids,
        tokens=tokens,
        claimed=frozenset({("personal", 2, 2)}),
    )
    ev = Evaluator(state, 0)
    out = ev.outcome("R04", (0, 2))
    assert out.tokens == 7
    assert out.mate_total is not None and out.mate_total - ev.totals[2] == 7
