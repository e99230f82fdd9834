"""Monster Park states as JSON: the whole table, every invariant checked on reading.

A state read back is one the rules can reach: each card of the deck lies in
exactly one place and of the right kind for it (the track and the decks hold
monsters, the rows and supplies their own kinds), parks obey the park rules,
turns and seats follow each other, a limited bank and the players' tokens add
up to what the game began with. A fault is a NotationError naming its JSON path.

>>> from solver.park.state import new_game
>>> s = new_game(3, seed=1, settings={"fifth_slot_buyable": True})
>>> state_from_json(state_to_json(s)) == s
True
>>> doc = state_to_json(s) | {"to_move": True}
>>> state_from_json(doc)
Traceback (most recent call last):
...
solver.errors.NotationError: to_move: must be a whole number 0-2, not True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from solver.errors import NotationError
from solver.park.cards import (
    AREAS,
    UPGRADE_KINDS,
    CardId,
    Deck,
    Monster,
    Tourist,
    Upgrade,
    load_deck,
)
from solver.park.checks import (
    MAX_TOKENS,
    SEED_RANGE,
    at,
    card_id,
    card_list,
    choice,
    fields,
    flag,
    items,
    read_park,
    whole,
)
from solver.park.rules import Park, is_full, shortfall
from solver.park.settings import Settings
from solver.park.state import ROW_LEN, START_TOKENS, TRACK_LEN, ParkState

PHASES = ("action", "tourists", "over")
STATE_FIELDS = (
    "game",
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


def check_game(doc: Any, what: str) -> Mapping[str, Any]:
    """``doc`` as an object of a Monster Park document (``what``: state or view)."""
    if not isinstance(doc, Mapping):
        raise NotationError(f"a {what} must be a JSON object")
    game = doc.get("game")
    if game != "park":
        shown = game if isinstance(game, str) and len(game) <= 30 else "different"
        raise NotationError(f"this is a {shown} {what}, not a park {what}", path="game")
    return doc


def read_settings(doc: Any) -> tuple[Settings, Deck]:
    """The settings and the deck they name."""
    if not isinstance(doc, Mapping):
        raise NotationError("the settings must be a JSON object", path="settings")
    settings = Settings.parse(doc)
    return settings, load_deck(settings.deck)


def read_turn(
    doc: Mapping[str, Any], players: int, settings: Settings
) -> tuple[str, int | None, int]:
    """The phase, the seat to move and the turn number, which agree with each other."""
    phase = choice(doc["phase"], "phase", PHASES)
    to_move = None if doc["to_move"] is None else whole(doc["to_move"], "to_move", 0, players - 1)
    limit = settings.round_limit * players
    turn = whole(doc["turn"], "turn", 0, limit)
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


def state_from_json(doc: Any) -> ParkState:
    """Read ``state_to_json`` output; NotationError naming the path of the first fault."""
    doc = check_game(doc, "state")
    if "view_of" in doc:
        raise NotationError("this is one seat's view, not a full state", path="view_of")
    doc = fields(doc, "", STATE_FIELDS, "a Monster Park state")
    players = whole(doc["players"], "players", 2, 4)
    settings, deck = read_settings(doc["settings"])
    phase, to_move, turn = read_turn(doc, players, settings)
    seed = whole(doc["seed"], "seed", *SEED_RANGE)
    n_monsters, n_tourists, n_upgrades = len(deck.monsters), len(deck.tourists), len(deck.upgrades)
    parks = tuple(
        read_park(deck, p, f"parks[{i}]", None)
        for i, p in enumerate(items(doc["parks"], "parks", 4, players))
    )
    tokens = tuple(
        whole(t, f"tokens[{i}]", 0, MAX_TOKENS)
        for i, t in enumerate(items(doc["tokens"], "tokens", 4, players))
    )
    held = tuple(
        card_list(deck, h, f"tourists_held[{i}]", Tourist, n_tourists)
        for i, h in enumerate(items(doc["tourists_held"], "tourists_held", 4, players))
    )
    track = read_row(deck, doc["track"], "track", Monster, TRACK_LEN)
    row = read_row(deck, doc["tourist_row"], "tourist_row", Tourist, ROW_LEN)
    upgrades = read_row(deck, doc["upgrade_row"], "upgrade_row", Upgrade, len(UPGRADE_KINDS))
    supply_doc = items(doc["upgrade_supply"], "upgrade_supply", 3, len(UPGRADE_KINDS))
    supply = tuple(
        card_list(deck, u, f"upgrade_supply[{k}]", Upgrade, n_upgrades)
        for k, u in enumerate(supply_doc)
    )
    bank = None if doc["bank"] is None else whole(doc["bank"], "bank", 0, MAX_TOKENS)
    state = ParkState(
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
        reshuffles=whole(doc["reshuffles"], "reshuffles", 0, turn),
        tourist_row=row,
        tourist_deck=card_list(deck, doc["tourist_deck"], "tourist_deck", Tourist, n_tourists),
        upgrade_row=upgrades,
        upgrade_supply=supply,
        bank=bank,
        final_round=flag(doc["final_round"], "final_round"),
        cards=deck,
    )
    check_places(deck, places(state))
    check_table(state)
    return state


def read_row(
    deck: Deck,
    value: Any,
    path: str,
    kind: type,
    length: int,
    read: Callable[[Any, str], Any] | None = None,
) -> tuple[CardId | None, ...]:
    """A row of ``length`` places, each empty (null) or a card of ``kind``; ``read(entry,
    path)`` first turns an entry into an id when entries are objects."""
    return tuple(
        None
        if c is None
        else card_id(deck, c if read is None else read(c, at(path, i)), at(path, i), kind)
        for i, c in enumerate(items(value, path, length, length))
    )


def places(s: ParkState) -> list[tuple[str, Sequence[CardId | None]]]:
    places: list[tuple[str, Sequence[CardId | None]]] = []
    for i, park in enumerate(s.parks):
        places += [(f"parks[{i}].{a.value}", cards) for a, cards in zip(AREAS, park, strict=True)]
    places += [(f"tourists_held[{i}]", h) for i, h in enumerate(s.held)]
    places += [
        ("track", s.track),
        ("monster_deck", s.deck),
        ("discard", s.discard),
        ("tourist_row", s.tourist_row),
        ("tourist_deck", s.tourist_deck),
        ("upgrade_row", s.upgrade_row),
    ]
    places += [(f"upgrade_supply[{k}]", u) for k, u in enumerate(s.upgrade_supply)]
    return places


def check_places(
    deck: Deck, places: list[tuple[str, Sequence[CardId | None]]], complete: bool = True
) -> None:
    """No card lies in two of ``places`` (path, cards); ``complete``: every card of the
    deck lies in one."""
    where: dict[CardId, str] = {}
    for path, cards in places:
        for i, c in enumerate(cards):
            if c is None:
                continue
            if c in where:
                raise NotationError(f"card {c!r} already lies at {where[c]}", path=at(path, i))
            where[c] = at(path, i)
    if not complete:
        return
    for card, home in (
        *((m.id, "monster_deck") for m in deck.monsters),
        *((t.id, "tourist_deck") for t in deck.tourists),
        *((u.id, "upgrade_supply") for u in deck.upgrades),
    ):
        if card not in where:
            raise NotationError(f"card {card!r} is missing from the table", path=home)


def check_table(s: ParkState) -> None:
    """What the board preparation and the end of the game imply about the table."""
    deck = s.cards
    refill = s.settings.upgrade_refill
    for k, kind in enumerate(UPGRADE_KINDS):
        for i, c in enumerate(s.upgrade_supply[k]):
            if deck.upgrade(c).kind != kind:
                raise NotationError(
                    f"the {kind} supply holds only {kind}", path=f"upgrade_supply[{k}][{i}]"
                )
        shown = s.upgrade_row[k]
        if shown is not None and refill == "own" and deck.upgrade(shown).kind != kind:
            raise NotationError(
                f"only {kind} go on the {kind} space (setting upgrade_refill 'own')",
                path=f"upgrade_row[{k}]",
            )
    taking = 1 if s.phase == "tourists" else 0  # places this turn's action emptied
    gaps = [i for i, c in enumerate(s.track) if c is None]
    inside = [i for i in gaps if any(c is not None for c in s.track[i + 1 :])]
    if len(inside) > taking:
        raise NotationError("the track's monsters slide left", path=f"track[{inside[taking]}]")
    if (s.deck or s.discard) and len(gaps) > taking:
        raise NotationError(
            "an empty track position is filled while the deck or the discard lasts",
            path=f"track[{gaps[taking]}]",
        )
    if s.tourist_deck and None in s.tourist_row:
        raise NotationError(
            "an empty tourist space is refilled while the tourist deck lasts",
            path=f"tourist_row[{s.tourist_row.index(None)}]",
        )
    unfilled = [
        k
        for k, shown in enumerate(s.upgrade_row)
        if shown is None and any(s.upgrade_supply if refill == "any" else [s.upgrade_supply[k]])
    ]
    if len(unfilled) > taking:
        raise NotationError(
            "an empty upgrade space is refilled while its supply lasts",
            path=f"upgrade_row[{unfilled[taking]}]",
        )
    if s.settings.bank is None and s.bank is not None:
        raise NotationError("the bank never runs out (setting bank null)", path="bank")
    if s.settings.bank is not None:
        start = s.settings.bank + START_TOKENS * s.players
        if s.bank is None or s.bank + sum(s.tokens) != start:
            raise NotationError(
                f"the bank and the players' tokens must add up to {start}", path="bank"
            )
    _check_pace(s)
    _check_tourists(s)
    _check_end(s)


def _check_tourists(s: ParkState) -> None:
    """A tourist came only when the park met its wish, and parks only grow, so each held
    tourist's wish is still met (the one that counts tourists saw those held before it)."""
    deck = s.cards
    for seat, held in enumerate(s.held):
        for j, t in enumerate(held):
            tourist = deck.tourist(t)
            before = len(held) - 1 if tourist.need == "tourists" else j
            why = shortfall(deck, s.parks[seat], before, tourist, s.settings.run_gaps)
            if why is not None:
                raise NotationError(
                    f"{why}, so it cannot have come", path=f"tourists_held[{seat}][{j}]"
                )
    if s.phase == "tourists" and s.to_move is not None and not s.legal_moves()[1:]:
        raise NotationError(
            "no tourist wants to come, so the turn is over: the phase is 'action'", path="phase"
        )


