"""Monstrolicious: what a seat is told after a move (``solver.events``, docs/events.md).

Read from two views of one seat: the tile placed (its strength only when the seat
knows it), the battle it starts (the defending tile revealed, the winner announced,
a Trap sprung), the Donuts' tile turned up, a drawn tile discarded for want of a
space, the desserts each side holds after it, and at the end every tile revealed.

>>> from solver.monstrolicious.state import new_state
>>> s = new_state(2, 7)
>>> [e.code for e in events(s.view(0), s.apply(s.legal_moves()[0]).view(0))]
['tile-placed', 'dessert-taken']
"""

from __future__ import annotations

from typing import Any

from solver.events import GAME_OVER, Event, ended, points, sentence, who, whose
from solver.game import Seat
from solver.monstrolicious.cards import BUFFET, HIDDEN, TRAP, Placed, label, tile_json
from solver.monstrolicious.rules import BONUS_LINE, DESSERT_LINES, holds_lollipop
from solver.monstrolicious.state import View

CODES = (
    "tile-placed",
    "tile-revealed",
    "battle-won",
    "trap-sprung",
    "donuts-used",
    "tile-discarded",
    "trap-removed",
    "dessert-taken",
    "dessert-lost",
    "bonus-taken",
    "bonus-lost",
    GAME_OVER,
)
"""Every code this module answers, in the order a turn tells them."""


def events(before: View, after: View) -> list[Event]:
    """What the seat of ``before`` sees happen between its two views."""
    if before.is_terminal():
        return []
    mover = before.current
    if before.reveal_pending:
        spots: list[int] = []
        told = _donuts(before, after, mover)
    else:
        spots = _spots(before, after, mover)
        told = _placed(before, after, mover, spots)
    told += _discards(before, after, mover, spots)
    if after.is_terminal():
        told += _end_reveals(before, after, spots)
    return [*told, *_desserts(before, after), *ended(before, after)]


def _tile(value: int | None) -> int | str | None:
    """A tile's strength as JSON: 1..12, ``"trap"``, or None when the seat does not know it."""
    return None if value is None or value == HIDDEN else tile_json(value)


def _named(value: int | None, seat: Seat, viewer: Seat) -> str:
    """``your 7``, ``seat 1's Trap``, ``seat 1's tile``."""
    shown = "tile" if value is None or value == HIDDEN else label(value)
    return f"{whose(seat, viewer)} {shown}"


def _donuts(before: View, after: View, mover: Seat) -> list[Event]:
    them = 1 - mover
    for space, (old, new) in enumerate(zip(before.board[them], after.board[them], strict=True)):
        if old is not None and new is not None and new.face_up and not old.face_up:
            dessert = BUFFET.desserts[space]
            text = f"{who(mover, before.seat)} won the Donuts and turned up"
            text += f" {_named(new.value, them, before.seat)} at the {dessert.name}"
            params = {"seat": mover, "dessert": dessert.key, "tile": _tile(new.value)}
            return [Event("donuts-used", params, sentence(text))]
    return []


def _spots(before: View, after: View, mover: Seat) -> list[int]:
    """Where the mover may have placed, one space when the views tell: its new tile;
    else (its tile was discarded) the battle whose outcome the discard shows: a tile
    it lost to, named by the bound the battle announced, or a Trap's battle, where
    both tiles left. On the last move, while the end turns every tile up and takes
    the Traps off, the views may leave several."""
    them = 1 - mover
    free = [s for s, tile in enumerate(before.board[mover]) if tile is None]
    for space in free:
        if after.board[mover][space] is not None:
            return [space]
    fights = [s for s in free if before.board[them][s] is not None]
    lost = after.discards[mover][len(before.discards[mover])]
    step = 0 if holds_lollipop(before.board, them) else 1
    gone = [s for s in fights if after.board[them][s] is None]
    beaten_by = [
        s
        for s in fights
        if (tile := after.board[them][s]) is not None
        and tile.face_up
        and tile.value == lost.hi + step
        and not (lost.value == TRAP and lost.face_up)
    ]
    if not after.is_terminal():
        return [(gone or beaten_by)[0]]
    return gone + beaten_by


