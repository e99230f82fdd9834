"""State JSON (whole, and as one seat may see it) and reading it back.

>>> from solver.vbm.setup import new_state
>>> state = new_state(2, 3)
>>> state_from_json(state_to_json(state)) == state
True
>>> view(state, 1)["pile"], view(state, 1)["seed"]
(76, None)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solver.errors import NotationError
from solver.game import Json
from solver.vbm.cards import deck_named
from solver.vbm.moves import move_from_json, move_to_json
from solver.vbm.state import State
from solver.vbm.views import is_view, state_from_view

PHASES = ("explorer", "draft", "rows", "over")


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
    }


def _strs(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise TypeError(f"expected a list of card names, got {value!r}")
    return tuple(value)


def _ints(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(type(v) is int for v in value):
        raise TypeError(f"expected a list of integers, got {value!r}")
    return tuple(value)


def state_from_json(doc: Mapping[str, Any]) -> State:
    """Read :func:`state_to_json` output, or a seat's :func:`view` (its hidden parts
    filled in, see ``views``); NotationError for anything else."""
    try:
        if is_view(doc):
            return state_from_view(doc)
        if doc.get("game") != "vbm":
            raise NotationError('not a Very Big Monster state (needs "game": "vbm")')
        deck = deck_named(str(doc["deck"]))
        players = int(doc["players"])
        state = State(
            players=players,
            seed=int(doc["seed"]),
            mode=str(doc["mode"]),
            deck_name=deck.name,
            sides=_ints(doc["sides"]),
            phase=str(doc["phase"]),
            round=int(doc["round"]),
            turn=int(doc["turn"]),
            first=int(doc["first"]),
            offers=tuple(_strs(o) for o in doc["offers"]),
            explorers=tuple(None if e is None else str(e) for e in doc["explorers"]),
            areas=tuple(
                tuple((int(r), int(c), str(card)) for r, c, card in area) for area in doc["areas"]
            ),
            hands=tuple(_strs(h) for h in doc["hands"]),
            pending=tuple(None if p is None else move_from_json(p) for p in doc["pending"]),
            pile=_strs(doc["pile"]),
            rows=tuple(_strs(r) for r in doc["rows"]),
            live=_strs(doc["live"]),
            tokens=tuple(_ints(t) for t in doc["tokens"]),
            pyramids=tuple(_ints(p) for p in doc["pyramids"]),
            claimed=frozenset((str(k), int(a), int(b)) for k, a, b in doc["claimed"]),
            portals=tuple(tuple((int(r), int(c)) for r, c in points) for points in doc["portals"]),
            portal_left=int(doc["portal_left"]),
            discards=_strs(doc["discards"]),
            passed=tuple(_strs(p) for p in doc.get("passed", [])),
        )
    except NotationError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise NotationError(f"not a Very Big Monster state: {err}") from err
    _check_shape(state)
    return state


def _check_shape(state: State) -> None:
    per_seat = (
        state.offers,
        state.explorers,
        state.areas,
        state.hands,
        state.pending,
        state.tokens,
        state.portals,
    )
    if state.phase not in PHASES or state.mode not in ("rows", "team", "free"):
        raise NotationError(f"unknown phase {state.phase!r} or mode {state.mode!r}")
    if any(len(field) != state.players for field in per_seat) or len(state.passed) not in (
        0,
        state.players,
    ):
        raise NotationError(f"every per-seat list needs {state.players} entries")
    if len(state.sides) != len(state.deck.missions):
        raise NotationError(f"sides needs {len(state.deck.missions)} entries")
    known = state.deck.by_id
    cards = [c for area in state.areas for _, _, c in area] + [
        c
        for group in (*state.hands, state.pile, *state.rows, state.live, state.discards)
        for c in group
    ]
    unknown = [c for c in cards if c not in known]
    if unknown:
        raise NotationError(f"unknown card {unknown[0]!r}")


def view(state: State, seat: int) -> Json:
    """The state as ``seat`` may see it.

    Hidden: the seed and the order of undealt cards (only their number shows),
    the other players' Explorer offers, their choices of this turn (in the hand
    draft only the Spaceship they passed to shows), the cards on their
    Spaceships and the cards they have passed on.
    """
    doc = state_to_json(state)
    doc["seat"] = seat
    doc["seed"] = None
    doc["pile"] = len(state.pile)
    doc["offers"] = [o if s == seat else None for s, o in enumerate(doc["offers"])]
    if state.phase == "explorer":
        doc["explorers"] = [e if s == seat else None for s, e in enumerate(doc["explorers"])]
        doc["chosen"] = [e is not None for e in state.explorers]
        doc["hands"] = [len(h) for h in state.hands]  # dealt after explorers are chosen
    if state.phase == "draft":
        doc["hands"] = [h if s == seat else len(h) for s, h in enumerate(doc["hands"])]
        doc["passed"] = [p if s == seat else None for s, p in enumerate(doc["passed"])]
        doc["pending"] = [
            p if s == seat or p is None else {"pass": p.get("pass")}
            for s, p in enumerate(doc["pending"])
        ]
    return doc
