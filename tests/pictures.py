"""Pictures read back: an SVG document parsed with ``xml.etree``, its elements found by
class, and a seeded random game to draw, for the suites that check what a picture shows."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

from solver.game import get_game

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    """The document's root, checked to be an ``<svg>``."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    """Every element under ``root`` (itself included) whose ``class`` lists ``name``."""
    return [e for e in root.iter() if name in e.get("class", "").split()]


def playout(name: str, players: int, steps: int, seed: int = 5) -> Any:
    """A state ``steps`` random legal moves into a seeded game ``name``."""
    game = get_game(name)
    state = game.new(players, seed, None)
    pick = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state = state.apply(pick.choice(list(state.legal_moves())))
    return state
