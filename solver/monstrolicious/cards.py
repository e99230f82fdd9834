"""The Monstrolicious vocabulary: tile values, placed tiles and the buffet (the
game's tiles are its cards).

Each player owns 13 tiles: monsters of strength 1 to 12 and one Trap. A tile is
its value (``TRAP`` is 0), so within one player's set a value names one tile.
A tile on the board or in a discard pile is a :class:`Placed`: its value, whether
it lies face up, and the bounds the battles announced about it. The buffet is
data (``data/buffet.toml``): eleven desserts, left to right. :func:`cards_json`
lists every tile and dessert for a front end to draw.

>>> BUFFET.keys[:3], BUFFET.points[-1], BUFFET.pair_bonus
(('lollipop', 'cookies', 'donuts'), 10, 3)
>>> label(TRAP), label(7), parse_tile("trap"), parse_tile(12)
('Trap', '7', 0, 12)
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, TypeAlias

from solver.errors import MonsterError, NotationError, quoted
from solver.files import read_text

GAME_NAME = "monstrolicious"
PLAYERS = 2
"""Seats at the table: the board has two sides."""
MAX_SEED = 2**64
"""Seeds are smaller than this in size (the service draws 64-bit seeds)."""

Value: TypeAlias = int
"""A tile: 0 is the Trap, 1..12 the monsters' strength."""

TRAP: Value = 0
STRONGEST: Value = 12
TILES: tuple[Value, ...] = tuple(range(STRONGEST + 1))
"""Every player's 13 tiles."""
HIDDEN: Value = -1
"""The value of an opposing face-down tile in a seat's view: the seat cannot see it."""


def label(value: Value) -> str:
    """How a tile reads: ``Trap`` or its strength."""
    return "Trap" if value == TRAP else str(value)


def parse_tile(doc: Any) -> Value:
    """A tile from JSON: ``"trap"`` or an int 1..12.

    Raises:
        NotationError: anything else.
    """
    if isinstance(doc, str) and doc.strip().lower() == "trap":
        return TRAP
    if isinstance(doc, int) and not isinstance(doc, bool) and 1 <= doc <= STRONGEST:
        return doc
    raise NotationError(f"bad tile {quoted(doc)} (a monster 1..12 or 'trap')")


def tile_json(value: Value) -> int | str:
    """A tile as JSON: ``"trap"`` or its strength."""
    return "trap" if value == TRAP else value


@dataclass(frozen=True)
class Placed:
    """A tile on the board or in a discard pile.

    Args:
        value: the tile.
        face_up: whether both players see it.
        lo / hi: what battles announced about a face-down tile: its strength is
            within ``lo..hi`` (``lo >= 1`` means it is known to be a monster).
    """

    value: Value
    face_up: bool = False
    lo: int = TRAP
    hi: int = STRONGEST

    def to_json(self) -> dict[str, Any]:
        """``{"tile", "up"}`` plus ``at_least``/``at_most`` when announced; an unseen
        tile (value ``HIDDEN``) has ``"tile": null``."""
        doc: dict[str, Any] = {
            "tile": None if self.value == HIDDEN else tile_json(self.value),
            "up": self.face_up,
        }
        if self.lo != TRAP:
            doc["at_least"] = self.lo
        if self.hi != STRONGEST:
            doc["at_most"] = self.hi
        return doc


@dataclass(frozen=True)
class Dessert:
    """One dessert of the buffet: ``key`` as in JSON, its name, points and role."""

    key: str
    name: str
    points: int
    role: str


ROLES = frozenset({"", "lollipop", "donuts", "pair"})


