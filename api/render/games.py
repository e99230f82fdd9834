"""Board pictures of the rules-engine games, by the registry's short name.

Each registered game ``<name>`` is drawn by this package's module ``<name>``
(its ``render(view)``). ``render_game(name, view)`` is what ``monsters <game> render`` and
``POST /v1/<game>/render.svg`` call: Monster Park's table, one seat's Very Big
Monster play area, or the Monstrolicious buffet, always as one seat sees it: the
picture is drawn from that seat's view and nothing else.

>>> from solver.game import get_game
>>> park = get_game("park")
>>> render_game("park", park.view(park.new(2, 1, None), 0))[:4]
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
from solver.game import GAMES


def render_game(name: str, view: Any) -> str:
    """The picture of ``view`` (one seat's view of a game ``name`` state), as SVG text.

    Args:
        name: the game's short name (``park``, ``vbm``, ``monstrolicious``).
        view: what ``GAME.view(state, seat)`` or ``GAME.view_from_json`` gives.

    Raises:
        NotationError: a game with no picture.
    """
    if name not in GAMES:
        raise NotationError(
            f"no picture for game {name!r} (choose from {', '.join(sorted(GAMES))})"
        )
    drawn: str = importlib.import_module(f"{__package__}.{name}").render(view)
    return drawn
