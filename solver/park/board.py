"""The park rules and the tourists' wishes, as functions over a park.

A park is three areas (water, land, air), each a tuple of card ids from left
to right. These functions answer with the rule a placement or a claim breaks,
in words, or None when it is fine.

>>> from solver.park.cards import load_deck, Area
>>> deck = load_deck()
>>> park = (("water-19",), (), ())
>>> deck.monster("water-19").size
4
>>> place_error(deck, park, deck.monster("water-07"), Area.WATER)
'a size-2 monster cannot follow the size-4 monster in the water area'
>>> place_error(deck, park, deck.monster("land-01"), Area.WATER)
'a land monster may only live in the land area, not the water area'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import TypeAlias

from solver.errors import quoted
from solver.park.cards import (
    AREAS,
    UPGRADE_NAME,
    Area,
    CardId,
    Deck,
    Monster,
    Tourist,
    Upgrade,
    article,
)

Park: TypeAlias = tuple[tuple[CardId, ...], ...]
AREA_ROOM = 5
EMPTY_PARK: Park = ((), (), ())


def card_name(deck: Deck, card_id: CardId) -> str:
    """``the size-4 monster`` or ``the size-2 balloons``."""
    card = deck.card(card_id)
    if isinstance(card, Monster):
        return f"the size-{card.size} monster"
    if isinstance(card, Upgrade):
        return f"the size-{card.size} {UPGRADE_NAME.get(card.kind, card.kind)}"
    return card.id


def floor(deck: Deck, cards: tuple[CardId, ...]) -> int:
    """The smallest size the next monster in an area may have: the last card's size."""
    if not cards:
        return 0
    card = deck.card(cards[-1])
    assert isinstance(card, Monster | Upgrade)
    return card.size


def placed(park: Park, area: Area, card_id: CardId) -> Park:
    """``park`` with ``card_id`` laid at the right end of ``area``."""
    i = AREAS.index(area)
    return (*park[:i], park[i] + (card_id,), *park[i + 1 :])


def free_slots(park: Park) -> int:
    """The cards the park still has room for, over its three areas."""
    return len(AREAS) * AREA_ROOM - sum(len(cards) for cards in park)


def is_full(park: Park) -> bool:
    """True when every area holds 5 cards."""
    return all(len(cards) >= AREA_ROOM for cards in park)


def place_error(deck: Deck, park: Park, card: Monster | Upgrade, area: Area) -> str | None:
    """The park rule that placing ``card`` in ``area`` breaks, or None."""
    cards = park[AREAS.index(area)]
    if isinstance(card, Monster) and card.area != area:
        return (
            f"{article(f'{card.area} monster')} may only live in the {card.area} area, "
            f"not the {area} area"
        )
    if len(cards) >= AREA_ROOM:
        return f"the {area} area is full ({AREA_ROOM} cards)"
    if isinstance(card, Monster) and cards and card.size < floor(deck, cards):
        return (
            f"a size-{card.size} monster cannot follow {card_name(deck, cards[-1])} "
            f"in the {area} area"
        )
    return None


@dataclass(frozen=True)
class Counts:
    """What a park shows, as the tourists count it."""

    friendly: int
    nasty: int
    upgrades: int
    by_area: tuple[int, ...]
    by_size: tuple[int, ...]  # index 0..5
    friendly_areas: int
    nasty_areas: int
    monsters: int
    points: int


def counts(deck: Deck, park: Park) -> Counts:
    """Count a park's monsters by character, area and size, and its upgrades."""
    friendly = nasty = upgrades = points = 0
    by_area = [0, 0, 0]
    by_size = [0] * 6
    f_areas = n_areas = 0
    for i, cards in enumerate(park):
        has_f = has_n = False
        for card_id in cards:
            card = deck.card(card_id)
            if isinstance(card, Monster):
                by_area[i] += 1
                by_size[card.size] += 1
                points += card.points
                if card.friendly:
                    friendly += 1
                    has_f = True
                else:
                    nasty += 1
                    has_n = True
            else:
                upgrades += 1
        f_areas += has_f
        n_areas += has_n
    return Counts(
        friendly,
        nasty,
        upgrades,
        tuple(by_area),
        tuple(by_size),
        f_areas,
        n_areas,
        friendly + nasty,
        points,
    )


def has_run(deck: Deck, cards: tuple[CardId, ...], run: tuple[int, ...], gaps: str) -> bool:
    """Does one area show ``run`` (sizes, left to right)? ``gaps`` is the run_gaps setting."""
    seq: list[int | None] = []
    for card_id in cards:
        card = deck.card(card_id)
        if isinstance(card, Monster):
            seq.append(card.size)
        elif gaps == "none":
            seq.append(None)
    if gaps == "any":
        it = iter(seq)
        return all(any(s == want for s in it) for want in run)
    n = len(run)
    return any(tuple(seq[i : i + n]) == run for i in range(len(seq) - n + 1))


