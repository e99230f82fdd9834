from __future__ import annotations

import json
from dataclasses import replace

import pytest

from solver.errors import IllegalMoveError, NotationError
from solver.park import GAME
from solver.park.cards import Area, Deck
from solver.park.moves import Move
from solver.park.state import State, View
from tests.solver.park.conftest import card, start, with_park, with_track


def test_setup_follows_the_rulebook() -> None:
    s = start(3, seed=4)
    assert s.to_move == 0 and s.phase == "action"
    assert len([c for c in s.track if c]) == 5
    assert len([t for t in s.tourist_row if t]) == 3
    assert [s.cards.upgrade(u).kind for u in s.upgrade_row if u] == [
        "souvenirs",
        "balloons",
        "benches",
    ]
    assert s.tokens == (5, 5, 5)
    assert len(s.deck) == 85 and len(s.tourist_deck) == 13
    assert start(3, seed=4) == s
    assert start(3, seed=5) != s


def test_bad_setups_are_refused() -> None:
    with pytest.raises(NotationError, match="takes 2 to 4 players, not 5"):
        start(5)
    with pytest.raises(NotationError, match="unknown setting"):
        GAME.new(2, 1, {"fifth": True})
    with pytest.raises(NotationError, match="run_gaps"):
        GAME.new(2, 1, {"run_gaps": "some"})


def test_take_a_token_and_pass_the_turn() -> None:
    s = start()
    t = s.apply(Move("token"))
    assert t.tokens == (6, 5) and t.to_move == 1
    assert s.tokens == (5, 5), "apply never mutates"


def test_invite_pays_the_position_price(deck: Deck) -> None:
    cards = [card(deck, "water", 1, True), card(deck, "land", 2, True), card(deck, "air", 3, True)]
    cards += [card(deck, "water", 4, True), card(deck, "land", 5, True)]
    s = with_track(start(), *cards)
    for slot, price in enumerate((0, 1, 2, 3)):
        t = s.apply(Move("invite", slot=slot))
        assert t.tokens[0] == 5 - price
        assert cards[slot] in t.parks[0][0] + t.parks[0][1] + t.parks[0][2]
    with pytest.raises(IllegalMoveError, match="track position 4 has no price in this game") as err:
        s.apply(Move("invite", slot=4))
    assert "setting" not in str(err.value)  # a setting's name is no player's word
    bought = replace(s, settings=replace(s.settings, fifth_slot_buyable=True, fifth_slot_price=4))
    assert bought.apply(Move("invite", slot=4)).tokens[0] == 1
    poor = replace(s, tokens=(1, 5))
    assert GAME.validate(_seen(poor), {"action": "invite", "slot": 3}).reason == (
        "inviting from track position 3 costs 3 tokens; you have 1"
    )
    wrong = GAME.validate(_seen(s), {"action": "invite", "slot": 0, "area": "air"})
    assert wrong.reason == "a water monster may only live in the water area, not the air area"


def test_validate_names_the_size_rule(deck: Deck) -> None:
    s = with_park(start(), 0, (card(deck, "water", 4, True),), (), ())
    s = with_track(s, card(deck, "water", 2, False), *[c for c in s.track if c][1:5])
    verdict = GAME.validate(_seen(s), {"action": "invite", "slot": 0})
    assert not verdict.legal
    assert verdict.reason == "a size-2 monster cannot follow the size-4 monster in the water area"


def test_board_preparation_discards_slides_and_refills(deck: Deck) -> None:
    track = tuple(card(deck, area, 5, True) for area in ("water", "land", "air", "water", "land"))
    track = (*track[:3], card(deck, "water", 5, False), card(deck, "land", 5, False))
    s = with_track(start(seed=2), *track)
    t = s.apply(Move("invite", slot=2))
    if t.phase == "tourists":
        t = t.apply(Move("tourists"))
    assert t.discard == (track[0],)
    assert t.track == (track[1], track[3], track[4], s.deck[0], s.deck[1])
    assert t.deck == s.deck[2:]


def test_the_discard_pile_becomes_the_deck(deck: Deck) -> None:
    s = start(seed=3)
    s = replace(s, deck=(), discard=s.deck[:10])
    t = s.apply(Move("token"))
    assert t.reshuffles == 1
    assert len(t.deck) == 10 and t.discard == ()
    before = [*s.discard, *(c for c in s.track if c)]
    assert sorted(t.deck + tuple(c for c in t.track if c)) == sorted(before)
    assert s.apply(Move("token")) == t, "the reshuffle is seeded"


def test_upgrades_are_bought_placed_and_refilled(deck: Deck) -> None:
    s = start()
    bench = s.upgrade_row[2]
    t = s.apply(Move("upgrade", kind="benches", area=Area.AIR))
    if t.phase == "tourists":
        t = t.apply(Move("tourists"))
    assert t.parks[0][2] == (bench,)
    assert t.tokens[0] == 4
    assert t.upgrade_row[2] == s.upgrade_supply[2][0]
    empty = replace(s, upgrade_row=(s.upgrade_row[0], s.upgrade_row[1], None))
    assert GAME.validate(
        _seen(empty), {"action": "upgrade", "kind": "benches", "area": "air"}
    ).reason == ("the benches supply is empty")


@pytest.mark.parametrize(("refill", "filled"), [("own", False), ("any", True)])
def test_an_empty_upgrade_supply(refill: str, filled: bool) -> None:
    s = start(upgrade_refill=refill)
    s = replace(s, upgrade_supply=(s.upgrade_supply[0], s.upgrade_supply[1], ()))
    t = s.apply(Move("upgrade", kind="benches", area=Area.AIR))
    if t.phase == "tourists":
        t = t.apply(Move("tourists"))
    assert (t.upgrade_row[2] is not None) is filled


