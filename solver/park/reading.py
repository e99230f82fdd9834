"""Reading Monster Park states, views and moves back from JSON, every invariant checked.

A state read back is one the rules can reach: each card of the deck lies in
exactly one place and of the right kind for it (the track and the decks hold
monsters, the rows and supplies their own kinds), parks obey the park rules,
turns and seats follow each other, a limited bank and the players' tokens add
up to what the game began with (:mod:`solver.park.invariants`). A seat's view is
held to the same rules through the same readers, and must add up besides: the
face-down monsters it shows are monsters no park holds, the decks and supplies
count exactly the cards not on the table, the scores are what the table shows.
A fault is a NotationError naming its JSON path. A state and a view write
themselves (``to_json``), a move is written by :mod:`solver.park.writing`.

>>> from solver.park.state import new_state
>>> s = new_state(3, seed=1, settings={"fifth_slot_buyable": True})
>>> state_from_json(s.to_json()) == s
True
>>> state_from_json(s.to_json() | {"to_move": True})
Traceback (most recent call last):
...
solver.errors.NotationError: to_move: must be a whole number from 0 to 2, not True
>>> view_from_json(s.view(0).to_json() | {"monster_deck": 3})
Traceback (most recent call last):
...
solver.errors.NotationError: monster_deck: the monster deck holds 85 cards here, not 3
>>> move_from_json({"action": "invite", "slot": 2, "area": "water"}).slot
2
>>> move_from_json({"action": "tourists", "tourists": ["land-4"]}).tourists
('land-4',)
>>> move_from_json({"action": "dance"})
Traceback (most recent call last):
...
solver.errors.NotationError: move: unknown action 'dance' (token, upgrade, invite, tourists, pass)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from solver.errors import NotationError, quoted
from solver.fields import (
    at,
    check_document,
    key_path,
    read_bool,
    read_fields,
    read_int,
    read_list,
    read_object,
    read_str,
)
from solver.formats import upgraded
from solver.park.cards import (
    AREAS,
    UPGRADE_KINDS,
    Area,
    CardId,
    Deck,
    Face,
    Monster,
    Tourist,
    Upgrade,
    card_json,
    load_deck,
)
from solver.park.invariants import check_counts, check_places, check_table, places
from solver.park.moves import ACTIONS, MAX_CLAIM, Move
from solver.park.readers import MAX_TOKENS, SEED_RANGE, card_id, card_list, read_park, read_row
from solver.park.rules import ROW_LEN, TRACK_LEN
from solver.park.settings import Settings
from solver.park.state import MAX_PLAYERS, MIN_PLAYERS, State, View
from solver.park.table import PHASES

__all__ = ["move_from_json", "state_from_json", "view_from_json"]

STATE_FIELDS = (
    "game",
    "format",
    "players",
    "seed",
    "settings",
    "to_move",
    "phase",
    "turn",
    "parks",
    "tokens",
    "tourists_held",
    "track",
    "monster_deck",
    "discard",
    "reshuffles",
    "tourist_row",
    "tourist_deck",
    "upgrade_row",
    "upgrade_supply",
    "bank",
    "final_round",
)
"""The fields of a state document."""
VIEW_FIELDS = (
    *(f for f in STATE_FIELDS if f != "seed"),
    "view_of",
    "monster_deck_top",
    "scores",
)
"""The fields of a view document: a state's, less the seed, with the seat and what it sees."""
_AREA_NAMES = tuple(a.value for a in AREAS)
_MOVE_FIELDS = {
    "token": {"action"},
    "pass": {"action"},
    "upgrade": {"action", "kind", "area"},
    "invite": {"action", "slot", "area"},
    "tourists": {"action", "tourists"},
}


def read_settings(doc: Any) -> tuple[Settings, Deck]:
    """The settings and the deck they name."""
    settings = Settings.parse(read_object(doc, "settings", "the settings"))
    return settings, load_deck(settings.deck)


def read_turn(
    doc: Mapping[str, Any], players: int, settings: Settings
) -> tuple[str, int | None, int]:
    """The phase, the seat to move and the turn number, which agree with each other."""
    phase = read_str(doc["phase"], "phase", PHASES)
    to_move = (
        None if doc["to_move"] is None else read_int(doc["to_move"], "to_move", 0, players - 1)
    )
    limit = settings.round_limit * players
    turn = read_int(doc["turn"], "turn", 0, limit)
    if (to_move is None) != (phase == "over"):
        want = "null when the game is over" if phase == "over" else "a seat while the game is on"
        raise NotationError(f"the seat to move must be {want}", path="to_move")
    if to_move is not None:
        if to_move != turn % players:
            raise NotationError(
                f"on turn {turn} seat {turn % players} moves, not seat {to_move}", path="to_move"
            )
        if turn == limit:
            raise NotationError(f"the round limit ends the game at turn {limit}", path="turn")
    return phase, to_move, turn


