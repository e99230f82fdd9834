"""A player's view: the game as one seat may see it, and nothing more.

The seat sees its own tiles wherever they lie, the top of its own stack when it
is about to place, the opponent's face-up tiles, and what battles announced
about the opponent's face-down tiles (``at_least`` after a win, ``at_most``
after a loss). An opposing face-down tile carries the value ``HIDDEN``.

>>> from solver.monstrolicious.rules import new_state
>>> s = new_state(2, 7)
>>> v = View.of(s, 1)
>>> v.next_tile == s.stacks[1][0], View.of(s, 0).next_tile
(True, None)
>>> View.of(s, 0).check(v.legal_moves()[0])
Traceback (most recent call last):
...
solver.errors.NotYourTurnError: not your turn: it is seat 1's
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.errors import IllegalMoveError, NotationError, NotYourTurnError
from solver.formats import FORMAT
from solver.game import Json, Score, ScorePad, Seat
from solver.monstrolicious import rules
from solver.monstrolicious.rules import Board, Row
from solver.monstrolicious.state import State, Turns
from solver.monstrolicious.tiles import (
    BUFFET,
    GAME_NAME,
    HIDDEN,
    PLAYERS,
    TILES,
    Move,
    Placed,
    Value,
    quote,
    tile_json,
)

__all__ = ["HIDDEN", "View", "public_scores"]


@dataclass(frozen=True)
class View(Turns):
    """What ``seat`` knows. Offers the state protocol's read side; ``apply`` plays
    the move in one world consistent with the view (seeded by the view itself).

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

    @classmethod
    def of(cls, state: State, seat: Seat) -> View:
        """The view of ``state`` from ``seat``; NotationError for a seat not in the game."""
        if isinstance(seat, bool) or seat not in range(PLAYERS):
            raise NotationError(f"seat {quote(seat)} is not in 0..{PLAYERS - 1}", path="seat")
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

    def apply(self, move: Move) -> View:
        """The seat's view after ``move``, played in one world the view allows.

        Raises:
            IllegalMoveError: the move breaks a rule (the message names it).
        """
        self.check(move)
        from solver.monstrolicious.infer import determinise

        return View.of(determinise(self).apply(move), self.seat)

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


def public_scores(state: State) -> ScorePad:
    """``Game.public_scores``: the score pad as every seat sees it, each face-down tile
    counted as a monster (as a seat counts the opponent's); at the end all lie face up.

    >>> from solver.monstrolicious.rules import new_state
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


def _remaining(row: tuple[Placed | None, ...], pile: tuple[Placed, ...]) -> tuple[Value, ...]:
    used = {t.value for t in row if t is not None} | {t.value for t in pile}
    return tuple(v for v in TILES if v not in used)


def _why_illegal(view: View, move: Move) -> str:
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
