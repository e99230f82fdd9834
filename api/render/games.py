"""Board pictures of the rules-engine games, by the registry's short name.

``render_game(name, state, seat)`` is what ``monsters <game> render`` and
``POST /v1/<game>/render.svg`` call: Monster Park's whole table, one seat's Very
Big Monster play area, or the Monstrolicious buffet as one player sees it.

>>> from solver.game import get_game
>>> render_game("park", get_game("park").new(2, 1, None))[:4]
'<svg'
>>> render_game("chess", None)
Traceback (most recent call last):
...
solver.errors.NotationError: no picture for game 'chess' (choose from monstrolicious, park, vbm)
"""

from __future__ import annotations

import importlib
from typing import Any

from solver.errors import NotationError

MODULES = {
    "park": "api.render.park",
    "vbm": "api.render.vbm",
    "monstrolicious": "api.render.monstrolicious",
}
"""Short name -> the module whose ``render(state, seat)`` draws that game."""


def render_game(name: str, state: Any, seat: int | None = None) -> str:
    """The picture of ``state`` (a state of game ``name``) for ``seat``, as SVG text.

    Args:
        name: the game's short name (``park``, ``vbm``, ``monstrolicious``).
        state: a state of that game (what ``GAME.from_json`` reads).
        seat: the seat the picture is drawn for (None: each game's default,
            the seat to move or, for Monster Park, no one).

    Raises:
        NotationError: a game with no picture.
        MonsterError: a seat the game does not have.
    """
    if name not in MODULES:
        raise NotationError(
            f"no picture for game {name!r} (choose from {', '.join(sorted(MODULES))})"
        )
    drawn: str = importlib.import_module(MODULES[name]).render(state, seat)
    return drawn
