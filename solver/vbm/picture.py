"""Very Big Monster as SVG: one seat's play area, card by card, with its score pad.

Each card is a square in its terrain's colour with its id, its printed VP and
what it carries: a Big Mama piece or a Baby, half an Ice monster, Rock monsters,
Grassland symbols, a Sand rule, Mutagen beams (arrows to the edges they point
at), crystal halves (diamonds on the top or bottom edge) and portal quarters
(in the corners). The Explorer card sits at the centre, completed portals carry
a tile, and the empty cells a card may be placed on are dashed. Beside the
area: the seat's score pad, its Reward Mission tokens and the cards in its hand.

The picture draws one seat's :class:`~solver.vbm.view.View` and nothing else.

>>> from solver.game import get_game
>>> game = get_game("vbm")
>>> svg = render(game.view(game.new(2, 1, None), 0))
>>> svg.count('class="explorer"'), svg.count('class="free"')
(1, 4)
"""

from __future__ import annotations

from solver.drawing.board import HIGHLIGHT, INK, MUTED, badge, box, heading, lines, wrap
from solver.drawing.svg import document, element, group, path, text, title
from solver.errors import NotationError
from solver.vbm.area import EXPLORER_POS, frontier
from solver.vbm.cards import Card, Deck
from solver.vbm.invariants import MAX_AREA
from solver.vbm.state import State, View

CELL = 78
"""Width and height of one card on the grid."""
TERRAIN_FILL = {
    "water": "#7fb6e8",
    "lava": "#f08a5d",
    "ice": "#d6f1f7",
    "rock": "#b8aa98",
    "grassland": "#9fd47f",
    "sand": "#ecd59a",
}
CRYSTAL_FILL = {"blue": "#2f6fd6", "red": "#d9382e", "green": "#2e9b4a"}
PORTAL = "#7b4bb7"
PANEL_W = 220
MAX_SPAN = MAX_AREA + 3
"""Most cells a drawn area spans either way: a line of its cards, the Explorer and a free cell
each end."""
ARROWS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


def render(view: View | State, seat: int | None = None) -> str:
    """The play area of the view's seat, drawn from the view alone.

    Args:
        view: the seat's view; a full state is first turned into the view of
            ``seat`` (default: the seat to move, or 0 once the game is over).
        seat: only with a full state.

    Raises:
        NotationError: a seat the game does not have, or one that is not the view's.
    """
    if isinstance(view, State):
        if seat is None:
            seat = view.to_move if view.to_move is not None else 0
        view = View.of(view, seat)
    elif seat is not None and seat != view.seat:
        view.view(seat)  # refuses another seat
    state, seat = view, view.seat
    deck = state.deck
    area = state.areas[seat]
    free = frontier(area)
    cells = [(r, c) for r, c, _ in area] + [EXPLORER_POS, *free]
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    rows = max(r for r, _ in cells) - top + 1
    cols = max(c for _, c in cells) - left + 1
    if len(area) > MAX_AREA or max(rows, cols) > MAX_SPAN:
        raise NotationError(
            f"a play area spans at most {MAX_SPAN} cells each way, not {max(rows, cols)}",
            path=f"areas[{seat}]",
        )
    ox, oy = 16.0, 48.0

    def at(pos: tuple[int, int]) -> tuple[float, float]:
        return ox + (pos[1] - left) * CELL, oy + (pos[0] - top) * CELL

    parts: list[str] = []
    stage = "over" if state.to_move is None else f"{state.phase}, seat {state.to_move} to choose"
    parts.append(
        heading(
            16,
            24,
            f"Very Big Monster · {state.mode} · round {state.round + 1}, "
            f"turn {state.turn + 1} · {stage}",
            14,
        )
    )
    parts.append(text(16, 40, f"Play area of seat {seat}", font_size=12, fill=MUTED))
    for r, c in free:
        x, y = at((r, c))
        parts.append(
            element(
                "rect",
                x=x + 3,
                y=y + 3,
                width=CELL - 6,
                height=CELL - 6,
                rx=6,
                fill="none",
                stroke="#aaa",
                stroke_dasharray="5 4",
                class_="free",
                data_row=str(r),
                data_col=str(c),
            )
        )
    explorer = state.explorers[seat]
    parts.append(_explorer(deck, explorer, *at(EXPLORER_POS)))
    for r, c, card_id in area:
        parts.append(_card(deck.card(card_id), *at((r, c)), r, c))
    for r, c in state.portals[seat]:
        x, y = at((r, c))
        parts.append(
            group(
                [
                    title("portal tile"),
                    element("circle", cx=x, cy=y, r=11, fill=PORTAL, stroke="#fff", stroke_width=2),
                ],
                class_="portal-tile",
            )
        )
    area_w, area_h = cols * CELL, rows * CELL
    panel_x = ox + area_w + 24
    parts.append(group([_panel(state, seat)], transform=f"translate({panel_x} {oy})"))
    width = panel_x + PANEL_W + 12
    height = max(oy + area_h + 16, oy + 40 + 16 * (len(state.scores()[seat].lines) + 12))
    label = f"Very Big Monster, play area of seat {seat}"
    return document(
        width,
        height,
        [element("rect", x=0, y=0, width=width, height=height, fill="#fbfaf6"), *parts],
        label,
    )


