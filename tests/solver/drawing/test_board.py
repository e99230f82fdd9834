"""The game boards as a phone shows them: every picture is a row of sections that fit
a phone screen (but a play area, which pans), no text under the smallest size, card
texts fitted to their cards, and everything a move names drawn where a click finds it."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.drawing.board import CHAR_EM, SMALLEST, fit
from solver.game import get_game
from tests.pictures import SVG, by_class, parse, playout

PHONE = 374
"""The width a 390 px screen leaves a board (the page's margins taken off)."""
PANNED = {"mine", "seat-area"}
"""Sections that grow with the game (a play area): on a phone they pan in their box."""
STEPS = {"park": (0, 30, 80), "vbm": (0, 3, 25, 60), "monstrolicious": (0, 9, 20)}
PLAYERS = {"park": 3, "vbm": 4, "monstrolicious": 2}


def _pictures() -> list[tuple[str, int, Any, ET.Element]]:
    """Each game's picture of a few seeded positions, for every seat: (game, seat, view, root)."""
    out = []
    for name, steps in STEPS.items():
        game = get_game(name)
        for step in steps:
            state = playout(name, PLAYERS[name], step)
            for seat in range(PLAYERS[name]):
                view = game.view(state, seat)
                out.append((name, seat, view, parse(game.picture(view))))
    return out


PICTURES = _pictures()


def _sections(root: ET.Element) -> list[ET.Element]:
    return [g for g in root if g.tag == f"{SVG}g" and "section" in g.get("class", "").split()]


@pytest.mark.parametrize(("name", "seat", "view", "root"), PICTURES)
def test_no_board_writes_text_under_the_smallest_size(
    name: str, seat: int, view: Any, root: ET.Element
) -> None:
    sizes = [float(t.get("font-size", "0")) for t in root.iter(f"{SVG}text")]
    assert sizes and min(sizes) >= SMALLEST


@pytest.mark.parametrize(("name", "seat", "view", "root"), PICTURES)
def test_a_board_is_sections_that_fit_a_phone(
    name: str, seat: int, view: Any, root: ET.Element
) -> None:
    sections = _sections(root)
    assert len(sections) >= 3
    width = float(root.get("width", "0"))
    for section in sections:
        kinds = set(section.get("class", "").split())
        x, _ = map(float, re.findall(r"[-\d.]+", section.get("transform", ""))[:2])
        assert x + float(section.get("data-width", "0")) <= width
        assert section.get("aria-label")
        if not kinds & PANNED:
            assert float(section.get("data-width", "0")) <= PHONE, kinds


@pytest.mark.parametrize(("name", "seat", "view", "root"), PICTURES)
def test_everything_a_move_names_is_on_the_board(
    name: str, seat: int, view: Any, root: ET.Element
) -> None:
    game = get_game(name)
    cards = {e.get("data-card") for e in root.iter()}
    cells = {e.get("data-at") for e in by_class(root, "free")}
    desserts = {e.get("data-dessert") for e in by_class(root, "dessert")}
    kinds = {e.get("data-kind") for e in by_class(root, "upgrade")}
    slots = {e.get("data-slot") for e in by_class(root, "track-slot")}
    if view.to_move is None or seat not in game.turn(view).waiting:
        return
    for move in map(game.move_to_json, view.legal_moves()):
        for field in ("card", "discard", "explorer"):
            assert move.get(field, None) in cards | {None}, (field, move)
        if "at" in move:
            assert ",".join(map(str, move["at"])) in cells
        assert move.get("dessert") in desserts | {None}
        assert move.get("kind") in kinds | {None}
        assert move.get("slot") is None or str(move["slot"]) in slots


@given(st.text(alphabet="ab cdefgh-", max_size=80), st.integers(30, 300), st.integers(1, 5))
def test_fitted_text_stays_inside_its_box(words: str, width: int, rows: int) -> None:
    fitted = fit(words, width, rows)
    chars = max(2, int(width / (SMALLEST * CHAR_EM)))
    assert len(fitted) <= rows
    assert all(len(line) <= chars for line in fitted)
    if len(fitted) < rows and not any(line.endswith("…") for line in fitted):
        assert " ".join(fitted) == " ".join(words.split())