def read_holdings(
    deck: Deck, doc: Mapping[str, Any], players: int
) -> tuple[tuple[int, ...], tuple[tuple[CardId, ...], ...]]:
    """Each seat's tokens (``tokens``) and tourists (``tourists_held``), as states and
    views both hold them."""
    tokens = tuple(
        read_int(t, f"tokens[{i}]", 0, MAX_TOKENS)
        for i, t in enumerate(read_list(doc["tokens"], "tokens", 4, players))
    )
    held = tuple(
        card_list(deck, h, f"tourists_held[{i}]", Tourist, len(deck.tourists))
        for i, h in enumerate(read_list(doc["tourists_held"], "tourists_held", 4, players))
    )
    return tokens, held


def state_from_json(doc: Any) -> State:
    """Read ``State.to_json`` output; NotationError naming the path of the first fault."""
    doc = check_document(doc, "park", "state")
    doc = read_fields(
        upgraded(doc, "Monster Park state", {}), "", STATE_FIELDS, "a Monster Park state"
    )
    players = read_int(doc["players"], "players", MIN_PLAYERS, MAX_PLAYERS)
    settings, deck = read_settings(doc["settings"])
    phase, to_move, turn = read_turn(doc, players, settings)
    seed = read_int(doc["seed"], "seed", *SEED_RANGE)
    n_monsters, n_tourists, n_upgrades = len(deck.monsters), len(deck.tourists), len(deck.upgrades)
    parks = tuple(
        read_park(deck, p, f"parks[{i}]", None)
        for i, p in enumerate(read_list(doc["parks"], "parks", 4, players))
    )
    tokens, held = read_holdings(deck, doc, players)
    track = read_row(deck, doc["track"], "track", Monster, TRACK_LEN)
    row = read_row(deck, doc["tourist_row"], "tourist_row", Tourist, ROW_LEN)
    upgrades = read_row(deck, doc["upgrade_row"], "upgrade_row", Upgrade, len(UPGRADE_KINDS))
    supply_doc = read_list(doc["upgrade_supply"], "upgrade_supply", 3, len(UPGRADE_KINDS))
    supply = tuple(
        card_list(deck, u, f"upgrade_supply[{k}]", Upgrade, n_upgrades)
        for k, u in enumerate(supply_doc)
    )
    bank = None if doc["bank"] is None else read_int(doc["bank"], "bank", 0, MAX_TOKENS)
    state = State(
        players=players,
        seed=seed,
        settings=settings,
        to_move=to_move,
        phase=phase,
        turn=turn,
        parks=parks,
        tokens=tokens,
        held=held,
        track=track,
        deck=card_list(deck, doc["monster_deck"], "monster_deck", Monster, n_monsters),
        discard=card_list(deck, doc["discard"], "discard", Monster, n_monsters),
        reshuffles=read_int(doc["reshuffles"], "reshuffles", 0, turn),
        tourist_row=row,
        tourist_deck=card_list(deck, doc["tourist_deck"], "tourist_deck", Tourist, n_tourists),
        upgrade_row=upgrades,
        upgrade_supply=supply,
        bank=bank,
        final_round=read_bool(doc["final_round"], "final_round"),
        cards=deck,
    )
    check_places(deck, places(state))
    check_table(state)
    return state


def _shown_card(deck: Deck) -> Callable[[Any, str], CardId]:
    """A reader for a face-up card object: its id, once it prints what the deck says."""

    def read(entry: Any, path: str) -> CardId:
        if not isinstance(entry, Mapping) or "id" not in entry:
            raise NotationError("a face-up card needs its 'id'", path=path)
        c = card_id(deck, entry["id"], at(path, "id"), (Monster, Upgrade, Tourist))
        printed = card_json(deck, c)
        for key in entry:
            if key not in printed:
                raise NotationError(
                    f"card {c!r} has no field {quoted(key)}", path=key_path(path, key)
                )
        for key, value in printed.items():
            if entry.get(key) != value or type(entry.get(key)) is not type(value):
                raise NotationError(f"card {c!r} prints {key} {value!r}", path=at(path, key))
        return c

    return read


def _face(doc: Any, path: str, price: bool) -> Face:
    keys = ("area", "size", "price") if price else ("area", "size")
    doc = read_fields(doc, path, keys, "a face-down monster")
    area = Area(read_str(doc["area"], at(path, "area"), _AREA_NAMES))
    return area, read_int(doc["size"], at(path, "size"), 1, 5)