def test_a_limited_bank() -> None:
    s = start(bank=1)
    t = s.apply(Move("token"))
    assert t.bank == 0
    assert (
        GAME.validate(_seen(t), {"action": "token"}).reason
        == "the bank is empty: no token can be taken"
    )


def _full_park(deck: Deck, missing: int = 0) -> tuple[tuple[str, ...], ...]:
    areas = []
    for area in ("water", "land", "air"):
        areas.append(tuple(m.id for m in deck.monsters if m.area == area and m.size == 5)[:5])
    if missing:
        areas[2] = areas[2][:-missing]
    return tuple(areas)


def test_a_full_park_ends_the_game_after_the_round(deck: Deck) -> None:
    s = with_park(start(3), 1, *_full_park(deck, missing=1))
    s = replace(s, to_move=1)
    fives = [m.id for m in deck.monsters if m.area == "air" and m.size == 5][4:6]
    s = with_track(s, fives[0], *[c for c in s.track if c and c not in fives][:4])
    s = s.apply(Move("invite", slot=0))
    if s.phase == "tourists":
        s = s.apply(Move("tourists"))
    assert s.final_round and s.to_move == 2
    s = s.apply(Move("token"))
    if s.phase == "tourists":
        s = s.apply(Move("tourists"))
    assert s.is_terminal(), "the starting player does not move in the final round"
    assert s.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="the game is over"):
        s.apply(Move("token"))


def test_scores_and_ties(deck: Deck) -> None:
    s = start(3)
    big = card(deck, "water", 5, True, points=2)
    s = with_park(s, 0, (big,), (), ())
    s = replace(s, tokens=(5, 7, 6))
    assert [x.total for x in s.scores()] == [7, 7, 6]
    assert dict(s.scores()[0].lines) == {"tokens": 5, "monster points": 2}
    assert s.winners() == (0,), "a tie goes to more monsters"
    s = with_park(s, 1, (), (card(deck, "land", 1, True, points=0),), ())
    assert s.winners() == (0, 1), "still tied: shared"


def test_round_limit_ends_a_game() -> None:
    s = start(round_limit=1)
    s = s.apply(Move("token"))
    s = s.apply(Move("token"))
    assert s.is_terminal()


def test_tourist_step(deck: Deck) -> None:
    water = tuple(card(deck, "water", size, True) for size in (1, 2, 3))
    s = with_park(start(), 0, water, (), ())
    s = replace(s, tourist_row=("water-4", "tourists-2", "friendly-4"))
    s = replace(s, tourist_deck=tuple(t for t in s.tourist_deck if t not in s.tourist_row))
    fourth = card(deck, "water", 4, True)
    s = with_track(s, fourth, *[c for c in s.track if c and c != fourth][:4])
    t = s.apply(Move("invite", slot=0))
    assert t.phase == "tourists" and t.to_move == 0
    moves = t.legal_moves()
    assert Move("tourists") in moves
    assert Move("tourists", tourists=("water-4", "friendly-4", "tourists-2")) in moves
    with pytest.raises(IllegalMoveError, match="choose which tourists"):
        t.apply(Move("token"))
    done = t.apply(Move("tourists", tourists=("water-4", "friendly-4", "tourists-2")))
    assert done.tokens[0] == 5 + 3 + 5 + 2
    assert done.held[0] == ("water-4", "friendly-4", "tourists-2")
    assert all(c is not None for c in done.tourist_row), "tourist spaces are refilled"
    with pytest.raises(IllegalMoveError, match="wants 2 other tourists"):
        t.apply(Move("tourists", tourists=("tourists-2", "water-4", "friendly-4")))


def test_json_round_trip_and_view() -> None:
    s = start(4, seed=9, fifth_slot_buyable=True)
    for _ in range(30):
        s = s.apply(s.legal_moves()[-1])
        assert GAME.from_json(json.loads(json.dumps(s.to_json()))) == s
    view = s.view(1).to_json()
    assert isinstance(view["monster_deck"], int)
    assert all(c is None or set(c) == {"area", "size", "price"} for c in view["track"])
    with pytest.raises(NotationError, match="missing the field 'seed'"):
        GAME.from_json({"game": "park", "settings": {}, "players": 2})
    doc = s.to_json()
    doc["track"] = [doc["track"][0]] * 5
    with pytest.raises(NotationError):
        GAME.from_json(doc)


def test_move_json() -> None:
    for doc in (
        {"action": "token"},
        {"action": "upgrade", "kind": "balloons", "area": "air"},
        {"action": "invite", "slot": 3},
        {"action": "tourists", "tourists": ["land-4"]},
    ):
        assert GAME.move_to_json(GAME.move_from_json(doc)) == doc
    with pytest.raises(NotationError, match="slot"):
        GAME.move_from_json({"action": "invite", "slot": 7})
    with pytest.raises(NotationError, match="takes no field"):
        GAME.move_from_json({"action": "token", "slot": 1})


def test_pass_only_when_nothing_else(deck: Deck) -> None:
    s: State = start(bank=0)
    s = replace(s, tokens=(0, 0), upgrade_row=(None, None, None), track=(None,) * 5)
    assert s.legal_moves() == [Move("pass")]
    assert start().action_error(Move("pass")) is not None


def _seen(state: State) -> View:
    """The view of the seat to move (validate answers for it)."""
    return View.of(state, state.to_move if state.to_move is not None else 0)
