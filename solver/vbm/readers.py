"""The fields a Very Big Monster state and view share, read with every size bounded.

>>> from solver.vbm.state import new_state
>>> doc = new_state(2, 1).to_json()
>>> Common(doc).players
2
>>> Common({**doc, "players": 4})
Traceback (most recent call last):
...
solver.errors.NotationError: mode: the row draft is for 2 or 3 players, not 4
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solver.errors import NotationError
from solver.fields import read_id, read_ids, read_int, read_ints, read_list, read_str
from solver.vbm.area import Area
from solver.vbm.cards import Deck, Pos
from solver.vbm.decks import deck_named
from solver.vbm.invariants import MAX_AREA
from solver.vbm.settings import (
    EXPLORER_TOKENS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MODES,
    SAND_DIRECTIONS,
    mode_fault,
)

PHASES = ("explorer", "draft", "rows", "over")
#: Most turns a game has (the row draft's 20) and most rows open at once.
MAX_TURN, MAX_ROWS = 20, 2


class Common:
    """The fields a state and a view share, read and bounded (``codec`` reads
    ``pending``, this turn's choices, which are moves)."""

    def __init__(self, doc: Mapping[str, Any]) -> None:
        self.players = read_int(doc["players"], "players", MIN_PLAYERS, MAX_PLAYERS)
        players = self.players
        self.mode = read_str(doc["mode"], "mode", MODES)
        fault = mode_fault(players, self.mode)
        if fault:
            raise NotationError(fault, path="mode")
        deck_name = read_str(doc["deck"], "deck")
        self.deck: Deck = deck_named(deck_name)
        deck = self.deck
        self.sides = read_ints(doc["sides"], "sides", len(deck.missions), 0, 1)
        if len(self.sides) != len(deck.missions):
            raise NotationError(
                f"needs one side (0 or 1) for each of the {len(deck.missions)} mission tiles",
                path="sides",
            )
        self.sand_direction = read_str(doc["sand_direction"], "sand_direction", SAND_DIRECTIONS)
        self.explorer_tokens = read_str(doc["explorer_tokens"], "explorer_tokens", EXPLORER_TOKENS)
        self.phase = read_str(doc["phase"], "phase", PHASES)
        self.round = read_int(doc["round"], "round", 0, 2)
        self.turn = read_int(doc["turn"], "turn", 0, MAX_TURN)
        self.first = read_int(doc["first"], "first", 0, MAX_PLAYERS)
        cards, most = deck.by_id, len(deck.cards)
        explorers = {e.id: e for e in deck.explorers}
        self.explorers = tuple(
            None if e is None else read_id(e, f"explorers[{s}]", explorers, "Explorer")
            for s, e in enumerate(read_list(doc["explorers"], "explorers", players, players))
        )
        self.areas = tuple(
            _area(area, f"areas[{s}]", cards)
            for s, area in enumerate(read_list(doc["areas"], "areas", players, players))
        )
        self.rows = tuple(
            read_ids(r, f"rows[{k}]", cards, 2 * players, "card")
            for k, r in enumerate(read_list(doc["rows"], "rows", MAX_ROWS))
        )
        self.live = read_ids(doc["live"], "live", cards, 2 * players, "card")
        values = {v for tile in deck.missions for side in tile for v in side.rewards}
        top = max(values, default=0)
        self.tokens = tuple(
            _tokens(t, f"tokens[{s}]", 2 * len(deck.missions), values, top)
            for s, t in enumerate(read_list(doc["tokens"], "tokens", players, players))
        )
        piles = read_list(doc["pyramids"], "pyramids", len(deck.missions), len(deck.missions))
        self.pyramids = tuple(
            read_ints(
                p,
                f"pyramids[{k}]",
                len(max(deck.missions[k], key=lambda s: len(s.rewards)).rewards),
                0,
                top,
            )
            for k, p in enumerate(piles)
        )
        self.claimed = _claims(doc["claimed"], players, len(deck.missions))
        self.portals = tuple(
            _points(p, f"portals[{s}]", deck.portal_tiles)
            for s, p in enumerate(read_list(doc["portals"], "portals", players, players))
        )
        self.portal_left = read_int(doc["portal_left"], "portal_left", 0, deck.portal_tiles)
        self.discards = read_ids(doc["discards"], "discards", cards, most, "card")
        self.to_move = doc["to_move"]


def _area(value: Any, path: str, cards: Mapping[str, Any]) -> Area:
    out = []
    for k, item in enumerate(read_list(value, path, MAX_AREA)):
        where = f"{path}[{k}]"
        place = read_list(item, where, 3, 3)
        r = read_int(place[0], f"{where}[0]", -MAX_AREA, MAX_AREA)
        c = read_int(place[1], f"{where}[1]", -MAX_AREA, MAX_AREA)
        out.append((r, c, read_id(place[2], f"{where}[2]", cards, "card")))
    return tuple(out)


def _tokens(value: Any, path: str, most: int, values: set[int], top: int) -> tuple[int, ...]:
    tokens = read_ints(value, path, most, 1, top)
    for k, v in enumerate(tokens):
        if v not in values:
            raise NotationError(f"no Reward Mission token is worth {v}", path=f"{path}[{k}]")
    return tokens


def _claims(value: Any, players: int, tiles: int) -> frozenset[tuple[str, int, int]]:
    out: set[tuple[str, int, int]] = set()
    for k, item in enumerate(read_list(value, "claimed", 2 * players * tiles)):
        where = f"claimed[{k}]"
        claim = read_list(item, where, 3, 3)
        kind = read_str(claim[0], f"{where}[0]", ("personal", "team"))
        who = read_int(claim[1], f"{where}[1]", 0, players - 1)
        tile = read_int(claim[2], f"{where}[2]", 0, tiles - 1)
        if (kind, who, tile) in out:
            raise NotationError("a mission is claimed twice", path=where)
        out.add((kind, who, tile))
    return frozenset(out)


def _points(value: Any, path: str, most: int) -> tuple[Pos, ...]:
    out = []
    for k, item in enumerate(read_list(value, path, most)):
        point = read_list(item, f"{path}[{k}]", 2, 2)
        out.append(
            (
                read_int(point[0], f"{path}[{k}][0]", -MAX_AREA, MAX_AREA + 1),
                read_int(point[1], f"{path}[{k}][1]", -MAX_AREA, MAX_AREA + 1),
            )
        )
    return tuple(out)


def per_seat_ids(
    value: Any, path: str, players: int, known: Mapping[str, Any], most: int, what: str
) -> tuple[tuple[str, ...], ...]:
    return tuple(
        read_ids(v, f"{path}[{s}]", known, most, what)
        for s, v in enumerate(read_list(value, path, players, players))
    )
