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

from solver.drawing.board import INK, MUTED, box, heading, lines, wrap
from solver.drawing.svg import document, element, group, text, title
from solver.monstrolicious.cards import BUFFET
from solver.monstrolicious.state import View

COLUMN = 74
TILE = 50
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
    width = 24 + COLUMN * len(BUFFET.desserts)
    parts = [element("rect", x=0, y=0, width=width, height=1, fill="#fbfaf6")]
    to_move = view.get("to_move")
    over = to_move is None or (
        not view.get("reveal_pending") and not any(s["count"] for s in view["stacks"])
    )
    turn = "game over" if over else ("your turn" if to_move == seat else "opponent's turn")
    parts.append(heading(12, 24, f"Monstrolicious · seen by seat {seat} · {turn}", 15))
    stacks = view["stacks"]
    mine, theirs = stacks[seat], stacks[other]
    nxt = "" if mine.get("next") is None else f", next: {_label(mine['next'])}"
    parts.append(
        text(
            12,
            44,
            f"Your stack: {mine['count']} tiles{nxt} · opponent's stack: {theirs['count']} tiles"
            " · your tiles below the buffet (blue), the opponent's above (red)",
            font_size=12,
            fill=MUTED,
        )
    )
    top_y, mid_y, bottom_y = 60.0, 60.0 + TILE + 10, 60.0 + TILE + 10 + 72
    board = view["board"]
    for i, dessert in enumerate(BUFFET.desserts):
        x = 12 + i * COLUMN
        opp_tile, my_tile = board[other][dessert.key], board[seat][dessert.key]
        holder = "you" if my_tile is not None and opp_tile is None else None
        holder = "opponent" if opp_tile is not None and my_tile is None else holder
        note = ROLE_NOTE.get(dessert.role, "").format(bonus=BUFFET.pair_bonus)
        inner = [
            title(f"{dessert.name}: {dessert.points} points" + (f", {note}" if note else "")),
            element(
                "rect",
                x=x + 2,
                y=mid_y,
                width=COLUMN - 4,
                height=64,
                rx=8,
                fill=TINTS[holder] if holder else "#fff",
                stroke="#8a6a08",
                stroke_width=1.2,
            ),
            lines(
                x + COLUMN / 2,
                mid_y + 14,
                wrap(dessert.name, 10)[:2],
                9.5,
                font_weight="bold",
                text_anchor="middle",
            ),
            text(
                x + COLUMN / 2,
                mid_y + 44,
                f"{dessert.points} pt{'' if dessert.points == 1 else 's'}",
                font_size=12,
                fill=INK,
                text_anchor="middle",
            ),
        ]
        if note:
            inner.append(
                text(
                    x + COLUMN / 2,
                    mid_y + 58,
                    note,
                    font_size=8.5,
                    fill=MUTED,
                    text_anchor="middle",
                )
            )
        parts.append(group(inner, class_="dessert", data_dessert=dessert.key, data_holder=holder))
        if opp_tile is not None:
            parts.append(_tile(opp_tile, x + (COLUMN - TILE) / 2, top_y, "opponent", dessert.key))
        if my_tile is not None:
            parts.append(_tile(my_tile, x + (COLUMN - TILE) / 2, bottom_y, "you", dessert.key))
    y = bottom_y + TILE + 26
    for side, pile in (("you", view["discards"][seat]), ("opponent", view["discards"][other])):
        shown = ", ".join(_pile_label(t) for t in pile) or "none"
        parts.append(
            text(
                12,
                y,
                f"{'Your' if side == 'you' else 'Opponent'} discards: {shown}",
                font_size=11,
                fill=INK,
                class_="discards",
                data_side=side,
            )
        )
        y += 18
    height = y + 4
    parts[0] = element("rect", x=0, y=0, width=width, height=height, fill="#fbfaf6")
    return document(width, height, parts, f"Monstrolicious buffet seen by seat {seat}")


def _label(tile: Any) -> str:
    return "Trap" if tile == "trap" else str(tile)


def _pile_label(tile: Mapping[str, Any]) -> str:
    return "?" if tile.get("tile") is None else _label(tile["tile"])


def _tile(tile: Mapping[str, Any], x: float, y: float, side: str, dessert: str) -> str:
    value, up = tile.get("tile"), bool(tile.get("up"))
    known = value is not None
    label = _label(value) if known else "?"
    fill, ink = ("#fff", INK) if up else ("#3a3f47", "#fff")
    inner = [
        title(f"{side}: {'face up' if up else 'face down'}, {label if known else 'unknown'}"),
        box(x, y, TILE, TILE, fill, SIDES[side]),
        text(
            x + TILE / 2,
            y + TILE / 2 + 7,
            label,
            font_size=20 if len(label) < 3 else 13,
            font_weight="bold",
            fill=ink,
            text_anchor="middle",
        ),
    ]
    low, high = tile.get("at_least"), tile.get("at_most")
    if not known and (low is not None or high is not None):
        inner.append(
            text(
                x + TILE / 2,
                y + TILE - 5,
                f"{low or 0}-{high if high is not None else 12}",
                font_size=9,
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