def _check_pace(s: ParkState) -> None:
    """A turn places at most one card in the mover's park and discards at most one
    monster from the track."""
    for seat, park in enumerate(s.parks):
        turns = (s.turn - seat + s.players - 1) // s.players
        turns += 1 if seat == s.to_move and s.phase == "tourists" else 0
        placed = sum(len(cards) for cards in park)
        if placed > turns:
            raise NotationError(
                f"seat {seat} has had {turns} turns: its park cannot hold {placed} cards",
                path=f"parks[{seat}]",
            )
    if len(s.discard) > s.turn:
        raise NotationError(
            f"{s.turn} turns cannot have discarded {len(s.discard)} monsters", path="discard"
        )


def _check_end(s: ParkState) -> None:
    full = [i for i, p in enumerate(s.parks) if is_full(p)]
    if s.final_round and not full:
        raise NotationError("the final round starts only once a park is full", path="final_round")
    for i in full:
        filling = i == s.to_move and s.phase == "tourists"
        if not filling and (not s.final_round or i == s.to_move):
            raise NotationError(
                "a full park ends the game after this round: it takes no more turns",
                path=f"parks[{i}]",
            )
    if s.final_round and s.to_move == 0:
        raise NotationError("the starting player takes no turn in the final round", path="to_move")
    if s.phase == "over":
        limit = s.settings.round_limit * s.players
        if s.turn != limit and not (s.final_round and s.turn % s.players == 0):
            raise NotationError(
                "the game is over only after the final round or at the round limit", path="phase"
            )
