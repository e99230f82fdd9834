"""Very Big Monster as SVG: everything one seat sees, area by area.

The picture is a row of sections (:func:`solver.drawing.board.flow`): the game's
state in words; what the seat chooses from (its two Explorer offers, the open rows
and the row being drafted, or its hand); its own play area, each free cell named
by the coordinates a move gives it (``(2,-1)``); its score pad and tokens; the
mission tiles with the reward tokens left on their pyramids; and every other
seat's play area, smaller. A card is a square in its terrain's colour with its
id, its printed VP and what it carries in a few words (the full text in its
title): a Big Mama piece or a Baby, half an Ice monster, Rock monsters,
Grassland symbols, a Sand rule, Mutagen beams (arrows to the edges they point
at), crystal halves (diamonds on the top or bottom edge) and portal quarters (in
the corners). The Explorer card sits at the centre of each area and completed
portals carry a tile.

The picture draws one seat's :class:`~solver.vbm.view.View` and nothing else.

>>> from solver.game import get_game
>>> game = get_game("vbm")
>>> svg = render(game.view(game.new(2, 1, None), 0))
>>> svg.count('class="explorer"'), svg.count('class="free"'), svg.count('class="section')
(1, 4, 6)
"""

from __future__ import annotations

from solver.drawing.board import (
    HIGHLIGHT,
    INK,
    MUTED,
    SMALLEST,
    Section,
    badge,
    box,
    fit,
    flow,
    heading,
    lines,
)
from solver.drawing.svg import element, group, path, text, title
from solver.errors import NotationError
from solver.vbm.area import EXPLORER_POS, Area, frontier
from solver.vbm.cards import Card, Deck, Pos
from solver.vbm.invariants import MAX_AREA
from solver.vbm.state import State, View
from solver.vbm.table import ROUNDS

CELL = 84
"""Width and height of one card in the seat's own area and in what it chooses from."""
SMALL_CELL = 44
"""Width and height of one card in another seat's area."""
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
WIDE = 360
"""The width of the sections that fit a phone screen."""
MAX_SPAN = MAX_AREA + 3
"""Most cells a drawn area spans either way: a line of its cards, the Explorer and a free cell
each end."""
ARROWS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
MODE_WORDS = {
    "rows": "row draft",
    "free": "hand draft, each for themselves",
    "team": "hand draft in teams",
}


def render(view: View | State, seat: int | None = None) -> str:
    """Everything the view's seat sees, drawn from the view alone.

    Args:
        view: the seat's view; a full state is first turned into the view of
            ``seat`` (default: the seat to move, or 0 once the game is over).
        seat: only with a full state.

    Raises:
        NotationError: a seat the game does not have, one that is not the view's,
            or a play area too wide to draw.
    """
    if isinstance(view, State):
        if seat is None:
            seat = view.to_move if view.to_move is not None else 0
        view = View.of(view, seat)
    elif seat is not None and seat != view.seat:
        view.view(seat)  # refuses another seat
    seat = view.seat
    others = [(seat + k) % view.players for k in range(1, view.players)]
    sections = [
        _header(view),
        _offer(view),
        _area_section(view, seat, CELL),
        _score(view),
        _missions(view),
        *(_area_section(view, other, SMALL_CELL) for other in others),
    ]
    return flow(sections, f"Very Big Monster seen by seat {seat}")


