"""A table one seat cannot tell from the real one, its hidden cards dealt anew.

Every face-down monster (on the track, in the discard, on top of the monster
deck) is swapped for an unseen monster of the same area and size; the rest of
the monster deck, the tourist deck and each upgrade supply are shuffled; the
game gets a new seed. Face-up cards stay where they are.

>>> from solver.park.state import new_state
>>> from solver.park.state import View
>>> s = new_state(2, seed=7)
>>> r = redeal(s, 0, 1)
>>> View.of(r, 0) == View.of(s, 0), r.deck != s.deck
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import replace

from solver.game import Seat
from solver.park.cards import CardId, Face, face_of
from solver.park.state import State


def redeal(state: State, seat: Seat, seed: int) -> State:
    """``state`` with its hidden content drawn anew from ``seed`` (the same view for
    every seat: Monster Park hides the same cards from everyone)."""
    rng = random.Random(seed)
    deck = state.cards
    hidden = [c for c in (*state.track, *state.discard, *state.deck) if c is not None]
    by_face: dict[Face, list[CardId]] = {}
    for c in sorted(hidden):
        by_face.setdefault(face_of(deck, c), []).append(c)
    for cards in by_face.values():
        rng.shuffle(cards)

    def swap(c: CardId) -> CardId:
        return by_face[face_of(deck, c)].pop()

    track = tuple(None if c is None else swap(c) for c in state.track)
    discard = tuple(swap(c) for c in state.discard)
    top = [swap(state.deck[0])] if state.deck else []
    rest = sorted(c for cards in by_face.values() for c in cards)
    rng.shuffle(rest)
    tourists = sorted(state.tourist_deck)
    rng.shuffle(tourists)
    supply = []
    for pile in state.upgrade_supply:
        shuffled = sorted(pile)
        rng.shuffle(shuffled)
        supply.append(tuple(shuffled))
    return replace(
        state,
        seed=rng.getrandbits(64),
        track=track,
        discard=discard,
        deck=tuple(top + rest),
        tourist_deck=tuple(tourists),
        upgrade_supply=tuple(supply),
    )