COUNTED = ("friendly", "nasty", "upgrades", "area", "size", "tourists")
"""The wishes that ask for a count of one thing (:func:`have_toward`)."""


def have_toward(tourist: Tourist, c: Counts, held: int) -> int:
    """How many of what ``tourist`` counts a park with counts ``c`` shows (``held``:
    the tourists already in the park), for a wish in :data:`COUNTED`."""
    if tourist.need == "area":
        assert tourist.area is not None
        return c.by_area[AREAS.index(tourist.area)]
    if tourist.need == "size":
        return c.by_size[tourist.size]
    return {
        "friendly": c.friendly,
        "nasty": c.nasty,
        "upgrades": c.upgrades,
        "tourists": held,
    }[tourist.need]


def shortfall(
    deck: Deck, park: Park, held: int, tourist: Tourist, gaps: str, c: Counts | None = None
) -> str | None:
    """Why ``tourist`` will not come (``held`` = tourists already in the park), or None.

    ``c`` may pass ``counts(deck, park)`` when the caller has it already.
    """
    c = c or counts(deck, park)
    need = tourist.need
    if need in COUNTED:
        have = have_toward(tourist, c, held)
        if have >= tourist.count:
            return None
        return f"tourist {tourist.id!r} wants {tourist.text.lower()}; the park has {have}"
    if need == "both":
        if min(c.friendly, c.nasty) >= tourist.count:
            return None
        return (
            f"tourist {tourist.id!r} wants {tourist.text.lower()}; "
            f"the park has {c.friendly} friendly and {c.nasty} nasty"
        )
    if need == "each_area":
        have = c.friendly_areas if tourist.character == "friendly" else c.nasty_areas
        if have == len(AREAS):
            return None
        return f"tourist {tourist.id!r} wants {tourist.text.lower()}; {have} areas have one"
    if any(has_run(deck, cards, run, gaps) for cards in park for run in tourist.runs):
        return None
    return f"tourist {tourist.id!r} wants {tourist.text.lower()}; no area shows such a run"


def claim_error(
    deck: Deck,
    park: Park,
    held: int,
    row: tuple[CardId | None, ...],
    claim: tuple[CardId, ...],
    gaps: str,
) -> str | None:
    """Why the tourists ``claim`` cannot come in this order, or None.

    Args:
        held: tourists the player holds before this turn's claims.
        row: the tourists on the track.
        claim: tourist ids in the order they are invited.
    """
    c = counts(deck, park)
    for i, tourist_id in enumerate(claim):
        if tourist_id not in row:
            return f"tourist {quoted(tourist_id)} is not on the tourist track"
        if tourist_id in claim[:i]:
            return f"tourist {quoted(tourist_id)} is invited twice"
        why = shortfall(deck, park, held + i, deck.tourist(tourist_id), gaps, c)
        if why is not None:
            return why
    return None


def claim_options(
    deck: Deck, park: Park, held: int, row: tuple[CardId | None, ...], gaps: str
) -> list[tuple[CardId, ...]]:
    """Every non-empty set of tourists that can come, each in an order that works.

    Sets come smallest first, then in track order; within a set, the tourists
    that count other tourists come last, which is the order that lets most come.
    """
    present = [t for t in row if t is not None]
    tourists = {t: deck.tourist(t) for t in present}
    c = counts(deck, park)
    # A tourist that counts tourists comes once enough are in the park: the fewest it
    # needs beside those already held (the others' wants do not change within a turn).
    after = {
        t: max(0, tourist.count - held)
        for t, tourist in tourists.items()
        if tourist.need == "tourists"
    }
    met = {
        t
        for t, tourist in tourists.items()
        if t not in after and shortfall(deck, park, held, tourist, gaps, c) is None
    }
    able = [t for t in present if t in met or t in after]  # the sets of the others fail
    found: list[tuple[CardId, ...]] = []
    for size in range(1, len(able) + 1):
        for subset in combinations(able, size):
            first = tuple(t for t in subset if t not in after)
            last = tuple(t for t in subset if t in after)
            if all(after[t] <= len(first) + i for i, t in enumerate(last)):
                found.append(first + last)
    return found


def monsters_in(deck: Deck, park: Park) -> Iterator[Monster]:
    """Every monster in a park."""
    for cards in park:
        for card_id in cards:
            card = deck.card(card_id)
            if isinstance(card, Monster):
                yield card
