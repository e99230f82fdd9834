"""What a seat sees: hidden hands, choices, offers and discards; views read back;
a redeal the seat cannot tell apart; hints, scores and pictures from the view alone."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from solver.errors import NotationError, NotYourTurnError
from solver.game import AnyGame
from solver.vbm import GAME
from solver.vbm.picture import render
from solver.vbm.state import State, View, new_state

MODES = [(2, {}), (3, {}), (4, {}), (5, {}), (6, {}), (4, {"mode": "free"}), (3, {"mode": "free"})]


def played(players: int, settings: dict[str, str], seed: int, every: int) -> list[State]:
    """Every ``every``-th state of a seeded random game, its end included."""
    rng = random.Random(seed)
    state = new_state(players, seed, settings)
    out = []
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            out.append(state)
        state = state.apply(rng.choice(state.legal_moves()))
        step += 1
    return [*out, state]


def held_cards(players: int, seed: int) -> tuple[State, list[set[str]]]:
    """A 4-player team game played to the start of round 2, and the cards each seat held."""
    rng = random.Random(seed)
    state = new_state(players, seed)
    held: list[set[str]] = [set() for _ in range(players)]
    while state.round == 0:
        if state.phase == "draft":
            for seat, hand in enumerate(state.hands):
                held[seat] |= set(hand)
        state = state.apply(rng.choice(state.legal_moves()))
    return state, held


def test_a_view_lists_only_the_discards_its_seat_held() -> None:
    state, held = held_cards(4, 3)
    assert len(state.discards) == 4
    never = 0
    for seat in range(4):
        shown = set(state.view(seat).to_json()["discards"])
        assert shown <= held[seat], seat
        assert shown == {c for c in state.discards if c in held[seat]}
        never += len(set(state.discards) - held[seat])
    assert never > 0  # some seat never held some discarded card


def test_a_view_names_no_card_the_seat_cannot_see() -> None:
    for players, settings in MODES:
        for state in played(players, settings, 4, 5):
            for seat in range(players):
                text = json.dumps(state.view(seat).to_json())
                hidden = set(state.pile)
                hidden |= {c for s, h in enumerate(state.hands) if s != seat for c in h}
                hidden |= {
                    p.card
                    for s, p in enumerate(state.pending)
                    if p is not None and p.card and s != seat and state.mode != "rows"
                }
                if state.mode != "rows":
                    hidden |= set(state.discards) - set(state.seen[seat])
                if state.phase == "explorer":
                    hidden |= {c for c in state.hands[seat]}
                hidden -= set(state.passed[seat] if state.passed else ())
                others = {e for s, o in enumerate(state.offers) if s != seat for e in o}
                if state.phase != "explorer":
                    others -= set(state.explorers)
                assert not [c for c in hidden | others if f'"{c}"' in text], (players, seat)
                assert '"seed"' not in text and '"offers"' not in text


def test_another_seats_choice_this_turn_shows_only_where_its_hand_went() -> None:
    state = new_state(4, 2)
    while state.phase == "explorer":
        state = state.apply(state.legal_moves()[0])
    move = state.legal_moves()[5]
    state = state.apply(move)
    assert state.view(1).to_json()["pending"][0] == {"pass": move.pass_to}
    choice = {k: v for k, v in GAME.move_to_json(move).items() if k != "action"}
    assert state.view(0).to_json()["pending"][0] == choice  # a choice: no action
    assert state.view(1).to_json()["explorers"] == list(state.explorers)


def test_a_view_that_shows_what_its_seat_cannot_see_is_refused() -> None:
    state = new_state(4, 2)
    while state.phase == "explorer":
        state = state.apply(state.legal_moves()[0])
    state = state.apply(state.legal_moves()[0])
    doc = View.of(state, 1).to_json()
    chosen = state.pending[0]
    assert chosen is not None
    leak = {**doc, "pending": [GAME.move_to_json(chosen), None, None, None]}
    with pytest.raises(NotationError) as err:
        GAME.view_from_json(leak)
    assert err.value.path == "pending[0]"
    with pytest.raises(NotationError) as err:
        GAME.view_from_json({**doc, "seed": 1})
    assert err.value.path == "seed"
    with pytest.raises(NotationError) as err:
        GAME.view_from_json({**doc, "pile": 3})
    assert err.value.path == "pile"


def answers(game: AnyGame, view: View) -> list[str]:
    """Everything the seat can be told, as text: hint, validate, scores, picture."""
    out = [json.dumps(view.to_json(), sort_keys=True), render(view)]
    out.append(json.dumps([s.to_json() for s in view.scores()]))
    if view.to_move == view.seat:
        out.append(json.dumps([r.to_json() for r in game.hint(view, 0.05)]))
        out += [
            json.dumps(game.validate(view, game.move_to_json(m)).to_json())
            for m in view.legal_moves()
        ]
    return out


@pytest.mark.parametrize(("players", "settings"), MODES)
def test_views_read_back_and_a_redeal_looks_the_same_with_new_hidden_content(
    players: int, settings: dict[str, str]
) -> None:
    for k, state in enumerate(played(players, settings, 7 + players, 9)):
        for seat in range(players):
            view = GAME.view(state, seat)
            assert GAME.view_from_json(json.loads(json.dumps(view.to_json()))) == view
            again = GAME.redeal(state, seat, k)
            assert GAME.from_json(json.loads(json.dumps(again.to_json()))) == again
            assert GAME.view(again, seat) == view
            assert again.seed != state.seed
            hidden = [c for s, h in enumerate(state.hands) if s != seat for c in h]
            if len(hidden) + len(state.pile) >= 2:
                before = (state.hands, state.pile, state.pending, state.discards)
                assert (again.hands, again.pile, again.pending, again.discards) != before
            if seat == state.to_move or state.is_terminal():
                assert answers(GAME, GAME.view(again, seat)) == answers(GAME, view)


def test_two_states_with_equal_views_get_equal_hints() -> None:
    checked = 0
    for players, settings in MODES:
        for k, state in enumerate(played(players, settings, 21, 4)):
            seat = state.to_move
            if seat is None:
                continue
            twin = GAME.redeal(state, seat, 100 + k)
            assert twin != state and GAME.view(twin, seat) == GAME.view(state, seat)
            first = [r.to_json() for r in GAME.hint(GAME.view(state, seat), 0.05)]
            second = [r.to_json() for r in GAME.hint(GAME.view(twin, seat), 0.05)]
            assert first == second
            checked += 1
    assert checked > 100


def test_the_picture_of_an_area_is_bounded() -> None:
    state = new_state(2, 4)
    while not state.is_terminal():  # seat 0 lays one long line, seat 1 anything
        moves = state.legal_moves()
        state = state.apply(max(moves, key=lambda m: m.at[1] if m.at and state.to_move == 0 else 0))
    assert max(c for _, c, _ in state.areas[0]) == 20
    width = float(render(GAME.view(state, 0)).split('width="', 1)[1].split('"', 1)[0])
    assert width < 16 + 24 * 78 + 24 + 240
    view = GAME.view(state, 0)
    far = replace(view, areas=(((0, 1, "W01"), (0, 78_000_000, "W02")), view.areas[1]))
    with pytest.raises(NotationError) as err:
        render(far)
    assert err.value.path == "areas[0]"


def _explorer_view() -> dict[str, object]:
    state = new_state(4, 6)
    state = state.apply(state.legal_moves()[0])
    doc: dict[str, object] = View.of(state, 2).to_json()
    return doc


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"explorers": ["E01", None, None, None]}, "explorers[0]"),
        ({"hand": []}, "hand"),
        ({"offer": ["E01"]}, "offer"),
        ({"discards": ["W01"]}, "discards"),
        ({"hand_sizes": [10, 10, 10]}, "hand_sizes"),
        ({"sets": [1, 1, 2, 3]}, "sets"),
        ({"view_of": 4}, "view_of"),
        ({"game": "park"}, "game"),
    ],
)
def test_a_view_is_read_as_strictly_as_a_state(change: dict[str, object], path: str) -> None:
    doc = {**_explorer_view(), **change}
    with pytest.raises(NotationError) as err:
        GAME.view_from_json(doc)
    assert err.value.path == path, str(err.value)


def _draft_view() -> dict[str, Any]:
    state = new_state(4, 6)
    while state.round == 0:
        state = state.apply(state.legal_moves()[0])
    state = state.apply(state.legal_moves()[0])
    doc: dict[str, Any] = View.of(state, state.first).to_json()
    return doc


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (
            lambda d: {"pending": [{"pass": p["pass"]} if p else None for p in d["pending"]]},
            "pending[1]",
        ),
        (lambda d: {"hand": d["hand"][1:]}, "hand"),
        (lambda d: {"sets": [s % 6 + 1 for s in d["sets"]]}, "sets"),
        (lambda d: {"passed": [d["areas"][0][0][2]]}, "passed[0]"),
    ],
)
def test_a_draft_view_is_read_as_strictly_as_a_state(
    change: Callable[[dict[str, Any]], dict[str, Any]], path: str
) -> None:
    doc = _draft_view()
    with pytest.raises(NotationError) as err:
        GAME.view_from_json({**doc, **change(doc)})
    assert err.value.path == path, str(err.value)


def test_a_view_refuses_a_move_when_its_seat_has_no_decision() -> None:
    state = new_state(2, 1)
    while state.phase == "explorer":
        state = state.apply(state.legal_moves()[0])
    move = state.legal_moves()[0]  # the row draft: seat 0 picks first
    View.of(state, 0).check(move)  # legal for the seat to move
    with pytest.raises(NotYourTurnError) as err:
        View.of(state, 1).check(move)
    assert str(err.value) == "not your turn: it is seat 0's"
    assert View.of(state, 1).legal_moves() == []
