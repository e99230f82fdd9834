"""The players for simulation: ``random`` and ``hint`` are ``solver.game``'s, ``greedy``
takes the best points this turn, and buys an upgrade when its park is blocked.

>>> from solver.park.state import new_state
>>> s = new_state(2, seed=5)
>>> all(PLAYERS[name](1).choose(s) in s.legal_moves() for name in sorted(PLAYERS))
True
"""

from __future__ import annotations

import random

from solver.game import Seat
from solver.park.board import AREA_ROOM, floor
from solver.park.cards import AREAS, UPGRADE_KINDS, Area, Monster
from solver.park.evaluate import evaluate, greedy_key, unseen_monsters
from solver.park.hint import hint
from solver.park.moves import Move
from solver.park.reading import move_from_json
from solver.park.state import State
from solver.park.worlds import WORLDS
from solver.players import Roster


def blocked_areas(state: State, seat: Seat) -> tuple[Area, ...]:
    """The areas of ``seat``'s park with room that no monster still to come can follow:
    every unseen monster of the area (on the track, in the decks) is smaller than the
    area's last card. Only an upgrade opens them again.

    >>> from solver.park.state import new_state
    >>> blocked_areas(new_state(2, seed=1), 0)
    ()
    """
    unseen = unseen_monsters(state)
    return tuple(
        area
        for area, cards in zip(AREAS, state.parks[seat], strict=True)
        if len(cards) < AREA_ROOM and not _can_follow(unseen, area, floor(state.cards, cards))
    )


def _can_follow(unseen: list[Monster], area: Area, size: int) -> bool:
    return any(m.area == area and m.size >= size for m in unseen)


class GreedyPlayer:
    """Takes the most points this turn (exactly, in expectation over face-down cards).

    Among equal values it prefers the move that places a card (it fills the park),
    then a random one. When every area of its park with room is blocked
    (:func:`blocked_areas`), the park could never fill and every turn would be a
    token until the round limit: it buys the upgrade that opens a blocked area
    and loses the fewest points this turn (a token first if it cannot pay).
    """

    name = "greedy"

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: State) -> Move:
        """The legal move with the best immediate points."""
        moves = state.legal_moves()
        if state.phase == "tourists":
            return max(moves, key=lambda m: sum(state.cards.tourist(t).reward for t in m.tourists))
        seat = state.to_move
        assert seat is not None
        blocked = blocked_areas(state, seat)
        if blocked and len(blocked) == sum(len(a) < AREA_ROOM for a in state.parks[seat]):
            opening = [m for m in moves if self._opens(state, m, blocked)]
            moves = opening or moves
        scored = [
            (*greedy_key(m, evaluate(state, m)), self._rng.random(), i) for i, m in enumerate(moves)
        ]
        return moves[max(scored)[3]]

    @staticmethod
    def _opens(state: State, move: Move, blocked: tuple[Area, ...]) -> bool:
        """Whether ``move`` buys an upgrade that a monster still to come can follow, for
        a blocked area."""
        if move.action != "upgrade" or move.area not in blocked or move.kind is None:
            return False
        card = state.upgrade_row[UPGRADE_KINDS.index(move.kind)]
        assert card is not None
        size = state.cards.upgrade(card).size
        return _can_follow(unseen_monsters(state), move.area, size)


HINT_RATE = 620
"""Playouts a second of hint budget buys (``benchmarks.hint_budget`` calibrates it)."""

HINT_RESERVE = 0.073
"""Seconds of every hint budget left to the exact hint, which buy no playouts."""

ROSTER = Roster(WORLDS, GreedyPlayer, hint, move_from_json, rate=HINT_RATE, reserve=HINT_RESERVE)
"""Monster Park's players, wired from its own parts: ``PLAYERS`` by name and its ``HINT``."""

HINT, PLAYERS = ROSTER.hint, ROSTER.players
