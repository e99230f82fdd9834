"""Reading a Monster Park document field by field: every value checked, every
fault a NotationError naming its JSON path in player words.

A full state and a seat's view share these readers, so both are held to the
same rules: sizes are bounded before anything loops over them, numbers are
whole and in range, each card id names a card of the right kind for its place,
and a park obeys the park rules (its own area for a monster, sizes that never
shrink after a monster, five cards an area).

>>> from solver.park.cards import load_deck
>>> deck = load_deck()
>>> park = {"water": ["land-01"], "land": [], "air": []}
>>> read_park(deck, park, "parks[0]", None)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
solver.errors.NotationError: parks[0].water[0]: a land monster may only live in the land area, ...
>>> whole(True, "to_move", 0, 3)
Traceback (most recent call last):
...
solver.errors.NotationError: to_move: must be a whole number 0-3, not True
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any, cast

from solver.errors import NotationError, quoted
from solver.park.board import AREA_ROOM, Park, place_error
from solver.park.cards import AREAS, CardId, Deck, Monster, Tourist, Upgrade

MAX_TOKENS = 1_000_000
"""Most tokens one player or the bank is read with."""
SEED_RANGE = (-(2**63), 2**64 - 1)
"""Seeds a state may carry (a new game's seed from the system has 64 bits)."""

KIND_WORD: Mapping[type, str] = {Monster: "a monster", Upgrade: "an upgrade", Tourist: "a tourist"}


def at(path: str, key: str | int) -> str:
    """The path of ``key`` inside ``path``: ``at("parks[0]", "water")`` is ``parks[0].water``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def quote(value: Any) -> str:
    """``solver.errors.quoted``, also for a value holding a whole number too long to print."""
    try:
        return quoted(value)
    except ValueError:
        return "a number too long to print"


def key_path(path: str, key: Any) -> str:
    """The path of an unknown field, or of its parent when the name is too long to quote."""
    return at(path, key) if isinstance(key, str) and len(key) <= 40 else path


def fields(doc: Any, path: str, keys: Collection[str], what: str) -> Mapping[str, Any]:
    """``doc`` as an object with exactly the fields ``keys``."""
    if not isinstance(doc, Mapping):
        raise NotationError(f"{what} must be a JSON object, not {quote(doc)}", path=path or None)
    for key in keys:
        if key not in doc:
            raise NotationError(f"{what} is missing the field {key!r}", path=at(path, key))
    for key in doc:
        if key not in keys:
            raise NotationError(f"{what} has no field {quote(key)}", path=key_path(path, key))
    return doc


def whole(value: Any, path: str, low: int, high: int) -> int:
    """A whole number ``low``-``high`` (``true`` is not a number)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise NotationError(f"must be a whole number {low}-{high}, not {quote(value)}", path=path)
    return value


def flag(value: Any, path: str) -> bool:
    """``true`` or ``false``."""
    if not isinstance(value, bool):
        raise NotationError(f"must be true or false, not {quote(value)}", path=path)
    return value


def choice(value: Any, path: str, options: tuple[str, ...]) -> str:
    """One of ``options``."""
    if not isinstance(value, str) or value not in options:
        raise NotationError(f"must be one of {', '.join(options)}, not {quote(value)}", path=path)
    return value


def items(value: Any, path: str, most: int, exactly: int | None = None) -> list[Any]:
    """A JSON list of at most ``most`` entries (or exactly ``exactly``)."""
    if not isinstance(value, list):
        raise NotationError(f"must be a list, not {quote(value)}", path=path)
    if exactly is not None and len(value) != exactly:
        raise NotationError(f"must hold {exactly} entries, not {len(value)}", path=path)
    if len(value) > most:
        raise NotationError(f"holds {len(value)} entries; there are only {most}", path=path)
    return value


def card_id(deck: Deck, value: Any, path: str, kind: type | tuple[type, ...]) -> CardId:
    """A card id of the deck naming a card of ``kind`` (a class or classes)."""
    if isinstance(value, str) and isinstance(deck.by_id.get(value), kind):
        return value  # the usual case, before any message is made
    kinds = kind if isinstance(kind, tuple) else (kind,)
    want = " or ".join(KIND_WORD[k] for k in kinds)
    if not isinstance(value, str):
        raise NotationError(f"must be the id of {want} card, not {quote(value)}", path=path)
    found = deck.by_id.get(value)
    if found is None:
        raise NotationError(f"unknown card {quote(value)} in deck {deck.name!r}", path=path)
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
    for i, entry in enumerate(items(value, path, most)):
        raw = entry if read is None else read(entry, at(path, i))
        if not (isinstance(raw, str) and isinstance(deck.by_id.get(raw), kind)):
            card_id(deck, raw, at(path, i), kind)  # names the fault at its path
        out.append(raw)
    return tuple(out)


def read_park(deck: Deck, doc: Any, path: str, read: Callable[[Any, str], CardId] | None) -> Park:
    """One park board: three areas of at most five monsters and upgrades each, in an
    order the park rules allow."""
    doc = fields(doc, path, [a.value for a in AREAS], "a park")
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


def check_game(doc: Any, what: str) -> Mapping[str, Any]:
    """``doc`` as an object of a Monster Park document (``what``: state or view)."""
    if not isinstance(doc, Mapping):
        raise NotationError(f"a {what} must be a JSON object")
    game = doc.get("game")
    if game != "park":
        shown = game if isinstance(game, str) and len(game) <= 30 else "different"
        raise NotationError(f"this is a {shown} {what}, not a park {what}", path="game")
    return doc


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
        for i, c in enumerate(items(value, path, length, length))
    )
