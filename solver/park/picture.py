"""Monster Park as SVG: the main board (track, upgrades, tourists) and every park.

Cards are drawn as the rulebook describes them: a monster in its area's colour
(water green, land red, air blue) with its size in a badge, a heart for its
character (red friendly, black nasty) and its points; an upgrade grey with its
kind, size and price. On the track only the monster and its size show, as on
the table, and the monster deck is drawn as its top card's back (its area and
size, as every player sees it) with the count of cards left. In the seat's own
tourist step a "Done" box under the tourists ends it. The picture draws one
seat's view and nothing else; that seat is outlined and named "you".

>>> from solver.game import get_game
>>> game = get_game("park")
>>> view = game.view(game.new(2, 1, None), 0)
>>> svg = render(view)
>>> svg.count('class="park"'), svg.count('class="track-slot"')
(2, 5)
>>> top = f'class="deck-top" data-area="{view.deck_top[0]}" data-size="{view.deck_top[1]}"'
>>> svg.count(top), svg.count(f"top of the monster deck: the size-{view.deck_top[1]} ")
(1, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

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
from solver.drawing.svg import element, group, text, title
from solver.errors import MonsterError
from solver.park.cards import AREAS, CardId, Deck, Face, Monster, Upgrade
from solver.park.state import View

AREA_FILL = {"water": "#3f9e5a", "land": "#c8433a", "air": "#3b78c4"}
"""The colour of each area's size badge and monster cards (rulebook: green, red, blue)."""
AREA_LABEL = {"water": "Water", "land": "Land", "air": "Sky"}
UPGRADE_FILL = "#9aa0a6"
CARD_W, CARD_H, GAP = 56, 64, 6
SLOTS = 5
LABEL_W = 40
PARK_W = LABEL_W + SLOTS * (CARD_W + GAP) + 8
"""A park's width, and every section's: each fits a phone screen."""
PARK_H = 44 + 3 * (CARD_H + GAP) + 6
TOURIST_W, TOURIST_H = (PARK_W - GAP) / 2, 76
DONE_H = 30


def render(state: View, seat: int | None = None) -> str:
    """The table as the view's seat sees it (that seat outlined as "you").

    Args:
        state: the seat's view.
        seat: if given, it must be the view's seat.

    Raises:
        MonsterError: a seat other than the view's.
    """
    if seat is not None and seat != state.seat:
        raise MonsterError(f"this is seat {state.seat}'s view: it cannot be drawn for {seat}")
    seat = state.seat
    deck = state.cards
    scores = {s.seat: s.total for s in state.scores()}
    sections = [
        _header(state),
        Section(
            6 * (CARD_W + GAP),
            CARD_H + 40,
            [_track(state), _deck_top(state)],
            "the monster track",
            "track",
        ),
        Section(
            3 * (CARD_W + GAP), CARD_H + 22, [_upgrades(state, deck)], "the upgrades", "upgrade-row"
        ),
        _tourists(state, deck),
        *(_park(state, deck, i, seat, scores[i]) for i in range(state.players)),
    ]
    label = f"Monster Park, {state.players} players, turn {state.turn + 1}"
    return flow(sections, label + f", seen by seat {seat}")


def _header(state: View) -> Section:
    if state.to_move is None:
        mover = "game over"
    elif state.to_move == state.seat:
        mover = f"your move ({state.phase})"
    else:
        mover = f"seat {state.to_move} to move ({state.phase})"
    parts = [
        heading(0, 16, "Monster Park", 16),
        text(0, 36, f"turn {state.turn + 1} · {mover}", font_size=12, fill=INK, class_="stage"),
    ]
    if state.final_round:
        parts.append(text(0, 54, "final round", font_size=12, fill=MUTED))
    return Section(PARK_W, 60, parts, "the game", "status")


def _back(x: float, face: Face | None) -> list[str]:
    """A face-down monster as its back shows it (area colour and size), or an empty place."""
    if face is None:
        return [box(x, 0, CARD_W, CARD_H, "none", "#bbb")]
    area, size = face[0].value, face[1]
    return [
        box(x, 0, CARD_W, CARD_H, _tint(area)),
        badge(x + CARD_W - 10, 11, str(size), AREA_FILL[area]),
        _monster_face(x + CARD_W / 2, CARD_H / 2 + 4, AREA_FILL[area]),
    ]


def _deck_top(state: View) -> str:
    """The monster deck: its top card's back and how many cards are left."""
    face = state.deck_top
    shown = "empty" if face is None else f"the size-{face[1]} {face[0]} monster"
    inner = [
        title(f"top of the monster deck: {shown} ({state.deck_count} cards left)"),
        *_back(0, face),
    ]
    x = SLOTS * (CARD_W + GAP)
    label = text(x, 14, f"deck {state.deck_count}", font_size=SMALLEST, fill=MUTED)
    return label + group(
        inner,
        transform=f"translate({x} 20)",
        class_="deck-top",
        data_area=None if face is None else face[0].value,
        data_size=None if face is None else str(face[1]),
    )


