"""Monstrolicious as SVG: the buffet as one player sees it.

Drawn from one player's view alone, so the picture shows exactly what that
player may know: the eleven desserts left to right with their points (and the
Lollipop's, Donuts' and the pair's powers), the opponent's tiles across the
top and the player's own along the bottom. A face-up tile shows its strength;
the player's own face-down tiles show theirs on a dark back (only they know
it); an opposing face-down tile shows "?" and, when battles have narrowed it,
the strengths it may still have. A dessert a side controls is tinted in that
side's colour. Stacks and discard piles close the picture.

>>> from solver.game import get_game
>>> game = get_game("monstrolicious")
>>> svg = render(game.view(game.new(2, 1, None), 0))
>>> svg.count('class="dessert"'), svg.count('class="tile')
(11, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solver.drawing.board import INK, MUTED, SMALLEST, Section, box, fit, flow, heading, lines
from solver.drawing.svg import element, group, path, text, title
from solver.monstrolicious.cards import BUFFET
from solver.monstrolicious.state import View

COLUMN = 70
"""One dessert's width: five side by side fit a phone screen."""
TILE = 54
DESSERT_H = 90
WIDE = 360
SIDES = {"you": "#2f6fd6", "opponent": "#d9382e"}
"""Each side's colour: its tiles' outline and the tint of the desserts it controls."""
TINTS = {"you": "#dde8fa", "opponent": "#fadcd9"}
ROLE_NOTE = {"lollipop": "wins ties", "donuts": "reveals a tile", "pair": "pair +{bonus}"}


def render(view: View) -> str:
    """The buffet as the view's seat sees it (``GAME.view(state, seat)`` or a view read back)."""
    return picture(view.to_json())


def picture(view: Mapping[str, Any]) -> str:
    """The buffet from a view's JSON (``View.to_json()``)."""
    seat = int(view["view_of"])
    other = 1 - seat
    sections = [_header(view, seat, other)]
    board = view["board"]
    for dessert in BUFFET.desserts:
        sections.append(_column(dessert, board[other][dessert.key], board[seat][dessert.key]))
    sections.append(_discards(view, seat, other))
    return flow(sections, f"Monstrolicious buffet seen by seat {seat}")


def _header(view: Mapping[str, Any], seat: int, other: int) -> Section:
    to_move = view.get("to_move")
    over = to_move is None or (
        not view.get("reveal_pending") and not any(s["count"] for s in view["stacks"])
    )
    turn = "game over" if over else ("your turn" if to_move == seat else "opponent's turn")
    mine, theirs = view["stacks"][seat], view["stacks"][other]
    nxt = "" if mine.get("next") is None else f", next: {_label(mine['next'])}"
    rows = [
        heading(0, 16, "Monstrolicious", 16),
        text(0, 36, f"Monstrolicious · seen by seat {seat} · {turn}", font_size=12, fill=INK),
        text(0, 54, f"Your stack: {mine['count']} tiles{nxt}", font_size=12, fill=MUTED),
        text(0, 70, f"Opponent's stack: {theirs['count']} tiles", font_size=12, fill=MUTED),
        text(0, 86, "Opponent's tiles above each dessert, yours below", font_size=12, fill=MUTED),
    ]
    return Section(WIDE, 92, rows, "the game", "status")


