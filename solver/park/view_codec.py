"""Reading a seat's view of a Monster Park table back from JSON, as strictly as a state.

Besides every check a state gets (through the same readers), a view must add up:
the face-down monsters it shows (track, discard, top of the deck) are monsters no
park holds, as many of each area and size as there are; with the monster deck
they are every monster not in a park; the tourist deck and the upgrade supplies
count exactly the cards not on the table; the scores are what the table shows.

>>> from solver.park.state import new_game
>>> from solver.park.view import ParkView
>>> doc = ParkView.of(new_game(2, seed=7), 0).to_json()
>>> read_view(doc | {"monster_deck": 3})
Traceback (most recent call last):
...
solver.errors.NotationError: monster_deck: the monster deck holds 85 cards here, not 3
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from solver.errors import NotationError
from solver.park.cards import AREAS, UPGRADE_KINDS, Area, CardId, Deck, Monster, Tourist, Upgrade
from solver.park.checks import (
    MAX_TOKENS,
    at,
    card_id,
    card_list,
    choice,
    fields,
    flag,
    items,
    key_path,
    quote,
    read_park,
    whole,
)
from solver.park.notation import (
    check_game,
    check_places,
    check_table,
    places,
    read_row,
    read_settings,
    read_turn,
)
from solver.park.state import ROW_LEN, TRACK_LEN
from solver.park.view import VIEW_FIELDS, Face, ParkView, card_json

_AREA_NAMES = tuple(a.value for a in AREAS)


def _shown_card(deck: Deck) -> Any:
    """A reader for a face-up card object: its id, once it prints what the deck says."""

    def read(entry: Any, path: str) -> CardId:
        if not isinstance(entry, Mapping) or "id" not in entry:
            raise NotationError("a face-up card needs its 'id'", path=path)
        c = card_id(deck, entry["id"], at(path, "id"), (Monster, Upgrade, Tourist))
        printed = card_json(deck, c)
        for key in entry:
            if key not in printed:
                raise NotationError(
                    f"card {c!r} has no field {quote(key)}", path=key_path(path, key)
                )
        for key, value in printed.items():
            if entry.get(key) != value or type(entry.get(key)) is not type(value):
                raise NotationError(f"card {c!r} prints {key} {value!r}", path=at(path, key))
        return c

    return read


def _face(doc: Any, path: str, price: bool) -> Face:
    keys = ("area", "size", "price") if price else ("area", "size")
    doc = fields(doc, path, keys, "a face-down monster")
    area = Area(choice(doc["area"], at(path, "area"), _AREA_NAMES))
    return area, whole(doc["size"], at(path, "size"), 1, 5)


def read_view(doc: Any) -> ParkView:
    """``ParkView.to_json`` output read back; NotationError naming the path of a fault."""
    doc = check_game(doc, "view")
    if "view_of" not in doc:
        raise NotationError("a view names its seat in 'view_of'", path="view_of")
    doc = fields(doc, "", VIEW_FIELDS, "a Monster Park view")
    players = whole(doc["players"], "players", 2, 4)
    seat = whole(doc["view_of"], "view_of", 0, players - 1)
    settings, deck = read_settings(doc["settings"])
    phase, to_move, turn = read_turn(doc, players, settings)
    shown = _shown_card(deck)
    n_monsters, n_tourists, n_upgrades = len(deck.monsters), len(deck.tourists), len(deck.upgrades)
    parks = tuple(
        read_park(deck, p, f"parks[{i}]", shown)
        for i, p in enumerate(items(doc["parks"], "parks", 4, players))
    )
    track_doc = items(doc["track"], "track", TRACK_LEN, TRACK_LEN)
    track = tuple(
        None if f is None else _face(f, f"track[{i}]", price=True) for i, f in enumerate(track_doc)
    )
    deck_count = whole(doc["monster_deck"], "monster_deck", 0, n_monsters)
    top_doc = doc["monster_deck_top"]
    top = None if top_doc is None else _face(top_doc, "monster_deck_top", price=False)
    if (top is None) != (deck_count == 0):
        raise NotationError(
            "the top of the monster deck shows while the deck has cards", path="monster_deck_top"
        )
    view = ParkView(
        seat=seat,
        players=players,
        settings=settings,
        to_move=to_move,
        phase=phase,
        turn=turn,
        parks=parks,
        tokens=tuple(
            whole(t, f"tokens[{i}]", 0, MAX_TOKENS)
            for i, t in enumerate(items(doc["tokens"], "tokens", 4, players))
        ),
        held=tuple(
            card_list(deck, h, f"tourists_held[{i}]", Tourist, n_tourists)
            for i, h in enumerate(items(doc["tourists_held"], "tourists_held", 4, players))
        ),
        track=track,
        deck_count=deck_count,
        deck_top=top,
        discard=tuple(
            _face(f, f"discard[{i}]", price=False)
            for i, f in enumerate(items(doc["discard"], "discard", n_monsters))
        ),
        reshuffles=whole(doc["reshuffles"], "reshuffles", 0, turn),
        tourist_row=read_row(deck, doc["tourist_row"], "tourist_row", Tourist, ROW_LEN, shown),
        tourist_deck=whole(doc["tourist_deck"], "tourist_deck", 0, n_tourists),
        upgrade_row=read_row(
            deck, doc["upgrade_row"], "upgrade_row", Upgrade, len(UPGRADE_KINDS), shown
        ),
        upgrade_supply=tuple(
            whole(n, f"upgrade_supply[{k}]", 0, n_upgrades)
            for k, n in enumerate(
                items(doc["upgrade_supply"], "upgrade_supply", 3, len(UPGRADE_KINDS))
            )
        ),
        bank=None if doc["bank"] is None else whole(doc["bank"], "bank", 0, MAX_TOKENS),
        final_round=flag(doc["final_round"], "final_round"),
        cards=deck,
    )
    _check_counts(view, doc)
    world = view.world()
    check_places(deck, places(world))
    check_table(world)
    if doc["scores"] != [s.to_json() for s in view.scores()]:
        raise NotationError("the scores are not what the table shows", path="scores")
    return view


def _check_counts(view: ParkView, doc: Mapping[str, Any]) -> None:
    """The face-down and counted cards are exactly the cards not face up on the table."""
    deck = view.cards
    face_up: list[tuple[str, Sequence[CardId | None]]] = [
        (f"parks[{i}].{a.value}", c)
        for i, p in enumerate(view.parks)
        for a, c in zip(AREAS, p, strict=True)
    ]
    face_up += [(f"tourists_held[{i}]", h) for i, h in enumerate(view.held)]
    face_up += [("tourist_row", view.tourist_row), ("upgrade_row", view.upgrade_row)]
    check_places(deck, face_up, complete=False)
    seen = {c for _, cards in face_up for c in cards if c is not None}
    unseen = Counter((m.area, m.size) for m in deck.monsters if m.id not in seen)
    shown: Counter[Face] = Counter()
    for path, faces in (
        ("track", view.track),
        ("discard", view.discard),
        ("monster_deck_top", (view.deck_top,)),
    ):
        for i, face in enumerate(faces):
            if face is None:
                continue
            shown[face] += 1
            if shown[face] > unseen[face]:
                where = path if path == "monster_deck_top" else at(path, i)
                raise NotationError(
                    f"only {unseen[face]} size-{face[1]} {face[0]} monsters are off the parks",
                    path=where,
                )
    hidden = sum(unseen.values()) - sum(1 for f in view.track if f is not None) - len(view.discard)
    if view.deck_count != hidden:
        raise NotationError(
            f"the monster deck holds {hidden} cards here, not {view.deck_count}",
            path="monster_deck",
        )
    tourists = sum(1 for t in deck.tourists if t.id not in seen)
    if view.tourist_deck != tourists:
        raise NotationError(
            f"the tourist deck holds {tourists} cards here, not {view.tourist_deck}",
            path="tourist_deck",
        )
    for k, kind in enumerate(UPGRADE_KINDS):
        left = sum(1 for u in deck.upgrades if u.kind == kind and u.id not in seen)
        if view.upgrade_supply[k] != left:
            raise NotationError(
                f"the {kind} supply holds {left} cards here, not {view.upgrade_supply[k]}",
                path=f"upgrade_supply[{k}]",
            )
    for i, f in enumerate(doc["track"]):
        price = view.price(i)
        if f is not None and (f["price"] != price or type(f["price"]) is not type(price)):
            raise NotationError(f"track position {i} costs {price}", path=f"track[{i}].price")
