"""The vocabulary of Very Big Monster: terrains, cards, explorers, mission tiles.

A monster card lies on a square grid; ``Pos`` is ``(row, column)`` with rows
growing downwards. Elements that run across card edges are printed as halves:
Big Mama pieces join left to right (head, bodies, tail), a two-card Ice monster
is a left half and a right half of the same kind, and a crystal is a top half
(on a card's bottom edge) over a bottom half (on the top edge of the card
below). Portal quarters sit in card corners; four cards around one grid point
complete a portal.

A deck is read from TOML text by :mod:`solver.vbm.deckfile`, and found by its
name by :mod:`solver.vbm.decks`.

>>> from solver.vbm.decks import standard_deck
>>> deck = standard_deck()
>>> len(deck.cards), len(deck.explorers), len(deck.missions)
(120, 12, 5)
>>> deck.card("W01").terrain, deck.card("W01").mama
(<Terrain.WATER: 'water'>, 'head')
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import TypeAlias

from solver.errors import NotationError
from solver.game import Json

Pos: TypeAlias = tuple[int, int]
CardId: TypeAlias = str


class Terrain(Enum):
    """The six terrains (card backgrounds)."""

    WATER = "water"
    LAVA = "lava"
    ICE = "ice"
    ROCK = "rock"
    GRASSLAND = "grassland"
    SAND = "sand"


TERRAINS: tuple[Terrain, ...] = tuple(Terrain)

#: A direction's step on the grid.
STEPS: dict[str, Pos] = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
CORNERS = ("nw", "ne", "sw", "se")
COLOURS = ("blue", "red", "green")
#: VP of a completed crystal of each colour (rulebook example: 10, 5 and 2).
CRYSTAL_VP: dict[str, int] = {"blue": 10, "red": 5, "green": 2}
MAMA_PIECES = ("head", "body", "tail")
SAND_REGIONS = ("adjacent", "row", "column", "diagonal")
SAND_CONDITIONS = ("any", "same", "different")
#: The arrows a Sand card of each region may print, and the grid step of each: a row
#: card points left or right, a column card up or down, a diagonal card along one
#: diagonal ray; an adjacent card looks at the 4 cards around it.
SAND_ARROWS: dict[str, tuple[str, ...]] = {
    "adjacent": ("around",),
    "row": ("left", "right"),
    "column": ("up", "down"),
    "diagonal": ("up-left", "up-right", "down-left", "down-right"),
}
ARROW_STEPS: dict[str, Pos] = {
    **STEPS,
    "up-left": (-1, -1),
    "up-right": (-1, 1),
    "down-left": (1, -1),
    "down-right": (1, 1),
}

#: Counter names that missions and explorers may use (``solver.vbm.area`` counts them).
COUNTERS = (
    *(t.value for t in TERRAINS),
    "water_monsters",
    "big_mamas",
    "babies",
    "ice_monsters",
    "flipped_ice",
    "mutagens",
    "rock_monsters",
    "crystals",
    "crystal_sets",
    "crystal_blue",
    "crystal_red",
    "crystal_green",
    "portals",
    "grass_symbols",
    "terrains",
    "tokens",
)


@dataclass(frozen=True)
class SandRule:
    """How a Sand card scores: ``vp`` per counted card of ``region`` in the direction of
    its ``arrow`` (:data:`SAND_ARROWS`).

    ``any`` counts every card there; ``same`` the largest group sharing one
    terrain; ``different`` one card per terrain present.
    """

    region: str
    condition: str
    vp: int
    arrow: str = "around"


@dataclass(frozen=True)
class IceHalf:
    """Half of a two-card Ice monster; both halves print the same upgrade."""

    kind: str
    half: str  # "left" or "right"
    beams: int  # beams needed to flip the monster (1 to 3)
    upgraded: int  # VP of the whole flipped monster


@dataclass(frozen=True)
class Card:
    """One monster card, front side (flipped sides are derived, see ``area``).

    Args:
        id: unique name, e.g. ``W01``.
        set: the set (1..6) printed on the back.
        terrain: the card's background.
        vp: printed VP (for Ice: this half's VP before flipping).
        mama: Big Mama piece (``head``/``body``/``tail``) or None.
        baby: a Baby monster (a completed Water monster on its own).
        ice: half of an Ice monster, or None.
        beams: directions of the Mutagen monsters' beams (one per Mutagen monster).
        rocks: number of Rock monsters shown.
        grass: Grassland symbols shown.
        sand: the Sand rule (front) and ``flipped`` rule (back), Sand cards only.
        crystals: crystal halves as ``(edge, colour)``, edge ``top`` or ``bottom``.
        portals: corners holding a portal quarter.
    """

    id: CardId
    set: int
    terrain: Terrain
    vp: int = 0
    mama: str | None = None
    baby: bool = False
    ice: IceHalf | None = None
    beams: tuple[str, ...] = ()
    rocks: int = 0
    grass: int = 0
    sand: SandRule | None = None
    flipped: SandRule | None = None
    crystals: tuple[tuple[str, str], ...] = ()
    portals: tuple[str, ...] = ()

    @property
    def connects(self) -> bool:
        """Does the card score more next to the right neighbours (a half element, a
        quarter, a beam, a Sand rule)?"""
        return bool(
            self.mama or self.ice or self.crystals or self.portals or self.beams or self.sand
        )


@dataclass(frozen=True)
class Explorer:
    """An Explorer card: ``terms`` are ``(counter, vp)`` pairs, VP per counted thing.

    Counters are the names :func:`solver.vbm.area.analyse` counts.
    """

    id: str
    text: str
    terms: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class MissionSide:
    """One side of a Mission tile.

    Args:
        counter: what it counts (a counter :func:`solver.vbm.area.analyse` counts).
        personal: how many one play area needs.
        team: how many both teammates' areas need together.
        rewards: the token pyramid, top token first.
    """

    id: str
    text: str
    counter: str
    personal: int
    team: int
    rewards: tuple[int, ...]


@dataclass(frozen=True)
class Deck:
    """Monster cards, explorers, mission tiles (two sides each), grassland table."""

    cards: tuple[Card, ...]
    explorers: tuple[Explorer, ...]
    missions: tuple[tuple[MissionSide, MissionSide], ...]
    grassland: tuple[int, ...]  # VP for 0, 1, 2... symbols; the last value holds beyond
    portal_tiles: int
    portal_vp: int
    name: str = "standard"

    @functools.cached_property
    def by_id(self) -> Mapping[CardId, Card]:
        """Cards by id."""
        return {card.id: card for card in self.cards}

    def card(self, card_id: CardId) -> Card:
        """The card called ``card_id``; NotationError for an unknown one."""
        try:
            return self.by_id[card_id]
        except KeyError:
            raise NotationError(f"unknown card {card_id!r}") from None

    def explorer(self, explorer_id: str) -> Explorer:
        """The explorer called ``explorer_id``; NotationError for an unknown one."""
        for explorer in self.explorers:
            if explorer.id == explorer_id:
                return explorer
        raise NotationError(f"unknown explorer {explorer_id!r}")

    def sets(self) -> tuple[int, ...]:
        """The set numbers, ascending."""
        return tuple(sorted({card.set for card in self.cards}))

    def grass_vp(self, symbols: int) -> int:
        """VP for ``symbols`` Grassland symbols by the reference table."""
        return self.grassland[min(symbols, len(self.grassland) - 1)]


def _rule_json(rule: SandRule) -> Json:
    return {"region": rule.region, "arrow": rule.arrow, "condition": rule.condition, "vp": rule.vp}


def card_json(card: Card) -> Json:
    """What one card prints, in the data file's words: ``id``, ``set``, ``terrain``
    and ``vp`` always, each element only when the card shows it.

    >>> from solver.vbm.decks import standard_deck
    >>> card_json(standard_deck().card("W03"))
    {'id': 'W03', 'set': 1, 'terrain': 'water', 'vp': 1, 'mama': 'tail'}
    """
    doc: Json = {"id": card.id, "set": card.set, "terrain": card.terrain.value, "vp": card.vp}
    if card.mama is not None:
        doc["mama"] = card.mama
    if card.baby:
        doc["baby"] = True
    if card.ice is not None:
        ice = card.ice
        doc["ice"] = {
            "kind": ice.kind,
            "half": ice.half,
            "beams": ice.beams,
            "upgraded": ice.upgraded,
        }
    for key, count in (("rocks", card.rocks), ("grass", card.grass)):
        if count:
            doc[key] = count
    if card.beams:
        doc["beams"] = list(card.beams)
    if card.sand is not None and card.flipped is not None:
        doc["sand"], doc["flipped"] = _rule_json(card.sand), _rule_json(card.flipped)
    if card.crystals:
        doc["crystals"] = [[edge, colour] for edge, colour in card.crystals]
    if card.portals:
        doc["portals"] = list(card.portals)
    return doc