def mate(view: View, seat: int) -> int | None:
    """The teammate of ``seat`` in team mode (teammates sit opposite)."""
    return (seat + view.players // 2) % view.players if view.mode == "team" else None


def _header(view: View) -> Section:
    if view.to_move is None:
        stage = "game over"
    elif view.to_move == view.seat or view.seat in view.waiting():
        stage = f"your choice ({view.phase})"
    else:
        stage = f"seat {view.to_move} to choose ({view.phase})"
    when = (
        f"turn {view.turn + 1}"
        if view.mode == "rows"
        else f"round {min(view.round + 1, ROUNDS)} of {ROUNDS}, turn {view.turn + 1}"
    )
    rows = [
        heading(0, 16, "Very Big Monster", 16),
        text(0, 34, MODE_WORDS.get(view.mode, view.mode), font_size=12, fill=MUTED),
        text(0, 52, f"{when} · {stage}", font_size=12, fill=INK, class_="stage"),
        text(
            0,
            70,
            f"pile: {view.pile} cards · portal tiles left: {view.portal_left}",
            font_size=12,
            fill=MUTED,
        ),
    ]
    return Section(WIDE, 78, rows, "the game", "status")


def _offer(view: View) -> Section:
    """What the seat chooses from: its Explorer offers, the rows, or its hand."""
    deck, seat = view.deck, view.seat
    parts: list[str] = []
    y = 0.0
    if view.phase == "explorer" or view.hand is None:
        mine = view.explorers[seat]
        parts.append(heading(0, 14, "Your Explorer card" if mine else "Choose your Explorer", 13))
        y = 24.0
        for i, explorer_id in enumerate(view.offer):
            words = deck.explorer(explorer_id).text
            x = i * (WIDE / 2)
            kept = explorer_id == mine
            parts.append(
                group(
                    [
                        title(f"Explorer {explorer_id}: {words}"),
                        box(x, y, WIDE / 2 - 8, 96, "#fff", HIGHLIGHT if kept else "#555"),
                        text(
                            x + 8,
                            y + 17,
                            explorer_id + (" (kept)" if kept else ""),
                            font_size=12,
                            font_weight="bold",
                            fill=INK,
                        ),
                        lines(x + 8, y + 34, fit(words, WIDE / 2 - 24, 4)),
                    ],
                    class_="explorer-offer",
                    data_explorer=explorer_id,
                    data_card=explorer_id,
                )
            )
        y += 104
    elif view.mode == "rows":
        for index, row in enumerate(view.rows):
            parts.append(text(0, y + 14, f"Open row {index + 1}", font_size=12, fill=MUTED))
            cards = _card_row(deck, row, y + 20, "row-card")
            parts.append(group(cards, class_="open-row", data_row=str(index)))
            y += 20 + _rows_of(len(row)) * (CELL + 6)
        if view.live:
            parts.append(text(0, y + 14, "The row being drafted", font_size=12, fill=MUTED))
            parts.append(group(_card_row(deck, view.live, y + 20, "row-card"), class_="live-row"))
            y += 20 + _rows_of(len(view.live)) * (CELL + 6)
        if not view.rows and not view.live:
            parts.append(text(0, y + 14, "No row on offer now", font_size=12, fill=MUTED))
            y += 22
    else:
        hand = view.hand
        parts.append(text(0, y + 14, f"Your hand ({len(hand)} cards)", font_size=12, fill=MUTED))
        parts.append(group(_card_row(deck, hand, y + 20, "hand-card"), class_="hand"))
        y += 20 + _rows_of(len(hand)) * (CELL + 6)
    known = view.passed if view.mode != "rows" else view.discards
    if known:
        said = "Passed on" if view.mode != "rows" else "Discarded"
        for said_row in fit(f"{said}: {', '.join(known)}", WIDE, 3, 12):
            parts.append(text(0, y + 14, said_row, font_size=12, fill=MUTED, class_="known"))
            y += 16
    return Section(WIDE, y + 4, parts, "what you choose from", "offer")


def _rows_of(count: int) -> int:
    per = int(WIDE // (CELL + 6))
    return max(1, -(-count // per))


def _card_row(deck: Deck, ids: tuple[str, ...], y: float, kind: str) -> list[str]:
    per = int(WIDE // (CELL + 6))
    return [
        _card(deck.card(card_id), (i % per) * (CELL + 6), y + (i // per) * (CELL + 6), kind)
        for i, card_id in enumerate(ids)
    ]


def _area_section(view: View, seat: int, cell: float) -> Section:
    """A seat's play area: its cards, its Explorer, its portals; for the seat itself the
    free cells too, named by their coordinates, and the card it chose this turn."""
    area: Area = view.areas[seat]
    own = seat == view.seat
    free = frontier(area) if own and view.to_move is not None else ()
    chosen = view.pending[seat]
    pending = chosen if chosen is not None and chosen.card and chosen.at else None
    cells = [(r, c) for r, c, _ in area] + [EXPLORER_POS, *free]
    if pending is not None and pending.at is not None:
        cells.append(pending.at)
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    rows = max(r for r, _ in cells) - top + 1
    cols = max(c for _, c in cells) - left + 1
    if len(area) > MAX_AREA or max(rows, cols) > MAX_SPAN:
        raise NotationError(
            f"a play area spans at most {MAX_SPAN} cells each way, not {max(rows, cols)}",
            path=f"areas[{seat}]",
        )
    oy = 44.0

    def at(pos: Pos) -> tuple[float, float]:
        return (pos[1] - left) * cell, oy + (pos[0] - top) * cell

    deck = view.deck
    parts = [heading(0, 16, _who(view, seat), 13)]
    parts.append(text(0, 34, _facts(view, seat), font_size=SMALLEST, fill=MUTED))
    for r, c in free:
        x, y = at((r, c))
        parts.append(
            group(
                [
                    title(f"free cell ({r},{c})"),
                    element(
                        "rect",
                        x=x + 3,
                        y=y + 3,
                        width=cell - 6,
                        height=cell - 6,
                        rx=6,
                        fill="#fff",
                        stroke="#999",
                        stroke_dasharray="5 4",
                    ),
                    text(
                        x + cell / 2,
                        y + cell / 2 + 4,
                        f"({r},{c})",
                        font_size=12,
                        fill=MUTED,
                        text_anchor="middle",
                    ),
                ],
                class_="free",
                data_row=str(r),
                data_col=str(c),
                data_at=f"{r},{c}",
            )
        )
    parts.append(_explorer(deck, view.explorers[seat], *at(EXPLORER_POS), cell, own))
    for r, c, card_id in area:
        x, y = at((r, c))
        card = deck.card(card_id)
        drawn = _card(card, x, y, "card", cell, (r, c)) if own else _small(card, x, y, cell)
        parts.append(drawn)
    if pending is not None and pending.at is not None and pending.card is not None:
        x, y = at(pending.at)
        card = deck.card(pending.card)
        drawn = _card(card, x, y, "pending", cell) if own else _small(card, x, y, cell, "pending")
        parts.append(drawn)
    for r, c in view.portals[seat]:
        x, y = at((r, c))
        parts.append(
            group(
                [
                    title("portal tile"),
                    element(
                        "circle", cx=x, cy=y, r=cell / 7, fill=PORTAL, stroke="#fff", stroke_width=2
                    ),
                ],
                class_="portal-tile",
            )
        )
    width = max(cols * cell, WIDE if own else 200.0)
    label = "your play area" if own else f"the play area of seat {seat}"
    return Section(
        width,
        oy + rows * cell + 4,
        parts,
        label,
        "mine" if own else "seat-area",
        (("seat", str(seat)),),
    )


def _who(view: View, seat: int) -> str:
    if seat == view.seat:
        return f"Your play area (seat {seat})"
    if mate(view, view.seat) == seat:
        return f"Seat {seat}, your teammate"
    return f"Seat {seat}"


def _facts(view: View, seat: int) -> str:
    total = view.scores()[seat].total
    chosen = view.pending[seat]
    said = f"{total} VP · {view.hand_sizes[seat]} cards on its Spaceship"
    if chosen is not None and chosen.pass_to is not None and seat != view.seat:
        said += f" · passes to seat {chosen.pass_to}"
    return said


def _explorer(
    deck: Deck, explorer_id: str | None, x: float, y: float, cell: float, own: bool
) -> str:
    words = "Explorer not chosen yet" if explorer_id is None else deck.explorer(explorer_id).text
    inner = [
        title(f"Explorer {explorer_id or '(not shown yet)'}: {words}"),
        box(x + 2, y + 2, cell - 4, cell - 4, "#fff", HIGHLIGHT),
        text(x + 6, y + 16, explorer_id or "?", font_size=SMALLEST, font_weight="bold", fill=INK),
    ]
    if own:
        inner.append(lines(x + 6, y + 31, fit(words, cell - 10, 4)))
    return group(inner, class_="explorer" if own else "explorer-small", data_card=explorer_id)


def _card(
    card: Card, x: float, y: float, kind: str, size: float = CELL, cell: Pos | None = None
) -> str:
    """A card drawn whole: its id, VP, what it carries, beams, crystals and portals (``cell``:
    where it lies in its area)."""
    carries = _carries(card)
    inner = [
        title(f"{card.id}: {card.terrain.value}" + "".join(f", {d}" for d in carries)),
        box(
            x + 2,
            y + 2,
            size - 4,
            size - 4,
            TERRAIN_FILL[card.terrain.value],
            "#333" if kind != "pending" else HIGHLIGHT,
        ),
        text(x + 7, y + 17, card.id, font_size=12, font_weight="bold", fill=INK),
    ]
    if card.vp:
        inner.append(badge(x + size - 15, y + 14, str(card.vp), "#8a6a08", r=10))
    shown = [row for said in carries for row in fit(said, size - 12, 2)][:4]
    inner.append(lines(x + 7, y + 32, shown))
    cx, cy = x + size / 2, y + size / 2
    for direction in card.beams:
        dx, dy = ARROWS[direction]
        tip = (cx + dx * (size / 2 - 5), cy + dy * (size / 2 - 5))
        start = (cx + dx * (size / 2 - 16), cy + dy * (size / 2 - 16))
        inner.append(
            element("path", d=path([start, tip]), stroke="#7a1fa2", stroke_width=3, class_="beam")
        )
    for edge, colour in card.crystals:
        ey = y + 4 if edge == "top" else y + size - 4
        diamond = path([(cx, ey - 6), (cx + 6, ey), (cx, ey + 6), (cx - 6, ey)], closed=True)
        inner.append(
            element("path", d=diamond, fill=CRYSTAL_FILL[colour], stroke="#fff", class_="crystal")
        )
    for corner in card.portals:
        px = x + (4 if corner[1] == "w" else size - 4)
        py = y + (4 if corner[0] == "n" else size - 4)
        inner.append(
            element("circle", cx=px, cy=py, r=7, fill=PORTAL, fill_opacity=0.7, class_="portal")
        )
    return group(
        inner,
        class_=kind,
        data_card=card.id,
        data_terrain=card.terrain.value,
        data_row=None if cell is None else str(cell[0]),
        data_col=None if cell is None else str(cell[1]),
    )


def _small(card: Card, x: float, y: float, size: float, kind: str = "small-card") -> str:
    """A card in another seat's area: its terrain's colour and its id (all else in its title)."""
    carries = "".join(f", {d}" for d in _carries(card))
    return group(
        [
            title(f"{card.id}: {card.terrain.value}, {card.vp} VP{carries}"),
            box(
                x + 1,
                y + 1,
                size - 2,
                size - 2,
                TERRAIN_FILL[card.terrain.value],
                "#333" if kind != "pending" else HIGHLIGHT,
            ),
            text(
                x + size / 2,
                y + size / 2 + 4,
                card.id,
                font_size=SMALLEST,
                fill=INK,
                text_anchor="middle",
            ),
        ],
        class_=kind,
        data_card=card.id,
        data_terrain=card.terrain.value,
    )


def _carries(card: Card) -> list[str]:
    """What a card shows, in a few words each."""
    out = []
    if card.mama:
        out.append(f"Big Mama {card.mama}")
    if card.baby:
        out.append("Baby monster")
    if card.ice:
        out.append(f"{card.ice.half} half {card.ice.kind}")
    if card.rocks:
        out.append(f"{card.rocks} rock monster" + ("s" if card.rocks > 1 else ""))
    if card.grass:
        out.append(f"{card.grass} grass")
    if card.sand:
        rule = card.sand
        where = rule.region if rule.region == "adjacent" else f"{rule.region} {rule.arrow}"
        out.append(f"sand {rule.vp} VP {where}")
    if card.beams:
        out.append(f"{len(card.beams)} mutagen")
    return out


def _score(view: View) -> Section:
    seat = view.seat
    score = view.scores()[seat]
    parts = [heading(0, 16, f"Score {score.total} VP", 14)]
    y = 36.0
    for name, points in score.lines.items():
        parts.append(text(0, y, name, font_size=12, fill=INK))
        parts.append(text(220, y, str(points), font_size=12, fill=INK, text_anchor="end"))
        y += 16
    tokens = ", ".join(map(str, view.tokens[seat])) or "none"
    parts.append(text(0, y + 6, f"Mission tokens: {tokens}", font_size=12, fill=MUTED))
    return Section(232, y + 14, parts, "your score", "score")


def _missions(view: View) -> Section:
    deck = view.deck
    parts = [heading(0, 16, "Missions", 13)]
    y = 26.0
    for index, (tile, side) in enumerate(zip(deck.missions, view.sides, strict=True)):
        mission = tile[side]
        need = f"{mission.personal}" + (f" (team {mission.team})" if view.mode == "team" else "")
        words = fit(f"{mission.id}: {need} {mission.text}", WIDE - 20, 3)
        done = sorted(
            f"{'seat' if kind == 'personal' else 'team'} {who}"
            for kind, who, done_tile in view.claimed
            if done_tile == index
        )
        left = view.pyramids[index]
        height = 10 + 14 * len(words) + 24
        inner = [
            title(
                f"mission {mission.id}: {need} {mission.text}; tokens left "
                f"{', '.join(map(str, left)) or 'none'}"
            ),
            box(0, y, WIDE, height, "#fff"),
            lines(8, y + 16, words),
        ]
        ty = y + 16 + 14 * len(words) + 2
        for k, value in enumerate(left):
            inner.append(badge(18 + k * 24, ty, str(value), "#8a6a08", r=10))
        if done:
            inner.append(
                text(
                    WIDE - 8,
                    ty + 4,
                    "done: " + ", ".join(done),
                    font_size=SMALLEST,
                    fill=MUTED,
                    text_anchor="end",
                )
            )
        parts.append(group(inner, class_="mission", data_mission=mission.id))
        y += height + 6
    return Section(WIDE, y, parts, "the missions", "missions")
