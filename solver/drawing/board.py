"""Pieces every game board picture shares: card boxes, badges, wrapped labels, headings.

>>> box(0, 0, 40, 20, "#fff")
'<rect x="0" y="0" width="40" height="20" rx="5" fill="#fff" stroke="#555" stroke-width="1.2"/>'
>>> wrap("4 any friendly monsters", 12)
['4 any', 'friendly', 'monsters']
"""

from __future__ import annotations

from solver.drawing.svg import element, text

INK = "#222"
MUTED = "#666"
HIGHLIGHT = "#e8a317"
"""Outline of the seat the picture is drawn for, and of the seat to move."""


def box(x: float, y: float, width: float, height: float, fill: str, stroke: str = "#555") -> str:
    """A card-shaped rectangle with rounded corners."""
    return element(
        "rect",
        x=x,
        y=y,
        width=width,
        height=height,
        rx=5,
        fill=fill,
        stroke=stroke,
        stroke_width=1.2,
    )


def badge(cx: float, cy: float, label: str, fill: str, ink: str = "#fff", r: float = 9) -> str:
    """A round badge with a short label (a size, a price, a strength)."""
    return element("circle", cx=cx, cy=cy, r=r, fill=fill, stroke="#fff", stroke_width=1) + text(
        cx, cy + 4, label, font_size=11, font_weight="bold", fill=ink, text_anchor="middle"
    )


def wrap(words: str, width: int) -> list[str]:
    """Break ``words`` into lines of at most ``width`` characters (a longer word stays whole)."""
    lines: list[str] = []
    for word in words.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def lines(x: float, y: float, rows: list[str], size: float = 10, **attrs: str | int) -> str:
    """Several lines of text, the first baseline at ``y``."""
    return "".join(
        text(x, y + i * size * 1.25, row, font_size=size, fill=INK, **attrs)
        for i, row in enumerate(rows)
    )


def heading(x: float, y: float, label: str, size: float = 14) -> str:
    """A bold label."""
    return text(x, y, label, font_size=size, font_weight="bold", fill=INK)
