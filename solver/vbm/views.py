"""Reading a player's view back into a playable state, so a front end can ask for a
hint with only what its player sees.

What the view hides is filled in one fixed way that agrees with everything it
shows: hidden cards are the unseen cards of the sets in play (lowest set numbers
first when not all sets have shown up yet) in id order, the other players' hands
first, then the undealt pile; a hidden choice of this turn keeps the first card
of that player's hand on its first open cell; hidden Explorer offers are the
unused explorers in id order. The seat's own legal moves are exactly those of the
real game, and the hint only ever uses what the seat can see.

>>> from solver.vbm.setup import new_state
>>> state = new_state(4, 2)
>>> state = state.apply(state.legal_moves()[0])
>>> again = state_from_view(state.view(1))
>>> again.legal_moves() == state.legal_moves(), again.pile == state.pile
(True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from solver.errors import NotationError
from solver.vbm.cards import deck_named
from solver.vbm.rules import frontier

if TYPE_CHECKING:
    from solver.vbm.state import State


def is_view(doc: Mapping[str, Any]) -> bool:
    """Does ``doc`` look like ``State.view`` output rather than ``State.to_json``?"""
    return doc.get("seed") is None and isinstance(doc.get("seat"), int)


def _count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise NotationError(f"view: {what} must be a count of hidden cards, not {value!r}")
    return value


def state_from_view(doc: Mapping[str, Any]) -> State:
    """A state that agrees with the view ``doc`` (see the module docstring)."""
    from solver.vbm.codec import state_from_json

    deck = deck_named(str(doc.get("deck", "standard")))
    players = int(doc["players"])
    seat = int(doc["seat"])
    full = dict(doc)
    full.pop("seat")
    full.pop("chosen", None)
    full["seed"] = 0
    known: set[str] = set()
    for area in doc["areas"]:
        known |= {str(card) for _, _, card in area}
    for group in (*doc["rows"], doc["live"], doc["discards"]):
        known |= {str(c) for c in group}
    hands = list(doc["hands"])
    for hand in hands:
        if isinstance(hand, list):
            known |= {str(c) for c in hand}
    mode = str(doc["mode"])
    sets_wanted = {2: 4, 3: 6}.get(players, players) if mode == "rows" else players
    seen_sets = sorted({deck.card(c).set for c in known})
    extra = [s for s in deck.sets() if s not in seen_sets]
    in_play = set(seen_sets + extra[: max(0, sets_wanted - len(seen_sets))])
    unseen = sorted(c.id for c in deck.cards if c.set in in_play and c.id not in known)
    for s, hand in enumerate(hands):
        if not isinstance(hand, list):
            size = _count(hand, "a hand")
            hands[s], unseen = unseen[:size], unseen[size:]
    full["hands"] = hands
    size = _count(doc["pile"], "the pile")
    full["pile"] = unseen[:size]
    offers = list(doc["offers"])
    spare = sorted(
        e.id
        for e in deck.explorers
        if not any(isinstance(o, list) and e.id in o for o in offers)
        and e.id not in [x for x in doc["explorers"] if x is not None]
    )
    for s, offer in enumerate(offers):
        if offer is None:
            offers[s], spare = spare[:2], spare[2:]
    full["offers"] = offers
    chosen = doc.get("chosen")
    if isinstance(chosen, list):
        full["explorers"] = [
            offers[s][0] if chosen[s] and s != seat else doc["explorers"][s] for s in range(players)
        ]
    pending = list(doc["pending"])
    for s, move in enumerate(pending):
        if isinstance(move, Mapping) and "card" not in move:
            area = tuple((int(r), int(c), str(card)) for r, c, card in doc["areas"][s])
            cell = frontier(area)[0]
            pending[s] = {"card": hands[s][0], "at": list(cell), "pass": move.get("pass")}
    full["pending"] = pending
    full["passed"] = [p if isinstance(p, list) else [] for p in doc.get("passed", [])]
    return state_from_json(full)
