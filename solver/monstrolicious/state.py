"""The full Monstrolicious state and what one seat knows of it, the positions of ``solver.game``.

A :class:`State` holds both stacks, the board and the discard piles;
:func:`new_state` deals one and :func:`play` plays a move on it. A
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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from solver.errors import IllegalMoveError, NotationError, quoted
from solver.formats import FORMAT
from solver.game import Json, Score, ScorePad, Seat
from solver.monstrolicious import rules
from solver.monstrolicious.cards import (
    BUFFET,
    GAME_NAME,
    HIDDEN,
    MAX_SEED,
    PLAYERS,
    SPACES,
    TILES,
    TRAP,
    Placed,
    Value,
    tile_json,
)
from solver.monstrolicious.infer import World, sample_worlds, slots, view_seed
from solver.monstrolicious.moves import Move
from solver.monstrolicious.rules import (
    Board,
    Row,
    Turns,
    battle,
    empty_spaces,
    holds_lollipop,
    put,
    reveal_targets,
)
from solver.monstrolicious.settings import Settings
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
class State(Turns):
    """Everything about a game, hidden tiles included.

    Args:
        seed: drives the shuffles and who starts.
        current: the seat whose decision is next (kept at the end too).
        stacks: each seat's face-down stack, top first.
        board: each seat's row of spaces in buffet order.
        discards: each seat's discard pile, oldest first.
        reveal_pending: the mover just won the Donuts and turns a tile up next.
    """

    seed: int
    current: Seat
    stacks: tuple[tuple[Value, ...], ...]
    board: Board
    discards: tuple[tuple[Placed, ...], ...]
    reveal_pending: bool = False

    def is_terminal(self) -> bool:
        """All tiles played (and no Donuts decision left)."""
        return not any(self.stacks) and not self.reveal_pending

    def apply(self, move: Move) -> State:
        """The state after ``move``; IllegalMoveError names the broken rule."""
        return play(self, move)

    def scores(self) -> list[Score]:
        """Points of the desserts each seat's monsters hold, plus the pair bonus."""
        return rules.scores(self.board)

    @property
    def next_tile(self) -> Value | None:
        """The tile the mover places now (top of its stack), if placing."""
        if self.is_terminal() or self.reveal_pending:
            return None
        return self.stacks[self.current][0]

    def view(self, seat: Seat) -> View:
        """What ``seat`` may know (:meth:`View.of`)."""
        return View.of(self, seat)

    def to_json(self) -> Json:
        """The whole state, readable: desserts by name, tiles as 1..12 or "trap"."""
        return {
            "game": GAME_NAME,
            "format": FORMAT,
            "seed": self.seed,
            "players": PLAYERS,
            "to_move": self.current,
            "reveal_pending": self.reveal_pending,
            "stacks": [[tile_json(t) for t in stack] for stack in self.stacks],
            "board": [_row_json(row) for row in self.board],
            "discards": [[t.to_json() for t in pile] for pile in self.discards],
        }


def place(state: State, space: int) -> State:
    """Place the top tile of the mover's stack at ``space`` and resolve the turn."""
    me = state.current
    them = 1 - me
    if space not in empty_spaces(state.board, me):
        raise IllegalMoveError(
            f"place on an empty space: your tile already lies at the {BUFFET.desserts[space].name}"
        )
    tile, rest = state.stacks[me][0], state.stacks[me][1:]
    stacks = _with(state.stacks, me, rest)
    board, discards = state.board, state.discards
    opposing = board[them][space]
    if opposing is None:
        board = put(board, me, space, Placed(tile))
    else:
        out = battle(tile, opposing, holds_lollipop(board, them))
        board = put(put(board, me, space, out.placer_stays), them, space, out.defender_stays)
        discards = _discard(discards, me, out.placer_discards)
        discards = _discard(discards, them, out.defender_discards)
    after = replace(state, stacks=stacks, board=board, discards=discards)
    won_donuts = space == BUFFET.donuts and board[me][space] is not None
    if won_donuts and reveal_targets(board, me) and any(stacks):
        return replace(after, reveal_pending=True)
    return next_turn(after)


def reveal(state: State, space: int) -> State:
    """Turn the opposing tile at ``space`` face up (the Donuts' power); a Trap stays put."""
    me, them = state.current, 1 - state.current
    if space not in reveal_targets(state.board, me):
        raise IllegalMoveError(
            "Donuts: turn up an opposing face-down tile; there is none at the "
            f"{BUFFET.desserts[space].name}"
        )
    tile = state.board[them][space]
    assert tile is not None
    board = put(state.board, them, space, Placed(tile.value, True))
    return next_turn(replace(state, board=board, reveal_pending=False))


def next_turn(state: State) -> State:
    """Pass the turn; a player without an empty space discards the drawn tile face down."""
    current = 1 - state.current
    while any(state.stacks):
        if not state.stacks[current]:
            current = 1 - current
            continue
        if empty_spaces(state.board, current):
            break
        tile, rest = state.stacks[current][0], state.stacks[current][1:]
        state = replace(
            state,
            stacks=_with(state.stacks, current, rest),
            discards=_discard(state.discards, current, Placed(tile)),
        )
        current = 1 - current
    if not any(state.stacks):
        return end(replace(state, current=current))
    return replace(state, current=current)


def end(state: State) -> State:
    """The end of the game: every tile on the buffet turns face up, Traps go to discard."""
    board, discards = state.board, state.discards
    for seat in range(len(board)):
        for space, tile in enumerate(board[seat]):
            if tile is None:
                continue
            if tile.value == TRAP:
                board = put(board, seat, space, None)
                discards = _discard(discards, seat, Placed(TRAP, True))
            else:
                board = put(board, seat, space, Placed(tile.value, True))
    return replace(state, board=board, discards=discards)


def play(state: State, move: Move) -> State:
    """The state after ``move`` (see :func:`place` and :func:`reveal`)."""
    if state.is_terminal():
        raise IllegalMoveError("the game is over: every tile has been played")
    if state.reveal_pending:
        if move.reveal is None:
            raise IllegalMoveError("Donuts: first turn an opposing tile face up")
        return reveal(state, move.reveal)
    if move.dessert is None:
        raise IllegalMoveError("Donuts: only a player who just won the Donuts turns a tile up")
    return place(state, move.dessert)


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


def _row_json(row: Sequence[Placed | None]) -> dict[str, Any]:
    return {
        key: None if t is None else t.to_json() for key, t in zip(BUFFET.keys, row, strict=True)
    }


def _with(
    rows: tuple[tuple[Value, ...], ...], seat: int, row: tuple[Value, ...]
) -> tuple[tuple[Value, ...], ...]:
    return tuple(row if s == seat else r for s, r in enumerate(rows))


def _discard(
    discards: tuple[tuple[Placed, ...], ...], seat: int, tile: Placed | None
) -> tuple[tuple[Placed, ...], ...]:
    if tile is None:
        return discards
    return tuple((*pile, tile) if s == seat else pile for s, pile in enumerate(discards))
