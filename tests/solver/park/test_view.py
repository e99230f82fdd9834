"""What a seat sees: the view, its JSON, redeal, and every answer for a seat drawn
from the view alone."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from solver.errors import IllegalMoveError, MonsterError, NotationError, NotYourTurnError
from solver.park import GAME
from solver.park.picture import render
from solver.park.state import State, View


def _playout(players: int, seed: int, settings: dict[str, Any] | None = None) -> list[State]:
    """Every state of a seeded random game."""
    rng = random.Random(seed)
    s = GAME.new(players, seed, settings)
    out = [s]
    while not s.is_terminal():
        s = s.apply(rng.choice(s.legal_moves()))
        out.append(s)
    return out


def _hidden(s: State) -> tuple[Any, ...]:
    return s.track, s.deck, s.discard, s.tourist_deck, s.upgrade_supply


def _answers(s: State, seat: int) -> str:
    """Everything the service answers for ``seat``, as one text."""
    view = GAME.view(s, seat)
    out: dict[str, Any] = {
        "view": view.to_json(),
        "scores": [sc.to_json() for sc in view.scores()],
        "winners": list(view.winners()),
        "legal": [GAME.move_to_json(m) for m in view.legal_moves()],
        "picture": render(view),
    }
    if view.to_move == seat:
        out["hint"] = [r.to_json() for r in GAME.hint(view, 0.08)]
        out["validate"] = [
            GAME.validate(view, GAME.move_to_json(m)).to_json() for m in s.legal_moves()
        ]
    return json.dumps(out, sort_keys=True)


def test_two_states_the_seat_cannot_tell_apart_get_the_same_hint() -> None:
    # Seed 0, 16 random moves in: the hint that read the hidden deck valued the
    # invite at track position 1 at 1.55 here and at 1.56 after a redeal.
    s = _playout(2, 0)[16]
    assert s.to_move is not None
    other = GAME.redeal(s, s.to_move, 7)
    assert _hidden(other) != _hidden(s)
    assert GAME.view(other, s.to_move) == GAME.view(s, s.to_move)
    mine = [r.to_json() for r in GAME.hint(GAME.view(s, s.to_move), 0.08)]
    theirs = [r.to_json() for r in GAME.hint(GAME.view(other, s.to_move), 0.08)]
    assert mine == theirs


@pytest.mark.parametrize(
    ("players", "seed", "settings"),
    [(2, 11, None), (3, 12, {"bank": 40, "upgrade_refill": "any"}), (4, 13, None)],
)
def test_views_read_back_and_redeal_keeps_them(
    players: int, seed: int, settings: dict[str, Any] | None
) -> None:
    states = _playout(players, seed, settings)
    for step, s in enumerate(states):
        seat = step % players
        view = GAME.view(s, seat)
        assert GAME.view_from_json(json.loads(json.dumps(view.to_json()))) == view
        world = view.world()
        assert GAME.from_json(world.to_json()) == world
        assert View.of(world, seat) == view
        redealt = [GAME.redeal(s, seat, k) for k in range(3)]
        for r in redealt:
            assert GAME.from_json(r.to_json()) == r
            assert GAME.view(r, seat) == view
            assert r.seed != s.seed
        if len(s.deck) + len(s.tourist_deck) >= 3:
            assert any(_hidden(r) != _hidden(s) for r in redealt)


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (3, 22)])
def test_every_answer_for_a_seat_comes_from_its_view(players: int, seed: int) -> None:
    for s in _playout(players, seed)[::5]:
        for seat in range(players):
            assert _answers(s, seat) == _answers(GAME.redeal(s, seat, seed), seat)


def test_the_view_shows_the_top_of_the_monster_deck() -> None:
    s = GAME.new(2, 7, None)
    top = s.cards.monster(s.deck[0])
    doc = s.view(1).to_json()
    assert doc["monster_deck_top"] == {"area": top.area.value, "size": top.size}
    assert doc["view_of"] == 1
    assert "seed" not in doc


def test_a_view_holds_no_hidden_card_ids() -> None:
    for s in _playout(2, 31)[::7]:
        text = json.dumps(s.view(0).to_json())
        hidden = [c for c in (*s.track, *s.deck, *s.discard, *s.tourist_deck) if c]
        hidden += [c for pile in s.upgrade_supply for c in pile]
        assert not [c for c in hidden if f'"{c}"' in text]


def test_the_picture_shows_no_face_down_card() -> None:
    for s in _playout(2, 32)[::7]:
        for seat in range(2):
            svg = render(GAME.view(s, seat))
            hidden = [c for c in (*s.track, *s.deck, *s.discard, *s.tourist_deck) if c]
            hidden += [c for pile in s.upgrade_supply for c in pile]
            assert not [c for c in hidden if c in svg]
            assert svg.count('class="track-slot"') == 5


def test_a_view_answers_only_for_its_own_seat() -> None:
    s = GAME.new(2, 3, None)
    view = GAME.view(s, 1)
    assert view.legal_moves() == []
    with pytest.raises(NotYourTurnError, match=r"^not your turn: it is seat 0's$"):
        view.check(s.legal_moves()[0])
    assert GAME.validate(GAME.view(s, 0), {"action": "token"}).legal
    with pytest.raises(MonsterError, match="this is seat 1's view"):
        render(view, 0)


def test_a_view_of_a_finished_game() -> None:
    end = _playout(2, 41)[-1]
    view = GAME.view(end, 0)
    assert view.is_terminal() and view.winners() == end.winners()
    with pytest.raises(IllegalMoveError, match="the game is over"):
        view.check(GAME.move_from_json({"action": "token"}))


def _view_doc() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(json.dumps(_playout(2, 3)[40].view(1).to_json()))
    return doc


@pytest.mark.parametrize(
    ("key", "value", "path"),
    [
        ("view_of", 2, "view_of"),
        ("monster_deck", 90, "monster_deck"),
        ("monster_deck_top", None, "monster_deck_top"),
        ("tourist_deck", 0, "tourist_deck"),
        ("upgrade_supply", [0, 0, 0], "upgrade_supply[0]"),
        ("scores", [], "scores"),
        ("seed", 3, "seed"),
        ("discard", [{"area": "water", "size": 9}], "discard[0].size"),
        ("track", [{"area": "sea", "size": 1, "price": 0}] * 5, "track[0].area"),
    ],
)
def test_a_broken_view_is_refused_naming_its_path(key: str, value: Any, path: str) -> None:
    doc = _view_doc()
    assert GAME.view_from_json(doc) == GAME.view(_playout(2, 3)[40], 1)
    doc[key] = value
    with pytest.raises(NotationError) as caught:
        GAME.view_from_json(doc)
    assert caught.value.path == path, str(caught.value)


def test_a_face_up_card_in_a_view_prints_what_the_deck_says() -> None:
    doc = _view_doc()
    doc["parks"][0]["water"][0]["points"] = 9
    with pytest.raises(NotationError) as caught:
        GAME.view_from_json(doc)
    assert caught.value.path == "parks[0].water[0].points"


def test_more_face_down_monsters_of_a_size_than_the_deck_has() -> None:
    doc = _view_doc()
    doc["discard"] = [{"area": "water", "size": 5}] * 7
    with pytest.raises(NotationError, match="only") as caught:
        GAME.view_from_json(doc)
    assert caught.value.path is not None and caught.value.path.startswith("discard[")


def test_the_world_of_a_view_is_the_same_for_every_state_behind_it() -> None:
    s = _playout(3, 5)[30]
    seat = 2
    worlds = {GAME.view(GAME.redeal(s, seat, k), seat).world() for k in range(4)}
    assert len(worlds) == 1
