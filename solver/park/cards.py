"""Monster Park's vocabulary: areas, monsters, upgrades, tourists and the deck file.

A deck file (TOML) lists ``[[monster]]``, ``[[upgrade]]`` and ``[[tourist]]``
tables; the standard one ships as ``data/deck.toml``. Cards are named by their
``id`` everywhere else (states, moves, JSON).

>>> deck = load_deck("standard")
>>> len(deck.monsters), len(deck.upgrades), len(deck.tourists)
(90, 15, 16)
>>> deck.monster("water-07")
Monster(id='water-07', area=<Area.WATER: 'water'>, size=2, friendly=True, points=1)
>>> deck.tourist("land-4").text
'4 land monsters'
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from importlib import resources
from typing import Any, TypeAlias

from solver.errors import NotationError
from solver.files import read_text

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


@dataclass(frozen=True)
class Deck:
    """Every card of a game, in file order."""

    name: str
    monsters: tuple[Monster, ...]
    upgrades: tuple[Upgrade, ...]
    tourists: tuple[Tourist, ...]

    @functools.cached_property
    def _by_id(self) -> dict[CardId, Monster | Upgrade | Tourist]:
        cards: list[Monster | Upgrade | Tourist] = [*self.monsters, *self.upgrades, *self.tourists]
        return {c.id: c for c in cards}

    def card(self, card_id: CardId) -> Monster | Upgrade | Tourist:
        """Any card by id; NotationError for an unknown id."""
        try:
            return self._by_id[card_id]
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


def _field(table: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    value = table.get(key)
    if not isinstance(value, kind) or isinstance(value, bool) is not (kind is bool):
        raise NotationError(f"{where}: field {key!r} must be a {kind.__name__}, not {value!r}")
    return value


def _area(text: Any, where: str) -> Area:
    try:
        return Area(text)
    except ValueError:
        raise NotationError(f"{where}: unknown area {text!r} (water, land, air)") from None


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
    monsters: list[Monster] = []
    for i, t in enumerate(doc.get("monster", []), start=1):
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
                _field(t, "points", int, where),
            )
        )
    upgrades: list[Upgrade] = []
    for i, t in enumerate(doc.get("upgrade", []), start=1):
        where = f"upgrade {i}"
        kind = _field(t, "kind", str, where)
        if kind not in UPGRADE_KINDS:
            raise NotationError(f"{where}: unknown kind {kind!r} ({', '.join(UPGRADE_KINDS)})")
        size = _field(t, "size", int, where)
        if not 1 <= size <= 5:
            raise NotationError(f"{where}: size must be 1-5, not {size}")
        cost = t.get("cost", UPGRADE_COST[kind])
        upgrades.append(Upgrade(_field(t, "id", str, where), kind, size, int(cost)))
    tourists = [_tourist(t, f"tourist {i}") for i, t in enumerate(doc.get("tourist", []), 1)]
    deck = Deck(name, tuple(monsters), tuple(upgrades), tuple(tourists))
    ids = [m.id for m in deck.monsters] + [u.id for u in deck.upgrades]
    ids += [t.id for t in deck.tourists]
    if len(set(ids)) != len(ids):
        twice = sorted({i for i in ids if ids.count(i) > 1})
        raise NotationError(f"deck {name!r} repeats card ids: {', '.join(twice)}")
    if not deck.monsters or not deck.tourists:
        raise NotationError(f"deck {name!r} needs monsters and tourists")
    return deck


def _tourist(t: Mapping[str, Any], where: str) -> Tourist:
    need = _field(t, "need", str, where)
    if need not in NEEDS:
        raise NotationError(f"{where}: unknown need {need!r} ({', '.join(NEEDS)})")
    runs = tuple(tuple(int(s) for s in run) for run in t.get("runs", []))
    if need == "run" and not runs:
        raise NotationError(f"{where}: a run tourist needs 'runs'")
    character = str(t.get("character", ""))
    if need == "each_area" and character not in ("friendly", "nasty"):
        raise NotationError(f"{where}: 'each_area' needs character friendly or nasty")
    return Tourist(
        id=_field(t, "id", str, where),
        text=_field(t, "text", str, where),
        reward=_field(t, "reward", int, where),
        need=need,
        count=int(t.get("count", 0)),
        area=_area(t["area"], where) if "area" in t else None,
        size=int(t.get("size", 0)),
        character=character,
        runs=runs,
    )


@functools.lru_cache(maxsize=16)
def load_deck(name: str = "standard") -> Deck:
    """The standard deck (``"standard"``) or the deck file at path ``name``."""
    if name == "standard":
        text = resources.files("solver.park").joinpath("data/deck.toml").read_text("utf-8")
        return parse_deck(text, "standard")
    return parse_deck(read_text(name, "deck", NotationError), name)
