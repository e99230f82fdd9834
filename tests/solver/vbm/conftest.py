"""A small deck holding the cards of the rulebook's worked example, and helpers.

The example deck is a deck file of the standard shape (loaded like any other
deck): the cards Dimitri has at the end of the rulebook's example game.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from solver.files import allow_files
from solver.vbm.decks import deck_named

EXAMPLE_DECK = """
portal_tiles = 6
portal_vp = 15
grassland = [0, 1, 4, 8, 13, 19, 26, 34, 43]

[[card]]
id = "MUT"
set = 1
terrain = "lava"
beams = ["down"]

[[card]]
id = "LV1"
set = 1
terrain = "lava"
vp = 2
portals = ["se"]

[[card]]
id = "LV2"
set = 1
terrain = "lava"
vp = 2
portals = ["sw"]

[[card]]
id = "LV3"
set = 1
terrain = "lava"
vp = 2

[[card]]
id = "HEAD"
set = 1
terrain = "water"
vp = 10
mama = "head"
crystals = [["bottom", "red"]]

[[card]]
id = "BODY"
set = 1
terrain = "water"
vp = 10
mama = "body"

[[card]]
id = "TAIL"
set = 1
terrain = "water"
vp = 1
mama = "tail"
crystals = [["top", "red"]]

[[card]]
id = "YL1"
set = 1
terrain = "ice"
vp = 4
ice = { kind = "yeti", half = "left", beams = 1, upgraded = 10 }

[[card]]
id = "YR1"
set = 1
terrain = "ice"
vp = 3
ice = { kind = "yeti", half = "right", beams = 1, upgraded = 10 }
portals = ["ne"]

[[card]]
id = "YL2"
set = 1
terrain = "ice"
vp = 4
ice = { kind = "yeti", half = "left", beams = 1, upgraded = 10 }

[[card]]
id = "YR2"
set = 1
terrain = "ice"
vp = 3
ice = { kind = "yeti", half = "right", beams = 1, upgraded = 10 }

[[card]]
id = "BL"
set = 1
terrain = "ice"
vp = 2
ice = { kind = "bear", half = "left", beams = 3, upgraded = 30 }

[[card]]
id = "BR"
set = 1
terrain = "ice"
vp = 2
ice = { kind = "bear", half = "right", beams = 3, upgraded = 30 }

[[card]]
id = "BABY1"
set = 1
terrain = "water"
vp = 3
baby = true
crystals = [["bottom", "blue"]]
portals = ["nw"]

[[card]]
id = "BABY2"
set = 1
terrain = "water"
vp = 3
baby = true
crystals = [["top", "blue"], ["bottom", "green"]]

[[card]]
id = "SROW"
set = 1
terrain = "sand"
sand = { region = "row", arrow = "left", condition = "any", vp = 1 }
flipped = { region = "row", arrow = "left", condition = "any", vp = 2 }

[[card]]
id = "GRASS"
set = 1
terrain = "grassland"
grass = 1

[[card]]
id = "SDIAG"
set = 1
terrain = "sand"
sand = { region = "diagonal", arrow = "up-right", condition = "any", vp = 2 }
flipped = { region = "diagonal", arrow = "up-right", condition = "any", vp = 3 }

[[card]]
id = "POOL"
set = 1
terrain = "water"

[[card]]
id = "MUT2"
set = 1
terrain = "lava"
beams = ["down"]

[[card]]
id = "POND"
set = 1
terrain = "water"
crystals = [["top", "green"]]

[[card]]
id = "ROCK2"
set = 1
terrain = "rock"
vp = 4
rocks = 2

[[explorer]]
id = "E02"
text = "3 VP per completed Water monster"
terms = [["water_monsters", 3]]

[[mission]]
[[mission.side]]
id = "RA"
text = "Rock monsters"
counter = "rock_monsters"
personal = 4
team = 8
rewards = [10, 7, 5]
[[mission.side]]
id = "RB"
text = "Water cards"
counter = "water"
personal = 5
team = 9
rewards = [8, 6, 4]
"""

#: Dimitri's 18 cards, in the order placed (the diagonal Sand card before the row one): the
#: diagonal card's arrow points up-right (3 cards), the row card's to the left (4 cards).
DIMITRI = (
    (0, 1, "MUT"),
    (0, 2, "LV1"),
    (0, 3, "LV2"),
    (0, 4, "LV3"),
    (1, 0, "HEAD"),
    (1, 1, "YL1"),
    (1, 2, "YR1"),
    (1, 3, "BABY1"),
    (2, 0, "TAIL"),
    (2, 1, "YL2"),
    (2, 2, "YR2"),
    (2, 3, "BABY2"),
    (2, 4, "GRASS"),
    (3, 0, "SDIAG"),
    (3, 1, "POOL"),
    (3, 2, "MUT2"),
    (3, 3, "POND"),
    (1, 4, "SROW"),
)


@pytest.fixture
def dimitri() -> tuple[tuple[int, int, str], ...]:
    """Dimitri's play area at the end of the rulebook's example."""
    return DIMITRI


@pytest.fixture
def example_deck(tmp_path: Path) -> Iterator[str]:
    """Path of the example deck file, readable for the test as on the command line."""
    path = tmp_path / "example.toml"
    path.write_text(EXAMPLE_DECK, encoding="utf-8")
    with allow_files():
        deck_named(str(path))
        yield str(path)
