"""Exact evaluation of the current turn, as the player to move can see it.

A monster on the track shows only its area and size; its character and points
are revealed when it is placed. The player knows the deck, so a face-down
monster is any card of its area and size that no park shows yet, each equally
likely. :func:`outcomes` lists what an action can turn out to be, and
:func:`evaluate` values an action exactly in expectation: tokens paid or taken,
points placed, and the tourists the best claim order then brings.

>>> from solver.park.state import new_state
>>> from solver.park.moves import Move
>>> s = new_state(2, seed=7)
>>> evaluate(s, Move("token")).value
1.0
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache

from solver.park.board import Park, claim_options, placed
from solver.park.cards import UPGRADE_KINDS, Area, CardId, Deck, Monster
from solver.park.moves import Move
from solver.park.state import State


@dataclass(frozen=True)
class Outcome:
    """One way an action can turn out: the park after it, with its probability."""

    probability: float
    park: Park
    card: CardId | None  # the card placed, if any
    points: int
    tokens: int  # tokens gained (negative when paying)


@dataclass(frozen=True)
class Evaluation:
    """An action's exact expected worth this turn.

    Args:
        value: expected points gained this turn (tokens, monster points, tourists).
        tokens: expected tokens after the turn, tourists included.
        friendly: probability the placed card is a friendly monster.
        claim: the tourists the most likely outcome brings, in a working order.
        reward: expected tourist tokens.
        points: expected monster points placed.
        outcomes: the outcomes behind it.
    """

    value: float
    tokens: float
    friendly: float
    claim: tuple[CardId, ...]
    reward: float
    points: float
    outcomes: tuple[Outcome, ...]


def unseen_monsters(state: State) -> list[Monster]:
    """Monsters no park shows: the ones a face-down card may be."""
    placed = {c for park in state.parks for area in park for c in area}
    return [m for m in state.cards.monsters if m.id not in placed]


@lru_cache(maxsize=4096)
def class_outcomes(
    deck: Deck, parks_key: tuple[Park, ...], area: Area, size: int
) -> tuple[tuple[float, CardId], ...]:
    placed = {c for park in parks_key for a in park for c in a}
    groups: dict[tuple[bool, int], list[CardId]] = defaultdict(list)
    for m in deck.monsters:
        if m.area == area and m.size == size and m.id not in placed:
            groups[(m.friendly, m.points)].append(m.id)
    total = sum(len(v) for v in groups.values())
    return tuple((len(v) / total, v[0]) for _, v in sorted(groups.items()))


def hidden_outcomes(state: State, card_id: CardId) -> tuple[tuple[float, CardId], ...]:
    """What a face-down track monster may be: (probability, a representative card) pairs.

    Cards that share character and points count as one outcome.
    """
    m = state.cards.monster(card_id)
    return class_outcomes(state.cards, state.parks, m.area, m.size)


def outcomes(state: State, move: Move) -> tuple[Outcome, ...]:
    """The ways a legal action of the player to move can turn out."""
    seat = state.to_move
    assert seat is not None
    park = state.parks[seat]
    deck = state.cards
    if move.action == "token":
        return (Outcome(1.0, park, None, 0, 1),)
    if move.action == "upgrade":
        assert move.kind is not None and move.area is not None
        card_id = state.upgrade_row[UPGRADE_KINDS.index(move.kind)]
        assert card_id is not None
        cost = deck.upgrade(card_id).cost
        return (Outcome(1.0, placed(park, move.area, card_id), card_id, 0, -cost),)
    if move.action == "invite":
        assert move.slot is not None
        card_id = state.track[move.slot]
        assert card_id is not None
        price = state.price(move.slot) or 0
        return tuple(
            Outcome(p, placed(park, deck.monster(rep).area, rep), rep, _points(deck, rep), -price)
            for p, rep in hidden_outcomes(state, card_id)
        )
    return (Outcome(1.0, park, None, 0, 0),)


def _points(deck: Deck, card_id: CardId) -> int:
    return deck.monster(card_id).points


def best_claim(state: State, park: Park) -> tuple[tuple[CardId, ...], int]:
    """The claim (in a working order) that brings the most tokens, and its reward."""
    seat = state.to_move
    assert seat is not None
    held = len(state.held[seat])
    settings = state.settings
    return _best_claim(state.cards, park, held, state.tourist_row, settings.run_gaps, state.bank)


@lru_cache(maxsize=16384)
def _best_claim(
    deck: Deck,
    park: Park,
    held: int,
    row: tuple[CardId | None, ...],
    gaps: str,
    bank: int | None,
) -> tuple[tuple[CardId, ...], int]:
    best: tuple[tuple[CardId, ...], int] = ((), 0)
    for claim in claim_options(deck, park, held, row, gaps):
        reward = sum(deck.tourist(t).reward for t in claim)
        if bank is not None:
            reward = min(reward, bank)
        if reward > best[1]:
            best = (claim, reward)
    return best


def evaluate(state: State, move: Move) -> Evaluation:
    """The exact expected worth of an action this turn (see the module text)."""
    seat = state.to_move
    assert seat is not None
    deck = state.cards
    value = tokens = friendly = reward_sum = points_sum = 0.0
    claim: tuple[CardId, ...] = ()
    top = -1.0
    outs = outcomes(state, move)
    for out in outs:
        claimed, reward = best_claim(state, out.park)
        value += out.probability * (out.tokens + out.points + reward)
        tokens += out.probability * (out.tokens + reward)
        reward_sum += out.probability * reward
        points_sum += out.probability * out.points
        card = deck.card(out.card) if out.card else None
        if isinstance(card, Monster) and card.friendly:
            friendly += out.probability
        if out.probability > top:
            top, claim = out.probability, claimed
    return Evaluation(
        value=value,
        tokens=state.tokens[seat] + tokens,
        friendly=friendly,
        claim=claim,
        reward=reward_sum,
        points=points_sum,
        outcomes=outs,
    )


def greedy_key(move: Move, e: Evaluation) -> tuple[float, bool]:
    """How a greedy player ranks an action: its points this turn, then whether it places
    a card (filling the park sooner)."""
    return round(e.value, 6), move.action in ("invite", "upgrade")
