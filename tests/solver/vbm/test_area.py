"""Area rules: Big Mamas, Ice monsters and Mutagen beams, Sand, crystals, portals."""

from __future__ import annotations

from pathlib import Path

import pytest

from solver.errors import NotationError
from solver.files import allow_files
from solver.vbm.area import Area, analyse, frontier, sand_score
from solver.vbm.cards import STEPS, Deck, SandRule
from solver.vbm.deckfile import parse_deck
from solver.vbm.decks import deck_named, standard_deck


def lines(deck: str, area: Area) -> dict[str, int]:
    return dict(analyse(deck_named(deck), area).lines)


def counts(deck: str, area: Area) -> dict[str, int]:
    return dict(analyse(deck_named(deck), area).counts)


def test_big_mama_needs_head_then_tail_in_a_row(example_deck: str) -> None:
    whole = ((0, 1, "HEAD"), (0, 2, "BODY"), (0, 3, "TAIL"))
    assert counts(example_deck, whole)["big_mamas"] == 1
    assert lines(example_deck, whole)["water"] == 21  # 10 + 10 + 1, the rulebook's example
    short = ((0, 1, "HEAD"), (0, 2, "TAIL"))
    assert counts(example_deck, short)["big_mamas"] == 1  # no body needed
    backwards = ((0, 1, "TAIL"), (0, 2, "HEAD"))
    assert counts(example_deck, backwards)["big_mamas"] == 0
    stacked = ((0, 1, "HEAD"), (1, 1, "TAIL"))
    assert counts(example_deck, stacked)["big_mamas"] == 0
    assert lines(example_deck, stacked)["water"] == 11  # worth its VP even incomplete


def test_bear_flips_with_three_beams_placed_before_or_after(example_deck: str) -> None:
    bear = ((1, 1, "BL"), (1, 2, "BR"))
    assert lines(example_deck, bear)["ice"] == 4
    beams = ((0, 1, "MUT"), (0, 2, "MUT2"))
    assert lines(example_deck, beams + bear)["ice"] == 4  # two beams: not enough
    deck = parse_deck(
        Path(example_deck)
        .read_text(encoding="utf-8")
        .replace(
            'id = "POOL"\nset = 1\nterrain = "water"',
            'id = "POOL"\nset = 1\nterrain = "lava"\nbeams = ["up"]',
        ),
        "bear",
    )
    before = (*beams, (2, 1, "POOL"), *bear)
    after = (*bear, (2, 1, "POOL"), *beams)
    assert analyse(deck, before).lines["ice"] == analyse(deck, after).lines["ice"] == 30
    assert analyse(deck, before).counts["flipped_ice"] == 1


def test_beams_reach_only_the_adjacent_card(example_deck: str) -> None:
    far = ((-1, 1, "MUT"), (1, 1, "YL1"), (1, 2, "YR1"), (0, 1, "POOL"))
    assert lines(example_deck, far)["ice"] == 7
    near = ((0, 1, "MUT"), (1, 1, "YL1"), (1, 2, "YR1"))
    assert lines(example_deck, near)["ice"] == 10


def test_halves_of_different_monsters_do_not_complete(example_deck: str) -> None:
    assert counts(example_deck, ((1, 1, "YL1"), (1, 2, "BR")))["ice_monsters"] == 0
    assert counts(example_deck, ((1, 1, "YR1"), (1, 2, "YL1")))["ice_monsters"] == 0


def test_earlier_sand_cards_are_flipped(example_deck: str) -> None:
    row = ((0, 1, "LV1"), (0, 2, "LV2"), (0, 3, "SROW"))  # SROW: 1 VP per card to its left
    assert lines(example_deck, row)["sand"] == 2
    assert (
        lines(example_deck, (*row, (1, 1, "SDIAG")))["sand"] == 4 + 2
    )  # the row card flipped (2 per card), the new one (up-right) 2 for LV2


