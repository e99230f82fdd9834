"""Monster Park's vocabulary: areas, monsters, upgrades, tourists and the deck file.

A deck file (TOML) lists ``[[monster]]``, ``[[upgrade]]`` and ``[[tourist]]``
tables; the standard one ships as ``data/deck.toml``. Cards are named by their
``id`` everywhere else (states, moves, JSON). A request names a built-in deck;
only the command line (inside ``solver.files.allow_files``) may name a deck file.

>>> deck = load_deck("standard")
>>> len(deck.monsters), len(deck.upgrades), len(deck.tourists)
(90, 15, 16)
>>> deck.monster("water-07")
Monster(id='water-07', area=<Area.WATER: 'water'>, size=2, friendly=True, points=1)
>>> deck.tourist("land-4").text
'4 land monsters'
>>> card_json(deck, "balloons-2")
{'id': 'balloons-2', 'kind': 'balloons', 'size': 2, 'cost': 2}
>>> [len(cards_json()[k]) for k in ("monsters", "upgrades", "tourists")]
[90, 15, 16]
>>> load_deck("/etc/passwd")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
solver.errors.UnknownDeckError: settings.deck: unknown deck '/etc/passwd': the built-in ...
"""

from __future__ import annotations

import functools
import tomllib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from importlib import resources
from typing import Any, TypeAlias

from solver.errors import NotationError, UnknownDeckError, quoted
from solver.files import files_allowed, read_user_file

CardId: TypeAlias = str


class Area(StrEnum):
    """The three areas of a park, in the order a park board shows them."""

    WATER = "water"
    LAND = "land"
    AIR = "air"


AREAS: tuple[Area, ...] = (Area.WATER, Area.LAND, Area.AIR)

#: Upgrade kinds in the order of their spaces on the main board, with their prices.
UPGRADE_KINDS: tuple[str, ...] = ("souvenirs", "balloons", "benches")
UPGRADE_COST: Mapping[str, int] = {"souvenirs": 3, "balloons": 2, "benches": 1}
#: What one card of each upgrade kind is called ("the size-2 bench").
UPGRADE_NAME: Mapping[str, str] = {
    "souvenirs": "souvenirs",
    "balloons": "balloons",
    "benches": "bench",
}


def article(words: str) -> str:
    """``words`` with "a" or "an" before them, as they are said.

    >>> article("air monster"), article("size-2 bench")
    ('an air monster', 'a size-2 bench')
    """
    return f"{'an' if words[0] in 'aeiou' else 'a'} {words}"


#: What a tourist may ask for (the ``need`` field of a deck file).
NEEDS = ("friendly", "nasty", "upgrades", "area", "size", "tourists", "run", "each_area", "both")


@dataclass(frozen=True)
class Monster:
    """A monster card: lives in ``area``; ``friendly`` False means nasty."""

    id: CardId
    area: Area
    size: int
    friendly: bool
    points: int

    @property
    def character(self) -> str:
        """``friendly`` or ``nasty``."""
        return "friendly" if self.friendly else "nasty"


@dataclass(frozen=True)
class Upgrade:
    """An upgrade card: souvenirs, balloons or benches."""

    id: CardId
    kind: str
    size: int
    cost: int


@dataclass(frozen=True)
class Tourist:
    """A tourist card: what it wants (``need`` and its parameters) and its reward.

    ``count`` is the number asked for; ``area``, ``size``, ``character`` and
    ``runs`` qualify it for the needs that use them.
    """

    id: CardId
    text: str
    reward: int
    need: str
    count: int = 0
    area: Area | None = None
    size: int = 0
    character: str = ""
    runs: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True, eq=False)