def _explorer(deck: Deck, explorer_id: str | None, x: float, y: float) -> str:
    words = "Explorer not chosen yet" if explorer_id is None else deck.explorer(explorer_id).text
    return group(
        [
            title(f"explorer {explorer_id or '-'}: {words}"),
            box(x + 2, y + 2, CELL - 4, CELL - 4, "#fff", HIGHLIGHT),
            text(
                x + 7, y + 14, explorer_id or "Explorer", font_size=9, font_weight="bold", fill=INK
            ),
            lines(x + 7, y + 27, wrap(words, 13)[:4], 8.5),
        ],
        class_="explorer",
        data_card=explorer_id,
    )


def _card(card: Card, x: float, y: float, row: int, col: int) -> str:
    inner = [
        title(f"{card.id}: {card.terrain.value}" + "".join(f", {d}" for d in _carries(card))),
        box(x + 2, y + 2, CELL - 4, CELL - 4, TERRAIN_FILL[card.terrain.value]),
        text(x + 7, y + 14, card.id, font_size=9, font_weight="bold", fill=INK),
    ]
    if card.vp:
        inner.append(badge(x + CELL - 14, y + 13, str(card.vp), "#c99a06", r=9))
    inner.append(lines(x + 7, y + 32, _carries(card)[:3], 8.5))
    cx, cy = x + CELL / 2, y + CELL / 2
    for direction in card.beams:
        dx, dy = ARROWS[direction]
        tip = (cx + dx * (CELL / 2 - 6), cy + dy * (CELL / 2 - 6))
        inner.append(
            element(
                "path",
                d=path([(cx + dx * 12, cy + dy * 12), tip]),
                stroke="#7a1fa2",
                stroke_width=2.5,
                class_="beam",
            )
        )
    for edge, colour in card.crystals:
        ey = y + 4 if edge == "top" else y + CELL - 4
        diamond = path([(cx, ey - 6), (cx + 6, ey), (cx, ey + 6), (cx - 6, ey)], closed=True)
        inner.append(
            element("path", d=diamond, fill=CRYSTAL_FILL[colour], stroke="#fff", class_="crystal")
        )
    for corner in card.portals:
        px = x + (4 if corner[1] == "w" else CELL - 4)
        py = y + (4 if corner[0] == "n" else CELL - 4)
        inner.append(
            element("circle", cx=px, cy=py, r=7, fill=PORTAL, fill_opacity=0.7, class_="portal")
        )
    return group(
        inner,
        class_="card",
        data_card=card.id,
        data_terrain=card.terrain.value,
        data_row=str(row),
        data_col=str(col),
    )


def _carries(card: Card) -> list[str]:
    """What a card shows, in a few words each."""
    out = []
    if card.mama:
        out.append(f"Big Mama {card.mama}")
    if card.baby:
        out.append("Baby monster")
    if card.ice:
        out.append(f"ice {card.ice.kind} ({card.ice.half})")
    if card.rocks:
        out.append(f"rock monster x{card.rocks}")
    if card.grass:
        out.append(f"grass x{card.grass}")
    if card.sand:
        rule = card.sand
        arrow = "" if rule.region == "adjacent" else f" {rule.arrow}"
        out.append(f"sand {rule.vp}/{rule.region}{arrow}")
    if card.beams:
        out.append(f"mutagen x{len(card.beams)}")
    return out


def _panel(state: View, seat: int) -> str:
    score = state.scores()[seat]
    parts = [heading(0, 0, f"Score {score.total} VP", 13)]
    y = 18.0
    for name, points in score.lines.items():
        parts.append(text(0, y, name, font_size=11, fill=INK))
        parts.append(text(PANEL_W - 20, y, str(points), font_size=11, fill=INK, text_anchor="end"))
        y += 15
    tokens = state.tokens[seat]
    y += 10
    parts.append(
        text(
            0,
            y,
            "Mission tokens: " + (", ".join(map(str, tokens)) or "none"),
            font_size=11,
            fill=MUTED,
        )
    )
    hand = state.hand or ()
    y += 20
    parts.append(text(0, y, f"Hand ({len(hand)} cards)", font_size=11, fill=MUTED))
    deck = state.deck
    for i, card_id in enumerate(hand):
        cx, cy = (i % 6) * 32, y + 8 + (i // 6) * 24
        terrain = deck.card(card_id).terrain.value
        parts.append(
            group(
                [
                    title(f"{card_id}: {terrain}"),
                    box(cx, cy, 30, 20, TERRAIN_FILL[terrain]),
                    text(cx + 15, cy + 14, card_id, font_size=8, fill=INK, text_anchor="middle"),
                ],
                class_="hand-card",
                data_card=card_id,
            )
        )
    return "".join(parts)