def test_sand_conditions() -> None:
    deck = standard_deck()
    cells = {
        (0, 1): deck.card("W01"),
        (0, 2): deck.card("W02"),
        (0, 3): deck.card("L01"),
        (1, 0): deck.card("I01"),
        (2, 0): deck.card("R01"),
        (1, 1): deck.card("G01"),
    }
    assert sand_score(SandRule("row", "any", 1, "right"), (0, 0), cells) == 3
    assert sand_score(SandRule("row", "same", 2, "right"), (0, 0), cells) == 4
    assert sand_score(SandRule("row", "different", 2, "right"), (0, 0), cells) == 4
    assert sand_score(SandRule("column", "any", 1, "down"), (0, 0), cells) == 2
    assert sand_score(SandRule("adjacent", "any", 1, "around"), (0, 0), cells) == 2
    assert sand_score(SandRule("diagonal", "any", 3, "down-right"), (0, 0), cells) == 3
    assert sand_score(SandRule("diagonal", "any", 3, "up-left"), (5, 5), cells) == 3


def test_a_sand_card_counts_only_the_cards_its_arrow_points_at() -> None:
    # The rulebook: "gain 1 VP per card to the left of the Sand card = 4 VP".
    lava = standard_deck().card("L01")
    row = {(0, c): lava for c in (-4, -3, -2, -1, 1, 2)}
    assert sand_score(SandRule("row", "any", 1, "left"), (0, 0), row) == 4
    assert sand_score(SandRule("row", "any", 1, "right"), (0, 0), row) == 2
    column = {(r, 0): lava for r in (-3, -2, -1, 1)}
    assert sand_score(SandRule("column", "any", 2, "up"), (0, 0), column) == 6
    assert sand_score(SandRule("column", "any", 2, "down"), (0, 0), column) == 2
    rays = {(-1, -1): lava, (-2, -2): lava, (-1, 1): lava, (1, -1): lava, (1, 1): lava}
    diagonal = {
        arrow: sand_score(SandRule("diagonal", "any", 1, arrow), (0, 0), rays)
        for arrow in ("up-left", "up-right", "down-left", "down-right")
    }
    assert diagonal == {"up-left": 2, "up-right": 1, "down-left": 1, "down-right": 1}


def test_the_both_ways_setting_keeps_the_old_reading() -> None:
    lava = standard_deck().card("L01")
    row = {(0, c): lava for c in (-4, -3, -2, -1, 1, 2)}
    assert sand_score(SandRule("row", "any", 1, "left"), (0, 0), row, "both_ways") == 6
    rays = {(-1, -1): lava, (-2, -2): lava, (-1, 1): lava, (1, -1): lava, (1, 1): lava}
    assert sand_score(SandRule("diagonal", "any", 1, "up-left"), (0, 0), rays, "both_ways") == 5
    area = ((0, 1, "L01"), (0, 2, "S02"), (0, 3, "L02"))  # S02: 1 VP per card to its left
    assert analyse(standard_deck(), area).lines["sand"] == 1
    assert analyse(standard_deck(), area, "both_ways").lines["sand"] == 2


def test_every_sand_card_prints_an_arrow_of_its_region() -> None:
    arrows = {"adjacent": {"around"}, "row": {"left", "right"}, "column": {"up", "down"}}
    arrows["diagonal"] = {"up-left", "up-right", "down-left", "down-right"}
    sands = [c for c in standard_deck().cards if c.sand is not None]
    assert len(sands) == 12
    for card in sands:
        assert card.sand is not None and card.flipped is not None
        assert card.sand.arrow in arrows[card.sand.region]
        assert (card.flipped.region, card.flipped.arrow) == (card.sand.region, card.sand.arrow)
    used = {c.sand.arrow for c in sands if c.sand is not None}
    assert {"left", "right", "up", "down"} <= used


def test_a_deck_file_sand_card_needs_its_arrow(example_deck: str) -> None:
    text = Path(example_deck).read_text(encoding="utf-8")
    with pytest.raises(NotationError, match="card 'SROW': bad sand rule"):
        parse_deck(text.replace('arrow = "left", ', "", 1), "x")
    with pytest.raises(NotationError, match="card 'SROW': bad sand rule"):
        parse_deck(text.replace('arrow = "left"', 'arrow = "up"', 1), "x")


