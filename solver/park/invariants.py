"""What the rules imply about a whole table, checked when a state or a view is read.

Each card of the deck lies in exactly one place (:func:`check_places`), and the
table is one the rules can reach (:func:`check_table`): the track slides left
and refills, the rows refill while their decks last, a limited bank and the
players' tokens add up, parks grow one card a turn, every held tourist's wish is
met, and the end comes only after the final round or at the round limit. A fault
is a NotationError naming its JSON path.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from solver.errors import NotationError
from solver.fields import at
from solver.park.board import is_full, shortfall
from solver.park.cards import AREAS, UPGRADE_KINDS, CardId, Deck, Face
from solver.park.rules import START_TOKENS
from solver.park.state import State, View


def places(s: State) -> list[tuple[str, Sequence[CardId | None]]]:
    """Every place of the table that holds cards, with its JSON path."""
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


def check_table(s: State) -> None:
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


def _check_tourists(s: State) -> None:
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


def _check_pace(s: State) -> None:
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


def _check_end(s: State) -> None:
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


def check_counts(view: View, doc: Mapping[str, Any]) -> None:
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
