"""Small-multiple dot plots as SVG: one panel per metric, one column of dots per level.

Each panel shows every value as a dot in its level's column, the level means
joined by a line, and optional horizontal rules (e.g. the grader's level
thresholds). A value far above the rest (more than twice the next largest)
would flatten a panel, so it is drawn as a marker on the top edge with its
value written beside it.

>>> svg = panels([Panel("effort", {1: [1.0, 2.0], 2: [3.0, 5.0]})], "demo")
>>> svg.count('class="dot"'), svg.count('class="mean"')
(4, 1)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from solver.drawing.svg import document, element, group, path, text, title

WIDTH, HEIGHT = 300, 200
"""One panel's size."""
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 30, 34
PER_ROW = 3
DOT, MEAN, RULE, GRID, INK = "#2f6fd6", "#d9382e", "#8a6a08", "#e4e6ea", "#222"


@dataclass(frozen=True)
class Panel:
    """One metric: its name, the values of each level, and rules to draw across.

    Attributes:
        name: the metric, as the panel's title.
        values: level -> the values of that level's tasks.
        rules: y values to mark with a dashed line (e.g. thresholds).
    """

    name: str
    values: Mapping[int, Sequence[float]]
    rules: Sequence[float] = field(default_factory=tuple)


def nice_top(value: float) -> float:
    """The smallest 1, 2, 2.5 or 5 times a power of ten at or above ``value``.

    >>> nice_top(13.4), nice_top(0.06), nice_top(60), nice_top(0)
    (20.0, 0.1, 100.0, 1.0)
    """
    if value <= 0:
        return 1.0
    power = 10 ** math.floor(math.log10(value))
    for step in (1, 2, 2.5, 5, 10):
        if step * power >= value - 1e-12:
            return float(step * power)
    return float(10 * power)  # pragma: no cover - the loop always returns


def ticks(top: float) -> int:
    """How many intervals split the axis up to ``top`` into round steps.

    >>> ticks(25.0), ticks(20.0), ticks(5.0), ticks(100.0)
    (5, 4, 5, 4)
    """
    leading = top / 10 ** math.floor(math.log10(top))
    return 5 if round(leading, 6) in (2.5, 5.0) else 4


def axis_top(values: Sequence[float]) -> float:
    """The panel's top: a nice number over the values, an outlier left out.

    >>> axis_top([1, 2, 3, 60]), axis_top([1, 2, 3, 5])
    (5.0, 5.0)
    """
    ordered = sorted(values)
    top = ordered[-1] if ordered else 0.0
    if len(ordered) > 1 and ordered[-1] > 2 * ordered[-2] > 0:
        top = ordered[-2]
    return nice_top(top)


def panel(spec: Panel) -> str:
    """One panel, drawn from ``(0, 0)``."""
    levels = sorted(spec.values)
    every = [v for level in levels for v in spec.values[level]]
    top = axis_top([*every, *spec.rules])
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    step = inner_w / max(len(levels), 1)

    def x_of(index: int) -> float:
        return LEFT + step * (index + 0.5)

    def y_of(value: float) -> float:
        return TOP + inner_h * (1 - min(value, top) / top)

    parts = [text(WIDTH / 2, 18, spec.name, font_size=14, font_weight="bold", text_anchor="middle")]
    intervals = ticks(top)
    for tick in range(intervals + 1):
        value = top * tick / intervals
        y = y_of(value)
        parts.append(element("line", x1=LEFT, x2=WIDTH - RIGHT, y1=y, y2=y, stroke=GRID))
        parts.append(text(LEFT - 6, y + 4, f"{value:g}", font_size=10, text_anchor="end"))
    for rule in spec.rules:
        y = y_of(rule)
        parts.append(
            element(
                "line",
                x1=LEFT,
                x2=WIDTH - RIGHT,
                y1=y,
                y2=y,
                stroke=RULE,
                stroke_dasharray="4 3",
                class_="rule",
            )
        )
    means = []
    for index, level in enumerate(levels):
        cx = x_of(index)
        parts.append(text(cx, HEIGHT - BOTTOM + 16, str(level), font_size=11, text_anchor="middle"))
        values = spec.values[level]
        for i, value in enumerate(values):
            jitter = ((i * 7) % 11 - 5) * step / 30
            if value > top:
                parts.append(_off_scale(cx + jitter, y_of(top), value))
                continue
            parts.append(
                element(
                    "circle",
                    cx=cx + jitter,
                    cy=y_of(value),
                    r=2.6,
                    fill=DOT,
                    fill_opacity=0.45,
                    class_="dot",
                    data_level=str(level),
                )
            )
        if values:
            means.append((cx, y_of(sum(values) / len(values))))
    parts.append(text(LEFT + inner_w / 2, HEIGHT - 4, "level", font_size=11, text_anchor="middle"))
    if means:
        parts.append(
            element("path", d=path(means), fill="none", stroke=MEAN, stroke_width=2, class_="mean")
        )
        parts += [element("circle", cx=x, cy=y, r=3.5, fill=MEAN) for x, y in means]
    return group([title(spec.name), *parts], class_="panel", data_metric=spec.name)


def _off_scale(x: float, y: float, value: float) -> str:
    """A value above the panel's top: a triangle on the edge and the value beside it."""
    tip = path([(x, y - 6), (x - 4, y + 1), (x + 4, y + 1)], closed=True)
    return group(
        [
            element("path", d=tip, fill=MEAN),
            text(x - 6, y - 1, f"{value:g}", font_size=10, text_anchor="end", fill=MEAN),
        ],
        class_="dot off-scale",
    )


def panels(specs: Sequence[Panel], label: str, note: str = "") -> str:
    """The panels in rows of three, with ``label`` as the heading and a legend below."""
    rows = -(-len(specs) // PER_ROW)
    head = 34
    width = WIDTH * min(len(specs), PER_ROW)
    height = head + rows * HEIGHT + 40
    parts = [
        element("rect", x=0, y=0, width=width, height=height, fill="#fff"),
        text(12, 22, label, font_size=16, font_weight="bold", fill=INK),
    ]
    for i, spec in enumerate(specs):
        x, y = (i % PER_ROW) * WIDTH, head + (i // PER_ROW) * HEIGHT
        parts.append(group([panel(spec)], transform=f"translate({x} {y})"))
    legend_y = head + rows * HEIGHT + 22
    parts += [
        element("circle", cx=18, cy=legend_y - 4, r=3, fill=DOT, fill_opacity=0.45),
        text(26, legend_y, "one task", font_size=11),
        element(
            "line", x1=96, x2=116, y1=legend_y - 4, y2=legend_y - 4, stroke=MEAN, stroke_width=2
        ),
        text(122, legend_y, "level mean", font_size=11),
    ]
    if any(spec.rules for spec in specs):  # the dashed rule is drawn: say what it marks
        parts += [
            element(
                "line",
                x1=200,
                x2=220,
                y1=legend_y - 4,
                y2=legend_y - 4,
                stroke=RULE,
                stroke_dasharray="4 3",
            ),
            text(226, legend_y, note or "thresholds", font_size=11),
        ]
    return document(width, height, parts, label)
