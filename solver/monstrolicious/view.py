"""What one seat knows of a game, and nothing more: the fields of a view and its read side.

The seat sees its own tiles wherever they lie, the top of its own stack when it
is about to place, the opponent's face-up tiles, and what battles announced
about the opponent's face-down tiles (``at_least`` after a win, ``at_most``
after a loss). An opposing face-down tile carries the value ``HIDDEN``.

:class:`SeatView` is all a hint reads (:mod:`solver.monstrolicious.infer`
reasons over it); :class:`solver.monstrolicious.state.View` adds what needs a
full state: the view of a state, and a move played in one world the view allows.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.errors import IllegalMoveError, NotYourTurnError
from solver.formats import FORMAT
from solver.game import Json, Score, Seat
from solver.monstrolicious import rules
from solver.monstrolicious.cards import (
    BUFFET,
    GAME_NAME,
    HIDDEN,
    PLAYERS,
    TILES,
    Placed,
    Value,
    tile_json,
)
from solver.monstrolicious.moves import Move
from solver.monstrolicious.rules import Turns
from solver.monstrolicious.table import Board

__all__ = ["HIDDEN", "SeatView"]


@dataclass(frozen=True)
class SeatView(Turns):
    """What ``seat`` knows, with the state protocol's read side.

    Args:
        seat: whose view.
        current: the seat deciding next.
        reveal_pending: ``current`` just won the Donuts and turns a tile up next.
        stack_counts: tiles left in each stack.
        next_tile: the top of the seat's own stack when it is about to place.
        board / discards: as in the state, opposing face-down values ``HIDDEN``.
    """

    seat: Seat
    current: Seat
    reveal_pending: bool
    stack_counts: tuple[int, ...]
    next_tile: Value | None
    board: Board
    discards: tuple[tuple[Placed, ...], ...]

    def is_terminal(self) -> bool:
        """All tiles played."""
        return not any(self.stack_counts) and not self.reveal_pending

    def own_stack(self) -> tuple[Value, ...]:
        """The tiles left in the seat's own stack, in value order (their order is unknown)."""
        return _remaining(self.board[self.seat], self.discards[self.seat])

    def hidden_values(self) -> tuple[Value, ...]:
        """The opponent's tiles the seat has not seen face up, in value order."""
        them = 1 - self.seat
        seen = [t.value for t in self.board[them] if t is not None and t.face_up]
        seen += [t.value for t in self.discards[them] if t.face_up]
        return tuple(sorted(set(TILES) - set(seen)))

    def check(self, move: Move) -> None:
        """None when ``move`` is legal for the seat now.

        Raises:
            IllegalMoveError: the game is over, or the move breaks a rule (the
                message names it).
            NotYourTurnError: the decision is the other seat's.
        """
        if self.is_terminal():
            raise IllegalMoveError("the game is over: every tile has been played")
        self.check_turn()
        if move not in self.legal_moves():
            raise IllegalMoveError(_why_illegal(self, move))

    def check_turn(self) -> None:
        """None when the decision now is the seat's (before the end, see ``check``).

        Raises:
            NotYourTurnError: the decision is the other seat's.
        """
        if self.current != self.seat:
            raise NotYourTurnError(f"not your turn: it is seat {self.current}'s")

    def legal_moves(self) -> list[Move]:
        """The seat's legal moves when the decision is its own (as the state lists them)."""
        return super().legal_moves() if self.current == self.seat else []

    def scores(self) -> list[Score]:
        """What is visible: desserts held now, an unseen opposing tile counted as a monster."""
        return rules.scores(self.board, count_hidden=True)

    def winners(self) -> tuple[Seat, ...]:
        """At the end, the seats with the highest score (all tiles are face up then); else ()."""
        return super().winners() if self.is_terminal() else ()

    def to_json(self) -> Json:
        """Like the state's JSON, with ``view_of``, stack counts and opposing hidden
        tiles as ``null``; no seed."""
        return {
            "game": GAME_NAME,
            "format": FORMAT,
            "view_of": self.seat,
            "players": PLAYERS,
            "to_move": self.current,
            "reveal_pending": self.reveal_pending,
            "stacks": [
                {
                    "count": n,
                    "next": None
                    if s != self.seat or self.next_tile is None
                    else tile_json(self.next_tile),
                }
                for s, n in enumerate(self.stack_counts)
            ],
            "board": [
                {
                    k: None if t is None else t.to_json()
                    for k, t in zip(BUFFET.keys, row, strict=True)
                }
                for row in self.board
            ],
            "discards": [[t.to_json() for t in pile] for pile in self.discards],
        }


def _remaining(row: tuple[Placed | None, ...], pile: tuple[Placed, ...]) -> tuple[Value, ...]:
    used = {t.value for t in row if t is not None} | {t.value for t in pile}
    return tuple(v for v in TILES if v not in used)


def _why_illegal(view: SeatView, move: Move) -> str:
    if view.reveal_pending:
        if move.reveal is None:
            return "Donuts: first turn an opposing tile face up"
        return "Donuts: turn up an opposing face-down tile; there is none at the " + (
            BUFFET.desserts[move.reveal].name
        )
    if move.dessert is None:
        return "Donuts: only a player who just won the Donuts turns a tile up"
    return (
        "place on an empty space: your tile already lies at the "
        f"{BUFFET.desserts[move.dessert].name}"
    )
