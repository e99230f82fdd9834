"""Manno Monster's symbols as SVG: the six monsters, the colour blots and the shape signs.

A task card names a *group*: one kind (a monster, plump or thin, in its colour),
one colour (a blot of paint: plump and thin alike) or one shape (a grey
monster: every colour alike). ``icon`` draws any of them centred on a point.

>>> from solver.manno.kinds import GROUPS
>>> icon(GROUPS["PB"], 20, 20)[:62]
'<g class="icon" data-group="PB" data-scope="kind"><title>plump'
"""

from __future__ import annotations

from solver.drawing.svg import element, group, path, title
from solver.drawing.svg import number as _n
from solver.manno.kinds import Group

COLOURS = {"B": "#2f6fd6", "R": "#d9382e", "Y": "#f2bb16"}
"""Fill of each colour's monsters and blots."""
OUTLINES = {"B": "#1b3f7a", "R": "#7a1d17", "Y": "#8a6a08"}
"""Outline of each colour (darker, so yellow reads on white)."""
SHAPE_FILL = "#8d949c"
SHAPE_OUTLINE = "#3c4147"
SIZE = 40
"""Width and height of one icon."""


def scope(grp: Group) -> str:
    """``"kind"``, ``"colour"`` or ``"shape"``.

    >>> from solver.manno.kinds import GROUPS
    >>> scope(GROUPS["TY"]), scope(GROUPS["R"]), scope(GROUPS["P"])
    ('kind', 'colour', 'shape')
    """
    if len(grp.kinds) == 1:
        return "kind"
    return "colour" if grp.name in COLOURS else "shape"


def icon(grp: Group, cx: float, cy: float, scale: float = 1.0) -> str:
    """The card's symbol for ``grp``, centred on ``(cx, cy)``, ``SIZE * scale`` across."""
    kind = scope(grp)
    if kind == "kind":
        only = grp.kinds[0]
        body = monster(only.shape, COLOURS[only.colour], OUTLINES[only.colour], cx, cy, scale)
    elif kind == "colour":
        body = blot(COLOURS[grp.name], OUTLINES[grp.name], cx, cy, scale)
    else:
        body = monster(grp.name, SHAPE_FILL, SHAPE_OUTLINE, cx, cy, scale, face=False)
    return group([title(grp.label), body], class_="icon", data_group=grp.name, data_scope=kind)


def monster(
    shape: str,
    fill: str,
    outline: str,
    cx: float,
    cy: float,
    scale: float = 1.0,
    face: bool = True,
) -> str:
    """A plump (``"P"``: wide and round) or thin (``"T"``: tall and narrow) monster."""
    s = scale
    parts = []
    if shape == "P":
        feet = (cx - 8 * s, cx + 8 * s)
        parts += [
            element("ellipse", cx=x, cy=cy + 15 * s, rx=5 * s, ry=3 * s, fill=outline) for x in feet
        ]
        parts.append(
            element(
                "ellipse",
                cx=cx,
                cy=cy + 2 * s,
                rx=18 * s,
                ry=14 * s,
                fill=fill,
                stroke=outline,
                stroke_width=1.5 * s,
            )
        )
        eyes, eye_y, eye_r = (cx - 6 * s, cx + 6 * s), cy - 2 * s, 4.2 * s
        mouth_y, mouth_w = cy + 7 * s, 7 * s
    else:
        feet = (cx - 4 * s, cx + 4 * s)
        parts += [
            element("ellipse", cx=x, cy=cy + 18 * s, rx=3.5 * s, ry=2.5 * s, fill=outline)
            for x in feet
        ]
        parts.append(
            element(
                "rect",
                x=cx - 8 * s,
                y=cy - 17 * s,
                width=16 * s,
                height=35 * s,
                rx=8 * s,
                fill=fill,
                stroke=outline,
                stroke_width=1.5 * s,
            )
        )
        eyes, eye_y, eye_r = (cx - 3.5 * s, cx + 3.5 * s), cy - 8 * s, 3 * s
        mouth_y, mouth_w = cy + 1 * s, 4 * s
    if face:
        for x in eyes:
            parts.append(element("circle", cx=x, cy=eye_y, r=eye_r, fill="#fff"))
            parts.append(element("circle", cx=x, cy=eye_y + 0.8 * s, r=eye_r * 0.45, fill="#111"))
        smile = (
            f"M{_n(cx - mouth_w / 2)} {_n(mouth_y)}q{_n(mouth_w / 2)} {_n(3 * s)} {_n(mouth_w)} 0"
        )
        parts.append(element("path", d=smile, fill="none", stroke="#111", stroke_width=1.2 * s))
    return "".join(parts)


def blot(fill: str, outline: str, cx: float, cy: float, scale: float = 1.0) -> str:
    """A splash of paint: a colour, whatever the shape."""
    s = scale
    drops = ((0, 0, 13), (-9, -8, 7), (10, -7, 6), (11, 8, 7), (-10, 9, 6), (0, -14, 4))
    return "".join(
        element(
            "circle",
            cx=cx + dx * s,
            cy=cy + dy * s,
            r=r * s,
            fill=fill,
            stroke=outline if r == 13 else None,
            stroke_width=1.2 * s if r == 13 else None,
        )
        for dx, dy, r in drops
    )


def crossed(cx: float, cy: float, scale: float = 1.0) -> str:
    """A red cross over an icon: "none of these"."""
    h = 16 * scale
    d = path([(cx - h, cy - h), (cx + h, cy + h)]) + path([(cx + h, cy - h), (cx - h, cy + h)])
    return element(
        "path",
        d=d,
        stroke="#c0161b",
        stroke_width=3.5 * scale,
        stroke_linecap="round",
        class_="none",
    )
