"""Shared helpers for the Monster Park tests: build states card by card."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from solver.game import RankedMove
from solver.park.cards import Deck, load_deck
from solver.park.hint import hint
from solver.park.state import State, View, new_state


@pytest.fixture
def deck() -> Deck:
    """The standard deck."""
    return load_deck("standard")


def card(deck: Deck, area: str, size: int, friendly: bool, points: int | None = None) -> str:
    """The id of the first standard monster with these properties."""
    for m in deck.monsters:
        same = m.area == area and m.size == size and m.friendly == friendly
        if same and (points is None or m.points == points):
            return m.id
    raise LookupError((area, size, friendly, points))


def with_park(state: State, seat: int, *areas: tuple[str, ...]) -> State:
    """``state`` with seat's park set; the cards leave every other place."""
    park = tuple(tuple(a) for a in areas)
    used = {c for a in park for c in a}

    def keep(cards: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(c for c in cards if c not in used)

    return replace(
        state,
        parks=(*state.parks[:seat], park, *state.parks[seat + 1 :]),
        deck=keep(state.deck),
        discard=keep(state.discard),
        track=tuple(None if c in used else c for c in state.track),
        upgrade_row=tuple(None if c in used else c for c in state.upgrade_row),
        upgrade_supply=tuple(keep(s) for s in state.upgrade_supply),
    )


def with_track(state: State, *cards: str | None) -> State:
    """``state`` with the track set to ``cards`` (taken out of the deck and discard)."""
    used = {c for c in cards if c}
    rest = [c for c in state.track if c and c not in used]
    return replace(
        state,
        track=tuple(cards),
        deck=tuple(rest) + tuple(c for c in state.deck if c not in used),
        discard=tuple(c for c in state.discard if c not in used),
    )


def start(players: int = 2, seed: int = 1, **settings: Any) -> State:
    """A new game."""
    return new_state(players, seed, settings)


def hint_of(state: State, seat: int, budget: float = 0.5) -> list[RankedMove]:
    """The hint for ``seat``, asked of its view of ``state``."""
    return hint(View.of(state, seat), budget)
