"""Manno Monster pictures: a task card as the game draws it, and the 15 tokens as they lie.

Pure functions from values to SVG text; the same input gives the same bytes.

* ``card`` draws one row per condition: a symbol per group (``api.render.monsters``),
  the signs ``≥ ≤ = > <`` between them, the number, and "none" for ``= 0``.
  Given an arrangement too, each row is marked solved or not, with its counts.
* ``tokens_picture`` draws the tokens in a grid of five, the kind that is up
  large and the kind underneath small, and the count of every kind below.
* ``picture`` stacks the two: what ``monsters manno render`` and
  ``GET /v1/manno/render.svg`` answer.

>>> from solver.manno.task import parse_task
>>> svg = picture(parse_task("PB>=4, PY=0, B>R"), None)
>>> svg.count('class="condition"'), svg.count('class="icon"')
(3, 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from api.render.monsters import SIZE, crossed, icon
from solver.drawing.svg import document, element, group, text, title
from solver.manno.kinds import GROUPS, KINDS, Group, Kind
from solver.manno.task import Condition, Op, Task
from solver.manno.tokens import Arrangement, TokenSet, standard_tokens
from solver.manno.validate import ConditionReport, validate

SIGNS = {Op.GE: "≥", Op.LE: "≤", Op.EQ: "=", Op.GT: ">", Op.LT: "<"}
"""How a card prints each comparison."""
PAD = 16
ROW = 56
SIGN_WIDTH = 30
NUMBER_WIDTH = 34
STATUS_WIDTH = 170
"""Room at the right of a row for its mark and counts, when an arrangement is given."""
TOKEN = 64
"""Width of one token's cell."""
PER_ROW = 5
OK_FILL, BAD_FILL = "#e3f5e1", "#fbe3e1"
OK_INK, BAD_INK = "#1c7a2a", "#b3261e"
INK = "#222"


@dataclass(frozen=True)
class Block:
    """Part of a picture: its size and its SVG, drawn from ``(0, 0)``."""

    width: float
    height: float
    body: str


def picture(
    task: Task | None, arrangement: Arrangement | None, tokens: TokenSet | None = None
) -> str:
    """The task card above the tokens (either may be left out, not both).

    Args:
        task: the task to draw as a card, if any.
        arrangement: the tokens as they lie, if any; with a task, each row is
            also marked solved or not.
        tokens: the token set (the 15 standard tokens if omitted).

    Returns:
        A whole SVG document.

    Raises:
        ValueError: neither a task nor an arrangement.
    """
    tokens = tokens or standard_tokens()
    blocks = []
    if task is not None:
        blocks.append(card(task, arrangement, tokens))
    if arrangement is not None:
        blocks.append(tokens_block(arrangement, tokens))
    if not blocks:
        raise ValueError("nothing to draw: give a task, an arrangement or both")
    width = max(b.width for b in blocks)
    parts, y = [], 0.0
    for block in blocks:
        parts.append(group([block.body], transform=f"translate(0 {y:g})"))
        y += block.height
    return document(width, y, parts, _label(task, arrangement))


def _label(task: Task | None, arrangement: Arrangement | None) -> str:
    named = [] if task is None else [f"Manno Monster task {task}"]
    named += [] if arrangement is None else [f"tokens {arrangement}"]
    return "; ".join(named)


def card(
    task: Task, arrangement: Arrangement | None = None, tokens: TokenSet | None = None
) -> Block:
    """The task card: one row per condition, marked when an arrangement is given."""
    tokens = tokens or standard_tokens()
    reports = None if arrangement is None else validate(task, arrangement, tokens).conditions
    rows = [_condition(c) for c in task.conditions]
    status = 0 if reports is None else STATUS_WIDTH
    width = max(PAD * 2 + max(w for w, _ in rows) + status, 240)
    height = PAD * 2 + ROW * len(rows)
    parts = [
        element(
            "rect",
            x=2,
            y=2,
            width=width - 4,
            height=height - 4,
            rx=14,
            fill="#fff8e8",
            stroke="#6b5a3a",
            stroke_width=2,
            class_="card",
        )
    ]
    for i, (_, body) in enumerate(rows):
        y = PAD + i * ROW
        condition = task.conditions[i]
        attrs: dict[str, str] = {"class_": "condition", "data_condition": str(condition)}
        inner = [title(str(condition))]
        if reports is not None:
            report = reports[i]
            attrs["data_ok"] = "true" if report.ok else "false"
            inner.append(_status(report, width - PAD * 2))
        inner.append(body)
        parts.append(group(inner, transform=f"translate({PAD} {y})", **attrs))
    return Block(width, height, "".join(parts))


