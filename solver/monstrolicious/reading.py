"""Reading Monstrolicious states, views and moves back from JSON, every invariant checked.

A state and a view write themselves (``to_json``), a move is written by
:mod:`solver.monstrolicious.writing`; this module reads them back. Shapes are read
first (:mod:`solver.fields`, :mod:`solver.monstrolicious.readers`), every list and
object bounded before it is walked; then :mod:`solver.monstrolicious.invariants`
holds the table to the rules. A fault raises a NotationError naming its JSON path
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
>>> move_from_json({"dessert": " Pie"})
Move(dessert=9, reveal=None)
"""

from __future__ import annotations

from typing import Any

from solver.errors import NotationError, quoted
from solver.fields import (
    at,
    read_fields,
    read_int,
    read_list,
    read_object,
)
from solver.game import Seat
from solver.monstrolicious.cards import (
    BUFFET,
    HIDDEN,
    MAX_SEED,
    PLAYERS,
    TILES,
    Value,
)
from solver.monstrolicious.invariants import (
    Table,
    check_complete,
    check_once,
    check_table,
    check_worlds,
    fail,
)
from solver.monstrolicious.moves import Move
from solver.monstrolicious.readers import placed_tiles, read_header, read_tables, read_tile
from solver.monstrolicious.state import State, View

__all__ = ["move_from_json", "state_from_json", "view_from_json"]

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
STACK_KEYS = ("count", "next")


def state_from_json(doc: Any) -> State:
    """Reads :meth:`State.to_json` output, checked against the rules.

    Raises:
        NotationError: malformed or impossible, naming the JSON path of the fault.
    """
    obj = read_header(doc, STATE_KEYS, "state")
    seed = read_int(obj["seed"], "seed", -MAX_SEED + 1, MAX_SEED - 1)
    stacks = tuple(
        tuple(
            read_tile(t, f"stacks[{s}][{i}]")
            for i, t in enumerate(read_list(st, f"stacks[{s}]", len(TILES)))
        )
        for s, st in enumerate(read_list(obj["stacks"], "stacks", PLAYERS, PLAYERS))
    )
    current, pending, board, discards = read_tables(obj, None)
    for s in range(PLAYERS):
        held = [(f"stacks[{s}][{i}]", v) for i, v in enumerate(stacks[s])]
        held += placed_tiles(s, board, discards)
        check_once(s, held)
        check_complete(s, [v for _, v in held], f"stacks[{s}]")
    check_table(Table(current, pending, tuple(len(st) for st in stacks), board))
    return State(seed, current, stacks, board, discards, pending)


def view_from_json(doc: Any) -> View:
    """Reads :meth:`View.to_json` output, checked as strictly as a state.

    Raises:
        NotationError: malformed or impossible, naming the JSON path of the fault.
    """
    obj = read_header(doc, VIEW_KEYS, "view")
    seat = read_int(obj["view_of"], "view_of", 0, PLAYERS - 1)
    entries = read_list(obj["stacks"], "stacks", PLAYERS, PLAYERS)
    counts, nexts = [], []
    for s, entry in enumerate(entries):
        path = f"stacks[{s}]"
        stack = read_fields(entry, path, STACK_KEYS, "a stack")
        counts.append(read_int(stack["count"], at(path, "count"), 0, len(TILES)))
        nxt = stack["next"]
        nexts.append(None if nxt is None else read_tile(nxt, at(path, "next")))
    current, pending, board, discards = read_tables(obj, seat)
    for s in range(PLAYERS):
        placed = placed_tiles(s, board, discards)
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
    shown = {v for _, v in placed_tiles(them, board, discards)}
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


ACTIONS = {"dessert": "place", "reveal": "reveal"}
"""The ``action`` (the kind of move) written on a move, by the field it has."""


def move_from_json(doc: Any) -> Move:
    """Reads :func:`move_to_json` output: ``{"action": "place", "dessert": key}`` or
    ``{"action": "reveal", "reveal": key}`` (keys as in ``data/buffet.toml``, any case,
    spaces around ignored); without ``action``, as earlier releases wrote them.

    Raises:
        NotationError: not an object with exactly one of those fields, a ``action`` that
            is not the field's, or an unknown dessert (the path names the field).
    """
    doc = read_object(doc, "", "a move")
    fields = {key: value for key, value in doc.items() if key != "action"}
    if len(fields) == 1 and set(fields) <= set(ACTIONS):
        (key, name), *_ = fields.items()
        if "action" in doc and doc["action"] != ACTIONS[key]:
            said = f"its action is {quoted(ACTIONS[key])}, not {quoted(doc['action'])}"
            raise NotationError(f"a move with {quoted(key)}: {said}", path="action")
        try:
            space = BUFFET.index(name)
        except NotationError as err:
            raise NotationError(err.message, path=key) from None
        return Move(dessert=space) if key == "dessert" else Move(reveal=space)
    raise NotationError(f"a move has one field, 'dessert' or 'reveal', not {quoted(doc)}")
