"""State and view JSON, and reading both back with every fault named by its JSON path.

Reading goes in two steps: each field is read with its type, range and length
bounded (``fields``), then the rules' invariants are checked on the whole
(``invariants``). A view is checked as strictly: the state it describes, filled
in from the view alone (:attr:`~solver.vbm.view.View.world`), must satisfy them
too and look the same to the seat.

>>> from solver.vbm.setup import new_state
>>> state = new_state(2, 3)
>>> state_from_json(state_to_json(state)) == state
True
>>> view = View.of(state, 1)
>>> view_from_json(view.to_json()) == view, "seed" in view.to_json()
(True, False)
>>> state_from_json({**state_to_json(state), "first": 1})
Traceback (most recent call last):
...
solver.errors.NotationError: first: the first player of this turn is seat 0, not 1
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from solver.errors import NotationError
from solver.game import Json
from solver.vbm.common import Common, per_seat_ids
from solver.vbm.fields import (
    read_game,
    read_ids,
    read_int,
    read_ints,
    read_object,
    shown,
)
from solver.vbm.invariants import check_state
from solver.vbm.moves import move_to_json
from solver.vbm.setup import SEED_LIMIT
from solver.vbm.state import HAND, State
from solver.vbm.view import View, hidden_discards

STATE_KEYS = (
    "game",
    "players",
    "seed",
    "mode",
    "deck",
    "sides",
    "phase",
    "round",
    "turn",
    "first",
    "to_move",
    "offers",
    "explorers",
    "areas",
    "hands",
    "pending",
    "pile",
    "rows",
    "live",
    "tokens",
    "pyramids",
    "claimed",
    "portals",
    "portal_left",
    "discards",
    "passed",
    "seen",
)
VIEW_KEYS = (
    *(k for k in STATE_KEYS if k not in ("seed", "offers", "hands", "seen")),
    "view_of",
    "sets",
    "offer",
    "hand",
    "hand_sizes",
)


def state_to_json(state: State) -> Json:
    """The whole state as plain JSON."""
    return {
        "game": "vbm",
        "players": state.players,
        "seed": state.seed,
        "mode": state.mode,
        "deck": state.deck_name,
        "sides": list(state.sides),
        "phase": state.phase,
        "round": state.round,
        "turn": state.turn,
        "first": state.first,
        "to_move": state.to_move,
        "offers": [list(o) for o in state.offers],
        "explorers": list(state.explorers),
        "areas": [[[r, c, card] for r, c, card in area] for area in state.areas],
        "hands": [list(h) for h in state.hands],
        "pending": [move_to_json(p) if p is not None else None for p in state.pending],
        "pile": list(state.pile),
        "rows": [list(r) for r in state.rows],
        "live": list(state.live),
        "tokens": [list(t) for t in state.tokens],
        "pyramids": [list(p) for p in state.pyramids],
        "claimed": [list(c) for c in sorted(state.claimed)],
        "portals": [[list(p) for p in points] for points in state.portals],
        "portal_left": state.portal_left,
        "discards": list(state.discards),
        "passed": [list(p) for p in state.passed],
        "seen": [list(k) for k in state.seen],
    }


def state_from_json(doc: Mapping[str, Any]) -> State:
    """Read :func:`state_to_json` output, checking every invariant the rules imply.

    Raises:
        NotationError: naming the JSON path of the first fault (UnknownDeckError
            for a deck that is not built in).
    """
    if isinstance(doc, Mapping) and "view_of" in doc:
        raise NotationError("this is a seat's view, not a full state", path="view_of")
    doc = read_object(doc, STATE_KEYS, "Very Big Monster state")
    read_game(doc, "state")
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
        pending=common.pending,
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
    )
    check_state(state)
    if common.to_move != state.to_move:
        raise NotationError(
            f"seat {state.to_move} has the next decision, not {shown(common.to_move)}",
            path="to_move",
        )
    return state


def view_from_json(doc: Mapping[str, Any]) -> View:
    """Read :meth:`View.to_json` output, checked as strictly as a state.

    Raises:
        NotationError: naming the JSON path of the first fault.
    """
    doc = read_object(doc, VIEW_KEYS, "Very Big Monster view")
    read_game(doc, "view")
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
        explorers=common.explorers,
        areas=common.areas,
        hand=None if hand is None else read_ids(hand, "hand", deck.by_id, HAND, "card"),
        hand_sizes=read_ints(doc["hand_sizes"], "hand_sizes", players, 0, HAND),
        pending=common.pending,
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
    )
    _check_view(view)
    return view


def _check_view(view: View) -> None:
    """The view's own facts, then the state it describes (see the module docstring)."""
    if len(view.hand_sizes) != view.players:
        raise NotationError(f"needs {view.players} entries", path="hand_sizes")
    if sorted(set(view.sets)) != list(view.sets) or any(
        s not in view.deck.sets() for s in view.sets
    ):
        raise NotationError("must list sets of the deck, each once, in order", path="sets")
    if view.hand is not None and len(view.hand) != view.hand_sizes[view.seat]:
        raise NotationError(f"your Spaceship holds {view.hand_sizes[view.seat]} cards", path="hand")
    if (view.hand is None) != (view.phase == "explorer"):
        raise NotationError(
            "your hand shows from the first turn on (it is dealt once the Explorers are chosen)",
            path="hand",
        )
    if view.phase == "explorer":
        for s, e in enumerate(view.explorers):
            if e is not None and s != view.seat:
                raise NotationError(
                    "another player's Explorer stays hidden until all are chosen",
                    path=f"explorers[{s}]",
                )
    for s, p in enumerate(view.pending):
        masked = p is not None and p.card is None
        if masked and (s == view.seat or view.mode == "rows"):
            raise NotationError(
                "this choice is not hidden from you: it needs its card", path=f"pending[{s}]"
            )
        if p is not None and not masked and s != view.seat and view.mode != "rows":
            raise NotationError(
                'another player\'s choice this turn stays hidden: show only its "pass"',
                path=f"pending[{s}]",
            )
    if len(view.offer) != 2:
        raise NotationError("you were dealt two Explorer cards", path="offer")
    hidden = hidden_discards(view.players, view.mode, view.round, len(view.discards))
    if hidden < 0:
        raise NotationError("more discards than the rounds played have made", path="discards")
    slots = (
        view.pile
        + hidden
        + sum(size for s, size in enumerate(view.hand_sizes) if s != view.seat or view.hand is None)
    )
    placed = {c for area in view.areas for _, _, c in area} | set(view.hand or ())
    pool = len(view.unseen()) + len(set(view.passed) - placed)
    if slots != pool:
        raise NotationError(
            f"the sets in play leave {pool} cards unseen, not {slots} (hands, pile, discards)",
            path="pile",
        )
    world = view.world
    try:
        check_state(world)
    except NotationError as err:
        raise NotationError(err.message, path=_view_path(err.path or "", view.seat)) from None
    again = View.of(world, view.seat)
    for field in fields(View):
        if getattr(again, field.name) != getattr(view, field.name):
            raise NotationError("does not agree with the rest of the view", path=field.name)


def _view_path(path: str, seat: int) -> str:
    """Where in a view a fault of the state it describes lies (``passed[0][2]`` -> ``passed[2]``).

    >>> _view_path("passed[1][2]", 1), _view_path("hands[3]", 1), _view_path("areas[0][1]", 1)
    ('passed[2]', 'hand_sizes[3]', 'areas[0][1]')
    """
    head, _, rest = path.partition("[")
    index, _, tail = rest.partition("]")
    if head not in ("passed", "seen", "hands", "offers") or not index.isdigit():
        return path
    own = int(index) == seat
    if head in ("passed", "seen"):
        return ("passed" if head == "passed" else "discards") + tail if own else head
    if head == "hands":
        return "hand" + tail if own else f"hand_sizes[{index}]"
    return "offer" + tail if own else f"explorers[{index}]"
