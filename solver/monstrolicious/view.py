"""A player's view: the game as one seat may see it, and nothing more.

The seat sees its own tiles wherever they lie, the top of its own stack when it
is about to place, the opponent's face-up tiles, and what battles announced
about the opponent's face-down tiles (``at_least`` after a win, ``at_most``
after a loss). An opposing face-down tile carries the value ``HIDDEN``.

>>> from solver.monstrolicious.state import new_state
>>> s = new_state(2, 7)
>>> v = View.of(s, 1)
>>> v.next_tile == s.stacks[1][0], View.of(s, 0).next_tile
(True, None)
>>> View.from_json(v.to_json()) == v
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from solver.errors import IllegalMoveError, NotationError
from solver.game import Json, Score, Seat
from solver.monstrolicious import rules
from solver.monstrolicious.rules import Board
from solver.monstrolicious.state import (
    GAME_NAME,
    PLAYERS,
    State,
    Turns,
    read_pair,
    read_row,
    read_seat,
)
from solver.monstrolicious.tiles import (
    BUFFET,
    SPACES,
    TILES,
    Move,
    Placed,
    Value,
    hidden_json,
    parse_tile,
    read_hidden,
    tile_json,
)

HIDDEN: Value = -1
"""The value of an opposing tile the seat cannot see."""


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
        """The view of ``state`` from ``seat``."""
        board = tuple(
            row if s == seat else tuple(None if t is None else _mask(t) for t in row)
            for s, row in enumerate(state.board)
        )
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
        if move not in self.legal_moves():
            if self.is_terminal():
                raise IllegalMoveError("the game is over: every tile has been played")
            raise IllegalMoveError(_why_illegal(self, move))
        from solver.monstrolicious.infer import determinise

        return View.of(determinise(self).apply(move), self.seat)

    def scores(self) -> list[Score]:
        """What is visible: desserts held now, an unseen opposing tile counted as a monster."""
        return rules.scores(self.board, count_hidden=True)

    def view(self, seat: Seat) -> Json:
        """This view as JSON; only its own seat may ask."""
        if seat != self.seat:
            raise IllegalMoveError(f"a view of seat {self.seat} cannot show seat {seat}'s view")
        return self.to_json()

    def to_json(self) -> Json:
        """Like the state's JSON, with ``view_of`` and opposing hidden tiles as ``null``."""

        def tile(t: Placed) -> dict[str, Any]:
            return hidden_json(t) if t.value == HIDDEN else t.to_json()

        return {
            "game": GAME_NAME,
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
                {k: None if t is None else tile(t) for k, t in zip(BUFFET.keys, row, strict=True)}
                for row in self.board
            ],
            "discards": [[tile(t) for t in pile] for pile in self.discards],
        }

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> View:
        """Reads :meth:`to_json` output; NotationError when malformed or impossible."""
        if not isinstance(doc, Mapping) or doc.get("game") != GAME_NAME:
            raise NotationError('not a monstrolicious view (expected "game": "monstrolicious")')
        seat = read_seat(doc.get("view_of"), "view_of")
        counts, next_tile = [], None
        for s, entry in enumerate(read_pair(doc, "stacks")):
            if not isinstance(entry, Mapping) or not _count(entry.get("count")):
                raise NotationError(f"bad stack {entry!r} (expected {{'count', 'next'}})")
            counts.append(entry["count"])
            if entry.get("next") is not None:
                if s != seat:
                    raise NotationError("a view cannot show the top of the opponent's stack")
                next_tile = parse_tile(entry["next"])

        def reader(owner: int) -> Any:
            def read(t: Any) -> Placed:
                if owner != seat and isinstance(t, Mapping) and t.get("tile") is None:
                    lo, hi, up = read_hidden(t)
                    if up:
                        raise NotationError("a face-up tile must show its value")
                    return Placed(HIDDEN, False, lo, hi)
                return Placed.from_json(t)

            return read

        board = tuple(read_row(row, reader(s)) for s, row in enumerate(read_pair(doc, "board")))
        discards = []
        for s, pile in enumerate(read_pair(doc, "discards")):
            if not isinstance(pile, list):
                raise NotationError(f"bad discard pile {pile!r}")
            discards.append(tuple(reader(s)(t) for t in pile))
        pending = doc.get("reveal_pending", False)
        if not isinstance(pending, bool):
            raise NotationError(f"bad reveal_pending {pending!r}")
        view = cls(
            seat,
            read_seat(doc.get("to_move"), "to_move"),
            pending,
            tuple(counts),
            next_tile,
            board,
            tuple(discards),
        )
        _check(view)
        return view


def _mask(tile: Placed) -> Placed:
    return tile if tile.face_up else Placed(HIDDEN, False, tile.lo, tile.hi)


def _count(n: Any) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= len(TILES)


def _remaining(row: tuple[Placed | None, ...], pile: tuple[Placed, ...]) -> tuple[Value, ...]:
    used = {t.value for t in row if t is not None} | {t.value for t in pile}
    return tuple(v for v in TILES if v not in used)


def _check(view: View) -> None:
    for s in range(PLAYERS):
        tiles = [t for t in view.board[s] if t is not None] + list(view.discards[s])
        if len(tiles) + view.stack_counts[s] != len(TILES):
            raise NotationError(f"seat {s} must hold 13 tiles in all")
        known = [t.value for t in tiles if t.value != HIDDEN]
        if len(set(known)) != len(known):
            raise NotationError(f"seat {s} shows a tile twice")
    if view.next_tile is not None and view.next_tile not in view.own_stack():
        raise NotationError(f"the next tile {tile_json(view.next_tile)!r} is not in the stack")
    placing = view.current == view.seat and not view.reveal_pending and not view.is_terminal()
    if placing and view.next_tile is None:
        raise NotationError("the seat to place must see the top of its stack ('next')")
    for space in range(SPACES):
        if view.board[0][space] is not None and view.board[1][space] is not None:
            raise NotationError(f"two tiles at the {BUFFET.desserts[space].name}")


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
