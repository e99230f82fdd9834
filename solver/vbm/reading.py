"""Reading state, view and move JSON back (:mod:`solver.vbm.writing` writes it), every
fault named by its JSON path.

Reading goes in two steps: each field is read with its type, range and length
bounded (:mod:`solver.fields`, ``common``), then the rules' invariants are checked
on the whole (``invariants``). A view is checked as strictly: the state it
describes, filled in from the view alone (:attr:`~solver.vbm.state.View.world`),
must satisfy them too and look the same to the seat.

Moves: ``{"explorer": "E03"}`` keeps an Explorer; ``{"card": "W07", "at": [2, 1],
"pass": 3}`` keeps, places and passes in the hand draft (no ``pass`` on a round's
last turn); ``{"row": 0, "card": "W07", "at": [0, 1], "discard": "L02"}`` picks
a row in the row draft (the next players leave out ``row``, the last also
``discard``). A move is written with its kind, ``action``, first (``explorer`` or
``place``); read, an ``action`` must name the move's kind, and a move without one is
read by its fields, as earlier releases wrote it.

>>> from solver.vbm.state import new_state
>>> from solver.vbm.writing import move_to_json
>>> state = new_state(2, 3)
>>> state_from_json(state.to_json()) == state
True
>>> view = View.of(state, 1)
>>> view_from_json(view.to_json()) == view, "seed" in view.to_json()
(True, False)
>>> state_from_json({**state.to_json(), "first": 1})
Traceback (most recent call last):
...
solver.errors.NotationError: first: the first player of this turn is seat 0, not 1
>>> move = move_from_json({"card": "W07", "at": [2, 1], "pass": 3})
>>> move
Move(card='W07', at=(2, 1), pass_to=3, row=None, discard=None, explorer=None, seat=None)
>>> move_to_json(move)
{'action': 'place', 'card': 'W07', 'at': [2, 1], 'pass': 3}
>>> move_from_json(move_to_json(move)) == move
True
>>> move_from_json({"card": "W07"})
Traceback (most recent call last):
...
solver.errors.NotationError: a move that keeps a card needs "at": [row, column]
>>> move_from_json({"action": "explorer", "card": "W07", "at": [2, 1]})
Traceback (most recent call last):
...
solver.errors.NotationError: action: a move that places a card is 'place', not 'explorer'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solver.errors import NotationError, quoted
from solver.fields import (
    check_document,
    read_bools,
    read_fields,
    read_id,
    read_ids,
    read_int,
    read_ints,
    read_list,
    read_object,
)
from solver.formats import upgraded
from solver.vbm.earlier import STATE_DEFAULTS, VIEW_DEFAULTS
from solver.vbm.invariants import check_state, check_view
from solver.vbm.moves import Move
from solver.vbm.readers import Common, per_seat_ids
from solver.vbm.rules import SEED_LIMIT
from solver.vbm.settings import MAX_PLAYERS
from solver.vbm.state import State, View
from solver.vbm.table import HAND

__all__ = ["move_from_json", "state_from_json", "view_from_json"]

STATE_KEYS = (
    *(
        "game",
        "format",
        "players",
        "seed",
        "mode",
        "deck",
        "sides",
        "sand_direction",
        "explorer_tokens",
        "phase",
        "round",
    ),
    *("turn", "first"),
    *("to_move", "offers", "explorers", "areas", "hands", "pending", "pile", "rows", "live"),
    *("tokens", "pyramids", "claimed", "portals", "portal_left", "discards", "passed", "seen"),
)
VIEW_KEYS = (
    *(k for k in STATE_KEYS if k not in ("seed", "offers", "hands", "seen")),
    *("view_of", "sets", "offer", "kept", "hand", "hand_sizes"),
)
STATE, VIEW = "Very Big Monster state", "Very Big Monster view"
MOVE_KEYS = frozenset({"action", "card", "at", "pass", "row", "discard", "explorer", "seat"})


def _move_int(doc: Mapping[str, Any], key: str) -> int | None:
    value = doc.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotationError(f'"{key}" must be an integer, not {quoted(value)}')
    return value


def _move_str(doc: Mapping[str, Any], key: str) -> str | None:
    value = doc.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise NotationError(f'"{key}" must be a string, not {quoted(value)}')
    return value


def move_from_json(doc: Mapping[str, Any]) -> Move:
    """Read a move (see the module docstring); NotationError names the field that
    does not parse. Whether it is legal is the state's business."""
    doc = read_object(doc, "", "a move")
    unknown = sorted(set(doc) - MOVE_KEYS, key=str)
    if unknown:
        raise NotationError(f"unknown move field {quoted(unknown[0])}")
    _check_action(doc)
    seat = _move_int(doc, "seat")
    if seat is not None and not 0 <= seat < MAX_PLAYERS:
        raise NotationError(f'"seat" is a seat from 0 to {MAX_PLAYERS - 1}, not {quoted(seat)}')
    if "explorer" in doc:
        explorer = _move_str(doc, "explorer")
        if explorer is None:
            raise NotationError('"explorer" names the Explorer card kept, not null')
        if set(doc) - {"action", "explorer", "seat"}:
            raise NotationError('choosing an explorer takes only "explorer" (and "seat")')
        return Move(explorer=explorer, seat=seat)
    card = _move_str(doc, "card")
    if card is None:
        raise NotationError('a move needs "card" (or "explorer")')
    at = doc.get("at")
    if (
        not isinstance(at, list | tuple)
        or len(at) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in at)
    ):
        raise NotationError('a move that keeps a card needs "at": [row, column]')
    return Move(
        card,
        (at[0], at[1]),
        _move_int(doc, "pass"),
        _move_int(doc, "row"),
        _move_str(doc, "discard"),
        seat=seat,
    )