@dataclass(frozen=True)
class Buffet:
    """The eleven desserts in board order and the bonus for holding the pair."""

    desserts: tuple[Dessert, ...]
    pair_bonus: int

    @functools.cached_property
    def keys(self) -> tuple[str, ...]:
        """Dessert keys in board order."""
        return tuple(d.key for d in self.desserts)

    @functools.cached_property
    def points(self) -> tuple[int, ...]:
        """Dessert points in board order."""
        return tuple(d.points for d in self.desserts)

    def role(self, role: str) -> tuple[int, ...]:
        """Board positions of the desserts with ``role``."""
        return tuple(i for i, d in enumerate(self.desserts) if d.role == role)

    @functools.cached_property
    def lollipop(self) -> int:
        """Board position of the Lollipop."""
        return self.role("lollipop")[0]

    @functools.cached_property
    def donuts(self) -> int:
        """Board position of the Donuts."""
        return self.role("donuts")[0]

    @functools.cached_property
    def pair(self) -> tuple[int, int]:
        """Board positions of the two desserts that earn the bonus together."""
        a, b = self.role("pair")
        return a, b

    def index(self, key: Any) -> int:
        """Board position of the dessert called ``key``; NotationError if none."""
        if isinstance(key, str) and key.strip().lower() in self.keys:
            return self.keys.index(key.strip().lower())
        raise NotationError(f"unknown dessert {quoted(key)} (choose from {', '.join(self.keys)})")


def parse_buffet(text: str, source: str = "buffet") -> Buffet:
    """A buffet from TOML text.

    Raises:
        MonsterError: malformed, or not exactly one Lollipop, one Donuts and a pair.
    """
    try:
        doc = tomllib.loads(text)
        desserts = tuple(
            Dessert(str(d["key"]), str(d["name"]), int(d["points"]), str(d["role"]))
            for d in doc["dessert"]
        )
        bonus = int(doc["pair_bonus"])
    except (tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as err:
        raise MonsterError(f"bad {source}: {err}") from err
    roles = [d.role for d in desserts]
    if any(r not in ROLES for r in roles) or (
        roles.count("lollipop"),
        roles.count("donuts"),
        roles.count("pair"),
    ) != (1, 1, 2):
        raise MonsterError(f"bad {source}: needs one lollipop, one donuts and two pair desserts")
    if len({d.key for d in desserts}) != len(desserts):
        raise MonsterError(f"bad {source}: dessert keys repeat")
    return Buffet(desserts, bonus)


def load_buffet(path: str | Path | None = None) -> Buffet:
    """The buffet in ``path``, or the standard one shipped in ``data/buffet.toml``."""
    if path is None:
        text = resources.files("solver.monstrolicious").joinpath("data/buffet.toml").read_text()
        return parse_buffet(text, "standard buffet")
    return parse_buffet(read_text(path, "buffet", MonsterError), str(path))


BUFFET = load_buffet()
SPACES = len(BUFFET.desserts)


POWERS: dict[str, str] = {
    "lollipop": "while you control the Lollipop, you win all ties during battles",
    "donuts": "control the Donuts with the tile you just placed: turn an opposing tile face up",
    "pair": "control both the Chocolate Fountain and the Fruit Platter at the end: "
    "{bonus} points more",
}
"""What each special dessert's role does, in the rulebook's words."""


def cards_json() -> dict[str, Any]:
    """Every tile and dessert with what it prints: what a front end needs to draw
    its own tiles and buffet (``GET /v1/monstrolicious/cards``).

    ``tiles`` are one seat's 13 tiles (each seat has the same set, on its own
    back), by the id states and views write (``"trap"`` or the strength);
    ``desserts`` are the buffet left to right as ``data/buffet.toml`` lists them,
    each with its ``power`` when its role has one.

    >>> cards = cards_json()
    >>> cards["tiles"][0], cards["desserts"][0]["points"]
    ({'id': 'trap', 'kind': 'trap', 'strength': None, 'label': 'Trap'}, 1)
    """
    return {
        "game": GAME_NAME,
        "tiles_per_seat": len(TILES),
        "tiles": [
            {
                "id": tile_json(v),
                "kind": "trap" if v == TRAP else "monster",
                "strength": None if v == TRAP else v,
                "label": label(v),
            }
            for v in TILES
        ],
        "desserts": [
            {
                "key": d.key,
                "name": d.name,
                "points": d.points,
                "role": d.role,
                "power": POWERS[d.role].format(bonus=BUFFET.pair_bonus) if d.role else None,
            }
            for d in BUFFET.desserts
        ],
        "pair_bonus": BUFFET.pair_bonus,
    }