def test_portal_needs_the_four_quarters(example_deck: str) -> None:
    portal = ((0, 2, "LV1"), (0, 3, "LV2"), (1, 2, "YR1"), (1, 3, "BABY1"))
    assert counts(example_deck, portal)["portals"] == 1
    assert counts(example_deck, portal[:3])["portals"] == 0
    swapped = ((0, 3, "LV1"), (0, 2, "LV2"), (1, 2, "YR1"), (1, 3, "BABY1"))
    assert counts(example_deck, swapped)["portals"] == 0


def test_crystals_join_top_over_bottom(example_deck: str) -> None:
    assert counts(example_deck, ((0, 1, "HEAD"), (1, 1, "TAIL")))["crystal_red"] == 1
    assert counts(example_deck, ((1, 1, "HEAD"), (0, 1, "TAIL")))["crystal_red"] == 0


def test_frontier_is_edge_adjacent_and_empty() -> None:
    area = ((0, 1, "W01"),)
    cells = frontier(area)
    assert (0, 0) not in cells and (0, 1) not in cells
    assert (0, 2) in cells and (1, 1) in cells and (1, 2) not in cells


def test_standard_deck_agrees_with_the_rulebook_numbers() -> None:
    deck = standard_deck()
    assert len(deck.cards) == 120 and deck.sets() == (1, 2, 3, 4, 5, 6)
    assert all(sum(c.set == s for c in deck.cards) == 20 for s in deck.sets())
    assert len(deck.explorers) == 12 and len(deck.missions) == 5
    assert all(len(side.rewards) == 3 for tile in deck.missions for side in tile)
    assert deck.portal_tiles == 6 and deck.portal_vp == 15
    assert deck.grass_vp(3) == 8 and deck.grass_vp(1) == 1
    assert {c.terrain.value for c in deck.cards} == {
        "water",
        "lava",
        "ice",
        "rock",
        "grassland",
        "sand",
    }
    beams = {c.ice.beams for c in deck.cards if c.ice}
    assert beams == {1, 2, 3}
    bear = next(c for c in deck.cards if c.ice and c.ice.kind == "bear")
    assert bear.ice is not None and bear.ice.upgraded == 30
    assert {len(c.beams) for c in deck.cards if c.beams} == {1, 2}
    assert {c.rocks for c in deck.cards if c.rocks} == {1, 2}
    lefts = sum(1 for c in deck.cards if c.ice and c.ice.half == "left")
    assert lefts == sum(1 for c in deck.cards if c.ice and c.ice.half == "right")


def test_bad_deck_files_are_refused(tmp_path: object) -> None:
    with pytest.raises(NotationError, match="not TOML"):
        parse_deck("card = [", "x")
    with pytest.raises(NotationError, match="missing or bad field"):
        parse_deck("portal_tiles = 6", "x")
    with pytest.raises(NotationError, match="needs monster cards"):
        parse_deck(
            "portal_tiles = 6\nportal_vp = 1\ngrassland = [0]\ncard = []\n"
            "explorer = []\nmission = []",
            "x",
        )
    with allow_files(), pytest.raises(NotationError, match="cannot read deck"):
        deck_named("/no/such/deck.toml")
    card = 'id = "W01"\nset = 1\nterrain = "water"\n'
    for text in ("card = 1", f"[[card]]\n{card}vp = 'x'", f"[[card]]\n{card}beams = 3"):
        with pytest.raises(NotationError) as err:
            parse_deck(text, "x")
        message = str(err.value)  # player words, never Python's own
        assert "wrong type" in message and "object" not in message and "literal" not in message


def test_reading_card_by_card_agrees_with_reading_whole_areas() -> None:
    import random

    from solver.vbm.state import new_state
    from solver.vbm.table import tally

    rng = random.Random(3)
    for players, seed in ((2, 1), (4, 2)):
        state = new_state(players, seed)
        while not state.is_terminal():
            for area in state.areas:
                assert tally(state.deck_name, area) == analyse(state.deck, area)
            state = state.apply(rng.choice(state.legal_moves()))


