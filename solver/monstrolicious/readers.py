"""The fields a Monstrolicious state and view share, read with every size bounded.

A tile (:func:`read_placed`) is read with its bounds and checked against what
the battles can announce; the board and the discard piles (:func:`read_tables`)
are read the same way for a full state and for a seat's view, where the
opponent's face-down tiles hide their value. :mod:`solver.monstrolicious.reading`
reads whole documents with them.

>>> read_placed({"tile": 3, "up": True}, "board[0].pie", "board")
Placed(value=3, face_up=True, lo=0, hi=12)
>>> read_tile("Trap", "stacks[0][0]")
0
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from solver.errors import NotationError
from solver.fields import at, check_document, read_bool, read_fields, read_int, read_list
from solver.formats import upgraded
from solver.game import Seat
from solver.monstrolicious.cards import (
    BUFFET,
    GAME_NAME,
    HIDDEN,
    PLAYERS,
    STRONGEST,
    TILES,
    TRAP,
    Placed,
    Value,
    parse_tile,
)
from solver.monstrolicious.invariants import check_placed, fail
from solver.monstrolicious.table import Board, Row

#: Fields every release has let a document leave out (their values are fixed).
OPTIONAL_KEYS = ("players", "reveal_pending")
TILE_KEYS = ("tile", "up", "at_least", "at_most")


def read_tile(doc: Any, path: str) -> Value:
    """One tile's value at ``path``: 1..12 or ``"trap"``."""
    try:
        return parse_tile(doc)
    except NotationError as err:
        raise NotationError(err.message, path=path) from None


def read_header(doc: Any, keys: tuple[str, ...], what: str) -> Mapping[str, Any]:
    """The document's own fields: the right game, the right kind, two players."""
    doc = check_document(doc, GAME_NAME, what)
    title = f"Monstrolicious {what}"
    obj = read_fields(upgraded(doc, title, {}), "", keys, f"a {title}", OPTIONAL_KEYS)
    read_int(obj.get("players", PLAYERS), "players", PLAYERS, PLAYERS)
    return obj


def read_placed(doc: Any, path: str, where: str, unseen: bool = False) -> Placed:
    """One tile at ``path`` (on the ``board`` or in a ``discard`` pile).

    Args:
        unseen: the tile is the opponent's in a view: face down it must hide its
            value (``"tile": null``), face up it must show it.
    """
    obj = read_fields(doc, path, TILE_KEYS, "a tile", ("at_least", "at_most"))
    up = read_bool(obj["up"], at(path, "up"))
    lo = read_int(obj.get("at_least", TRAP), at(path, "at_least"), TRAP, STRONGEST)
    hi = read_int(obj.get("at_most", STRONGEST), at(path, "at_most"), TRAP, STRONGEST)
    raw = obj["tile"]
    if unseen and not up:
        if raw is not None:
            fail(
                at(path, "tile"),
                "a seat cannot see the opponent's face-down tile: its tile is null",
            )
        value = HIDDEN
    elif raw is None:
        fail(at(path, "tile"), "this tile is in sight: it shows its value")
    else:
        value = read_tile(raw, at(path, "tile"))
    tile = Placed(value, up, lo, hi)
    check_placed(tile, path, where)
    return tile


def _row(doc: Any, path: str, read: Callable[[Any, str], Placed]) -> Row:
    obj = read_fields(doc, path, BUFFET.keys, "a row of the buffet")
    return tuple(None if obj[k] is None else read(obj[k], at(path, k)) for k in BUFFET.keys)


def _reader(unseen: bool) -> Callable[[Any, str], Placed]:
    def read(doc: Any, path: str) -> Placed:
        return read_placed(doc, path, "board", unseen)

    return read


def read_tables(
    obj: Mapping[str, Any], seat: Seat | None
) -> tuple[Seat, bool, Board, tuple[tuple[Placed, ...], ...]]:
    """``to_move``, ``reveal_pending``, the board and the discards (``seat``: whose view)."""
    current = read_int(obj["to_move"], "to_move", 0, PLAYERS - 1)
    pending = read_bool(obj.get("reveal_pending", False), "reveal_pending")
    rows = read_list(obj["board"], "board", PLAYERS, PLAYERS)
    board = tuple(
        _row(row, f"board[{s}]", _reader(s != seat and seat is not None))
        for s, row in enumerate(rows)
    )
    piles = read_list(obj["discards"], "discards", PLAYERS, PLAYERS)
    discards = tuple(
        tuple(
            read_placed(t, f"discards[{s}][{i}]", "discard", s != seat and seat is not None)
            for i, t in enumerate(read_list(pile, f"discards[{s}]", len(TILES)))
        )
        for s, pile in enumerate(piles)
    )
    return current, pending, board, discards


def placed_tiles(
    seat: Seat, board: Board, discards: tuple[tuple[Placed, ...], ...]
) -> list[tuple[str, Value]]:
    """Every tile of ``seat`` on the board and in its discard pile, with its JSON path."""
    out = [
        (f"board[{seat}].{key}", t.value)
        for key, t in zip(BUFFET.keys, board[seat], strict=True)
        if t is not None
    ]
    return out + [(f"discards[{seat}][{i}]", t.value) for i, t in enumerate(discards[seat])]
