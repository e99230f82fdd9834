"""Worlds a Very Big Monster seat cannot tell apart (:class:`solver.worlds.Worlds`).

:func:`sample` takes the state the view alone lays out (:attr:`View.world`) and
deals its hidden content anew (:func:`~solver.vbm.redeal.redeal`): the other
hands, the pile, the discards the seat never held, the other seats' hidden
choices of this turn and their Explorer offers. It reads nothing but the view,
so two deals that look the same to the seat give the same worlds from the same
``rng``. :func:`observe` says what a seat learns of a move: in the Explorer
choice and the hand draft, another seat's choice shows only that it was made
(and, in the draft, the Spaceship its hand went to); the row draft is open.

>>> import random
>>> from solver.vbm.state import new_state
>>> from solver.vbm.redeal import redeal
>>> s = new_state(4, 3)
>>> sample(View.of(s, 0), random.Random(1)) == sample(View.of(redeal(s, 0, 8), 0), random.Random(1))
True
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from solver.game import Seat
from solver.vbm.cards import Pos
from solver.vbm.evaluate import Evaluator
from solver.vbm.moves import Move
from solver.vbm.redeal import redeal
from solver.vbm.rules import waiting
from solver.vbm.state import State, View
from solver.vbm.table import SIMULTANEOUS
from solver.worlds import Worlds


def sample(view: View, rng: random.Random) -> State:
    """One deal ``view`` allows, its hidden cards drawn from ``rng``."""
    return redeal(view.world, view.seat, rng.getrandbits(64))


def observe(state: State, move: Move, seat: Seat) -> Hashable:
    """What ``seat`` learns when the seat to move plays ``move`` in ``state``."""
    mover = state.to_move
    if seat == mover or state.phase not in SIMULTANEOUS:
        return move
    return (state.phase, mover, move.pass_to)


#: Placements the ``search`` player weighs: the best by immediate gain.
PLACEMENTS = 10


def best_placements(world: State, seat: Seat, moves: list[Move]) -> list[Move]:
    """The moves of the :data:`PLACEMENTS` best (row, card, cell) choices by what they
    add to the seat's objective now (:meth:`Evaluator.team_gain`), best first, each
    with the discard that leaves the next seat the least (:func:`denial`); every
    Explorer choice."""
    if world.phase == "explorer":
        return moves
    evaluator = Evaluator(world, seat)
    gains: dict[tuple[int | None, str | None, Pos | None], float] = {}
    for move in moves:
        key = (move.row, move.card, move.at)
        if key not in gains and move.card is not None and move.at is not None:
            gains[key] = evaluator.team_gain(move.card, move.at)
    ranked = sorted(gains, key=lambda k: gains[k], reverse=True)[:PLACEMENTS]
    rank = {key: r for r, key in enumerate(ranked)}
    kept: dict[tuple[int | None, str | None, Pos | None, int | None], Move] = {}
    left: dict[Move, int] = {}
    for move in moves:
        key = (move.row, move.card, move.at)
        if key not in rank:
            continue
        slot = (*key, move.pass_to)
        left[move] = denial(world, evaluator, move)
        if slot not in kept or left[move] < left[kept[slot]]:
            kept[slot] = move
    return sorted(kept.values(), key=lambda m: rank[(m.row, m.card, m.at)])


def denial(world: State, evaluator: Evaluator, move: Move) -> int:
    """The most the next seat in the row draft could add with the cards ``move``
    leaves it (0 when it leaves none, or discards nothing)."""
    if move.discard is None:
        return 0
    row = world.live if move.row is None else world.rows[move.row]
    rest = tuple(c for c in row if c not in (move.card, move.discard))
    return evaluator.best_gain((evaluator.seat + 1) % world.players, rest)


def team_margin(state: State, seat: Seat) -> float:
    """The seat's side's score (the lower teammate's in team mode) less the best other
    side's."""
    mate = state.mate(seat)
    mine = state.team_score(seat)
    return float(
        mine - max(state.team_score(s) for s in range(state.players) if s not in (seat, mate))
    )


WORLDS = Worlds(
    view=View.of,
    sample=sample,
    waiting=waiting,
    iterations=10,
    playouts=120,
    scale=20.0,
    observe=observe,
    candidates=best_placements,
    margin=team_margin,
)
"""Very Big Monster's worlds and the budgets of the ``mcts`` and ``search`` players."""

RULES = WORLDS.rules
"""What the ``mcts`` search needs of Very Big Monster."""
