"""The full Monstrolicious state: both stacks, the board, the discard piles.

>>> from solver.monstrolicious.rules import new_state
>>> s = new_state(2, 7)
>>> s.to_move, len(s.legal_moves()), [len(stack) for stack in s.stacks]
(1, 11, [13, 13])
>>> s2 = s.apply(s.legal_moves()[0])
>>> from solver.monstrolicious.codec import state_from_json
>>> s2.to_move, state_from_json(s2.to_json()) == s2
(0, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from solver.formats import FORMAT
from solver.game import Json, Score, Seat
from solver.monstrolicious import rules
from solver.monstrolicious.rules import Board
from solver.monstrolicious.tiles import BUFFET, GAME_NAME, PLAYERS, Move, Placed, Value, tile_json

if TYPE_CHECKING:
    from solver.monstrolicious.view import View


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
        return rules.legal_moves(self.board, self.current, self.reveal_pending)

    def scores(self) -> list[Score]:
        """Each seat's score."""
        raise NotImplementedError

    def winners(self) -> tuple[Seat, ...]:
        """Highest score; equal scores share the victory."""
        return rules.winners([s.total for s in self.scores()])


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
        return rules.apply(self, move)

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
        """What ``seat`` may know (see ``solver.monstrolicious.view``)."""
        from solver.monstrolicious.view import View

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


def _row_json(row: Sequence[Placed | None]) -> dict[str, Any]:
    return {
        key: None if t is None else t.to_json() for key, t in zip(BUFFET.keys, row, strict=True)
    }
