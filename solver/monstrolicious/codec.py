"""Monstrolicious states, views and moves to and from JSON, every invariant checked on reading.

A state and a view write themselves (``to_json``); this module reads them back,
and reads and writes moves. Shapes are read first (:mod:`solver.fields`), every
list and object bounded before it is walked; then :mod:`checks` holds the table to
the rules. A fault raises a NotationError naming its JSON path
(``board[0].pie.at_least``) in player words.

>>> from solver.monstrolicious.state import new_state
>>> s = new_state(2, 7)
>>> state_from_json(s.to_json()) == s
True
>>> view_from_json(s.view(1).to_json()).next_tile == s.stacks[1][0]
True
>>> doc = s.view(0).to_json()
>>> doc["board"][0]["pie"] = {"tile": 3, "up": False, "at_least": 5}
>>> view_from_json(doc)
Traceback (most recent call last):
...
solver.errors.NotationError: board[0].pie.tile: a 3 cannot have been announced at least 5
>>> move_to_json(move_from_json({"dessert": " Pie"}))
{'dessert': 'pie'}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from solver.errors import NotationError, quoted
from solver.fields import (
    at,
    check_document,
    read_bool,
    read_fields,
    read_int,
    read_list,
    read_object,
)
from solver.formats import upgraded
from solver.game import Json, Seat
from solver.monstrolicious.checks import (
    Table,
    check_complete,
    check_once,
    check_placed,
    check_table,
    check_worlds,
    fail,
)
from solver.monstrolicious.rules import Board, Row
from solver.monstrolicious.state import State, View
from solver.monstrolicious.tiles import (
    BUFFET,
    GAME_NAME,
    HIDDEN,
    MAX_SEED,
    PLAYERS,
    STRONGEST,
    TILES,
    TRAP,
    Move,
    Placed,
    Value,
    parse_tile,
)

__all__ = ["move_from_json", "move_to_json", "state_from_json", "view_from_json"]

STATE_KEYS = (
    "game",
    "format",
    "seed",
    "players",
    "to_move",
    "reveal_pending",
    "stacks",
    "board",
    "discards",
)
VIEW_KEYS = (*(k for k in STATE_KEYS if k != "seed"), "view_of")
#: Fields every release has let a document leave out (their values are fixed).
OPTIONAL_KEYS = ("players", "reveal_pending")
TILE_KEYS = ("tile", "up", "at_least", "at_most")
STACK_KEYS = ("count", "next")


def _tile(doc: Any, path: str) -> Value:
    try:
        return parse_tile(doc)
    except NotationError as err:
        raise NotationError(err.message, path=path) from None


def _header(doc: Any, keys: tuple[str, ...], what: str) -> Mapping[str, Any]:
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
        value = _tile(raw, at(path, "tile"))
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


def _tables(
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


def _placed_tiles(
    seat: Seat, board: Board, discards: tuple[tuple[Placed, ...], ...]
) -> list[tuple[str, Value]]:
    out = [
        (f"board[{seat}].{key}", t.value)
        for key, t in zip(BUFFET.keys, board[seat], strict=True)
        if t is not None
    ]
    return out + [(f"discards[{seat}][{i}]", t.value) for i, t in enumerate(discards[seat])]


def state_from_json(doc: Any) -> State:
    """Reads :meth:`State.to_json` output, checked against the rules.

    Raises:
        NotationError: malformed or impossible, naming the JSON path of the fault.
    """
    obj = _header(doc, STATE_KEYS, "state")
    seed = read_int(obj["seed"], "seed", -MAX_SEED + 1, MAX_SEED - 1)
    stacks = tuple(
        tuple(
            _tile(t, f"stacks[{s}][{i}]")
            for i, t in enumerate(read_list(st, f"stacks[{s}]", len(TILES)))
        )
        for s, st in enumerate(read_list(obj["stacks"], "stacks", PLAYERS, PLAYERS))
    )
    current, pending, board, discards = _tables(obj, None)
    for s in range(PLAYERS):
        held = [(f"stacks[{s}][{i}]", v) for i, v in enumerate(stacks[s])]
        held += _placed_tiles(s, board, discards)
        check_once(s, held)
        check_complete(s, [v for _, v in held], f"stacks[{s}]")
    check_table(Table(current, pending, tuple(len(st) for st in stacks), board))
    return State(seed, current, stacks, board, discards, pending)


def view_from_json(doc: Any) -> View:
    """Reads :meth:`View.to_json` output, checked as strictly as a state.

    Raises:
        NotationError: malformed or impossible, naming the JSON path of the fault.
    """
    obj = _header(doc, VIEW_KEYS, "view")
    seat = read_int(obj["view_of"], "view_of", 0, PLAYERS - 1)
    entries = read_list(obj["stacks"], "stacks", PLAYERS, PLAYERS)
    counts, nexts = [], []
    for s, entry in enumerate(entries):
        path = f"stacks[{s}]"
        stack = read_fields(entry, path, STACK_KEYS, "a stack")
        counts.append(read_int(stack["count"], at(path, "count"), 0, len(TILES)))
        nxt = stack["next"]
        nexts.append(None if nxt is None else _tile(nxt, at(path, "next")))
    current, pending, board, discards = _tables(obj, seat)
    for s in range(PLAYERS):
        placed = _placed_tiles(s, board, discards)
        if len(placed) + counts[s] != len(TILES):
            fail(
                f"stacks[{s}].count",
                f"seat {s} has {len(placed)} tiles on the buffet and in its discard pile, "
                f"so {len(TILES) - len(placed)} in its stack, not {counts[s]}",
            )
        top = nexts[s]
        check_once(s, placed + ([(f"stacks[{s}].next", top)] if top is not None else []))
    table = Table(current, pending, tuple(counts), board)
    check_table(table)
    _check_next(seat, table, nexts)
    them = 1 - seat
    slots = [(f"board[{them}].{k}", t) for k, t in zip(BUFFET.keys, board[them], strict=True)]
    slots += [(f"discards[{them}][{i}]", t) for i, t in enumerate(discards[them])]
    hidden = [(p, t) for p, t in slots if t is not None and t.value == HIDDEN]
    shown = {v for _, v in _placed_tiles(them, board, discards)}
    check_worlds(them, hidden, [v for v in TILES if v not in shown])
    return View(seat, current, pending, tuple(counts), nexts[seat], board, discards)


def _check_next(seat: Seat, table: Table, nexts: list[Value | None]) -> None:
    if nexts[1 - seat] is not None:
        fail(f"stacks[{1 - seat}].next", "a seat cannot see the top of the opponent's stack")
    placing = table.current == seat and not table.pending and any(table.counts)
    path = f"stacks[{seat}].next"
    if placing and nexts[seat] is None:
        fail(path, "the seat about to place sees the top of its stack: next is that tile")
    if not placing and nexts[seat] is not None:
        fail(path, "a seat sees the top of its stack only when it is about to place")


def move_from_json(doc: Any) -> Move:
    """Reads :func:`move_to_json` output: ``{"dessert": key}`` or ``{"reveal": key}``
    (keys as in ``data/buffet.toml``, any case, spaces around ignored).

    Raises:
        NotationError: not an object with exactly one of those fields, or an
            unknown dessert (the path names the field).
    """
    doc = read_object(doc, "", "a move")
    if len(doc) == 1 and set(doc) <= {"dessert", "reveal"}:
        (key, name), *_ = doc.items()
        try:
            space = BUFFET.index(name)
        except NotationError as err:
            raise NotationError(err.message, path=key) from None
        return Move(dessert=space) if key == "dessert" else Move(reveal=space)
    raise NotationError(f"a move has one field, 'dessert' or 'reveal', not {quoted(doc)}")


def move_to_json(move: Move) -> Json:
    """``{"dessert": key}`` (place the drawn tile) or ``{"reveal": key}`` (the Donuts)."""
    return dict(move.to_json())