def view_from_json(doc: Any) -> View:
    """``View.to_json`` output read back; NotationError naming the path of a fault."""
    doc = check_document(doc, "park", "view")
    doc = read_fields(
        upgraded(doc, "Monster Park view", {}), "", VIEW_FIELDS, "a Monster Park view"
    )
    players = read_int(doc["players"], "players", MIN_PLAYERS, MAX_PLAYERS)
    seat = read_int(doc["view_of"], "view_of", 0, players - 1)
    settings, deck = read_settings(doc["settings"])
    phase, to_move, turn = read_turn(doc, players, settings)
    shown = _shown_card(deck)
    n_monsters, n_tourists, n_upgrades = len(deck.monsters), len(deck.tourists), len(deck.upgrades)
    parks = tuple(
        read_park(deck, p, f"parks[{i}]", shown)
        for i, p in enumerate(read_list(doc["parks"], "parks", 4, players))
    )
    track_doc = read_list(doc["track"], "track", TRACK_LEN, TRACK_LEN)
    track = tuple(
        None if f is None else _face(f, f"track[{i}]", price=True) for i, f in enumerate(track_doc)
    )
    deck_count = read_int(doc["monster_deck"], "monster_deck", 0, n_monsters)
    top_doc = doc["monster_deck_top"]
    top = None if top_doc is None else _face(top_doc, "monster_deck_top", price=False)
    if (top is None) != (deck_count == 0):
        raise NotationError(
            "the top of the monster deck shows while the deck has cards", path="monster_deck_top"
        )
    tokens, held = read_holdings(deck, doc, players)
    view = View(
        seat=seat,
        players=players,
        settings=settings,
        to_move=to_move,
        phase=phase,
        turn=turn,
        parks=parks,
        tokens=tokens,
        held=held,
        track=track,
        deck_count=deck_count,
        deck_top=top,
        discard=tuple(
            _face(f, f"discard[{i}]", price=False)
            for i, f in enumerate(read_list(doc["discard"], "discard", n_monsters))
        ),
        reshuffles=read_int(doc["reshuffles"], "reshuffles", 0, turn),
        tourist_row=read_row(deck, doc["tourist_row"], "tourist_row", Tourist, ROW_LEN, shown),
        tourist_deck=read_int(doc["tourist_deck"], "tourist_deck", 0, n_tourists),
        upgrade_row=read_row(
            deck, doc["upgrade_row"], "upgrade_row", Upgrade, len(UPGRADE_KINDS), shown
        ),
        upgrade_supply=tuple(
            read_int(n, f"upgrade_supply[{k}]", 0, n_upgrades)
            for k, n in enumerate(
                read_list(doc["upgrade_supply"], "upgrade_supply", 3, len(UPGRADE_KINDS))
            )
        ),
        bank=None if doc["bank"] is None else read_int(doc["bank"], "bank", 0, MAX_TOKENS),
        final_round=read_bool(doc["final_round"], "final_round"),
        cards=deck,
    )
    check_counts(view, doc)
    world = view.world()
    check_places(deck, places(world))
    check_table(world)
    if doc["scores"] != [s.to_json() for s in view.scores()]:
        raise NotationError("the scores are not what the table shows", path="scores")
    return view


def move_from_json(doc: Mapping[str, Any]) -> Move:
    """Read a move; NotationError naming the bad field."""
    doc = read_object(doc, "", "a move")
    action = doc.get("action")
    if not isinstance(action, str) or action not in ACTIONS:
        raise NotationError(f"move: unknown action {quoted(action)} ({', '.join(ACTIONS)})")
    extra = sorted(set(doc) - _MOVE_FIELDS[action])
    if extra:
        raise NotationError(f"move: {action!r} takes no field {quoted(extra[0])}")
    area: Area | None = None
    if doc.get("area") is not None:
        if not isinstance(doc["area"], str) or doc["area"] not in _AREA_NAMES:
            raise NotationError(f"move: unknown area {quoted(doc['area'])} (water, land, air)")
        area = Area(doc["area"])
    if action == "upgrade":
        kind = doc.get("kind")
        if not isinstance(kind, str) or kind not in UPGRADE_KINDS:
            raise NotationError(
                f"move: unknown upgrade {quoted(kind)} ({', '.join(UPGRADE_KINDS)})"
            )
        if area is None:
            raise NotationError("move: an upgrade needs an 'area'")
        return Move(action, kind=kind, area=area)
    if action == "invite":
        slot = doc.get("slot")
        if slot is None:
            raise NotationError("move: an invite needs a 'slot', its track position 0 to 4")
        if isinstance(slot, bool) or not isinstance(slot, int) or not 0 <= slot <= 4:
            raise NotationError(f"move: 'slot' must be a track position 0-4, not {quoted(slot)}")
        return Move(action, slot=slot, area=area)
    if action == "tourists":
        names = doc.get("tourists", [])
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise NotationError("move: 'tourists' must be a list of tourist ids")
        if len(names) > MAX_CLAIM:
            raise NotationError(
                f"move: at most {MAX_CLAIM} tourists can come (the tourist track has "
                f"{MAX_CLAIM}), not {len(names)}"
            )
        return Move(action, tourists=tuple(names))
    return Move(action)
