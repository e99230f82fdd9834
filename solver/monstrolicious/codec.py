"""Monstrolicious states, views and moves to and from JSON, every invariant checked on reading.

A state and a view write themselves (``to_json``); this module reads them back,
and reads and writes moves. Shapes are read first, every list and object
bounded before it is walked; then :mod:`checks` holds the table to the rules. A
fault raises a NotationError naming its JSON path (``board[0].pie.at_least``) in
player words.

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

from solver.errors import NotationError
from solver.formats import upgraded
from solver.game import Json, Seat
from solver.monstrolicious.checks import (
    Table,
    at,
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
    quote,
)

__all__ = ["move_from_json", "move_to_json", "state_from_json", "view_from_json"]

STATE_KEYS = frozenset(
    {
        "game",
        "format",
        "seed",
        "players",
        "to_move",
        "reveal_pending",
        "stacks",
        "board",
        "discards",
    }
)
VIEW_KEYS = STATE_KEYS - {"seed"} | {"view_of"}
#: Fields every release has let a document leave out (their values are fixed).
OPTIONAL_KEYS = frozenset({"players", "reveal_pending"})
TILE_KEYS = frozenset({"tile", "up", "at_least", "at_most"})
ROW_KEYS = frozenset(BUFFET.keys)


def _object(
    doc: Any, path: str, keys: frozenset[str], required: frozenset[str]
) -> Mapping[str, Any]:
    if not isinstance(doc, Mapping):
        fail(path, f"expected an object, not {quote(doc)}")
    extra = next((k for k in doc if k not in keys), None)
    if extra is not None:
        name = extra[:40] if isinstance(extra, str) else type(extra).__name__
        expected = ", ".join(sorted(keys))
        fail(at(path, name), f"unknown field {quote(extra)} (expected {expected})")
    for key in sorted(required):
        if key not in doc:
            fail(at(path, key), f"missing {key!r}")
    return doc


def _list(doc: Any, path: str, most: int, least: int = 0) -> list[Any]:
    if not isinstance(doc, list):
        fail(path, f"expected a list, not {quote(doc)}")
    if not least <= len(doc) <= most:
        size = f"{most}" if least == most else f"{least} to {most}"
        fail(path, f"expected {size} entries, not {len(doc)}")
    return doc


def _int(doc: Any, path: str, lo: int, hi: int, what: str) -> int:
    if not isinstance(doc, int) or isinstance(doc, bool) or not lo <= doc <= hi:
        fail(path, f"bad {what} {quote(doc)} (expected {lo}..{hi})")
    return doc


def _bool(doc: Any, path: str, what: str) -> bool:
    if not isinstance(doc, bool):
        fail(path, f"bad {what} {quote(doc)} (expected true or false)")
    return doc


def _tile(doc: Any, path: str) -> Value:
    try:
        return parse_tile(doc)
    except NotationError as err:
        raise NotationError(err.message, path=path) from None


def _header(doc: Any, keys: frozenset[str], what: str) -> Mapping[str, Any]:
    """The document's own fields: the right game, the right kind, two players."""
    if not isinstance(doc, Mapping):
        raise NotationError(f"a {GAME_NAME} {what} must be a JSON object")
    game = doc.get("game")
    if game != GAME_NAME:
        if isinstance(game, str) and game.isidentifier() and len(game) <= 20:
            fail("game", f"this is a {game} {what}, not a {GAME_NAME} {what}")
        fail("game", f'not a {GAME_NAME} {what} (expected "game": "{GAME_NAME}")')
    if what == "state" and "view_of" in doc:
        fail("view_of", "this is a seat's view, not a full state: read it as a view")
    if what == "view" and "view_of" not in doc:
        fail("view_of", "a view says whose it is: view_of")
    obj = _object(upgraded(doc, f"Monstrolicious {what}", {}), "", keys, keys - OPTIONAL_KEYS)
    _int(obj.get("players", PLAYERS), "players", PLAYERS, PLAYERS, "player count")
    return obj


def read_placed(doc: Any, path: str, where: str, unseen: bool = False) -> Placed:
    """One tile at ``path`` (on the ``board`` or in a ``discard`` pile).

    Args:
        unseen: the tile is the opponent's in a view: face down it must hide its
            value (``"tile": null``), face up it must show it.
    """
    obj = _object(doc, path, TILE_KEYS, frozenset({"tile", "up"}))
    up = _bool(obj["up"], at(path, "up"), "face")
    lo = _int(obj.get("at_least", TRAP), at(path, "at_least"), TRAP, STRONGEST, "bound")
    hi = _int(obj.get("at_most", STRONGEST), at(path, "at_most"), TRAP, STRONGEST, "bound")
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
    obj = _object(doc, path, ROW_KEYS, ROW_KEYS)
    return tuple(None if obj[k] is None else read(obj[k], at(path, k)) for k in BUFFET.keys)


def _reader(unseen: bool) -> Callable[[Any, str], Placed]:
    def read(doc: Any, path: str) -> Placed:
        return read_placed(doc, path, "board", unseen)

    return read


def _tables(
    obj: Mapping[str, Any], seat: Seat | None
) -> tuple[Seat, bool, Board, tuple[tuple[Placed, ...], ...]]:
    """``to_move``, ``reveal_pending``, the board and the discards (``seat``: whose view)."""
    current = _int(obj["to_move"], "to_move", 0, PLAYERS - 1, "seat")
    pending = _bool(obj.get("reveal_pending", False), "reveal_pending", "reveal_pending")
    rows = _list(obj["board"], "board", PLAYERS, PLAYERS)
    board = tuple(
        _row(row, f"board[{s}]", _reader(s != seat and seat is not None))
        for s, row in enumerate(rows)
    )
    piles = _list(obj["discards"], "discards", PLAYERS, PLAYERS)
    discards = tuple(
        tuple(
            read_placed(t, f"discards[{s}][{i}]", "discard", s != seat and seat is not None)
            for i, t in enumerate(_list(pile, f"discards[{s}]", len(TILES)))
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
    seed = _int(obj["seed"], "seed", -MAX_SEED + 1, MAX_SEED - 1, "seed")
    stacks = tuple(
        tuple(_tile(t, f"stacks[{s}][{i}]") for i, t in enumerate(_list(st, f"stacks[{s}]", 13)))
        for s, st in enumerate(_list(obj["stacks"], "stacks", PLAYERS, PLAYERS))
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
    seat = _int(obj["view_of"], "view_of", 0, PLAYERS - 1, "seat")
    entries = _list(obj["stacks"], "stacks", PLAYERS, PLAYERS)
    counts, nexts = [], []
    for s, entry in enumerate(entries):
        path = f"stacks[{s}]"
        stack = _object(entry, path, frozenset({"count", "next"}), frozenset({"count", "next"}))
        counts.append(_int(stack["count"], at(path, "count"), 0, len(TILES), "tile count"))
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
    if not isinstance(doc, Mapping):
        raise NotationError(f"bad move {quote(doc)} (expected an object)")
    if len(doc) == 1 and set(doc) <= {"dessert", "reveal"}:
        (key, name), *_ = doc.items()
        try:
            space = BUFFET.index(name)
        except NotationError as err:
            raise NotationError(err.message, path=key) from None
        return Move(dessert=space) if key == "dessert" else Move(reveal=space)
    raise NotationError(f"bad move {quote(dict(doc), 60)} (expected {{'dessert'}} or {{'reveal'}})")


def move_to_json(move: Move) -> Json:
    """``{"dessert": key}`` (place the drawn tile) or ``{"reveal": key}`` (the Donuts)."""
    return dict(move.to_json())
