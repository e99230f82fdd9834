"""Reading a deck from TOML text: the shape of ``data/deck.toml``, every field checked.

A deck file lists ``[[card]]`` tables (``id``, ``set``, ``terrain``, ``vp`` and
the elements the card shows, as :class:`~solver.vbm.cards.Card` names them),
``[[explorer]]`` tables (``id``, ``text``, ``terms``), ``[[mission]]`` tiles of two
``[[mission.side]]`` each, the ``grassland`` table, ``portal_tiles`` and
``portal_vp``. :func:`solver.vbm.decks.cards_json` writes the same shape back.

>>> parse_deck("portal_tiles = 6")
Traceback (most recent call last):
...
solver.errors.NotationError: deck: missing or bad field 'card'
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from typing import Any

from solver.errors import NotationError
from solver.vbm.cards import (
    COLOURS,
    CORNERS,
    COUNTERS,
    MAMA_PIECES,
    SAND_ARROWS,
    SAND_CONDITIONS,
    SAND_REGIONS,
    STEPS,
    Card,
    Deck,
    Explorer,
    IceHalf,
    MissionSide,
    SandRule,
    Terrain,
)

WRONG_VALUE = "a field holds a value of the wrong type or an unknown name"
"""What a deck file hears when a value cannot be read (never Python's own words)."""


def _sand(doc: Any, where: str) -> SandRule:
    region = str(doc["region"])
    arrow = str(doc.get("arrow", "around" if region == "adjacent" else ""))
    rule = SandRule(region, str(doc["condition"]), int(doc["vp"]), arrow)
    if (
        rule.region not in SAND_REGIONS
        or rule.condition not in SAND_CONDITIONS
        or rule.arrow not in SAND_ARROWS[rule.region]
    ):
        arrows = ", ".join(SAND_ARROWS.get(region, ()))
        raise NotationError(
            f"{where}: bad sand rule {doc!r} (a region of {', '.join(SAND_REGIONS)}; a condition "
            f"of {', '.join(SAND_CONDITIONS)}; an arrow of {arrows or 'its region'})"
        )
    return rule


def _card(doc: Mapping[str, Any]) -> Card:
    where = f"card {doc.get('id')!r}"
    try:
        ice_doc = doc.get("ice")
        ice = (
            IceHalf(
                str(ice_doc["kind"]),
                str(ice_doc["half"]),
                int(ice_doc["beams"]),
                int(ice_doc["upgraded"]),
            )
            if ice_doc
            else None
        )
        card = Card(
            id=str(doc["id"]),
            set=int(doc["set"]),
            terrain=Terrain(doc["terrain"]),
            vp=int(doc.get("vp", 0)),
            mama=doc.get("mama"),
            baby=bool(doc.get("baby", False)),
            ice=ice,
            beams=tuple(str(b) for b in doc.get("beams", ())),
            rocks=int(doc.get("rocks", 0)),
            grass=int(doc.get("grass", 0)),
            sand=_sand(doc["sand"], where) if "sand" in doc else None,
            flipped=_sand(doc["flipped"], where) if "flipped" in doc else None,
            crystals=tuple((str(e), str(c)) for e, c in doc.get("crystals", ())),
            portals=tuple(str(c) for c in doc.get("portals", ())),
        )
    except NotationError:
        raise
    except KeyError as err:
        raise NotationError(f"{where}: missing field {err}") from err
    except (ValueError, TypeError) as err:
        raise NotationError(f"{where}: {WRONG_VALUE}") from err
    bad = (
        (card.mama is not None and card.mama not in MAMA_PIECES)
        or any(b not in STEPS for b in card.beams)
        or any(e not in ("top", "bottom") or c not in COLOURS for e, c in card.crystals)
        or any(c not in CORNERS for c in card.portals)
        or (
            card.ice is not None
            and (card.ice.half not in ("left", "right") or not 1 <= card.ice.beams <= 3)
        )
        or ((card.sand is None) != (card.terrain is not Terrain.SAND))
        or ((card.sand is None) != (card.flipped is None))
        or (
            card.sand is not None
            and card.flipped is not None
            and (card.sand.region, card.sand.arrow) != (card.flipped.region, card.flipped.arrow)
        )
    )
    if bad:
        raise NotationError(f"{where}: a field is out of range")
    return card


def _pair(sides: Any) -> tuple[MissionSide, MissionSide]:
    found = tuple(sides)
    if len(found) != 2:
        raise NotationError("a mission tile needs two sides")
    return found[0], found[1]


def parse_deck(text: str, name: str = "deck") -> Deck:
    """Read a deck from TOML text.

    Raises:
        NotationError: not TOML, a missing field, a value out of range, a repeated id.
    """
    try:
        doc = tomllib.loads(text)
        cards = tuple(_card(c) for c in doc["card"])
        explorers = tuple(
            Explorer(
                str(e["id"]), str(e["text"]), tuple((str(t[0]), int(t[1])) for t in e["terms"])
            )
            for e in doc["explorer"]
        )
        missions = tuple(
            _pair(
                MissionSide(
                    str(s["id"]),
                    str(s["text"]),
                    str(s["counter"]),
                    int(s["personal"]),
                    int(s["team"]),
                    tuple(int(v) for v in s["rewards"]),
                )
                for s in tile["side"]
            )
            for tile in doc["mission"]
        )
        grassland = tuple(int(v) for v in doc["grassland"])
        portal_tiles, portal_vp = int(doc["portal_tiles"]), int(doc["portal_vp"])
    except tomllib.TOMLDecodeError as err:
        raise NotationError(f"{name} is not TOML: {err}") from err
    except NotationError:
        raise
    except KeyError as err:
        raise NotationError(f"{name}: missing or bad field {err}") from err
    except (ValueError, TypeError) as err:
        raise NotationError(f"{name}: {WRONG_VALUE}") from err
    if not cards or not explorers:
        raise NotationError(f"{name}: a deck needs monster cards and Explorer cards")
    if len({c.id for c in cards}) != len(cards):
        raise NotationError(f"{name}: a card id is used twice")
    if any(len(tile) != 2 for tile in missions) or not grassland:
        raise NotationError(f"{name}: a mission tile needs two sides and the table a value")
    if len({e.id for e in explorers}) != len(explorers):
        raise NotationError(f"{name}: an explorer id is used twice")
    counters = [c for e in explorers for c, _ in e.terms]
    counters += [side.counter for tile in missions for side in tile]
    unknown = [c for c in counters if c not in COUNTERS]
    if unknown:
        raise NotationError(f"{name}: unknown counter {unknown[0]!r}")
    numbers = [portal_tiles, *grassland]
    numbers += [v for tile in missions for side in tile for v in (*side.rewards, side.personal)]
    if any(v < 0 for v in numbers) or any(not side.rewards for tile in missions for side in tile):
        raise NotationError(f"{name}: counts and rewards cannot be negative, pyramids not empty")
    return Deck(
        cards,
        explorers,
        missions,
        grassland,
        portal_tiles,
        portal_vp,
        name,
    )