def _placed(before: View, after: View, mover: Seat, spots: list[int]) -> list[Event]:
    viewer, them = before.seat, 1 - mover
    space = spots[0] if len(spots) == 1 else None
    mine = before.next_tile if mover == viewer else None
    tile = "a tile" if mine is None else _named(mine, mover, viewer)
    if space is None:
        text = f"{who(mover, viewer)} placed {tile} and lost it in a battle"
        params = {"seat": mover, "dessert": None, "tile": _tile(mine)}
        return [Event("tile-placed", params, sentence(text))]
    dessert = BUFFET.desserts[space]
    text = f"{who(mover, viewer)} placed {tile} at the {dessert.name}"
    params = {"seat": mover, "dessert": dessert.key, "tile": _tile(mine)}
    told = [Event("tile-placed", params, sentence(text))]
    defender = before.board[them][space]
    if defender is None:
        return told
    shown = _left(before, after, them, space)
    if not defender.face_up:
        text = f"{_named(shown.value, them, viewer)} at the {dessert.name} was revealed"
        params = {"seat": them, "dessert": dessert.key, "tile": _tile(shown.value)}
        told.append(Event("tile-revealed", params, sentence(text)))
    placer = after.board[mover][space] or _left(before, after, mover, space)
    traps = [s for s, t in ((mover, placer), (them, shown)) if t.value == TRAP and t.face_up]
    for seat in traps:
        text = f"{_named(TRAP, seat, viewer)} at the {dessert.name} sprang: no one holds it"
        told.append(Event("trap-sprung", {"seat": seat, "dessert": dessert.key}, sentence(text)))
    if traps:
        return told
    won = mover if after.board[mover][space] is not None else them
    lost_tile = shown if won == mover else placer
    text = f"{who(won, viewer)} won the battle for the {dessert.name}:"
    text += f" {_named(lost_tile.value, 1 - won, viewer)} was discarded"
    params = {"seat": won, "loser": 1 - won, "dessert": dessert.key}
    told.append(Event("battle-won", params | {"beaten": _tile(lost_tile.value)}, sentence(text)))
    return told


def _left(before: View, after: View, seat: Seat, space: int) -> Placed:
    """``seat``'s tile of the battle at ``space``: on the board, else the first it discarded."""
    on_board = after.board[seat][space]
    if on_board is not None:
        return on_board
    return after.discards[seat][len(before.discards[seat])]


def _battle_discards(before: View, after: View, mover: Seat, spots: list[int]) -> list[int]:
    """How many of each seat's new discards the battle made (0 or 1)."""
    if not spots or before.board[1 - mover][spots[0]] is None:
        return [0, 0]
    if len(spots) > 1:  # a battle at the end: its Trap, if any, leaves with the others
        return [int(s == mover) for s in (0, 1)]
    return [int(after.board[s][spots[0]] is None) for s in (0, 1)]


def _discards(before: View, after: View, mover: Seat, spots: list[int]) -> list[Event]:
    """Drawn tiles discarded for want of a space (the end's Traps: :func:`_end_reveals`)."""
    told = []
    made = _battle_discards(before, after, mover, spots)
    for seat in (0, 1):
        for tile in after.discards[seat][len(before.discards[seat]) + made[seat] :]:
            if after.is_terminal() and tile.face_up and tile.value == TRAP:
                continue
            text = f"{who(seat, before.seat)} had no empty space and discarded"
            text += f" {_named(tile.value, seat, before.seat)} face down"
            params = {"seat": seat, "tile": _tile(tile.value)}
            told.append(Event("tile-discarded", params, sentence(text)))
    return told


def _end_reveals(before: View, after: View, spots: list[int]) -> list[Event]:
    """The end: every tile on the buffet turns face up; Traps leave it. The last
    battle's spaces are told by the battle, or not at all when the views cannot tell
    which it was."""
    told = []
    for seat in (0, 1):
        for space, old in enumerate(before.board[seat]):
            new = after.board[seat][space]
            key, name = BUFFET.desserts[space].key, BUFFET.desserts[space].name
            if old is None or old.face_up or space in spots:
                continue
            if new is None:
                text = f"{_named(TRAP, seat, before.seat)} at the {name} was removed"
                told.append(Event("trap-removed", {"seat": seat, "dessert": key}, sentence(text)))
            elif new.face_up:
                text = f"{_named(new.value, seat, before.seat)} at the {name} was revealed"
                params = {"seat": seat, "dessert": key, "tile": _tile(new.value)}
                told.append(Event("tile-revealed", params, sentence(text)))
    return told


def _desserts(before: View, after: View) -> list[Event]:
    """Each score-pad line that changed: a dessert held or lost, the pair's bonus."""
    desserts = dict(zip(DESSERT_LINES, BUFFET.desserts, strict=True))
    names = {line: f"the {dessert.name}" for line, dessert in desserts.items()}
    first, second = (BUFFET.desserts[i].name for i in BUFFET.pair)
    names[BONUS_LINE] = f"the bonus for both the {first} and the {second}"
    told = []
    for old, new in zip(before.scores(), after.scores(), strict=True):
        for line, was in old.lines.items():
            change = new.lines[line] - was
            if not change:
                continue
            kind = "bonus" if line == BONUS_LINE else "dessert"
            params: dict[str, Any] = {"seat": new.seat, "points": change}
            if kind == "dessert":
                params["dessert"] = desserts[line].key
            verb = "lost" if change < 0 else "hold" if new.seat == before.seat else "holds"
            text = f"{who(new.seat, before.seat)} {verb} {names[line]} ({points(change)})"
            code = f"{kind}-{'taken' if change > 0 else 'lost'}"
            told.append(Event(code, params, sentence(text)))
    return told
