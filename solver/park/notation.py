"""Monster Park states as JSON: the whole table, and one player's view of it.

>>> from solver.park.state import new_game
>>> s = new_game(3, seed=1, settings={"fifth_slot_buyable": True})
>>> state_from_json(state_to_json(s)) == s
True
>>> view(s, 0)["track"][0].keys()
dict_keys(['area', 'size', 'price'])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solver.errors import NotationError
from solver.park.cards import AREAS, Monster, Upgrade
from solver.park.rules import Park
from solver.park.settings import Settings
from solver.park.state import ParkState

_PHASES = ("action", "tourists", "over")


def _park_json(park: Park) -> dict[str, list[str]]:
    return {area.value: list(cards) for area, cards in zip(AREAS, park, strict=True)}


def state_to_json(s: ParkState) -> dict[str, Any]:
    """The whole state, hidden cards included (decks top first)."""
    return {
        "game": "park",
        "players": s.players,
        "seed": s.seed,
        "settings": s.settings.to_json(),
        "to_move": s.to_move,
        "phase": s.phase,
        "turn": s.turn,
        "parks": [_park_json(p) for p in s.parks],
        "tokens": list(s.tokens),
        "tourists_held": [list(h) for h in s.held],
        "track": list(s.track),
        "monster_deck": list(s.deck),
        "discard": list(s.discard),
        "reshuffles": s.reshuffles,
        "tourist_row": list(s.tourist_row),
        "tourist_deck": list(s.tourist_deck),
        "upgrade_row": list(s.upgrade_row),
        "upgrade_supply": [list(u) for u in s.upgrade_supply],
        "bank": s.bank,
        "final_round": s.final_round,
    }


def _get(doc: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in doc:
        raise NotationError(f"state: missing field {key!r}")
    value = doc[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise NotationError(f"state: field {key!r} has the wrong type ({value!r})")
    return value


def _ids(value: Any, key: str, none: bool = False) -> tuple[Any, ...]:
    if not isinstance(value, list) or not all(
        isinstance(v, str) or (none and v is None) for v in value
    ):
        raise NotationError(f"state: field {key!r} must be a list of card ids")
    return tuple(value)


def state_from_json(doc: Mapping[str, Any]) -> ParkState:
    """Read ``state_to_json`` output; NotationError naming the bad field."""
    if not isinstance(doc, Mapping):
        raise NotationError("state must be a JSON object")
    settings = Settings.parse(_get(doc, "settings", dict))
    players = _get(doc, "players", int)
    if not 2 <= players <= 4:
        raise NotationError(f"state: Monster Park takes 2-4 players, not {players}")
    phase = _get(doc, "phase", str)
    if phase not in _PHASES:
        raise NotationError(f"state: unknown phase {phase!r}")
    to_move = doc.get("to_move")
    if (to_move is None) != (phase == "over") or (
        to_move is not None and (not isinstance(to_move, int) or not 0 <= to_move < players)
    ):
        raise NotationError(f"state: bad to_move {to_move!r} for phase {phase!r}")
    parks = []
    for i, p in enumerate(_get(doc, "parks", list)):
        if not isinstance(p, Mapping) or set(p) != {a.value for a in AREAS}:
            raise NotationError(f"state: park {i} must name the areas water, land and air")
        parks.append(tuple(_ids(p[a.value], f"parks[{i}].{a.value}") for a in AREAS))
    per_seat = [parks, _get(doc, "tokens", list), _get(doc, "tourists_held", list)]
    if any(len(x) != players for x in per_seat):
        raise NotationError("state: parks, tokens and tourists_held need one entry per player")
    bank = doc.get("bank")
    if bank is not None and (not isinstance(bank, int) or isinstance(bank, bool)):
        raise NotationError(f"state: bad bank {bank!r}")
    state = ParkState(
        players=players,
        seed=_get(doc, "seed", int),
        settings=settings,
        to_move=to_move,
        phase=phase,
        turn=_get(doc, "turn", int),
        parks=tuple(parks),
        tokens=tuple(int(t) for t in per_seat[1]),
        held=tuple(_ids(h, "tourists_held") for h in per_seat[2]),
        track=_ids(_get(doc, "track", list), "track", none=True),
        deck=_ids(_get(doc, "monster_deck", list), "monster_deck"),
        discard=_ids(_get(doc, "discard", list), "discard"),
        reshuffles=_get(doc, "reshuffles", int),
        tourist_row=_ids(_get(doc, "tourist_row", list), "tourist_row", none=True),
        tourist_deck=_ids(_get(doc, "tourist_deck", list), "tourist_deck"),
        upgrade_row=_ids(_get(doc, "upgrade_row", list), "upgrade_row", none=True),
        upgrade_supply=tuple(_ids(u, "upgrade_supply") for u in _get(doc, "upgrade_supply", list)),
        bank=bank,
        final_round=_get(doc, "final_round", bool),
    )
    _check_cards(state)
    return state


def _check_cards(state: ParkState) -> None:
    deck = state.cards
    if len(state.track) != 5 or len(state.tourist_row) != 3 or len(state.upgrade_row) != 3:
        raise NotationError("state: the track has 5 positions, the tourist and upgrade rows 3")
    if len(state.upgrade_supply) != 3:
        raise NotationError("state: upgrade_supply needs one list per upgrade kind")
    seen: list[str] = [c for p in state.parks for area in p for c in area]
    seen += [c for h in state.held for c in h]
    for part in (state.track, state.tourist_row, state.upgrade_row):
        seen += [c for c in part if c is not None]
    seen += [*state.deck, *state.discard, *state.tourist_deck]
    seen += [c for u in state.upgrade_supply for c in u]
    for card_id in seen:
        deck.card(card_id)
    if len(set(seen)) != len(seen):
        raise NotationError("state: a card lies in two places")


def view(s: ParkState, seat: int) -> dict[str, Any]:
    """What ``seat`` sees: track and discarded monsters show only area and size."""
    deck = s.cards

    def face_down(card_id: str | None, slot: int | None = None) -> dict[str, Any] | None:
        if card_id is None:
            return None
        m = deck.monster(card_id)
        doc: dict[str, Any] = {"area": m.area.value, "size": m.size}
        if slot is not None:
            doc["price"] = s.price(slot)
        return doc

    def shown(card_id: str | None) -> dict[str, Any] | None:
        if card_id is None:
            return None
        card = deck.card(card_id)
        doc: dict[str, Any] = {"id": card_id}
        if isinstance(card, Monster):
            doc |= {"area": card.area.value, "size": card.size, "character": card.character}
            doc["points"] = card.points
        elif isinstance(card, Upgrade):
            doc |= {"kind": card.kind, "size": card.size, "cost": card.cost}
        else:
            doc |= {"text": card.text, "reward": card.reward}
        return doc

    return {
        "game": "park",
        "seat": seat,
        "players": s.players,
        "to_move": s.to_move,
        "phase": s.phase,
        "settings": s.settings.to_json(),
        "parks": [
            {a.value: [shown(c) for c in cards] for a, cards in zip(AREAS, p, strict=True)}
            for p in s.parks
        ],
        "tokens": list(s.tokens),
        "tourists_held": [list(h) for h in s.held],
        "track": [face_down(c, i) for i, c in enumerate(s.track)],
        "monster_deck": len(s.deck),
        "discard": [face_down(c) for c in s.discard],
        "tourist_row": [shown(t) for t in s.tourist_row],
        "tourist_deck": len(s.tourist_deck),
        "upgrade_row": [shown(u) for u in s.upgrade_row],
        "upgrade_supply": [len(u) for u in s.upgrade_supply],
        "bank": s.bank,
        "final_round": s.final_round,
        "scores": [sc.to_json() for sc in s.scores()],
    }