ACTIONS = {"explorer": "a move that keeps an Explorer card", "place": "a move that places a card"}
"""Each kind of move, by the ``action`` written on it, and what it does."""


def _check_action(doc: Mapping[str, Any]) -> None:
    """A move's ``action``, where it has one, names the kind its fields make it."""
    if "action" not in doc:
        return
    action = "explorer" if "explorer" in doc else "place"
    if doc["action"] != action:
        raise NotationError(
            f"{ACTIONS[action]} is {quoted(action)}, not {quoted(doc['action'])}",
            path="action",
        )


def _pending(value: Any, path: str, cards: Mapping[str, Any]) -> Move | None:
    """One seat's choice of this turn: a move, only ``{"pass"}`` where a view hides
    it, or None when the seat has not chosen."""
    if value is None:
        return None
    if isinstance(value, Mapping) and "card" not in value and set(value) <= {"pass"}:
        target = value.get("pass")
        return Move(
            pass_to=None if target is None else read_int(target, f"{path}.pass", 0, MAX_PLAYERS - 1)
        )
    try:
        move = move_from_json(value)
    except NotationError as err:
        raise NotationError(err.message, path=path) from None
    if move.seat is not None:
        raise NotationError(
            "a choice of this turn names no seat: its place in the list says whose it is",
            path=f"{path}.seat",
        )
    for key, card in (("card", move.card), ("discard", move.discard)):
        if card is not None:
            read_id(card, f"{path}.{key}", cards, "card")
    return move


def read_pending(doc: Mapping[str, Any], common: Common) -> tuple[Move | None, ...]:
    """``pending``: each seat's choice of this turn."""
    players, cards = common.players, common.deck.by_id
    return tuple(
        _pending(p, f"pending[{s}]", cards)
        for s, p in enumerate(read_list(doc["pending"], "pending", players, players))
    )


