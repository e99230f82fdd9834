"""The future part of a placement's value: Grassland, missions and half crystals."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from solver.vbm.evaluate import Evaluator
from solver.vbm.hint import hint
from solver.vbm.prospect import CELL_ODDS, Prospect, poisson_at_least
from solver.vbm.state import State, View, new_state
from tests.solver.vbm.test_hint import through_explorers


def _placed(state: State, seat: int, area: tuple[tuple[int, int, str], ...]) -> State:
    """``state`` with ``seat``'s area set to ``area`` (its cards taken from wherever)."""
    cards = {card for _, _, card in area}
    areas = tuple(area if s == seat else a for s, a in enumerate(state.areas))
    hands = tuple(tuple(c for c in hand if c not in cards) for hand in state.hands)
    return replace(
        state, areas=areas, hands=hands, pile=tuple(c for c in state.pile if c not in cards)
    )


def _value(state: State, card: str, cell: tuple[int, int], seat: int = 0) -> float:
    ev = Evaluator(state, seat)
    coming = Prospect(View.of(state, seat))
    return sum(coming.value(card, cell, ev.counts[seat], ev.outcome(card, cell).counts).values())


def test_chances_of_a_poisson_count() -> None:
    assert poisson_at_least(3.0, 0) == 1.0
    assert poisson_at_least(3.0, 2) == pytest.approx(1 - 4 * 2.718281828**-3)
    assert poisson_at_least(0.5, 3) < poisson_at_least(0.5, 2) < poisson_at_least(0.5, 1)


def test_an_early_grassland_symbol_is_worth_more_than_its_point_today() -> None:
    """The table pays 1 VP for a first symbol, 3 for a second, 4 for a third...: at the
    start of the game a symbol is worth what it adds at the count to be expected."""
    state = through_explorers(new_state(2, 3))  # sets 2, 3, 4 and 6 in play
    assert Evaluator(state, 0).own_gain("G06", (0, 1)) == 4  # two symbols: 4 VP today
    assert _value(state, "G06", (0, 1)) > 4  # and more at the end


def test_an_open_half_crystal_is_worth_a_share_of_its_crystal() -> None:
    state = _placed(through_explorers(new_state(2, 3)), 0, ())
    opened = _value(state, "I05", (0, 1))  # a blue bottom half, the cell under it open
    assert 0 < opened <= 10 * CELL_ODDS
    under = _value(state, "I05", (-1, 0))  # under it lies the Explorer: nothing to come
    assert under == pytest.approx(0.0)


def test_a_card_on_the_open_cell_of_a_half_crystal_ends_its_chance() -> None:
    state = _placed(through_explorers(new_state(2, 3)), 0, ((0, 1, "I05"),))
    assert _value(state, "I09", (1, 1)) < 0  # an ice card in the blue crystal's cell
    assert _value(state, "I09", (0, 2)) == pytest.approx(0.0)
    # the other half completes the crystal: the exact gain counts it, the chance is spent
    ev = Evaluator(state, 0)
    assert ev.own_gain("I08", (1, 1)) == ev.own_gain("I08", (-1, 1)) + 10
    assert _value(state, "I08", (1, 1)) == pytest.approx(_value(state, "I09", (1, 1)))


def test_a_mission_brought_nearer_is_worth_part_of_its_token() -> None:
    state = through_explorers(new_state(2, 3))
    sides = [tile[side] for tile, side in zip(state.deck.missions, state.sides, strict=True)]
    terrain = next(s for s in sides if s.counter in ("water", "ice", "lava", "grassland"))
    card = next(c.id for c in state.deck.cards if c.terrain.value == terrain.counter)
    assert _value(state, card, (0, 1)) > 0


def test_the_hint_keeps_the_cell_over_a_blue_half_crystal_open() -> None:
    """Every cell scores the same for an ice card today; the one over a blue half
    crystal is kept for the card that completes it."""
    state = _placed(through_explorers(new_state(2, 3)), 0, ((0, 1, "I08"),))
    ice = [r for r in hint(View.of(state, 0)) if r.move["card"] == "I09"]
    assert ice and {r.detail["gain"] for r in ice} == {ice[0].detail["gain"]}
    assert ice[-1].move["at"] == [-1, 1]


def _sand_rows(state: State, row: tuple[str, ...]) -> State:
    """``state`` with ``row`` as its one open row (its cards taken from the pile)."""
    return replace(state, rows=(row,), pile=tuple(c for c in state.pile if c not in row))


def test_a_sand_card_counts_the_cards_its_line_will_see() -> None:
    """A column card looks along a line the player keeps extending and scores its
    flipped VP once another Sand card follows it: early on that is several cards,
    late in the game hardly one."""
    state = _placed(through_explorers(new_state(2, 3)), 0, ())
    early = Prospect(View.of(state, 0)).sand("S03", (1, 0))  # 1 VP a card, up
    assert early > 3
    plain = [c.id for c in state.deck.cards if c.sand is None and c.id in state.pile]
    late = _placed(state, 0, tuple((0, 1 + k, card) for k, card in enumerate(plain[:15])))
    assert 0 < Prospect(View.of(late, 0)).sand("S03", (1, 1)) < early


def test_a_boxed_in_adjacent_sand_card_expects_only_its_flip() -> None:
    state = _placed(through_explorers(new_state(2, 3)), 0, ())
    plain = [c.id for c in state.deck.cards if c.sand is None and c.id in state.pile]
    cells = ((0, 1), (1, 0), (0, 2), (1, 2), (2, 0), (2, 1))  # all around (1, 1)
    boxed = _placed(
        state, 0, tuple((r, c, card) for (r, c), card in zip(cells, plain[:6], strict=True))
    )
    coming = Prospect(View.of(boxed, 0))
    flip = 1 - math.exp(-coming.coming["sand"])
    assert coming.sand("S01", (1, 1)) == pytest.approx(4 * flip)  # 1 VP -> 2 VP, 4 cards
    assert coming.sand("W18", (1, 1)) == 0.0


def test_the_hint_counts_a_sand_card_for_the_cards_to_come() -> None:
    state = _sand_rows(_placed(through_explorers(new_state(2, 3)), 0, ()), ("S03", "W18"))
    ranked = hint(View.of(state, 0))
    sand = [r for r in ranked if r.move["card"] == "S03" and r.move["at"] == [1, 0]]
    assert sand and sand[0].detail["sand"] > 3
    assert "more later, from cards placed where it looks and its flip" in sand[0].reason
