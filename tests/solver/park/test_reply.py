"""The next player's reply and the last-turn chance to win."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from solver.game import DEFAULT_HINT_BUDGET, get_game
from solver.park.cards import Deck
from solver.park.evaluate import evaluate
from solver.park.moves import Move
from solver.park.reading import move_from_json
from solver.park.reply import foresee, predicted, refills, reply, turns_after, win_chance
from solver.park.state import State
from solver.park.writing import move_to_json
from tests.solver.park.conftest import card, hint_of, start, with_park, with_track


def _first(deck: Deck, area: str, count: int) -> tuple[str, ...]:
    return tuple(m.id for m in deck.monsters if m.area == area)[:count]


def _one_slot_left(deck: Deck, seat: int, tokens: tuple[int, int]) -> State:
    """Seat ``seat`` to move with one free water slot and a size-5 water monster free."""
    park = (_first(deck, "water", 4), _first(deck, "land", 5), _first(deck, "air", 5))
    s = with_park(start(seed=4), seat, *park)
    big = card(deck, "water", 5, True)
    s = with_track(s, big, *[c for c in s.track if c and c != big][:4])
    return replace(s, to_move=seat, turn=seat, tokens=tokens)


FILL = move_from_json({"action": "invite", "slot": 0, "area": "water"})


@pytest.mark.parametrize(("seat", "after"), [(0, 1), (1, 0)])
def test_filling_the_park_fixes_the_turns_left(deck: Deck, seat: int, after: int) -> None:
    s = _one_slot_left(deck, seat, (10, 10))
    assert turns_after(s, FILL, evaluate(s, FILL)) == after
    assert turns_after(s, Move("token"), evaluate(s, Move("token"))) is None


def test_the_round_limit_makes_any_turn_the_last(deck: Deck) -> None:
    s = replace(start(seed=4), turn=2 * 100 - 2)
    assert turns_after(s, Move("token"), evaluate(s, Move("token"))) == 1
    s = replace(start(seed=4), turn=2 * 100 - 3, to_move=1)
    assert turns_after(s, Move("token"), evaluate(s, Move("token"))) is None


def test_filling_the_park_while_behind_loses_and_the_hint_does_not(deck: Deck) -> None:
    s = _one_slot_left(deck, 1, (40, 0))
    assert win_chance(s, FILL, evaluate(s, FILL)) == 0.0
    ranked = hint_of(s, 1, 0.5)
    fill = next(r for r in ranked if r.move == move_to_json(FILL))
    assert fill.detail["win_chance"] == 0.0
    assert "wins with chance 0%" in fill.reason
    assert ranked[0].move != move_to_json(FILL)


def test_filling_the_park_while_safely_ahead_is_the_hint(deck: Deck) -> None:
    s = _one_slot_left(deck, 1, (0, 40))
    assert win_chance(s, FILL, evaluate(s, FILL)) == 1.0
    assert hint_of(s, 1, 0.5)[0].move == move_to_json(FILL)


def test_the_other_players_last_turn_counts(deck: Deck) -> None:
    """Seat 0 filling leaves seat 1 one turn: a lead smaller than its best turn is no sure win."""
    s = _one_slot_left(deck, 0, (0, 0))
    s = replace(s, parks=(s.parks[0], ((), (), ())))
    gain = reply(s, FILL, evaluate(s, FILL))
    assert gain > 1.0  # the next monster slides to the free position
    mine = sum(x.total for x in s.scores()[:1]) + evaluate(s, FILL).value
    s_close = replace(s, tokens=(0, round(mine) - 1))
    assert win_chance(s_close, FILL, evaluate(s_close, FILL)) < 1.0
    s_safe = replace(s, tokens=(0, round(mine - gain) - 3))
    assert win_chance(s_safe, FILL, evaluate(s_safe, FILL)) == 1.0


REFILL = Path(__file__).parent / "data" / "refill.json"
"""Seat 0's view, 60 points to 58, one place left in its park: inviting the land monster
and the '4 air monsters' tourist ends the game 62 to 58. The tourist deck holds one card,
'2 friendly monsters'; it refills the row, and seat 1's last turn (the free water monster,
2 or 3 points, then that tourist) may draw level at 62 with more monsters. A token
instead leads 64 to 58 with the game going on."""


def test_the_tourist_that_refills_the_row_counts_in_the_last_turns_chance() -> None:
    game = get_game("park")
    view = game.view_from_json(json.loads(REFILL.read_text()))
    assert view.tourist_deck == 1
    ranked = game.hint(view, DEFAULT_HINT_BUDGET)
    fill = next(r for r in ranked if r.move == {"action": "invite", "slot": 3, "area": "land"})
    assert 0.3 < fill.detail["win_chance"] < 0.5
    assert "wins with chance 44%" in fill.reason
    assert ranked[0].move == {"action": "token"}


def test_the_tourist_deck_refills_every_empty_place_in_each_order(deck: Deck) -> None:
    s = start(seed=4)
    row = (None, *s.tourist_row[1:-1], None)
    few = replace(s, tourist_row=row, tourist_deck=s.tourist_deck[:3])
    tables = refills(few)
    assert len(tables) == 6 and sum(p for p, _ in tables) == pytest.approx(1.0)
    assert {(t.tourist_row[0], t.tourist_row[-1]) for _, t in tables} == {
        (a, b) for a in few.tourist_deck for b in few.tourist_deck if a != b
    }
    assert all(len(t.tourist_deck) == 1 for _, t in tables)
    assert refills(replace(few, tourist_deck=s.tourist_deck)) == [
        (1.0, replace(few, tourist_deck=s.tourist_deck))
    ]


def test_a_monster_left_for_the_next_player_counts_as_its_reply(deck: Deck) -> None:
    s = start(seed=9)
    big = card(deck, "land", 5, True)
    small = card(deck, "air", 1, True)
    s = with_track(s, small, big, *[c for c in s.track if c and c not in (big, small)][:3])
    left = reply(s, Move("token"), evaluate(s, Move("token")))
    take = move_from_json({"action": "invite", "slot": 1, "area": "land"})
    taken = reply(s, take, evaluate(s, take))
    land5 = [m.points for m in deck.monsters if m.area == "land" and m.size == 5]
    assert left >= sum(land5) / len(land5) - 1e-9
    assert taken < left


def _land5_at(deck: Deck, slot: int, seed: int = 9) -> tuple[State, str]:
    """Seat 0 to move; a size-5 land monster at track position ``slot``, small air ones
    around it, so the land monster is the one worth taking."""
    s = start(seed=seed)
    big = card(deck, "land", 5, True, points=3)
    small = [m.id for m in deck.monsters if m.area == "air" and m.size == 1][:4]
    track = [*small[:slot], big, *small[slot:]]
    s = with_park(s, 1, (), (), ())
    return with_track(s, *track), big


def test_the_next_turn_is_foreseen_after_the_other_players_reply(deck: Deck) -> None:
    s, big = _land5_at(deck, 1)
    token = Move("token")
    table = foresee(s, token, evaluate(s, token))
    # Seat 1 meets the land monster at the free position and takes it.
    turn = replace(s, track=(*s.track[1:], None), to_move=1, tokens=(s.tokens[0] + 1, s.tokens[1]))
    assert predicted(turn)[0] == move_from_json({"action": "invite", "slot": 0, "area": "land"})
    assert table.to_move == 0
    (placed,) = table.parks[1][1]  # face down: the likeliest land monster of its size
    assert deck.monster(placed).size == 5
    assert big not in table.track
    assert table.track[:2] == s.track[2:4]  # slid once per turn, the gap closed
    assert table.tokens[0] == s.tokens[0] + 1


def test_the_plan_counts_on_a_monster_only_if_the_other_player_leaves_it(deck: Deck) -> None:
    s, _ = _land5_at(deck, 2)
    full_land = tuple(m.id for m in deck.monsters if m.area == "land" and m.size == 1)[:5]
    blocked = with_park(s, 1, (), full_land, ())

    def token_plan(state: State) -> str:
        ranked = hint_of(state, 0, 0.5)
        return next(r.reason for r in ranked if r.move == {"action": "token"})

    assert "later: the size-5 land monster on the track" in token_plan(blocked)  # free next turn
    assert "the size-5 land monster on the track" not in token_plan(s)  # seat 1 takes it first