class Deck:
    """Every card of a game, in file order. Two decks are the same only when they are
    one object (a built-in deck is loaded once), which keeps them cheap cache keys."""

    name: str
    monsters: tuple[Monster, ...]
    upgrades: tuple[Upgrade, ...]
    tourists: tuple[Tourist, ...]

    @functools.cached_property
    def by_id(self) -> dict[CardId, Monster | Upgrade | Tourist]:
        """Every card by its id."""
        cards: list[Monster | Upgrade | Tourist] = [*self.monsters, *self.upgrades, *self.tourists]
        return {c.id: c for c in cards}

    def card(self, card_id: CardId) -> Monster | Upgrade | Tourist:
        """Any card by id; NotationError for an unknown id."""
        try:
            return self.by_id[card_id]
        except KeyError:
            raise NotationError(f"unknown card {card_id!r} in deck {self.name!r}") from None

    def monster(self, card_id: CardId) -> Monster:
        """The monster called ``card_id``."""
        card = self.card(card_id)
        if not isinstance(card, Monster):
            raise NotationError(f"card {card_id!r} is not a monster")
        return card

    def upgrade(self, card_id: CardId) -> Upgrade:
        """The upgrade called ``card_id``."""
        card = self.card(card_id)
        if not isinstance(card, Upgrade):
            raise NotationError(f"card {card_id!r} is not an upgrade")
        return card

    def tourist(self, card_id: CardId) -> Tourist:
        """The tourist called ``card_id``."""
        card = self.card(card_id)
        if not isinstance(card, Tourist):
            raise NotationError(f"card {card_id!r} is not a tourist")
        return card


Face: TypeAlias = tuple[Area, int]
"""What a face-down monster shows: its area and size."""


def face_of(deck: Deck, card: CardId) -> Face:
    """The back of a monster card: its area and size."""
    m = deck.monster(card)
    return m.area, m.size


