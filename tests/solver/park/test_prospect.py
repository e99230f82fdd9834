"""The rest of the game beyond the plan: the tourists still in the deck and the room
each area keeps (solver/park/prospect.py), and what the hint makes of them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from solver.park.board import AREA_ROOM, counts
from solver.park.cards import Deck
from solver.park.prospect import (
    ROOM_WORTH,
    claim_chance,
    closed,
    opened,
    progress,
    standing,
    to_come,
)
from solver.park.worlds import leaf_margin
from solver.search import score_margin
from tests.solver.park.conftest import card, hint_of, start, with_park

FRIENDLY_4 = "friendly-4"


def test_progress_is_the_share_of_a_wish_met(deck: Deck) -> None:
    park = (
        (card(deck, "water", 1, True), card(deck, "water", 2, False)),
        (card(deck, "land", 3, True),),
        (),
    )
    c = counts(deck, park)
    assert progress(deck.tourist(FRIENDLY_4), c) == 2 / 4
    assert progress(deck.tourist("upgrades-3"), c) == 0.0
    both = next(t for t in deck.tourists if t.need == "both")
    assert progress(both, c) == (2 + 1) / (2 * both.count)
    each = next(t for t in deck.tourists if t.need == "each_area" and t.character == "friendly")
    assert progress(each, c) == 2 / 3
    run = next(t for t in deck.tourists if t.need == "run")
    assert progress(run, c) == 0.0


def test_a_friendly_monster_counts_toward_the_friendly_tourists_still_in_the_deck(
    deck: Deck,
) -> None:
    state = start()
    assert FRIENDLY_4 in state.tourist_deck or FRIENDLY_4 in state.tourist_row
    state = replace(
        state,
        tourist_row=tuple(t for t in state.tourist_row if t != FRIENDLY_4),
        tourist_deck=(FRIENDLY_4,),
    )
    friendly = ((card(deck, "water", 1, True),), (), ())
    nasty = ((card(deck, "water", 1, False),), (), ())
    # One tourist waits, the rounds left bring more than one: it comes, half of it ours.
    assert claim_chance(state) == 0.5
    reward = deck.tourist(FRIENDLY_4).reward
    assert to_come(state, friendly) == pytest.approx(reward * 1 / 4 * 0.5)
    assert to_come(state, nasty) == 0.0
    assert to_come(replace(state, tourist_deck=()), friendly) == 0.0


def test_a_large_monster_closes_an_area_and_an_upgrade_opens_it(deck: Deck) -> None:
    state = start()
    five = card(deck, "land", 5, True)
    closed = ((), (five,), ())
    # Four free slots behind the size-5 monster now take one size of five, not all.
    assert opened(state, 0, ((), (), ()), closed) == pytest.approx(-ROOM_WORTH * 4 * 4 / 5)
    bench = next(u for u in deck.upgrades if u.kind == "benches" and u.size == 2)
    reopened = ((), (five, bench.id), ())
    # A size-2 bench: its three free slots take sizes 2-5 again, not only 5.
    assert opened(state, 0, closed, reopened) == pytest.approx(ROOM_WORTH * 3 * (4 - 1) / 5)
    # The other player's park is nearly full: the game leaves time for few slots.
    full = tuple(tuple(card(deck, a, 5, f) for f in (True, False)) for a in ("water", "air"))
    late = with_park(state, 1, full[0] + full[0][:1], (), full[1])
    free_other = 3 * AREA_ROOM - 5
    assert opened(late, 0, ((), (), ()), closed) == pytest.approx(
        -ROOM_WORTH * 4 * 4 / 5 * free_other / 14
    )


def test_a_park_stands_at_its_tourists_to_come_less_the_room_it_has_closed(deck: Deck) -> None:
    five = card(deck, "land", 5, True)
    state = with_park(start(), 0, (), (five,), ())
    # Four free slots of the land area take only size-5 monsters: 4/5 of each is closed.
    assert closed(state, 0) == pytest.approx(ROOM_WORTH * 4 * 4 / 5)
    assert closed(state, 1) == 0.0
    assert standing(state, 0) == pytest.approx(to_come(state, state.parks[0]) - closed(state, 0))
    # The bench on it opens the area again.
    bench = next(u for u in deck.upgrades if u.kind == "benches" and u.size == 2)
    assert closed(with_park(state, 0, (), (five, bench.id), ()), 0) < closed(state, 0)


def test_where_the_hints_playouts_stop_each_score_counts_its_parks_standing(deck: Deck) -> None:
    five = card(deck, "land", 5, True)
    state = with_park(start(), 0, (), (five,), ())
    gap = standing(state, 0) - standing(state, 1)
    assert gap < 0
    assert leaf_margin(state, 0) == pytest.approx(score_margin(state, 0) + gap)
    assert leaf_margin(state, 1) == pytest.approx(score_margin(state, 1) - gap)


def test_the_hint_pays_for_a_small_monster_rather_than_close_an_area_for_free() -> None:
    # The track opens with a free size-5 land monster, then a size-3 one for 1 token.
    state = start(seed=1)
    track = [(state.cards.monster(c).area, state.cards.monster(c).size) for c in state.track if c]
    assert track[:2] == [("land", 5), ("land", 3)]
    ranked = hint_of(state, 0, 0.08)
    assert ranked[0].move == {"action": "invite", "slot": 1, "area": "land"}
    free_five = next(r for r in ranked if r.move.get("slot") == 0)
    assert free_five.detail["room"] < 0
    assert "it closes the land area to smaller monsters" in free_five.reason
    assert any(f.code == "area-room" for f in free_five.because)
