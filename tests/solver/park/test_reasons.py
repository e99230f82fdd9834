"""The hint's reasons, word for word on fixed tables, and what every reason must name."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from solver.park.cards import Area, Deck
from solver.park.evaluate import evaluate
from solver.park.moves import Move
from solver.park.reasons import monster_back, tourist_name, upgrade_name
from solver.park.reply import reply
from solver.park.state import State, View
from tests.solver.park.conftest import card, hint_of, start, with_park, with_track

BUDGET = 1.0  # the plan's work limit, not the clock, ends its solve


def _reasons(state: State, seat: int = 0) -> dict[str, str]:
    return {repr(r.move): r.reason for r in hint_of(state, seat, BUDGET)}


def _deck_top(deck: Deck, area: str, size: int) -> State:
    """Seat 1 holds water monsters of sizes 1-3 and the '4 water monsters' tourist is on
    the row; the track shows only size-1 land monsters; the monster deck's top card is
    a size-``size`` ``area`` monster."""
    s = with_park(start(seed=4), 1, tuple(card(deck, "water", k, True) for k in (1, 2, 3)), (), ())
    s = with_track(s, *[m.id for m in deck.monsters if m.area == "land" and m.size == 1][:5])
    top = next(m.id for m in deck.monsters if (m.area, m.size) == (area, size) and m.id in s.deck)
    row = ("water-4", "upgrades-3", "nasty-4")
    return replace(
        s,
        deck=(top, *[c for c in s.deck if c != top]),
        tourist_row=row,
        tourist_deck=tuple(t for t in s.tourist_deck if t not in row),
    )


TAKE = Move("invite", slot=1, area=Area.LAND)


def test_the_next_player_may_take_the_card_on_top_of_the_monster_deck(deck: Deck) -> None:
    """Inviting from the track brings the deck's top card onto the track at price 3; its
    back is public, so what the move leaves the next player counts it."""
    water = _deck_top(deck, "water", 4)
    land = _deck_top(deck, "land", 1)
    assert View.of(water, 0).deck_top != View.of(land, 0).deck_top
    # Seat 1 invites the size-4 water monster for 3 and the tourist pays 3.
    assert reply(water, TAKE, evaluate(water, TAKE)) == pytest.approx(-3 + 7 / 3 + 3)
    assert reply(land, TAKE, evaluate(land, TAKE)) == 1.0  # a token
    assert _reasons(water)[repr({"action": "invite", "slot": 1, "area": "land"})] == (
        "invite the size-1 land monster from track position 1 (cost 1): -0.3 points now "
        "(the card scores 0 or 1, 0.7 on average); later: the size-4 water monster on top "
        "of the monster deck (0.3 points: this turn plus what they make over a token each, "
        "counting less the later they come); it moves the park toward the tourists still "
        "to come (+1.5 points); then the next player's best turn is to invite "
        "the size-4 water monster just drawn from the monster deck to track position 3 "
        "(cost 3) and invite the tourist '4 water monsters' (+3), +2.3 points to them, "
        "which counts against this move"
    )


def test_reasons_word_for_word_at_the_start() -> None:
    reasons = _reasons(start(seed=4))
    assert reasons[repr({"action": "invite", "slot": 0, "area": "water"})] == (
        "invite the size-5 water monster from track position 0 (free): +2.7 points now "
        "(the card scores 2 or 3, 2.7 on average); later: the size-5 land monster on the "
        "track and the size-2 air monster on the track (4.3 points: this turn plus what "
        "they make over a token each, counting less the later they come); it moves the park "
        "toward the tourists still to come (+2.1 points); it closes the water area to "
        "smaller monsters (-1.9 points); then the next player's best turn is to invite the "
        "size-4 air monster from track position 0 (free), +2.3 points to them, which counts "
        "against this move"
    )
    assert reasons[repr({"action": "token"})] == (
        "take a token: +1 point now; later: the size-5 land monster on the track and the "
        "size-2 air monster on the track (2.6 points: this turn plus what they make over a "
        "token each, counting less the later they come); then the next player's best turn "
        "is to invite the size-4 air monster from track position 0 (free), +2.3 points to "
        "them, which counts against this move"
    )
    assert reasons[repr({"action": "upgrade", "kind": "benches", "area": "air"})].startswith(
        "buy the size-2 bench for the air area (cost 1): -1 point now; later: "
    )


def test_tourist_claims_word_for_word(deck: Deck) -> None:
    water = tuple(card(deck, "water", size, True) for size in (1, 2, 3, 4))
    s = with_park(start(seed=8), 0, water, (), ())
    s = replace(s, tourist_row=("tourists-2", "water-4", "friendly-4"), phase="tourists")
    reasons = _reasons(s)
    assert reasons[repr({"action": "tourists", "tourists": ["water-4", "friendly-4"]})] == (
        "invite the tourist '4 water monsters' (+3), then the tourist "
        "'4 any friendly monsters' (+5): +8 points"
    )
    assert reasons[repr({"action": "tourists", "tourists": []})] == "invite no tourist: +0 points"


def test_the_last_turn_says_the_chance_to_win(deck: Deck) -> None:
    park = tuple(
        tuple(m.id for m in deck.monsters if m.area == a)[:n]
        for a, n in [("water", 4), ("land", 5), ("air", 5)]
    )
    s = with_park(start(seed=4), 1, *park)
    big = card(deck, "water", 5, True)
    s = with_track(s, big, *[c for c in s.track if c and c != big][:4])
    s = replace(s, to_move=1, turn=1, tokens=(40, 0))
    fill = _reasons(s, 1)[repr({"action": "invite", "slot": 0, "area": "water"})]
    assert fill == (
        "invite the size-5 water monster from track position 0 (free): +3.7 points now "
        "(the card scores 2 or 3, 2.7 on average; brings the tourist '2 any friendly "
        "monsters' (+1)); it is your last turn, and this move wins with chance 0%"
    )


def _played(seed: int, turns: int) -> list[State]:
    rng = random.Random(seed)
    s, out = start(2, seed), list[State]()
    while not s.is_terminal() and len(out) < turns:
        out.append(s)
        s = s.apply(rng.choice(s.legal_moves()))
    return out


@pytest.mark.parametrize("seed", [1, 6])
def test_every_reason_names_its_card_and_differs_from_the_others(seed: int) -> None:
    for s in _played(seed, 40)[::7]:
        assert s.to_move is not None
        ranked = hint_of(s, s.to_move, 0.3)
        texts = [r.reason for r in ranked]
        assert len(set(texts)) == len(texts), texts
        for r in ranked:
            move, reason = r.move, r.reason
            assert not re.search(r"\ba [aeiou]", reason), reason
            if move["action"] == "invite":
                card_id = s.track[move["slot"]]
                assert card_id is not None
                m = s.cards.monster(card_id)
                named = f"invite {monster_back(m.area, m.size)} from track position {move['slot']}"
                assert reason.startswith(named), reason
            elif move["action"] == "upgrade":
                u = s.cards.upgrade(
                    next(c for c in s.upgrade_row if c and s.cards.upgrade(c).kind == move["kind"])
                )
                assert reason.startswith(f"buy {upgrade_name(u)} for the {move['area']} area")
            elif move["action"] == "tourists":
                for t in move["tourists"]:
                    assert tourist_name(s.cards.tourist(t)) in reason
                    assert f" {t} " not in reason
            else:
                assert reason.startswith(("take a token", "pass"))


def test_no_plan_is_worth_less_than_its_turn_and_tokens_after(deck: Deck) -> None:
    """Placing nothing later is always a plan, so the plan a reason shows is never worth
    less than the turn itself (the work limit may stop the solve before the best)."""
    s = _deck_top(deck, "water", 4)
    for r in hint_of(s, 0, BUDGET):
        plan = r.value + r.detail.get("reply", 0.0)
        assert plan >= r.detail["this_turn"] - 1e-6, r.reason


def test_a_tourist_only_some_face_down_monsters_bring_is_named_with_its_chance(
    deck: Deck,
) -> None:
    """Half the size-5 water monsters are friendly: with the friendly land monster in the
    park, one of them brings '2 any friendly monsters'."""
    s = with_park(start(seed=4), 0, (), (card(deck, "land", 1, True),), ())
    big = card(deck, "water", 5, True)
    s = with_track(s, big, *[c for c in s.track if c and c != big][:4])
    row = ("friendly-2", "upgrades-3", "nasty-4")
    s = replace(s, tourist_row=row, tourist_deck=tuple(t for t in s.tourist_deck if t not in row))
    assert _reasons(s)[repr({"action": "invite", "slot": 0, "area": "water"})].startswith(
        "invite the size-5 water monster from track position 0 (free): +3.2 points now (the "
        "card scores 2 or 3, 2.7 on average; may bring the tourist '2 any friendly monsters' "
        "(+1) with chance 50%); "
    )