def test_a_long_area_is_read_without_recursion() -> None:
    from solver.vbm.table import reading, tally

    area = tuple((0, k + 1, "W05") for k in range(3000))
    assert tally("standard", area).counts["water"] == 3000
    assert len(reading("standard", area[:-1]).cells) == 2999


@pytest.mark.parametrize(
    ("old", "new", "fault"),
    [
        ('terms = [["lava", 1]]', 'terms = [["lava_monsters", 1]]', "unknown counter"),
        ('id = "E02"', 'id = "E01"', "explorer id is used twice"),
        ("rewards = [10, 7, 5]", "rewards = [10, -7, 5]", "cannot be negative"),
        ("rewards = [10, 7, 5]", "rewards = []", "pyramids not empty"),
    ],
)
def test_a_deck_file_with_a_bad_explorer_or_mission_is_refused(
    old: str, new: str, fault: str
) -> None:
    from importlib import resources

    text = resources.files("solver.vbm").joinpath("data/deck.toml").read_text("utf-8")
    assert old in text
    with pytest.raises(NotationError, match=fault):
        parse_deck(text.replace(old, new, 1), "x")


def _whole_area(deck: Deck, area: Area, reach: str) -> dict[str, int]:
    """The joined elements and the Sand points of an area, read at once from its grid:
    a plain reading of the rules, to check the card-by-card one against."""
    cells = {(r, c): deck.by_id[card_id] for r, c, card_id in area}
    beams: dict[tuple[int, int], int] = {}
    for (r, c), card in cells.items():
        for direction in card.beams:
            dr, dc = STEPS[direction]
            beams[(r + dr, c + dc)] = beams.get((r + dr, c + dc), 0) + 1
    got = dict.fromkeys(("big_mamas", "ice_monsters", "flipped_ice", "crystals", "portals"), 0)
    got["sand"] = 0
    for (r, c), card in cells.items():
        right, below = cells.get((r, c + 1)), cells.get((r + 1, c))
        if card.mama == "head":
            k = c + 1
            while (nxt := cells.get((r, k))) is not None and nxt.mama == "body":
                k += 1
            got["big_mamas"] += nxt is not None and nxt.mama == "tail"
        ice, other = card.ice, right.ice if right is not None else None
        if ice and other and (ice.half, other.half, ice.kind) == ("left", "right", other.kind):
            got["ice_monsters"] += 1
            got["flipped_ice"] += beams.get((r, c), 0) + beams.get((r, c + 1), 0) >= ice.beams
        if below is not None:
            got["crystals"] += sum(
                e == "bottom" and ("top", colour) in below.crystals for e, colour in card.crystals
            )
        corner = cells.get((r + 1, c + 1))
        if "se" in card.portals and right and below and corner:
            got["portals"] += (
                "sw" in right.portals and "ne" in below.portals and "nw" in corner.portals
            )
    sands = [(r, c, cells[(r, c)]) for r, c, _ in area if cells[(r, c)].sand is not None]
    for k, (r, c, card) in enumerate(sands):
        rule = card.flipped if k < len(sands) - 1 else card.sand
        assert rule is not None
        got["sand"] += sand_score(rule, (r, c), cells, reach)
    return got


@pytest.mark.parametrize("reach", ["arrow", "both_ways"])
def test_reading_card_by_card_agrees_with_the_whole_grid(reach: str) -> None:
    import random

    deck = standard_deck()
    joined = [c.id for c in deck.cards if c.connects]
    rng = random.Random(11)
    for _ in range(400):
        spots = [(r, c) for r in range(-2, 3) for c in range(-2, 3) if (r, c) != (0, 0)]
        rng.shuffle(spots)
        area = tuple((r, c, rng.choice(joined)) for r, c in spots[: rng.randrange(4, 24)])
        tally = analyse(deck, area, reach)
        printed_sand = sum(
            deck.by_id[card_id].vp
            for _, _, card_id in area
            if deck.by_id[card_id].terrain.value == "sand"
        )
        want = _whole_area(deck, area, reach)
        got = {name: tally.counts[name] for name in want if name != "sand"}
        got["sand"] = tally.lines["sand"] - printed_sand
        assert got == want, area
