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
from solver.vbm.cards import Deck, Pos, deck_named
from solver.vbm.fields import (
    SEED_LIMIT,
    read_game,
    read_ids,
    read_int,
    read_ints,
    read_list,
    read_object,
    read_str,
)
from solver.vbm.invariants import MAX_AREA, check_state
from solver.vbm.moves import Move, move_from_json, move_to_json
from solver.vbm.rules import Area
from solver.vbm.setup import MAX_PLAYERS, MIN_PLAYERS, MODES, mode_fault
from solver.vbm.state import HAND, State
from solver.vbm.view import View, hidden_discards

PHASES = ("explorer", "draft", "rows", "over")
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
#: Most turns a game has (the row draft's 20) and most rows open at once.
MAX_TURN, MAX_ROWS = 20, 2


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


class _Common:
    """The fields a state and a view share, read and bounded."""

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
        self.phase = read_str(doc["phase"], "phase", PHASES)
        self.round = read_int(doc["round"], "round", 0, 2)
        self.turn = read_int(doc["turn"], "turn", 0, MAX_TURN)
        self.first = read_int(doc["first"], "first", 0, MAX_PLAYERS)
        cards, most = deck.by_id, len(deck.cards)
        explorers = {e.id: e for e in deck.explorers}
        self.explorers = tuple(
            None if e is None else read_ids([e], f"explorers[{s}]", explorers, 1, "Explorer")[0]
            for s, e in enumerate(read_list(doc["explorers"], "explorers", players, players))
        )
        self.areas = tuple(
            _area(area, f"areas[{s}]", cards)
            for s, area in enumerate(read_list(doc["areas"], "areas", players, players))
        )
        self.pending = tuple(
            _pending(p, f"pending[{s}]")
            for s, p in enumerate(read_list(doc["pending"], "pending", players, players))
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
        out.append((r, c, read_ids(place[2:], where, cards, 1, "card")[0]))
    return tuple(out)


def _pending(value: Any, path: str) -> Move | None:
    if value is None:
        return None
    if isinstance(value, Mapping) and "card" not in value and set(value) <= {"pass"}:
        target = value.get("pass")
        return Move(
            pass_to=None if target is None else read_int(target, f"{path}.pass", 0, MAX_PLAYERS - 1)
        )
    try:
        return move_from_json(value)
    except NotationError as err:
        raise NotationError(err.message, path=path) from None


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


def _per_seat_ids(
    value: Any, path: str, players: int, known: Mapping[str, Any], most: int, what: str
) -> tuple[tuple[str, ...], ...]:
    return tuple(
        read_ids(v, f"{path}[{s}]", known, most, what)
        for s, v in enumerate(read_list(value, path, players, players))
    )


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
    common = _Common(doc)
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
        offers=_per_seat_ids(doc["offers"], "offers", players, explorers, 2, "Explorer"),
        explorers=common.explorers,
        areas=common.areas,
        hands=_per_seat_ids(doc["hands"], "hands", players, deck.by_id, HAND, "card"),
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
        passed=_per_seat_ids(
            doc["passed"], "passed", players if draft else 0, deck.by_id, players * HAND, "card"
        ),
        seen=_per_seat_ids(
            doc["seen"], "seen", players if draft else 0, deck.by_id, 2 * players, "card"
        ),
    )
    check_state(state)
    if common.to_move != state.to_move:
        raise NotationError(
            f"seat {state.to_move} has the next decision, not {common.to_move!r}", path="to_move"
        )
    return state


def view_from_json(doc: Mapping[str, Any]) -> View:
    """Read :meth:`View.to_json` output, checked as strictly as a state.

    Raises:
        NotationError: naming the JSON path of the first fault.
    """
    doc = read_object(doc, VIEW_KEYS, "Very Big Monster view")
    read_game(doc, "view")
    common = _Common(doc)
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
    check_state(world)
    again = View.of(world, view.seat)
    for field in fields(View):
        if getattr(again, field.name) != getattr(view, field.name):
            raise NotationError("does not agree with the rest of the view", path=field.name)