def _condition(condition: Condition) -> tuple[float, str]:
    """One row's symbols from ``x = 0``, vertically centred in ``ROW``: (width, SVG)."""
    mid = ROW / 2
    x, parts = 0.0, []
    terms = condition.terms
    if condition.op is Op.EQ and terms[-1] == 0 and len(terms) == 2:
        grp = terms[0]
        assert isinstance(grp, Group)
        parts += [icon(grp, x + SIZE / 2, mid), crossed(x + SIZE / 2, mid)]
        parts.append(text(x + SIZE + 10, mid + 7, "none", class_="none-label", **_words(20)))
        return SIZE + 10 + 56, "".join(parts)
    for i, term in enumerate(terms):
        if i:
            sign = SIGNS[condition.op]
            parts.append(text(x + SIGN_WIDTH / 2, mid + 9, sign, class_="sign", **_middle(28)))
            x += SIGN_WIDTH
        if isinstance(term, Group):
            parts.append(icon(term, x + SIZE / 2, mid))
            x += SIZE
        else:
            parts.append(
                text(x + NUMBER_WIDTH / 2, mid + 10, str(term), class_="number", **_middle(28))
            )
            x += NUMBER_WIDTH
    return x, "".join(parts)


def _status(report: ConditionReport, width: float) -> str:
    """A row's background, then ✓ or ✗ and the counts found in the room at its right."""
    fill, ink = (OK_FILL, OK_INK) if report.ok else (BAD_FILL, BAD_INK)
    found = "  ".join(f"{name} {n}" for name, n in report.counts.items())
    mark = "✓" if report.ok else "✗"
    left = width - STATUS_WIDTH + 12
    return "".join(
        [
            element("rect", x=-6, y=3, width=width + 12, height=ROW - 6, rx=8, fill=fill),
            text(
                left,
                ROW / 2 + 8,
                mark,
                fill=ink,
                font_size=22,
                font_weight="bold",
                class_="mark",
            ),
            text(left + 24, ROW / 2 + 6, found, fill=ink, font_size=15, class_="counts"),
        ]
    )


def _middle(size: int) -> dict[str, str | int]:
    return {"text_anchor": "middle", "font_size": size, "font_weight": "bold", "fill": INK}


def _words(size: int) -> dict[str, str | int]:
    return {"font_size": size, "font_weight": "bold", "fill": "#c0161b"}


def tokens_block(
    arrangement: Arrangement, tokens: TokenSet | None = None, marked: Sequence[int] = ()
) -> Block:
    """The tokens in rows of five, then the count of every kind and group.

    Args:
        arrangement: which side of each token is up.
        tokens: the token set (the 15 standard tokens if omitted).
        marked: token numbers to ring (e.g. a hint's tokens).

    Raises:
        ValueError: the arrangement does not fit the token set.
    """
    tokens = tokens or standard_tokens()
    if len(arrangement) != len(tokens):
        raise ValueError(f"{len(arrangement)} sides for {len(tokens)} tokens")
    rows = -(-len(tokens) // PER_ROW)
    width = PAD * 2 + TOKEN * PER_ROW
    parts = []
    for i, (token, side) in enumerate(zip(tokens, arrangement.sides, strict=True)):
        x = PAD + (i % PER_ROW) * TOKEN + TOKEN / 2
        y = PAD + (i // PER_ROW) * TOKEN + TOKEN / 2
        parts.append(_token(i + 1, token.up(side), token.up(1 - side), side, x, y, i + 1 in marked))
    counts_y = PAD + rows * TOKEN + 8
    counts = tokens.kind_counts(arrangement)
    step = (width - PAD * 2) / len(KINDS)
    for i, kind in enumerate(KINDS):
        cx = PAD + step * i + 18
        parts.append(
            group(
                [
                    icon(GROUPS[kind.name], cx, counts_y + 14, 0.6),
                    text(
                        cx + 16,
                        counts_y + 20,
                        str(counts[i]),
                        font_size=16,
                        font_weight="bold",
                        fill=INK,
                    ),
                ],
                class_="count",
                data_group=kind.name,
                data_count=str(counts[i]),
            )
        )
    totals = {g: sum(counts[k] for k in GROUPS[g].kinds) for g in ("B", "R", "Y", "P", "T")}
    line = "   ".join(f"{g} {n}" for g, n in totals.items())
    parts.append(
        text(
            width / 2,
            counts_y + 50,
            line,
            font_size=15,
            fill=INK,
            text_anchor="middle",
            class_="totals",
        )
    )
    return Block(width, counts_y + 64, "".join(parts))


def _token(
    number: int, up_kind: Kind, under: Kind, side: int, x: float, y: float, ring: bool
) -> str:
    label = f"token {number}: {up_kind.label} up, {under.label} underneath"
    return group(
        [
            title(label),
            element(
                "circle",
                cx=x,
                cy=y,
                r=TOKEN / 2 - 3,
                fill="#fdfdfb",
                stroke="#e8a317" if ring else "#7b7f86",
                stroke_width=4 if ring else 1.5,
                class_="face",
            ),
            icon(GROUPS[up_kind.name], x, y + 1, 0.72),
            text(x - 22, y - 17, str(number), font_size=11, fill="#555", class_="number"),
            icon(GROUPS[under.name], x + 21, y + 19, 0.22),
        ],
        class_="token",
        data_token=str(number),
        data_up=up_kind.name,
        data_under=under.name,
        data_side=str(side),
    )
