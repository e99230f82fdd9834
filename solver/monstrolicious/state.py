"""The full Monstrolicious state and what one seat knows of it, the positions of ``solver.game``.

A :class:`State` holds both stacks, the board and the discard piles (its
:class:`~solver.monstrolicious.table.Table`); :func:`new_state` deals one and
:func:`~solver.monstrolicious.rules.play` plays a move on it. A
:class:`View` is what one seat knows (:class:`~solver.monstrolicious.view.SeatView`);
it plays a move in one world it allows (:func:`determinise`), so each is built
from the other.

>>> s = new_state(2, 7)
>>> s.to_move, len(s.legal_moves()), [len(stack) for stack in s.stacks]
(1, 11, [13, 13])
>>> s2 = s.apply(s.legal_moves()[0])
>>> from solver.monstrolicious.reading import state_from_json
>>> s2.to_move, state_from_json(s2.to_json()) == s2
(0, True)
>>> v = View.of(s, 1)
>>> v.next_tile == s.stacks[1][0], View.of(s, 0).next_tile
(True, None)
>>> View.of(s, 0).check(v.legal_moves()[0])
Traceback (most recent call last):
...
solver.errors.NotYourTurnError: not your turn: it is seat 1's
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from solver.errors import NotationError, quoted
from solver.game import Score, ScorePad, Seat
from solver.monstrolicious import rules
from solver.monstrolicious.cards import HIDDEN, MAX_SEED, PLAYERS, SPACES, TILES, Placed, Value
from solver.monstrolicious.infer import World, sample_worlds, slots, view_seed
from solver.monstrolicious.moves import Move
from solver.monstrolicious.rules import Turns, play
from solver.monstrolicious.settings import Settings
from solver.monstrolicious.table import Row, Table, put
from solver.monstrolicious.view import SeatView
from solver.seats import check_players, check_seat


def new_state(players: int, seed: int, settings: Mapping[str, Any] | None = None) -> State:
    """A shuffled game: each seat's 13 tiles face down, the first player drawn by lot.

    Args:
        players: must be 2.
        seed: drives the shuffles and (unless set) who starts.
        settings: ``first_player`` (None: by lot; 0 or 1: that seat).

    Raises:
        NotationError: another player count, a seed of 2^64 or more in size, or a
            bad setting (see :class:`~solver.monstrolicious.settings.Settings`).
    """
    if not isinstance(seed, int) or isinstance(seed, bool) or abs(seed) >= MAX_SEED:
        raise NotationError(
            f"bad seed {quoted(seed)} (a whole number below 2^64 in size)", path="seed"
        )
    chosen = Settings.parse(settings)
    check_players("Monstrolicious", players, PLAYERS, PLAYERS)
    rng = random.Random(f"monstrolicious/{seed}")
    stacks = []
    for _ in range(PLAYERS):
        stack = list(TILES)
        rng.shuffle(stack)
        stacks.append(tuple(stack))
    first = chosen.first_player
    if first is None:
        first = rng.randrange(PLAYERS)
    empty: tuple[None, ...] = (None,) * SPACES
    return State(seed, first, tuple(stacks), (empty, empty), ((), ()))


@dataclass(frozen=True)
class State(Table, Turns):
    """A :class:`~solver.monstrolicious.table.Table` that plays by
    :mod:`solver.monstrolicious.rules`: everything about a game, hidden tiles included."""

    def apply(self, move: Move) -> State:
        """The state after ``move``; IllegalMoveError names the broken rule."""
        return play(self, move)

    def scores(self) -> list[Score]:
        """Points of the desserts each seat's monsters hold, plus the pair bonus."""
        return rules.scores(self.board)

    def view(self, seat: Seat) -> View:
        """What ``seat`` may know (:meth:`View.of`)."""
        return View.of(self, seat)


class View(SeatView):
    """What ``seat`` knows (:class:`~solver.monstrolicious.view.SeatView`); ``apply``
    plays a move in one world consistent with the view (seeded by the view itself)."""

    @classmethod
    def of(cls, state: State, seat: Seat) -> View:
        """The view of ``state`` from ``seat``; NotationError for a seat not in the game."""
        check_seat(seat, PLAYERS)
        board = tuple(row if s == seat else _masked(row) for s, row in enumerate(state.board))
        discards = tuple(
            pile if s == seat else tuple(_mask(t) for t in pile)
            for s, pile in enumerate(state.discards)
        )
        mine = state.next_tile if state.current == seat else None
        return cls(
            seat,
            state.current,
            state.reveal_pending,
            tuple(len(s) for s in state.stacks),
            mine,
            board,
            discards,
        )

    def apply(self, move: Move) -> View:
        """The seat's view after ``move``, played in one world the view allows.

        Raises:
            IllegalMoveError: the move breaks a rule (the message names it).
        """
        self.check(move)
        return View.of(determinise(self).apply(move), self.seat)


def determinise(
    view: SeatView, world: World | None = None, rng: random.Random | None = None, seed: int = 0
) -> State:
    """A full state the view allows: ``world`` (or one sampled) with both stacks shuffled.

    The seat's own next tile stays on top of its stack; the state's seed is ``seed``.
    """
    rng = rng or random.Random(view_seed(view))
    if world is None:
        world = sample_worlds(view, 1, rng)[0]
    them = 1 - view.seat
    board, pile = view.board, list(view.discards[them])
    for slot, value in zip(slots(view), world.tiles, strict=True):
        if slot.place == "board":
            old = board[them][slot.index]
            assert old is not None
            board = put(board, them, slot.index, Placed(value, False, old.lo, old.hi))
        else:
            old_tile = pile[slot.index]
            pile[slot.index] = Placed(value, False, old_tile.lo, old_tile.hi)
    opp_stack = list(world.stack)
    rng.shuffle(opp_stack)
    own = [v for v in view.own_stack() if v != view.next_tile]
    rng.shuffle(own)
    if view.next_tile is not None:
        own.insert(0, view.next_tile)
    stacks: list[tuple[Value, ...]] = [(), ()]
    stacks[view.seat], stacks[them] = tuple(own), tuple(opp_stack)
    discards = tuple(tuple(pile) if s == them else p for s, p in enumerate(view.discards))
    return State(seed, view.current, tuple(stacks), board, discards, view.reveal_pending)


def public_scores(state: State) -> ScorePad:
    """``Game.public_scores``: the score pad as every seat sees it, each face-down tile
    counted as a monster (as a seat counts the opponent's); at the end all lie face up.

    >>> public_scores(new_state(2, 7)).to_json()["winners"]
    []
    """
    board = tuple(_masked(row) for row in state.board)
    scores = rules.scores(board, count_hidden=True)
    terminal = state.is_terminal()
    winners = rules.winners([s.total for s in scores]) if terminal else ()
    return ScorePad(terminal, tuple(scores), winners)


def _masked(row: Row) -> Row:
    return tuple(None if t is None else _mask(t) for t in row)


def _mask(tile: Placed) -> Placed:
    return tile if tile.face_up else Placed(HIDDEN, False, tile.lo, tile.hi)
