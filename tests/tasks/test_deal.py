"""Dealing draw piles, including the parents-and-children variant (tasks/deal.py)."""

from __future__ import annotations

import pytest

from solver.errors import MonsterError
from tasks.catalogue import Catalogue
from tasks.deal import ROUNDS, Pile, deal

SEEDS = range(25)


def _cards(pile: Pile) -> set[int]:
    cards = {e.card for e in pile.rounds}
    assert None not in cards
    return {c for c in cards if c is not None}


def test_nine_rounds_per_pile_of_the_pile_level() -> None:
    assert ROUNDS == 9
    for levels in ([1], [1, 5], [2, 6], [3, 4], [6, 5, 4]):
        piles = deal(levels, seed=7)
        assert [p.level for p in piles] == levels
        for pile in piles:
            assert len(pile.rounds) == 9
            assert {e.level for e in pile.rounds} == {pile.level}
            assert len({e.id for e in pile.rounds}) == 9


def test_deal_is_deterministic_per_seed() -> None:
    for seed in SEEDS:
        assert deal([1, 5], seed) == deal([1, 5], seed)


def test_different_seeds_deal_differently() -> None:
    assert deal([1, 5], 0) != deal([1, 5], 1)
    orders = {tuple(e.id for e in deal([2], seed)[0].rounds) for seed in SEEDS}
    assert len(orders) == len(SEEDS)


def test_piles_of_levels_sharing_cards_never_share_a_card() -> None:
    for first, second in ((1, 4), (4, 1), (2, 5), (3, 6)):
        for seed in SEEDS:
            a, b = deal([first, second], seed)
            assert not _cards(a) & _cards(b), (first, second, seed)
            assert len(_cards(a) | _cards(b)) == 18  # the two piles use every card of the pair


def test_two_piles_of_one_level_share_no_card() -> None:
    for level in (1, 3, 6):
        for seed in SEEDS:
            a, b = deal([level, level], seed)
            assert not _cards(a) & _cards(b), (level, seed)
            assert not {e.id for e in a.rounds} & {e.id for e in b.rounds}


def test_piles_on_different_cards_are_dealt_independently_of_sharing() -> None:
    """Levels 1 and 5 lie on different cards, so both piles draw from all 18 of their level."""
    seen_1: set[str] = set()
    seen_5: set[str] = set()
    for seed in range(40):
        a, b = deal([1, 5], seed)
        seen_1 |= {e.id for e in a.rounds}
        seen_5 |= {e.id for e in b.rounds}
    assert len(seen_1) == 18
    assert len(seen_5) == 18


@pytest.mark.parametrize("levels", [[7], [0], [1, 7], [-1], []])
def test_bad_levels_raise(levels: list[int]) -> None:
    with pytest.raises(MonsterError):
        deal(levels, seed=1)


@pytest.mark.parametrize("levels", [[1, 1, 1], [2, 2, 5], [3, 6, 3], [4, 1, 4]])
def test_too_many_piles_on_the_same_cards_raise(levels: list[int]) -> None:
    with pytest.raises(MonsterError, match="free"):
        deal(levels, seed=1)


def test_deal_from_a_given_catalogue(catalogue: Catalogue) -> None:
    small = Catalogue(catalogue.level(2) + catalogue.level(3))
    piles = deal([3, 2], seed=4, catalogue=small)
    assert [p.level for p in piles] == [3, 2]
    with pytest.raises(MonsterError):
        deal([1], seed=4, catalogue=small)


def test_pile_to_json() -> None:
    pile = deal([4], seed=3)[0]
    data = pile.to_json()
    assert data["level"] == 4
    assert [r["round"] for r in data["rounds"]] == list(range(1, 10))
    for row, entry in zip(data["rounds"], pile.rounds, strict=True):
        assert row == {
            "round": row["round"],
            "id": entry.id,
            "card": entry.card,
            "task": str(entry.task),
        }
