"""What the rulebook says over a table: battles, legal moves, a move played
(:func:`play`), scores, winners, and the turn-taking a full state and a seat's view
share (:class:`Turns`). The set-up is :mod:`solver.monstrolicious.state`'s.

After every turn at most one tile lies in front of each dessert
(:mod:`solver.monstrolicious.table`), so the player with a tile there controls it.

>>> b = ((None,) * len(BUFFET.desserts),) * 2
>>> b = put(b, 1, BUFFET.lollipop, Placed(5))
>>> wins_battle(5, 5, defender_holds_lollipop=True), wins_battle(5, 5, False)
(False, True)
>>> empty_spaces(b, 1)[:3], holds_lollipop(b, 1)
((1, 2, 3), True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from solver.errors import IllegalMoveError
from solver.game import Score, Seat
from solver.monstrolicious.cards import BUFFET, PLAYERS, STRONGEST, TRAP, Placed, Value
from solver.monstrolicious.moves import Move
from solver.monstrolicious.table import Board, Row, Table, put

DESSERT_LINES = tuple(d.name.lower() for d in BUFFET.desserts)
"""Each dessert's line on the score pad, in buffet order: its name as the board prints it."""
BONUS_LINE = "fountain and platter bonus"

T = TypeVar("T", bound=Table)


def empty_spaces(board: Board, seat: int) -> tuple[int, ...]:
    """Spaces of ``seat``'s side without a tile: where it may place."""
    return tuple(i for i, t in enumerate(board[seat]) if t is None)


def reveal_targets(board: Board, seat: int) -> tuple[int, ...]:
    """Spaces where the opponent of ``seat`` has a face-down tile (Donuts targets)."""
    return tuple(i for i, t in enumerate(board[1 - seat]) if t is not None and not t.face_up)


def holds_lollipop(board: Board, seat: int) -> bool:
    """Does ``seat`` control the Lollipop (any tile in front of it)?"""
    return board[seat][BUFFET.lollipop] is not None


def wins_battle(placed: Value, defender: Value, defender_holds_lollipop: bool) -> bool:
    """Does the placed monster beat the defending monster?

    Equal or greater wins, unless the defender holds the Lollipop: then ties go
    to the defender (also in a battle for the Lollipop itself).
    """
    return placed > defender or (placed == defender and not defender_holds_lollipop)


@dataclass(frozen=True)
class Battle:
    """What a battle leaves: each side's tile at the space and what each discards."""

    placer_stays: Placed | None
    defender_stays: Placed | None
    placer_discards: Placed | None
    defender_discards: Placed | None


def battle(tile: Value, defender: Placed, defender_holds_lollipop: bool) -> Battle:
    """Resolve a battle as the rulebook does.

    The defender's tile is revealed. A Trap takes the opposing tile with it and
    shows itself; the monster it took stays as it lay (the placer's face down,
    known to be a monster). Between monsters the winner is announced: the
    placer's winner stays face down with a lower bound, its loser goes face down
    to the discard pile with an upper bound.

    >>> battle(7, Placed(7), False).placer_stays
    Placed(value=7, face_up=False, lo=7, hi=12)
    >>> battle(7, Placed(9, True), True).placer_discards
    Placed(value=7, face_up=False, lo=1, hi=9)
    >>> battle(TRAP, Placed(9), False).defender_discards
    Placed(value=9, face_up=True, lo=0, hi=12)
    """
    shown = Placed(defender.value, True)
    if tile == TRAP or defender.value == TRAP:
        mine = Placed(tile, True) if tile == TRAP else Placed(tile, False, lo=1)
        return Battle(None, None, mine, shown)
    if wins_battle(tile, defender.value, defender_holds_lollipop):
        lo = defender.value + 1 if defender_holds_lollipop else defender.value
        return Battle(Placed(tile, False, lo=min(lo, STRONGEST)), None, None, shown)
    hi = defender.value if defender_holds_lollipop else defender.value - 1
    return Battle(None, shown, Placed(tile, False, lo=1, hi=hi), None)


def legal_moves(board: Board, seat: int, reveal_pending: bool) -> list[Move]:
    """Every legal move of ``seat``: Donuts targets, else empty spaces, in board order."""
    if reveal_pending:
        return [Move(reveal=s) for s in reveal_targets(board, seat)]
    return [Move(dessert=s) for s in empty_spaces(board, seat)]


def score_row(row: Row, count_hidden: bool = True) -> dict[str, int]:
    """The score pad of one side: every dessert's points if a monster holds it, and the bonus.

    A Trap holds nothing. ``count_hidden`` decides whether a tile whose value is
    not known (value -1 in a view) counts as a monster.
    """
    lines: dict[str, int] = {}
    for line, dessert, tile in zip(DESSERT_LINES, BUFFET.desserts, row, strict=True):
        held = tile is not None and (tile.value > TRAP or (tile.value < 0 and count_hidden))
        lines[line] = dessert.points if held else 0
    a, b = BUFFET.pair
    both = lines[DESSERT_LINES[a]] > 0 and lines[DESSERT_LINES[b]] > 0
    lines[BONUS_LINE] = BUFFET.pair_bonus if both else 0
    return lines


def scores(board: Board, count_hidden: bool = True) -> list[Score]:
    """One :class:`Score` per seat from the desserts each side holds."""
    out = []
    for seat, row in enumerate(board):
        lines = score_row(row, count_hidden)
        out.append(Score(seat, sum(lines.values()), lines))
    return out


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """Seats with the highest total; a tie is a shared victory."""
    best = max(totals)
    return tuple(s for s, t in enumerate(totals) if t == best)


class Turns:
    """The turn-taking the full state and a player's view share: who moves, what
    may be played, who wins. Each says when the game is over and what it scores.
    """

    current: Seat
    board: Board
    reveal_pending: bool

    @property
    def players(self) -> int:
        """Always 2."""
        return PLAYERS

    @property
    def to_move(self) -> Seat | None:
        """The seat deciding next; None at the end."""
        return None if self.is_terminal() else self.current

    @property
    def phase(self) -> str:
        """``place`` (a tile on a dessert), ``reveal`` (the Donuts' reveal) or ``over``."""
        if self.is_terminal():
            return "over"
        return "reveal" if self.reveal_pending else "place"

    def is_terminal(self) -> bool:
        """True when the game is over."""
        raise NotImplementedError

    def legal_moves(self) -> list[Move]:
        """Donuts targets after winning the Donuts, else the mover's empty spaces
        (a view lists exactly what the full state lists)."""
        if self.is_terminal():
            return []
        return legal_moves(self.board, self.current, self.reveal_pending)

    def scores(self) -> list[Score]:
        """Each seat's score."""
        raise NotImplementedError

    def winners(self) -> tuple[Seat, ...]:
        """Highest score; equal scores share the victory."""
        return winners([s.total for s in self.scores()])


def place(state: T, space: int) -> T:
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


def reveal(state: T, space: int) -> T:
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


def next_turn(state: T) -> T:
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


def end(state: T) -> T:
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


def play(state: T, move: Move) -> T:
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