def _field(table: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    value = table.get(key)
    if not isinstance(value, kind) or isinstance(value, bool) is not (kind is bool):
        raise NotationError(
            f"{where}: field {key!r} must be a {kind.__name__}, not {quoted(value)}"
        )
    return value


def _area(text: Any, where: str) -> Area:
    try:
        return Area(text)
    except ValueError:
        raise NotationError(f"{where}: unknown area {quoted(text)} (water, land, air)") from None


def _tables(doc: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    tables = doc.get(key, [])
    if not isinstance(tables, list) or not all(isinstance(t, Mapping) for t in tables):
        raise NotationError(f"deck: {key!r} must be a list of [[{key}]] tables")
    return tables


def _number(
    t: Mapping[str, Any], key: str, where: str, low: int, high: int, default: int | None = None
) -> int:
    """A whole number ``low``-``high``; ``default`` when missing (None: it must be there)."""
    value = t.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise NotationError(
            f"{where}: {key!r} must be a whole number {low}-{high}, not {quoted(value)}"
        )
    return value


def parse_deck(text: str, name: str = "deck") -> Deck:
    """Read deck TOML.

    Raises:
        NotationError: the TOML does not parse, a field is missing or wrong, or
            an id repeats.
    """
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise NotationError(f"deck {name!r} is not valid TOML: {err}") from None
    except RecursionError:
        raise NotationError(f"deck {name!r} nests its values too deep") from None
    monsters: list[Monster] = []
    for i, t in enumerate(_tables(doc, "monster"), start=1):
        where = f"monster {i}"
        size = _field(t, "size", int, where)
        character = _field(t, "character", str, where)
        if not 1 <= size <= 5 or character not in ("friendly", "nasty"):
            raise NotationError(f"{where}: size must be 1-5 and character friendly or nasty")
        monsters.append(
            Monster(
                _field(t, "id", str, where),
                _area(t.get("area"), where),
                size,
                character == "friendly",
                _number(t, "points", where, -99, 99),
            )
        )
    upgrades: list[Upgrade] = []
    for i, t in enumerate(_tables(doc, "upgrade"), start=1):
        where = f"upgrade {i}"
        kind = _field(t, "kind", str, where)
        if kind not in UPGRADE_KINDS:
            raise NotationError(
                f"{where}: unknown kind {quoted(kind)} ({', '.join(UPGRADE_KINDS)})"
            )
        size = _field(t, "size", int, where)
        if not 1 <= size <= 5:
            raise NotationError(f"{where}: size must be 1-5, not {size}")
        cost = _number(t, "cost", where, 0, 99, UPGRADE_COST[kind])
        upgrades.append(Upgrade(_field(t, "id", str, where), kind, size, cost))
    tourists = [_tourist(t, f"tourist {i}") for i, t in enumerate(_tables(doc, "tourist"), 1)]
    deck = Deck(name, tuple(monsters), tuple(upgrades), tuple(tourists))
    ids = Counter([m.id for m in deck.monsters] + [u.id for u in deck.upgrades])
    ids.update(t.id for t in deck.tourists)
    twice = sorted(i for i, n in ids.items() if n > 1)
    if twice:
        raise NotationError(f"deck {name!r} repeats card ids: {', '.join(twice)}")
    if not deck.monsters or not deck.tourists:
        raise NotationError(f"deck {name!r} needs monsters and tourists")
    return deck


def _tourist(t: Mapping[str, Any], where: str) -> Tourist:
    need = _field(t, "need", str, where)
    if need not in NEEDS:
        raise NotationError(f"{where}: unknown need {need!r} ({', '.join(NEEDS)})")
    runs_doc = t.get("runs", [])
    if not isinstance(runs_doc, list) or not all(
        isinstance(run, list) and 0 < len(run) <= 5 and all(_is_size(s) for s in run)
        for run in runs_doc
    ):
        raise NotationError(f"{where}: 'runs' must be lists of sizes 1-5")
    runs = tuple(tuple(run) for run in runs_doc)
    if need == "run" and not runs:
        raise NotationError(f"{where}: a run tourist needs 'runs'")
    character = t.get("character", "")
    if character not in ("", "friendly", "nasty") or (
        need == "each_area" and character not in ("friendly", "nasty")
    ):
        raise NotationError(f"{where}: 'each_area' needs character friendly or nasty")
    if need == "size" and not _is_size(t.get("size")):
        raise NotationError(f"{where}: a 'size' tourist needs a size 1-5")
    if need == "area" and "area" not in t:
        raise NotationError(f"{where}: an 'area' tourist needs an area")
    return Tourist(
        id=_field(t, "id", str, where),
        text=_field(t, "text", str, where),
        reward=_number(t, "reward", where, 0, 99),
        need=need,
        count=_number(t, "count", where, 0, 15, 0),
        area=_area(t["area"], where) if "area" in t else None,
        size=_number(t, "size", where, 0, 5, 0),
        character=character,
        runs=runs,
    )


def _is_size(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 5


BUILT_IN: Mapping[str, str] = {"standard": "data/deck.toml"}
"""The decks shipped in the package: name -> file in the package."""


@functools.lru_cache(maxsize=len(BUILT_IN))
def _built_in(name: str) -> Deck:
    text = resources.files("solver.park").joinpath(BUILT_IN[name]).read_text("utf-8")
    return parse_deck(text, name)


def load_deck(name: str = "standard") -> Deck:
    """A built-in deck by name, or, where files may be named (the command line), the
    deck file at path ``name`` (read anew each time: nothing keeps it by its spelling).

    Raises:
        UnknownDeckError: not a built-in deck, and files may not be named here (the
            message does not depend on what the file system holds).
        NotationError: a deck file that cannot be read or does not parse.
    """
    if name in BUILT_IN:
        return _built_in(name)
    if not files_allowed():
        raise UnknownDeckError(
            f"unknown deck {name!r}: the built-in decks are {', '.join(BUILT_IN)}",
            path="settings.deck",
        )
    return parse_deck(read_user_file(name, "deck", NotationError), name)


def card_json(deck: Deck, card_id: CardId) -> dict[str, Any]:
    """A face-up card as JSON: its id and what it prints.

    A monster prints its area, size, character (``friendly`` or ``nasty``) and
    points; an upgrade its kind, size and cost in tokens; a tourist its wish
    (``text``) and its reward in tokens.
    """
    card = deck.card(card_id)
    if isinstance(card, Monster):
        return {
            "id": card_id,
            "area": card.area.value,
            "size": card.size,
            "character": card.character,
            "points": card.points,
        }
    if isinstance(card, Upgrade):
        return {"id": card_id, "kind": card.kind, "size": card.size, "cost": card.cost}
    return {"id": card_id, "text": card.text, "reward": card.reward}


def cards_json() -> dict[str, Any]:
    """Every card of the standard deck with what it prints, in deck-file order: what a
    front end needs to draw its own cards (``GET /v1/park/cards``).

    ``{"game": "park", "deck", "monsters": [...], "upgrades": [...], "tourists": [...]}``,
    each card as :func:`card_json` writes it (and as a view shows it face up). A
    face-down monster shows only its area and size, so its back is drawn from
    those two fields.
    """
    deck = load_deck("standard")
    return {
        "game": "park",
        "deck": deck.name,
        "monsters": [card_json(deck, m.id) for m in deck.monsters],
        "upgrades": [card_json(deck, u.id) for u in deck.upgrades],
        "tourists": [card_json(deck, t.id) for t in deck.tourists],
    }
