"""Another deal one seat cannot tell from the game it is in.

:func:`redeal` keeps everything the seat sees (:class:`~solver.vbm.state.View`)
and draws the rest anew: the other hands, the pile and the discards the seat
never held are dealt again from the same cards (the cards the seat passed on
stay on other Spaceships), each hidden choice of this turn is drawn from its
hand and its area's open cells, the Explorer offers the seat never saw from the
spare Explorers, and the game gets a new seed.

>>> from solver.vbm.state import new_state
>>> state = new_state(4, 5)
>>> other = redeal(state, 0, 1)
>>> View.of(other, 0) == View.of(state, 0), other.hands[1] != state.hands[1]
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import replace

from solver.vbm.area import frontier
from solver.vbm.moves import Move
from solver.vbm.state import State, View

#: Deals drawn before settling for one whose hidden cards are as before.
TRIES = 8


def redeal(state: State, seat: int, seed: int) -> State:
    """A state with ``seat``'s view and new hidden content drawn from ``seed``.

    Raises:
        NotationError: a seat the game does not have.
    """
    View.of(state, seat)  # checks the seat
    rng = random.Random(seed)
    again = state
    for _ in range(TRIES):
        again = _deal(state, seat, rng)
        if _hidden(again) != _hidden(state):
            break
    new_seed = rng.getrandbits(64)
    return replace(again, seed=new_seed if new_seed != state.seed else new_seed ^ 1)


def _hidden(state: State) -> tuple[object, ...]:
    return (state.hands, state.pile, state.discards, state.pending, state.offers, state.explorers)


def _deal(state: State, seat: int, rng: random.Random) -> State:
    choosing = state.phase == "explorer"
    draft = state.mode != "rows"
    secret = [s for s in range(state.players) if s != seat or choosing]
    known = set(state.seen[seat]) if draft else set(state.discards)
    slots = [k for k, c in enumerate(state.discards) if c not in known]
    in_hands = [c for s in secret for c in state.hands[s]]
    pinned = sorted(set(state.passed[seat] if draft else ()) & set(in_hands))
    rest = sorted({*in_hands, *state.pile, *(state.discards[k] for k in slots)} - set(pinned))
    rng.shuffle(rest)
    size = len(in_hands)
    held = pinned + rest[: size - len(pinned)]
    rng.shuffle(held)
    rest = rest[size - len(pinned) :]
    hands = list(state.hands)
    for s in secret:
        hands[s], held = tuple(held[: len(state.hands[s])]), held[len(state.hands[s]) :]
    pile, rest = tuple(rest[: len(state.pile)]), rest[len(state.pile) :]
    discards = list(state.discards)
    for k in slots:
        discards[k], rest = rest[0], rest[1:]
    pending = tuple(
        Move(rng.choice(hands[s]), rng.choice(frontier(state.areas[s])), p.pass_to)
        if p is not None and draft and s != seat
        else p
        for s, p in enumerate(state.pending)
    )
    offers, explorers = _explorers(state, seat, rng)
    round_cards = replace(state, hands=tuple(hands)).round_cards()
    mine = state.passed[seat] if draft else ()
    return replace(
        state,
        hands=tuple(hands),
        pile=pile,
        discards=tuple(discards),
        pending=pending,
        offers=offers,
        explorers=explorers,
        passed=tuple(
            mine if s == seat else tuple(c for c in p if c in round_cards)
            for s, p in enumerate(state.passed)
        ),
        seen=tuple(
            k if s == seat else tuple(c for c in k if c in set(discards))
            for s, k in enumerate(state.seen)
        ),
    )


def _explorers(
    state: State, seat: int, rng: random.Random
) -> tuple[tuple[tuple[str, ...], ...], tuple[str | None, ...]]:
    """Other seats' offers from the spare Explorers; their choices still in the offers."""
    choosing = state.phase == "explorer"
    shown = set() if choosing else {e for e in state.explorers if e is not None}
    spare = sorted(
        e.id for e in state.deck.explorers if e.id not in state.offers[seat] and e.id not in shown
    )
    rng.shuffle(spare)
    offers, explorers = list(state.offers), list(state.explorers)
    for s in range(state.players):
        if s == seat:
            continue
        if choosing:
            offers[s], spare = (spare[0], spare[1]), spare[2:]
            if explorers[s] is not None:
                explorers[s] = rng.choice(offers[s])
        else:
            pair = [str(explorers[s]), spare[0]]
            spare = spare[1:]
            rng.shuffle(pair)
            offers[s] = (pair[0], pair[1])
    return tuple(offers), tuple(explorers)
