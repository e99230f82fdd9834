"""The rulebook as functions over a table: applying one decision.

:func:`apply_move` applies an explorer choice, a hand-draft choice or a row-draft
choice and, once every seat has chosen, reveals the turn's cards (portals and
missions: :mod:`solver.vbm.turns`). Every refusal names the rule it breaks. The
set-up is :func:`solver.vbm.state.new_state`.

>>> from solver.vbm.state import new_state
>>> apply_move(new_state(2, 7), Move(explorer="E99"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
solver.errors.IllegalMoveError: keep one of the two Explorer cards you were dealt (...)
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from solver.errors import IllegalMoveError, NotYourTurnError
from solver.game import Position, Seat, one_seat_waits
from solver.seats import seat_fault
from solver.vbm.area import frontier
from solver.vbm.moves import Move
from solver.vbm.table import HAND, ROUNDS, TURNS_PER_ROUND, Table, check
from solver.vbm.view import SeatView

#: Largest seed a game takes (a 64-bit number, either sign).
SEED_LIMIT = 2**64
#: Card sets of the row draft by player count (the other modes use one per player).
ROW_SETS = {2: 4, 3: 6}

T = TypeVar("T", bound=Table)
"""A table, or a state: what a move is applied to is what it gives back."""


def sets_wanted(players: int, mode: str) -> int:
    """How many card sets the game uses: 4 or 6 in the row draft, else one per player."""
    return ROW_SETS[players] if mode == "rows" else players


def apply_move(state: T, move: Move) -> T:
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
        fault = seat_fault(move.seat, state.players)
        if fault is not None:
            raise IllegalMoveError(fault)
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


def _explorer(state: T, seat: int, move: Move) -> T:
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


def _draft(state: T, seat: int, move: Move) -> T:
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


def _end_draft_turn(state: T) -> T:
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


def _rows(state: T, seat: int, move: Move) -> T:
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


def _end_row_turn(state: T) -> T:
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
    if isinstance(position, Table | SeatView):
        return position.waiting()
    return one_seat_waits(position)
