"""What the Monster Park rulebook says about a turn, as functions over a table.

The three actions and the tourists who come after them (:func:`legal_moves`,
:func:`move_error`, :func:`apply`), preparing the board for the next player, the
end of the game and its scores; the set-up is :func:`solver.park.state.new_state`.
The park rules of one board (placement, the tourists' wishes) are
:mod:`solver.park.board`.

>>> from solver.park.state import new_state
>>> s = new_state(2, seed=7)
>>> legal_moves(s)[0].action, move_error(s, Move("pass"))
('token', 'you may only pass when none of the three actions is possible')
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TypeVar

from solver.errors import IllegalMoveError
from solver.game import Score, Seat
from solver.park.board import (
    Park,
    claim_error,
    claim_options,
    counts,
    is_full,
    place_error,
    placed,
)
from solver.park.cards import AREAS, UPGRADE_KINDS, CardId
from solver.park.moves import Move
from solver.park.settings import Settings
from solver.park.table import Table

TRACK_LEN = 5
"""Positions on the monster track."""
ROW_LEN = 3
"""Spaces on the tourist track."""
START_TOKENS = 5
"""Tokens each player starts with."""

T = TypeVar("T", bound=Table)
"""A table, or a state: what a move is applied to is what it gives back."""


def track_price(settings: Settings, slot: int) -> int | None:
    """Tokens to invite from track position ``slot`` (0, 1, 2, 3 as printed; the fifth
    per the settings); None when it cannot be bought."""
    if slot == TRACK_LEN - 1 and not settings.fifth_slot_buyable:
        return None
    return settings.fifth_slot_price if slot == TRACK_LEN - 1 else slot


def action_error(state: Table, move: Move) -> str | None:
    """The rule an action breaks for the player to move, or None."""
    seat = state.to_move
    assert seat is not None
    have = state.tokens[seat]
    park = state.parks[seat]
    deck = state.cards
    if move.action == "token":
        if state.bank is not None and state.bank < 1:
            return "the bank is empty: no token can be taken"
        return None
    if move.action == "upgrade":
        assert move.kind is not None and move.area is not None
        card_id = state.upgrade_row[UPGRADE_KINDS.index(move.kind)]
        if card_id is None:
            return f"the {move.kind} supply is empty"
        upgrade = deck.upgrade(card_id)
        if upgrade.cost > have:
            return f"{move.kind} cost {upgrade.cost} tokens; you have {have}"
        return place_error(deck, park, upgrade, move.area)
    if move.action == "invite":
        assert move.slot is not None
        card_id = state.track[move.slot]
        if card_id is None:
            return f"track position {move.slot} is empty"
        price = track_price(state.settings, move.slot)
        if price is None:
            return (
                f"track position {move.slot} has no price in this game: its monster cannot be"
                " invited"
            )
        if price > have:
            return f"inviting from track position {move.slot} costs {price} tokens; you have {have}"
        monster = deck.monster(card_id)
        return place_error(deck, park, monster, move.area or monster.area)
    if move.action == "pass":
        if _actions(state):
            return "you may only pass when none of the three actions is possible"
        return None
    return "tourists are invited after an action: choose an action first"


def _actions(state: Table) -> list[Move]:
    moves = [Move("token")]
    moves += [Move("upgrade", kind=k, area=a) for k in UPGRADE_KINDS for a in AREAS]
    for slot, card_id in enumerate(state.track):
        if card_id is not None:
            moves.append(Move("invite", slot=slot, area=state.cards.monster(card_id).area))
    return [m for m in moves if action_error(state, m) is None]


def legal_moves(state: Table) -> list[Move]:
    """Every legal move in a fixed order: token, upgrades, invites; or the tourist claims."""
    if state.to_move is None:
        return []
    if state.phase == "tourists":
        return [Move("tourists")] + [
            Move("tourists", tourists=c) for c in _claims(state, state.parks[state.to_move])
        ]
    return _actions(state) or [Move("pass")]


def _claims(state: Table, park: Park) -> list[tuple[CardId, ...]]:
    assert state.to_move is not None
    held = len(state.held[state.to_move])
    return claim_options(state.cards, park, held, state.tourist_row, state.settings.run_gaps)


def move_error(state: Table, move: Move) -> str | None:
    """The rule ``move`` breaks for the player to move, or None when it is legal."""
    seat = state.to_move
    if seat is None:
        return "the game is over"
    if not isinstance(move, Move):
        return "not a Monster Park move"
    if state.phase != "tourists":
        return action_error(state, move)
    if move.action != "tourists":
        return "this turn's action is done: choose which tourists to invite (or none)"
    return claim_error(
        state.cards,
        state.parks[seat],
        len(state.held[seat]),
        state.tourist_row,
        move.tourists,
        state.settings.run_gaps,
    )


def apply(state: T, move: Move) -> T:
    """The state after ``move``. Raises IllegalMoveError naming the rule broken."""
    why = move_error(state, move)
    if why is not None:
        raise IllegalMoveError(why)
    seat = state.to_move
    assert seat is not None  # move_error: the game is on
    if state.phase == "tourists":
        return _claim(state, move)
    deck = state.cards
    tokens = list(state.tokens)
    bank = state.bank
    park = state.parks[seat]
    track, upgrade_row = state.track, state.upgrade_row
    if move.action == "token":
        tokens[seat] += 1
        bank = None if bank is None else bank - 1
    elif move.action == "upgrade":
        assert move.kind is not None and move.area is not None
        k = UPGRADE_KINDS.index(move.kind)
        card_id = upgrade_row[k]
        assert card_id is not None
        cost = deck.upgrade(card_id).cost
        park = placed(park, move.area, card_id)
        tokens[seat] -= cost
        bank = None if bank is None else bank + cost
        upgrade_row = (*upgrade_row[:k], None, *upgrade_row[k + 1 :])
    elif move.action == "invite":
        assert move.slot is not None
        card_id = track[move.slot]
        assert card_id is not None
        price = track_price(state.settings, move.slot) or 0
        park = placed(park, deck.monster(card_id).area, card_id)
        tokens[seat] -= price
        bank = None if bank is None else bank + price
        track = (*track[: move.slot], None, *track[move.slot + 1 :])
    parks = (*state.parks[:seat], park, *state.parks[seat + 1 :])
    after = replace(
        state, parks=parks, tokens=tuple(tokens), bank=bank, track=track, upgrade_row=upgrade_row
    )
    if _claims(after, park):
        return replace(after, phase="tourists")
    return _end_turn(after)


def _claim(state: T, move: Move) -> T:
    seat = state.to_move
    assert seat is not None
    held = state.held[seat]
    tokens, bank = list(state.tokens), state.bank
    for tourist_id in move.tourists:
        reward = state.cards.tourist(tourist_id).reward
        if bank is not None:
            reward = min(reward, bank)
            bank -= reward
        tokens[seat] += reward
    row = tuple(None if t in move.tourists else t for t in state.tourist_row)
    held_all = (*state.held[:seat], held + move.tourists, *state.held[seat + 1 :])
    after = replace(state, tokens=tuple(tokens), bank=bank, tourist_row=row, held=held_all)
    return _end_turn(after)


def _end_turn(state: T) -> T:
    """Prepare the board for the next player and pass the turn (or end the game)."""
    seat = state.to_move
    assert seat is not None
    tourist_deck = list(state.tourist_deck)
    row = tuple(
        t if t is not None or not tourist_deck else tourist_deck.pop(0) for t in state.tourist_row
    )
    discard = list(state.discard)
    if state.track[0] is not None:
        discard.append(state.track[0])
    track: list[CardId | None] = [c for c in state.track[1:] if c is not None]
    deck, reshuffles = list(state.deck), state.reshuffles
    while len(track) < TRACK_LEN:
        if not deck and discard:
            reshuffles += 1
            deck = discard
            random.Random(f"park:{state.seed}:reshuffle:{reshuffles}").shuffle(deck)
            discard = []
        track.append(deck.pop(0) if deck else None)
    upgrade_row, supply = _refilled_upgrades(state)
    final_round = state.final_round or is_full(state.parks[seat])
    nxt = (seat + 1) % state.players
    turn = state.turn + 1
    over = (final_round and nxt == 0) or turn >= state.settings.round_limit * state.players
    return replace(
        state,
        to_move=None if over else nxt,
        phase="over" if over else "action",
        turn=turn,
        tourist_row=row,
        tourist_deck=tuple(tourist_deck),
        track=tuple(track),
        deck=tuple(deck),
        discard=tuple(discard),
        reshuffles=reshuffles,
        upgrade_row=upgrade_row,
        upgrade_supply=supply,
        final_round=final_round,
    )


def _refilled_upgrades(
    state: Table,
) -> tuple[tuple[CardId | None, ...], tuple[tuple[CardId, ...], ...]]:
    row = list(state.upgrade_row)
    supply = [list(s) for s in state.upgrade_supply]
    for k in range(len(row)):
        if row[k] is not None:
            continue
        source = k
        if not supply[k] and state.settings.upgrade_refill == "any":
            source = max(range(len(supply)), key=lambda i: (len(supply[i]), -i))
        if supply[source]:
            row[k] = supply[source].pop(0)
    return tuple(row), tuple(tuple(s) for s in supply)


def scores(state: Table) -> list[Score]:
    """Tokens plus monster points, per seat (running totals before the end)."""
    out = []
    for seat in range(state.players):
        c = counts(state.cards, state.parks[seat])
        lines = {"tokens": state.tokens[seat], "monster points": c.points}
        out.append(Score(seat, state.tokens[seat] + c.points, lines))
    return out


def winners(state: Table) -> tuple[Seat, ...]:
    """Most points; a tie goes to more monsters in the park; still tied, shared."""
    keys = [(s.total, counts(state.cards, state.parks[s.seat]).monsters) for s in scores(state)]
    best = max(keys)
    return tuple(seat for seat, key in enumerate(keys) if key == best)
