from __future__ import annotations

import pytest

from solver.park.board import claim_error, claim_options, counts, has_run, place_error, shortfall
from solver.park.cards import Area, Deck
from solver.park.settings import Settings
from tests.solver.park.conftest import card

DEFAULT_GAPS = Settings().run_gaps


def test_monsters_live_only_in_their_own_area(deck: Deck) -> None:
    land = deck.monster(card(deck, "land", 2, True))
    assert place_error(deck, ((), (), ()), land, Area.WATER) == (
        "a land monster may only live in the land area, not the water area"
    )
    assert place_error(deck, ((), (), ()), land, Area.LAND) is None
    air = deck.monster(card(deck, "air", 2, True))
    assert place_error(deck, ((), (), ()), air, Area.LAND) == (
        "an air monster may only live in the air area, not the land area"
    )


def test_a_bench_is_named_as_one_card(deck: Deck) -> None:
    four = card(deck, "water", 4, True)
    bench = next(u for u in deck.upgrades if u.kind == "benches")
    one = deck.monster(card(deck, "water", 1, True))
    assert place_error(deck, ((four, bench.id), (), ()), one, Area.WATER) == (
        f"a size-1 monster cannot follow the size-{bench.size} bench in the water area"
    )


def test_each_monster_at_least_as_large_as_the_last_card(deck: Deck) -> None:
    four = card(deck, "water", 4, True)
    small = deck.monster(card(deck, "water", 2, False))
    same = deck.monster(card(deck, "water", 4, False))
    park = ((four,), (), ())
    assert place_error(deck, park, small, Area.WATER) == (
        "a size-2 monster cannot follow the size-4 monster in the water area"
    )
    assert place_error(deck, park, same, Area.WATER) is None


def test_stasiek_balloons_reset_the_sky(deck: Deck) -> None:
    """Rulebook: a size-5 sky monster, then balloons (size 2): next may be size 2 to 5."""
    huge = card(deck, "air", 5, True)
    balloons = next(u for u in deck.upgrades if u.kind == "balloons" and u.size == 2)
    assert place_error(deck, ((), (), (huge,)), balloons, Area.AIR) is None
    park = ((), (), (huge, balloons.id))
    for size in (2, 3, 4, 5):
        assert (
            place_error(deck, park, deck.monster(card(deck, "air", size, True)), Area.AIR) is None
        )
    one = deck.monster(card(deck, "air", 1, True))
    assert place_error(deck, park, one, Area.AIR) == (
        "a size-1 monster cannot follow the size-2 balloons in the air area"
    )


def test_an_area_holds_five_cards(deck: Deck) -> None:
    fives = tuple(m.id for m in deck.monsters if m.area == "land" and m.size == 5)[:5]
    upgrade = deck.upgrades[0]
    assert place_error(deck, ((), fives, ()), upgrade, Area.LAND) == (
        "the land area is full (5 cards)"
    )
    assert place_error(deck, ((), fives, ()), upgrade, Area.WATER) is None


def test_ola_invites_two_tourists(deck: Deck) -> None:
    """Rulebook: 4 water monsters, 2 friendly and 2 nasty: both tourists come (3 + 2)."""
    water = (
        card(deck, "water", 1, True),
        card(deck, "water", 2, True),
        card(deck, "water", 3, False),
        card(deck, "water", 5, False),
    )
    park = (water, (), ())
    row = ("water-4", "both-2", "land-4")
    options = claim_options(deck, park, 0, row, "upgrades")
    assert ("water-4", "both-2") in options
    assert sum(deck.tourist(t).reward for t in ("water-4", "both-2")) == 5
    assert claim_error(deck, park, 0, row, ("land-4",), "upgrades") == (
        "tourist 'land-4' wants 4 land monsters; the park has 0"
    )


def test_other_tourists_count_those_claimed_this_turn(deck: Deck) -> None:
    water = tuple(card(deck, "water", s, True) for s in (1, 2, 3, 4))
    park = (water, (), ())
    row = ("tourists-2", "water-4", "friendly-4")
    assert claim_error(deck, park, 0, row, ("water-4", "friendly-4", "tourists-2"), "any") is None
    assert "wants 2 other tourists" in (
        claim_error(deck, park, 0, row, ("tourists-2", "water-4", "friendly-4"), "any") or ""
    )
    best = max(claim_options(deck, park, 0, row, "any"), key=len)
    assert best == ("water-4", "friendly-4", "tourists-2")
    assert claim_error(deck, park, 0, row, ("water-4", "water-4"), "any") == (
        "tourist 'water-4' is invited twice"
    )


@pytest.mark.parametrize(
    ("sizes", "gaps", "expected"),
    [
        ((1, 2, 3, 4), "none", True),
        ((2, 3, 4, 5), "none", True),
        ((1, 2, "U", 3, 4), "none", False),
        ((1, 2, "U", 3, 4), "upgrades", True),
        ((1, 2, 2, 3, 4), "upgrades", False),
        ((1, 2, 2, 3, 4), "any", True),
        ((1, 3, 4, 5), "any", False),
        # the default reading: an area only grows unless an upgrade resets it, so a
        # monster between, of a size already reached, keeps the four in order
        ((1, 2, 2, 3, 4), DEFAULT_GAPS, True),
        ((1, 2, 3, 3, 4), DEFAULT_GAPS, True),
        ((2, 3, 3, 4, 5), DEFAULT_GAPS, True),
        ((1, 1, 2, 3, 4), DEFAULT_GAPS, True),
        ((1, 2, "U", 3, 4), DEFAULT_GAPS, True),
        ((1, 2, 4, 5), DEFAULT_GAPS, False),
    ],
)
def test_run_gaps_setting(deck: Deck, sizes: tuple[object, ...], gaps: str, expected: bool) -> None:
    upgrade = next(u.id for u in deck.upgrades if u.size == 1)
    used: set[str] = set()
    cards = []
    for s in sizes:
        if s == "U":
            cards.append(upgrade)
            continue
        cid = next(
            m.id for m in deck.monsters if m.area == "air" and m.size == s and m.id not in used
        )
        used.add(cid)
        cards.append(cid)
    runs = deck.tourist("run-4").runs
    assert any(has_run(deck, tuple(cards), run, gaps) for run in runs) is expected


def test_counts_and_each_area(deck: Deck) -> None:
    park = (
        (card(deck, "water", 1, True),),
        (card(deck, "land", 1, True), card(deck, "land", 5, False)),
        (card(deck, "air", 5, True), deck.upgrades[0].id),
    )
    c = counts(deck, park)
    assert (c.friendly, c.nasty, c.upgrades, c.monsters) == (3, 1, 1, 4)
    assert c.by_size[1] == 2 and c.by_size[5] == 2
    assert shortfall(deck, park, 0, deck.tourist("friendly-each"), "upgrades") is None
    assert shortfall(deck, park, 0, deck.tourist("nasty-each"), "upgrades") == (
        "tourist 'nasty-each' wants one nasty monster in each area; 1 areas have one"
    )
