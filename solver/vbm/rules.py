"""The rulebook as functions over State: setting a game up and applying one decision.

:func:`new_state` deals a game from a player count, a seed and the named settings
(:mod:`solver.vbm.settings`): the seed picks the sets, shuffles them, deals the
explorers and turns the mission tiles. :func:`apply_move` applies an explorer
choice, a hand-draft choice or a row-draft choice and, once every seat has
chosen, reveals the turn's cards (portals and missions: :mod:`solver.vbm.turns`).
Every refusal names the rule it breaks.

>>> state = new_state(4, 1)
>>> state.mode, len(state.hands[0]), len(state.pile), state.teams
('team', 10, 40, ((0, 2), (1, 3)))
>>> [len(row) for row in new_state(2, 1).rows], len(new_state(3, 1).rows[0])
([4], 6)
>>> new_state(2, 7).apply(Move(explorer="E99"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
solver.errors.IllegalMoveError: keep one of the two Explorer cards you were dealt (...)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from solver.errors import NotationError, NotYourTurnError
from solver.game import Position, Seat, one_seat_waits
from solver.vbm.area import frontier
from solver.vbm.cards import deck_named
from solver.vbm.settings import read_settings
from solver.vbm.state import HAND, ROUNDS, TURNS_PER_ROUND, Move, State, check
from solver.vbm.turns import pyramids_for
from solver.vbm.view import View

#: Largest seed a game takes (a 64-bit number, either sign).
SEED_LIMIT = 2**64
#: Card sets of the row draft by player count (the other modes use one per player).
ROW_SETS = {2: 4, 3: 6}


def sets_wanted(players: int, mode: str) -> int:
    """How many card sets the game uses: 4 or 6 in the row draft, else one per player."""
    return ROW_SETS[players] if mode == "rows" else players


def new_state(players: int, seed: int, settings: Mapping[str, Any] | None = None) -> State:
    """The set-up state: explorers dealt (two each), cards shuffled and dealt.

    Raises:
        NotationError: an unknown setting or a bad value (its path names the
            setting), a mode the player count cannot play, a seed out of range, a
            deck too small for the table.
    """
    chosen = read_settings(players, settings)
    if isinstance(seed, bool) or not isinstance(seed, int) or not -SEED_LIMIT <= seed <= SEED_LIMIT:
        raise NotationError(
            f"a seed is a whole number below 2**64, not {str(seed)[:40]}", path="seed"
        )
    mode = str(chosen.mode)
    deck = deck_named(chosen.deck)
    rng = random.Random(f"vbm/{seed}")
    want_sets = sets_wanted(players, mode)
    if len(deck.sets()) < want_sets or len(deck.explorers) < 2 * players:
        raise NotationError(f"deck {deck.name!r} is too small for {players} players")
    sets = sorted(rng.sample(deck.sets(), want_sets))
    cards = [card.id for card in deck.cards if card.set in sets]
    rng.shuffle(cards)
    explorers = [e.id for e in deck.explorers]
    rng.shuffle(explorers)
    offers = tuple(tuple(explorers[2 * s : 2 * s + 2]) for s in range(players))
    sides = chosen.mission_sides
    if sides is None:
        sides = tuple(rng.randrange(2) for _ in deck.missions)
    if mode == "rows":
        size = 2 * players
        hands: tuple[tuple[str, ...], ...] = ((),) * players
        rows: tuple[tuple[str, ...], ...] = (tuple(cards[:size]),)
        pile = tuple(cards[size:])
    else:
        if len(cards) < 2 * HAND * players:
            raise NotationError(f"deck {deck.name!r} has too few cards for {players} players")
        hands = tuple(tuple(cards[s * HAND : (s + 1) * HAND]) for s in range(players))
        rows, pile = (), tuple(cards[players * HAND : 2 * players * HAND])
    return State(
        players=players,
        seed=seed,
        mode=mode,
        deck_name=deck.name,
        sides=sides,
        phase="explorer",
        round=0,
        turn=0,
        first=0,
        offers=offers,
        explorers=(None,) * players,
        areas=((),) * players,
        hands=hands,
        pending=(None,) * players,
        pile=pile,
        rows=rows,
        live=(),
        tokens=((),) * players,
        pyramids=pyramids_for(deck, sides, mode),
        claimed=frozenset(),
        portals=((),) * players,
        portal_left=deck.portal_tiles,
        discards=(),
        passed=((),) * players if mode != "rows" else (),
        seen=((),) * players if mode != "rows" else (),
        sand_direction=chosen.sand_direction,
        explorer_tokens=chosen.explorer_tokens,
    )


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``: the choice of the seat it names (any seat still to
    choose in a simultaneous step), else of ``state.to_move``.

    Raises:
        IllegalMoveError: the rule the move breaks.
        NotYourTurnError: the seat it names has no decision now.
    """
    check(isinstance(move, Move), f"not a Very Big Monster move: {move!r}")
    seat = state.to_move
    check(seat is not None, "the game is over")
    assert seat is not None
    if move.seat is not None:
        check(
            0 <= move.seat < state.players,
            f"there is no seat {move.seat} in a {state.players}-player game",
        )
        if move.seat not in state.waiting():
            raise NotYourTurnError(f"not your turn: it is seat {seat}'s")
        seat, move = move.seat, replace(move, seat=None)
    if state.phase == "explorer":
        return _explorer(state, seat, move)
    check(move.explorer is None, "Explorer cards are chosen before the first turn")
    check(move.card is not None and move.at is not None, "a turn keeps a card and places it")
    assert move.at is not None
    check(
        move.at in frontier(state.areas[seat]),
        f"a card must go on an empty space edge-adjacent to your play area, not {list(move.at)}",
    )
    if state.phase == "draft":
        return _draft(state, seat, move)
    return _rows(state, seat, move)