def _track(state: View) -> str:
    parts = [text(0, 14, "Monster track (price below)", font_size=SMALLEST, fill=MUTED)]
    for slot, face in enumerate(state.track):
        x = slot * (CARD_W + GAP)
        price = state.price(slot)
        shown = "empty" if face is None else f"the size-{face[1]} {face[0]} monster"
        inner = [title(f"track position {slot}: {shown}"), *_back(x, face)]
        inner.append(
            text(
                x + CARD_W / 2,
                CARD_H + 15,
                "-" if price is None else str(price),
                font_size=12,
                font_weight="bold",
                fill=INK,
                text_anchor="middle",
            )
        )
        parts.append(
            group(
                inner,
                transform="translate(0 20)",
                class_="track-slot",
                data_slot=str(slot),
                data_area=None if face is None else face[0].value,
                data_size=None if face is None else str(face[1]),
                data_price=None if price is None else str(price),
            )
        )
    return "".join(parts)


def _row(
    label: str,
    cards: Sequence[CardId | None],
    width: float,
    height: float,
    draw: Callable[[CardId, float], str],
) -> str:
    """A labelled row of cards, ``draw(card, x)`` for each; an empty place is an outline."""
    parts = [text(0, 14, label, font_size=SMALLEST, fill=MUTED)]
    per = max(1, int((PARK_W + GAP) // (width + GAP)))
    for i, card_id in enumerate(cards):
        x, y = (i % per) * (width + GAP), 20 + (i // per) * (height + GAP)
        if card_id is None:
            parts.append(box(x, y, width, height, "none", "#bbb"))
        else:
            parts.append(group([draw(card_id, x)], transform=f"translate(0 {y})"))
    return "".join(parts)


def _upgrades(state: View, deck: Deck) -> str:
    return _row(
        "Upgrades",
        state.upgrade_row,
        CARD_W,
        CARD_H,
        lambda card_id, x: _upgrade(deck.upgrade(card_id), x, 0, show_cost=True),
    )


def _tourists(state: View, deck: Deck) -> Section:
    def draw(card_id: CardId, x: float) -> str:
        tourist = deck.tourist(card_id)
        return group(
            [
                title(f"tourist {card_id}: {tourist.text} ({tourist.reward} points)"),
                box(x, 0, TOURIST_W, TOURIST_H, "#fff7e0", "#8a6a08"),
                lines(x + 7, 15, fit(tourist.text, TOURIST_W - 30, 5)),
                badge(x + TOURIST_W - 13, TOURIST_H - 13, str(tourist.reward), "#8a6a08"),
            ],
            class_="tourist",
            data_card=card_id,
        )

    per = int((PARK_W + GAP) // (TOURIST_W + GAP))
    height = 20 + -(-len(state.tourist_row) // per) * (TOURIST_H + GAP)
    row = _row("Tourists (reward in the badge)", state.tourist_row, TOURIST_W, TOURIST_H, draw)
    parts = [row]
    if state.phase == "tourists" and state.to_move == state.seat:
        parts.append(_tourists_done(height))
        height += DONE_H + GAP
    return Section(PARK_W, height, parts, "the tourists", "tourist-row")


def _tourists_done(y: float) -> str:
    """What ends the seat's tourist step: welcome the tourists chosen so far, or none."""
    return group(
        [
            title("done: welcome the tourists chosen (or none)"),
            box(0, y, PARK_W - 8, DONE_H, "#fff", "#8a6a08"),
            text(10, y + 20, "Done: welcome the tourists chosen (or none)", font_size=13, fill=INK),
        ],
        class_="tourists-done",
    )


def _park(state: View, deck: Deck, seat: int, viewer: int | None, score: int) -> Section:
    mine = seat == viewer
    to_move = seat == state.to_move
    who = f"Seat {seat}" + (" (you)" if mine else "") + (" · to move" if to_move else "")
    held = len(state.held[seat])
    facts = f"{_plural(state.tokens[seat], 'token')} · {_plural(held, 'tourist')} · {score} pts"
    height = PARK_H + (24 if held else 0)
    parts = [
        element(
            "rect",
            x=0,
            y=0,
            width=PARK_W,
            height=height,
            rx=8,
            fill="#fff",
            stroke=HIGHLIGHT if mine else "#999",
            stroke_width=3 if mine else 1,
        ),
        heading(8, 18, who, 13),
        group(
            [text(8, 36, facts, font_size=SMALLEST, fill=MUTED)],
            class_="tokens",
            data_tokens=str(state.tokens[seat]),
        ),
    ]
    for row, (area, cards) in enumerate(zip(AREAS, state.parks[seat], strict=True)):
        y = 44 + row * (CARD_H + GAP)
        inner = [
            element(
                "rect",
                x=2,
                y=y - 2,
                width=PARK_W - 4,
                height=CARD_H + 4,
                fill="#fff",
                fill_opacity=0,
            ),
            text(6, y + CARD_H / 2 + 4, AREA_LABEL[area.value], font_size=SMALLEST, fill=MUTED),
        ]
        for slot in range(SLOTS):
            x = LABEL_W + slot * (CARD_W + GAP)
            if slot >= len(cards):
                inner.append(box(x, y, CARD_W, CARD_H, "none", "#ddd"))
                continue
            card = deck.card(cards[slot])
            if isinstance(card, Monster):
                inner.append(_monster(card, x, y))
            elif isinstance(card, Upgrade):
                inner.append(_upgrade(card, x, y, show_cost=False))
        parts.append(group(inner, class_="area", data_area=area.value, data_cards=str(len(cards))))
    for i, card_id in enumerate(state.held[seat]):
        tourist = deck.tourist(card_id)
        x = 8 + i * 60
        parts.append(
            group(
                [
                    title(f"tourist {card_id} won: {tourist.text} ({tourist.reward} points)"),
                    box(x, PARK_H - 4, 54, 20, "#fff7e0", "#8a6a08"),
                    text(
                        x + 27,
                        PARK_H + 10,
                        f"{card_id} {tourist.reward}",
                        font_size=SMALLEST,
                        fill=INK,
                        text_anchor="middle",
                    ),
                ],
                class_="held-tourist",
                data_card=card_id,
            )
        )
    park = group(parts, class_="park", data_seat=str(seat), data_you="true" if mine else None)
    label = "your park" if mine else f"the park of seat {seat}"
    return Section(PARK_W, height, [park], label, "park-section", (("seat", str(seat)),))


def _monster(monster: Monster, x: float, y: float) -> str:
    area = monster.area.value
    heart = "#d9382e" if monster.friendly else "#222"
    return group(
        [
            title(
                f"{monster.id}: size {monster.size} {monster.character} {area} monster, "
                f"{monster.points} points"
            ),
            box(x, y, CARD_W, CARD_H, _tint(area)),
            badge(x + CARD_W - 10, y + 11, str(monster.size), AREA_FILL[area]),
            _monster_face(x + CARD_W / 2, y + CARD_H / 2, AREA_FILL[area]),
            text(x + 9, y + 16, "♥", font_size=15, fill=heart, class_="heart"),
            text(
                x + CARD_W / 2,
                y + CARD_H - 6,
                str(monster.points),
                font_size=12,
                font_weight="bold",
                fill=INK,
                text_anchor="middle",
            ),
        ],
        class_="card monster",
        data_card=monster.id,
        data_size=str(monster.size),
        data_character=monster.character,
    )


def _upgrade(upgrade: Upgrade, x: float, y: float, show_cost: bool) -> str:
    inner = [
        title(f"{upgrade.kind}: size {upgrade.size}, costs {upgrade.cost}"),
        box(x, y, CARD_W, CARD_H, "#eceef0"),
        badge(x + CARD_W - 10, y + 11, str(upgrade.size), UPGRADE_FILL),
        text(
            x + CARD_W / 2,
            y + CARD_H / 2 + 4,
            upgrade.kind,
            font_size=SMALLEST,
            fill=INK,
            text_anchor="middle",
        ),
    ]
    if show_cost:
        inner.append(
            text(
                x + CARD_W / 2,
                y + CARD_H - 6,
                f"cost {upgrade.cost}",
                font_size=SMALLEST,
                fill=MUTED,
                text_anchor="middle",
            )
        )
    return group(
        inner,
        class_="card upgrade",
        data_card=upgrade.id,
        data_size=str(upgrade.size),
        data_kind=upgrade.kind,
    )


def _monster_face(cx: float, cy: float, fill: str) -> str:
    """A small round monster: body and two eyes."""
    return "".join(
        [
            element("ellipse", cx=cx, cy=cy, rx=12, ry=10, fill=fill),
            element("circle", cx=cx - 4, cy=cy - 2, r=2.6, fill="#fff"),
            element("circle", cx=cx + 4, cy=cy - 2, r=2.6, fill="#fff"),
            element("circle", cx=cx - 4, cy=cy - 1.5, r=1.1, fill="#111"),
            element("circle", cx=cx + 4, cy=cy - 1.5, r=1.1, fill="#111"),
        ]
    )


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _tint(area: str) -> str:
    return {"water": "#e3f3e7", "land": "#f8e2df", "air": "#e1ebf7"}[area]