def _column(dessert: Any, opp_tile: Any, my_tile: Any) -> Section:
    """One dessert with both sides' tiles: the opponent's above, the seat's own below."""
    holder = "you" if my_tile is not None and opp_tile is None else None
    holder = "opponent" if opp_tile is not None and my_tile is None else holder
    note = ROLE_NOTE.get(dessert.role, "").format(bonus=BUFFET.pair_bonus)
    x, mid_y = 0.0, TILE + 8
    inner = [
        title(f"{dessert.name}: {dessert.points} points" + (f", {note}" if note else "")),
        element(
            "rect",
            x=x + 1,
            y=mid_y,
            width=COLUMN - 2,
            height=DESSERT_H,
            rx=8,
            fill=TINTS[holder] if holder else "#fff",
            stroke="#8a6a08",
            stroke_width=1.2,
        ),
        lines(
            x + COLUMN / 2,
            mid_y + 15,
            fit(dessert.name, COLUMN - 6, 2),
            font_weight="bold",
            text_anchor="middle",
        ),
        text(
            x + COLUMN / 2,
            mid_y + 46,
            f"{dessert.points} pt{'' if dessert.points == 1 else 's'}",
            font_size=13,
            fill=INK,
            text_anchor="middle",
        ),
    ]
    if note:
        inner.append(
            lines(
                x + COLUMN / 2,
                mid_y + 62,
                fit(note, COLUMN - 6, 2),
                fill=MUTED,
                text_anchor="middle",
            )
        )
    parts = [group(inner, class_="dessert", data_dessert=dessert.key, data_holder=holder)]
    left = (COLUMN - TILE) / 2
    parts.append(
        _tile(opp_tile, left, 0, "opponent", dessert.key)
        if opp_tile is not None
        else _empty(left, 0, "opponent")
    )
    bottom = mid_y + DESSERT_H + 8
    parts.append(
        _tile(my_tile, left, bottom, "you", dessert.key)
        if my_tile is not None
        else _empty(left, bottom, "you")
    )
    return Section(
        COLUMN, bottom + TILE, parts, dessert.name, "buffet", (("dessert", dessert.key),)
    )


def _empty(x: float, y: float, side: str) -> str:
    """The place of a side's tile at a dessert, still empty."""
    return element(
        "rect",
        x=x,
        y=y,
        width=TILE,
        height=TILE,
        rx=5,
        fill="none",
        stroke=SIDES[side],
        stroke_opacity=0.35,
        stroke_dasharray="4 4",
    )


def _discards(view: Mapping[str, Any], seat: int, other: int) -> Section:
    parts: list[str] = []
    y = 14.0
    for side, pile in (("you", view["discards"][seat]), ("opponent", view["discards"][other])):
        shown = ", ".join(_pile_label(t) for t in pile) or "none"
        said = f"{'Your' if side == 'you' else 'Opponent'} discards: {shown}"
        for row in fit(said, WIDE, 3, 12):
            parts.append(text(0, y, row, font_size=12, fill=INK, class_="discards", data_side=side))
            y += 16
    return Section(WIDE, y, parts, "the discards", "discard-piles")


def _label(tile: Any) -> str:
    return "Trap" if tile == "trap" else str(tile)


def _pile_label(tile: Mapping[str, Any]) -> str:
    return "?" if tile.get("tile") is None else _label(tile["tile"])


def _tile(tile: Mapping[str, Any], x: float, y: float, side: str, dessert: str) -> str:
    value, up = tile.get("tile"), bool(tile.get("up"))
    known = value is not None
    label = _label(value) if known else "?"
    fill, ink = ("#fff", INK) if up else ("#3a3f47", "#fff")
    whose = "your" if side == "you" else "the opponent's"
    inner = [
        title(f"{whose} tile, {'face up' if up else 'face down'}: {label if known else 'unknown'}"),
        box(x, y, TILE, TILE, fill, SIDES[side]),
    ]
    if not up:  # a back: stripes, and the words, so it never reads as a number
        inner.append(
            element(
                "path",
                d=path([(x + 6, y + TILE - 6), (x + TILE - 6, y + 6)]),
                stroke="#6b7280",
                stroke_width=6,
                stroke_opacity=0.5,
            )
        )
        inner.append(
            text(x + TILE / 2, y + 12, "down", font_size=SMALLEST, fill=ink, text_anchor="middle")
        )
    inner.append(
        text(
            x + TILE / 2,
            y + TILE / 2 + 9,
            label,
            font_size=22 if len(label) < 3 else 14,
            font_weight="bold",
            fill=ink,
            text_anchor="middle",
        )
    )
    low, high = tile.get("at_least"), tile.get("at_most")
    if not known and (low is not None or high is not None):
        inner.append(
            text(
                x + TILE / 2,
                y + TILE - 3,
                f"{low or 0}-{high if high is not None else 12}",
                font_size=SMALLEST,
                fill=ink,
                text_anchor="middle",
            )
        )
    return group(
        inner,
        class_="tile",
        data_side=side,
        data_dessert=dessert,
        data_up="true" if up else "false",
        data_value=label if known else None,
    )