def _explorer(state: State, seat: int, move: Move) -> State:
    offers = state.offers[seat]
    check(move.explorer is not None, "first keep one of your two Explorer cards")
    check(
        move.explorer in offers,
        f"keep one of the two Explorer cards you were dealt ({', '.join(offers)})",
    )
    explorers = list(state.explorers)
    explorers[seat] = move.explorer
    after = replace(state, explorers=tuple(explorers))
    if None in explorers:
        return after
    return replace(after, phase="draft" if state.mode != "rows" else "rows")


def _draft(state: State, seat: int, move: Move) -> State:
    hand = state.hands[seat]
    check(
        move.row is None and move.discard is None,
        "in the hand draft you keep a card and pass the rest: no row, no discard",
    )
    check(move.card in hand, f"card {move.card!r} is not on your Spaceship")
    if len(hand) <= 2:
        check(move.pass_to is None, "with the last two cards keep one and discard the other")
    else:
        targets = state.pass_targets(seat)
        check(
            move.pass_to in targets,
            "pass the rest to a free Spaceship of another player (your own only when all "
            f"others are taken): choose from {targets}",
        )
    pending = list(state.pending)
    pending[seat] = move  # without its seat: its place in the list says whose it is
    after = replace(state, pending=tuple(pending))
    if None in pending:
        return after
    return _end_draft_turn(after)


def _end_draft_turn(state: State) -> State:
    hands: list[tuple[str, ...]] = [()] * state.players
    discards = list(state.discards)
    passed = [list(p) for p in state.passed] or [[] for _ in range(state.players)]
    seen = [list(k) for k in state.seen] or [[] for _ in range(state.players)]
    for seat, move in enumerate(state.pending):
        assert move is not None
        rest = tuple(c for c in state.hands[seat] if c != move.card)
        if move.pass_to is None:
            discards += rest
            for other in range(state.players):  # who held a discarded card knows it
                seen[other] += [c for c in rest if other == seat or c in state.passed[other]]
        else:
            hands[move.pass_to] = rest
            passed[seat] = sorted({*passed[seat], *rest})
    revealed = state.reveal()
    turn, rnd, pile = state.turn + 1, state.round, state.pile
    phase = "draft"
    if turn == TURNS_PER_ROUND:
        turn, rnd = 0, rnd + 1
        passed = [[] for _ in range(state.players)]
        if rnd == ROUNDS:
            phase = "over"
        else:
            hands = [pile[s * HAND : (s + 1) * HAND] for s in range(state.players)]
            pile = pile[state.players * HAND :]
    first = (rnd * TURNS_PER_ROUND + turn) % state.players
    return replace(
        revealed,
        hands=tuple(hands),
        discards=tuple(discards),
        passed=tuple(tuple(p) for p in passed),
        seen=tuple(tuple(sorted(k)) for k in seen),
        turn=turn,
        round=rnd,
        pile=pile,
        phase=phase,
        first=first if phase != "over" else 0,
    )


def _rows(state: State, seat: int, move: Move) -> State:
    check(move.pass_to is None, "the row draft passes no cards")
    pending = list(state.pending)
    pending[seat] = Move(move.card, move.at)
    if state.chosen == 0:
        check(
            move.row is not None and 0 <= move.row < len(state.rows),
            f"the first player picks one of the {len(state.rows)} open rows",
        )
        assert move.row is not None
        row = state.rows[move.row]
        rows = state.rows[: move.row] + state.rows[move.row + 1 :]
    else:
        check(move.row is None, "only the first player picks the row")
        row, rows = state.live, state.rows
    check(move.card in row, f"card {move.card!r} is not in the row being drafted")
    last = state.last_in_row()
    discards = state.discards
    if last:
        check(move.discard is None, "the last player only keeps a card; the rest is discarded")
        live = tuple(c for c in row if c != move.card)
        discards, live = discards + live, ()
    else:
        check(
            move.discard in row and move.discard != move.card,
            "keep one card of the row and discard another one of it",
        )
        live = tuple(c for c in row if c not in (move.card, move.discard))
        discards = (*discards, str(move.discard))
    after = replace(state, pending=tuple(pending), rows=rows, live=live, discards=discards)
    if not last:
        return after
    return _end_row_turn(after)


def _end_row_turn(state: State) -> State:
    revealed = state.reveal()
    turn = state.turn + 1
    size = 2 * state.players
    want = 2 if turn >= state.players - 1 else 1
    rows, pile = list(state.rows), state.pile
    while len(rows) < want and len(pile) >= size:
        rows.append(pile[:size])
        pile = pile[size:]
    return replace(
        revealed,
        rows=tuple(rows),
        pile=pile,
        turn=turn,
        first=(state.first + 1) % state.players,
        phase="rows" if rows else "over",
    )


def waiting(position: Position) -> tuple[Seat, ...]:
    """``Game.waiting``: every seat with a decision in this step of a state or a view
    (every seat still to choose in the Explorer choice and the hand draft, else the
    seat to move; none at the end)."""
    if isinstance(position, State | View):
        return position.waiting()
    return one_seat_waits(position)
