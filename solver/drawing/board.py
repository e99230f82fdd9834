"""Pieces every game board picture shares: card boxes, badges, wrapped labels, headings,
and the board's areas (sections) laid out side by side.

A board is drawn as a row of *sections* (the track, a park, the play area of a
seat...), each a ``<g class="section">`` that knows its own size: the picture
flows them left to right in lines of :data:`BOARD_WIDTH`, and a page may lay the
same sections out again for its screen (one above the other on a phone) rather
than scale the board down. No text is smaller than :data:`SMALLEST`, so at scale
1 every label reads on a phone.

>>> box(0, 0, 40, 20, "#fff")
'<rect x="0" y="0" width="40" height="20" rx="5" fill="#fff" stroke="#555" stroke-width="1.2"/>'
>>> wrap("4 any friendly monsters", 12)
['4 any', 'friendly', 'monsters']
>>> fit("2 VP per Sand card diagonal up-right of it", 80, 2)
['2 VP per', 'Sand card…']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from solver.drawing.svg import document, element, group, text, title

INK = "#222"
MUTED = "#555"
HIGHLIGHT = "#e8a317"
"""Outline of the seat the picture is drawn for, and of the seat to move."""
SMALLEST = 11
"""The smallest text size any board writes (px at scale 1)."""
CHAR_EM = 0.62
"""The width of an average character of the font, in ems: how many fit a line."""
BOARD_WIDTH = 1000
"""The width a whole picture flows its sections into."""
GAP = 12


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
        cx, cy + 4, label, font_size=SMALLEST, font_weight="bold", fill=ink, text_anchor="middle"
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


def fit(words: str, width: float, rows: int, size: float = SMALLEST) -> list[str]:
    """``words`` in at most ``rows`` lines that fit ``width`` px at ``size`` px: wrapped, a
    word too long cut, and what is left out marked by "…" (the card's title holds it all)."""
    chars = max(2, int(width / (size * CHAR_EM)))
    out = [line if len(line) <= chars else line[: chars - 1] + "…" for line in wrap(words, chars)]
    if len(out) > rows:
        last = out[rows - 1]
        out = [*out[: rows - 1], (last if len(last) < chars else last[: chars - 1]) + "…"]
    return out


def lines(
    x: float, y: float, rows: list[str], size: float = SMALLEST, fill: str = INK, **attrs: str
) -> str:
    """Several lines of text, the first baseline at ``y``."""
    return "".join(
        text(x, y + i * size * 1.2, row, font_size=size, fill=fill, **attrs)
        for i, row in enumerate(rows)
    )


def heading(x: float, y: float, label: str, size: float = 14) -> str:
    """A bold label."""
    return text(x, y, label, font_size=size, font_weight="bold", fill=INK)


@dataclass(frozen=True)
class Section:
    """One area of a board drawn from its own origin: ``width`` by ``height``, its
    ``parts`` (SVG text), its accessible ``label``; ``kind`` and ``data`` become its class
    and ``data-`` attributes."""

    width: float
    height: float
    parts: Sequence[str]
    label: str
    kind: str = ""
    data: tuple[tuple[str, str], ...] = ()


def flow(sections: Sequence[Section], label: str, width: float = BOARD_WIDTH) -> str:
    """The whole picture: ``sections`` left to right in lines no wider than ``width`` (a
    wider one alone on its line), each a ``<g class="section">`` with its size.

    >>> svg = flow([Section(300, 50, [], "a"), Section(800, 40, [], "b")], "two")
    >>> svg.count('class="section"'), 'translate(12 74)' in svg
    (2, True)
    """
    placed: list[str] = []
    x = y = float(GAP)
    line_height = 0.0
    right = 0.0
    for part in sections:
        if x > GAP and x + part.width > width:
            x, y, line_height = GAP, y + line_height + GAP, 0.0
        attrs = {f"data_{key}": value for key, value in part.data}
        placed.append(
            group(
                [title(part.label), *part.parts],
                class_=" ".join(("section", part.kind)).strip(),
                transform=f"translate({x:g} {y:g})",
                data_width=part.width,
                data_height=part.height,
                aria_label=part.label,
                **attrs,
            )
        )
        right = max(right, x + part.width)
        x += part.width + GAP
        line_height = max(line_height, part.height)
    total_w, total_h = right + GAP, y + line_height + GAP
    paper = element("rect", x=0, y=0, width=total_w, height=total_h, fill="#fbfaf6")
    return document(total_w, total_h, [paper, *placed], label)
