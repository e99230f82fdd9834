"""State, view and move JSON, as :mod:`solver.vbm.reading` reads them back.

A state writes everything, its seed and undealt cards included; a view adds
``"view_of"`` and shows another seat's hidden choice of this turn only as
``{"pass": seat}``. Moves: see :mod:`solver.vbm.reading`.

>>> move_to_json(Move("W07", (2, 1), 3))
{'action': 'place', 'card': 'W07', 'at': [2, 1], 'pass': 3}
"""

from __future__ import annotations

from solver.formats import FORMAT
from solver.game import Json
from solver.vbm.moves import Move
from solver.vbm.table import Table
from solver.vbm.view import SeatView


def move_to_json(move: Move) -> Json:
    """The move as JSON: its kind, ``action`` (``explorer`` or ``place``, what a client
    tells the kinds apart by, as Monster Park's moves), then only the fields that apply."""
    return {"action": move.action, **_move_fields(move)}


def _move_fields(move: Move) -> Json:
    """The move's own fields, as a choice of this turn in a state or a view writes them."""
    doc: Json = {}
    if move.explorer is not None:
        doc["explorer"] = move.explorer
        if move.seat is not None:
            doc["seat"] = move.seat
        return doc
    if move.row is not None:
        doc["row"] = move.row
    doc["card"] = move.card
    doc["at"] = list(move.at) if move.at is not None else None
    if move.pass_to is not None:
        doc["pass"] = move.pass_to
    if move.discard is not None:
        doc["discard"] = move.discard
    if move.seat is not None:
        doc["seat"] = move.seat
    return doc


def _pending_json(p: Move | None) -> Json | None:
    """A choice of this turn as JSON (a hidden one shows only ``"pass"``)."""
    if p is None:
        return None
    return {"pass": p.pass_to} if p.card is None else _move_fields(p)


def _turn_json(table: Table | SeatView) -> Json:
    """The mode, deck, mission sides, the settings ``sand_direction`` and
    ``explorer_tokens``, and the turn, as a state and a view both write them."""
    return {
        "mode": table.mode,
        "deck": table.deck_name,
        "sides": list(table.sides),
        "sand_direction": table.sand_direction,
        "explorer_tokens": table.explorer_tokens,
        "phase": table.phase,
        "round": table.round,
        "turn": table.turn,
        "first": table.first,
        "to_move": table.to_move,
    }


def _table_json(table: Table | SeatView) -> Json:
    """The rows, tokens, missions, portals and discards, as a state and a view both write them."""
    return {
        "rows": [list(r) for r in table.rows],
        "live": list(table.live),
        "tokens": [list(t) for t in table.tokens],
        "pyramids": [list(p) for p in table.pyramids],
        "claimed": [list(c) for c in sorted(table.claimed)],
        "portals": [[list(p) for p in points] for points in table.portals],
        "portal_left": table.portal_left,
        "discards": list(table.discards),
    }


def state_to_json(state: Table) -> Json:
    """The whole state as plain JSON."""
    return {
        "game": "vbm",
        "format": FORMAT,
        "players": state.players,
        "seed": state.seed,
        **_turn_json(state),
        "offers": [list(o) for o in state.offers],
        "explorers": list(state.explorers),
        "areas": [[[r, c, card] for r, c, card in area] for area in state.areas],
        "hands": [list(h) for h in state.hands],
        "pending": [_pending_json(p) for p in state.pending],
        "pile": list(state.pile),
        **_table_json(state),
        "passed": [list(p) for p in state.passed],
        "seen": [list(k) for k in state.seen],
    }


def view_to_json(view: SeatView) -> Json:
    """The view as JSON, with ``"view_of"``; hidden choices show only ``"pass"``."""
    return {
        "game": "vbm",
        "format": FORMAT,
        "view_of": view.seat,
        "players": view.players,
        **_turn_json(view),
        "sets": list(view.sets),
        "offer": list(view.offer),
        "kept": list(view.kept),
        "explorers": list(view.explorers),
        "areas": [[[r, c, card] for r, c, card in area] for area in view.areas],
        "hand": None if view.hand is None else list(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "pending": [_pending_json(p) for p in view.pending],
        "pile": view.pile,
        **_table_json(view),
        "passed": list(view.passed),
    }
