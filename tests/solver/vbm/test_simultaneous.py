"""Simultaneous steps: every seat still to choose (the Explorer choice, the hand draft)
gets its legal moves, its checks and its hint from its own view, in any order."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from api.services import games as service
from solver.errors import IllegalMoveError, NotationError, NotYourTurnError
from solver.game import Json
from solver.vbm import GAME, State
from solver.vbm.moves import Move
from solver.vbm.state import new_state
from solver.vbm.writing import move_to_json


def _turn(doc: Json) -> Json:
    turn: Json = json.loads(json.dumps(GAME.turn(GAME.from_json(doc)).to_json()))
    return turn


def _sequential(state: State, pick: Any) -> tuple[State, dict[int, Move]]:
    """The step played seat by seat as the seat to move, each seat's move chosen by ``pick``."""
    chosen: dict[int, Move] = {}
    step = (state.phase, state.round, state.turn)
    while (state.phase, state.round, state.turn) == step:
        seat = state.to_move
        assert seat is not None
        chosen[seat] = pick(seat, state.legal_moves())
        state = state.apply(chosen[seat])
    return state, chosen


def _moves(listed: list[Json]) -> list[Json]:
    """The moves ``legal`` lists, without their labels and notations."""
    return [{k: v for k, v in m.items() if k not in ("label", "notation")} for m in listed]


def _in_order(start: State, chosen: dict[int, Move], order: list[int]) -> Json:
    """The same choices made through each seat's view, ``legal`` and ``apply``, in ``order``."""
    doc = start.to_json()
    for k, seat in enumerate(order):
        turn = _turn(doc)
        assert turn["waiting"] == sorted(order[k:], key=lambda s: (s - start.first) % 4)
        assert turn["to_move"] == turn["waiting"][0]
        view_doc = service.view("vbm", doc, seat)
        offered = _moves(service.legal("vbm", view_doc)["moves"])
        want = {**move_to_json(chosen[seat]), "seat": seat}
        assert want in offered and all(m["seat"] == seat for m in offered)
        assert service.validate("vbm", view_doc, want) == {"legal": True, "reason": "legal"}
        doc = service.apply("vbm", doc, want)["state"]
        state = GAME.from_json(doc)
        for other in range(4):
            view = GAME.view(state, other)
            assert GAME.view_from_json(json.loads(json.dumps(view.to_json()))) == view
        if k < len(order) - 1:  # a seat that chose has no decision left in this step
            assert GAME.view(state, seat).legal_moves() == []
            with pytest.raises(NotYourTurnError) as err:
                GAME.view(state, seat).check(replace(chosen[seat], seat=seat))
            assert str(err.value) == f"not your turn: it is seat {state.to_move}'s"
            with pytest.raises(NotYourTurnError):
                state.apply(replace(chosen[seat], seat=seat))
    return doc


def test_the_explorers_are_kept_in_any_order_as_in_turn() -> None:
    start = new_state(4, 5)
    assert GAME.waiting(start) == (0, 1, 2, 3)
    after, chosen = _sequential(start, lambda seat, moves: moves[seat % 2])
    assert _in_order(start, chosen, [2, 0, 3, 1]) == after.to_json()


def test_a_draft_turn_taken_in_any_order_ends_as_sequential_play_does() -> None:
    start = new_state(4, 5)
    while start.phase == "explorer":
        start = start.apply(start.legal_moves()[0])
    assert start.phase == "draft" and GAME.waiting(start) == (0, 1, 2, 3)

    def pick(seat: int, moves: list[Move]) -> Move:
        return next(m for m in moves if m.pass_to == (seat + 1) % 4)

    after, chosen = _sequential(start, pick)
    assert after.turn == 1 and after.to_json() != start.to_json()
    assert _in_order(start, chosen, [3, 1, 0, 2]) == after.to_json()


def test_a_waiting_seat_that_is_not_to_move_gets_its_hint_from_its_view() -> None:
    start = new_state(4, 5)
    while start.phase == "explorer":
        start = start.apply(start.legal_moves()[0])
    view_doc = service.view("vbm", start.to_json(), 3)
    answer = service.hint("vbm", view_doc, 3, 0.05)
    assert answer["seat"] == 3
    hinted = [m["move"] for m in answer["moves"]]
    legal = _moves(service.legal("vbm", view_doc)["moves"])
    assert sorted(map(json.dumps, hinted)) == sorted(map(json.dumps, legal))
    assert all(m["seat"] == 3 for m in hinted)
    # the same answer from the full state, asked for seat 3
    assert service.hint("vbm", start.to_json(), 3, 0.05) == answer


def test_a_move_names_its_seat_or_is_the_seat_to_moves() -> None:
    start = new_state(4, 5)
    move = start.legal_moves()[0]  # seat 0's
    assert start.apply(move) == start.apply(replace(move, seat=0))
    own = GAME.view(start, 2).legal_moves()[0]
    assert own.seat == 2
    with pytest.raises(IllegalMoveError):  # seat 2's card, played as seat 0's
        start.apply(replace(own, seat=None))
    with pytest.raises(IllegalMoveError, match="no seat 7"):
        start.apply(replace(own, seat=7))
    with pytest.raises(IllegalMoveError, match='"seat"'):  # seat 2's view, seat 0's move
        GAME.view(start, 2).check(move)


def test_the_row_draft_stays_in_turn() -> None:
    state = new_state(2, 5)
    while state.phase == "explorer":
        state = state.apply(state.legal_moves()[0])
    assert GAME.waiting(state) == (0,)
    assert GAME.view(state, 1).legal_moves() == []
    assert all(m.seat is None for m in GAME.view(state, 0).legal_moves())
    while not state.is_terminal():
        state = state.apply(state.legal_moves()[0])
    assert GAME.waiting(state) == ()


def test_a_view_shows_who_has_kept_an_explorer_and_reads_it_back_checked() -> None:
    state = new_state(4, 5)
    state = state.apply(replace(GAME.view(state, 2).legal_moves()[0], seat=2))
    doc = GAME.view(state, 1).to_json()
    assert doc["kept"] == [False, False, True, False] and doc["explorers"][2] is None
    assert GAME.waiting(GAME.view_from_json(doc)) == (0, 1, 3)
    with pytest.raises(NotationError) as err:
        GAME.view_from_json({**doc, "kept": [0, False, True, False]})
    assert err.value.path == "kept[0]"
    with pytest.raises(NotationError) as err:
        GAME.view_from_json({**doc, "kept": [False, True, True, False]})  # seat 1 has not
    assert err.value.path == "kept"