def state_from_json(doc: Mapping[str, Any]) -> State:
    """Read :meth:`State.to_json` output, checking every invariant the rules imply.

    Raises:
        NotationError: naming the JSON path of the first fault (UnknownDeckError
            for a deck that is not built in).
    """
    doc = check_document(doc, "vbm", "state")
    doc = read_fields(upgraded(doc, STATE, STATE_DEFAULTS), "", STATE_KEYS, f"a {STATE}")
    common = Common(doc)
    players, deck = common.players, common.deck
    explorers = {e.id: e for e in deck.explorers}
    draft = common.mode != "rows"
    state = State(
        players=players,
        seed=read_int(doc["seed"], "seed", -SEED_LIMIT, SEED_LIMIT),
        mode=common.mode,
        deck_name=deck.name,
        sides=common.sides,
        phase=common.phase,
        round=common.round,
        turn=common.turn,
        first=common.first,
        offers=per_seat_ids(doc["offers"], "offers", players, explorers, 2, "Explorer"),
        explorers=common.explorers,
        areas=common.areas,
        hands=per_seat_ids(doc["hands"], "hands", players, deck.by_id, HAND, "card"),
        pending=read_pending(doc, common),
        pile=read_ids(doc["pile"], "pile", deck.by_id, len(deck.cards), "card"),
        rows=common.rows,
        live=common.live,
        tokens=common.tokens,
        pyramids=common.pyramids,
        claimed=common.claimed,
        portals=common.portals,
        portal_left=common.portal_left,
        discards=common.discards,
        passed=per_seat_ids(
            doc["passed"], "passed", players if draft else 0, deck.by_id, players * HAND, "card"
        ),
        seen=per_seat_ids(
            doc["seen"], "seen", players if draft else 0, deck.by_id, 2 * players, "card"
        ),
        sand_direction=common.sand_direction,
        explorer_tokens=common.explorer_tokens,
    )
    check_state(state)
    if type(common.to_move) is not type(state.to_move) or common.to_move != state.to_move:
        raise NotationError(
            f"seat {state.to_move} has the next decision, not {quoted(common.to_move)}",
            path="to_move",
        )
    return state


def view_from_json(doc: Mapping[str, Any]) -> View:
    """Read :meth:`View.to_json` output, checked as strictly as a state.

    Raises:
        NotationError: naming the JSON path of the first fault.
    """
    doc = check_document(doc, "vbm", "view")
    doc = read_fields(upgraded(doc, VIEW, VIEW_DEFAULTS), "", VIEW_KEYS, f"a {VIEW}")
    common = Common(doc)
    players, deck = common.players, common.deck
    seat = read_int(doc["view_of"], "view_of", 0, players - 1)
    explorers = {e.id: e for e in deck.explorers}
    hand = doc["hand"]
    sets = read_ints(doc["sets"], "sets", len(deck.sets()), 0, max(deck.sets()))
    view = View(
        seat=seat,
        players=players,
        mode=common.mode,
        deck_name=deck.name,
        sides=common.sides,
        phase=common.phase,
        round=common.round,
        turn=common.turn,
        first=common.first,
        to_move=None
        if common.to_move is None
        else read_int(common.to_move, "to_move", 0, players - 1),
        sets=sets,
        offer=read_ids(doc["offer"], "offer", explorers, 2, "Explorer"),
        kept=read_bools(doc["kept"], "kept", players),
        explorers=common.explorers,
        areas=common.areas,
        hand=None if hand is None else read_ids(hand, "hand", deck.by_id, HAND, "card"),
        hand_sizes=read_ints(doc["hand_sizes"], "hand_sizes", players, 0, HAND),
        pending=read_pending(doc, common),
        pile=read_int(doc["pile"], "pile", 0, len(deck.cards)),
        rows=common.rows,
        live=common.live,
        tokens=common.tokens,
        pyramids=common.pyramids,
        claimed=common.claimed,
        portals=common.portals,
        portal_left=common.portal_left,
        discards=common.discards,
        passed=read_ids(doc["passed"], "passed", deck.by_id, players * HAND, "card"),
        sand_direction=common.sand_direction,
        explorer_tokens=common.explorer_tokens,
    )
    check_view(view)
    return view
