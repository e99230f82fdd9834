"""Reading the cards of a Monster Park document: every card id names a card of the
right kind for its place, and a park obeys the park rules (its own area for a
monster, sizes that never shrink after a monster, five cards an area). A full state
and a seat's view share these readers (and :mod:`solver.fields` for the rest), so
both are held to the same rules; every fault is a NotationError naming its JSON path
in player words.

>>> from solver.park.cards import load_deck
>>> deck = load_deck()
>>> park = {"water": ["land-01"], "land": [], "air": []}
>>> read_park(deck, park, "parks[0]", None)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
solver.errors.NotationError: parks[0].water[0]: a land monster may only live in the land area, ...
>>> card_id(deck, 7, "track[0]", Monster)
Traceback (most recent call last):
...
solver.errors.NotationError: track[0]: must be the id of a monster card, not 7
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from solver.errors import NotationError, quoted
from solver.fields import at, read_fields, read_list
from solver.park.board import AREA_ROOM, Park, place_error
from solver.park.cards import AREAS, CardId, Deck, Monster, Tourist, Upgrade

MAX_TOKENS = 1_000_000
"""Most tokens one player or the bank is read with."""
SEED_RANGE = (-(2**63), 2**64 - 1)
"""Seeds a state may carry (a new game's seed from the system has 64 bits)."""

KIND_WORD: Mapping[type, str] = {Monster: "a monster", Upgrade: "an upgrade", Tourist: "a tourist"}


def card_id(deck: Deck, value: Any, path: str, kind: type | tuple[type, ...]) -> CardId:
    """A card id of the deck naming a card of ``kind`` (a class or classes)."""
    if isinstance(value, str) and isinstance(deck.by_id.get(value), kind):
        return value  # the usual case, before any message is made
    kinds = kind if isinstance(kind, tuple) else (kind,)
    want = " or ".join(KIND_WORD[k] for k in kinds)
    if not isinstance(value, str):
        raise NotationError(f"must be the id of {want} card, not {quoted(value)}", path=path)
    found = deck.by_id.get(value)
    if found is None:
        raise NotationError(f"unknown card {quoted(value)} in deck {deck.name!r}", path=path)
    if not isinstance(found, kinds):
        raise NotationError(
            f"{value!r} is {KIND_WORD[type(found)]}: only {want} goes here", path=path
        )
    return value


def card_list(
    deck: Deck,
    value: Any,
    path: str,
    kind: type | tuple[type, ...],
    most: int,
    read: Callable[[Any, str], CardId] | None = None,
) -> tuple[CardId, ...]:
    """A list of at most ``most`` card ids of ``kind``; ``read(entry, path)`` first turns
    each entry into an id when entries are objects."""
    out = []
    for i, entry in enumerate(read_list(value, path, most)):
        raw = entry if read is None else read(entry, at(path, i))
        if not (isinstance(raw, str) and isinstance(deck.by_id.get(raw), kind)):
            card_id(deck, raw, at(path, i), kind)  # names the fault at its path
        out.append(raw)
    return tuple(out)


def read_park(deck: Deck, doc: Any, path: str, read: Callable[[Any, str], CardId] | None) -> Park:
    """One park board: three areas of at most five monsters and upgrades each, in an
    order the park rules allow."""
    doc = read_fields(doc, path, [a.value for a in AREAS], "a park")
    park: list[tuple[CardId, ...]] = []
    for area in AREAS:
        where = at(path, area.value)
        cards = card_list(deck, doc[area.value], where, (Monster, Upgrade), AREA_ROOM, read)
        for i, cid in enumerate(cards):
            card = cast(Monster | Upgrade, deck.card(cid))
            before = tuple(cards[:i] if a == area else () for a in AREAS)
            why = place_error(deck, before, card, area)
            if why is not None:
                raise NotationError(why, path=at(where, i))
        park.append(cards)
    return tuple(park)


def read_row(
    deck: Deck,
    value: Any,
    path: str,
    kind: type,
    length: int,
    read: Callable[[Any, str], CardId] | None = None,
) -> tuple[CardId | None, ...]:
    """A row of ``length`` places, each empty (null) or a card of ``kind``; ``read(entry,
    path)`` first turns an entry into an id when entries are objects."""
    return tuple(
        None
        if c is None
        else card_id(deck, c if read is None else read(c, at(path, i)), at(path, i), kind)
        for i, c in enumerate(read_list(value, path, length, length))
    )
