"""The hint's search of one view, kept: the ladder's three rungs and the review of a
move at a position the hint was asked about reuse the search instead of repeating it.

A search is kept by the game, the budget and the seat's view as JSON, and it is
run on the view read back from that JSON: what a seat is told can depend only on
what its view document says, never on a full state or on anything else an object
in memory might carry. Only a search that did all the work its budget buys is
kept: one the wall-clock guard cut short may differ on a repeat, so it is
answered once, as ``complete: false``, and forgotten. ``SEARCHES_KEPT`` searches
are kept per process, least recently used first out; a Very Big Monster search of
every move of a large hand takes about 200 KB, so they hold a few MB at most.
:func:`keep` changes how many (the service keeps none when it keeps no hint
answer, ``MONSTERS_HINT_CACHE=0``, so that every hint is searched anew).
"""

from __future__ import annotations

import functools
import json
from typing import Any

from api.services.errors import in_field
from solver.counted import watch
from solver.game import RankedMove, get_game

SEARCHES_KEPT = 32
"""Complete searches kept per process."""


def searched(name: str, seen: Any, budget: float) -> tuple[tuple[RankedMove, ...], bool]:
    """Every legal move of the view ``seen`` ranked by the hint of the game ``name`` at
    ``budget`` seconds, and whether the search did all its work (``solver.counted``)."""
    text = json.dumps(seen.to_json(), sort_keys=True, separators=(",", ":"))
    try:
        return _kept(name, budget, text), True
    except _CutShortError as cut:
        return cut.ranked, False


def forget() -> None:
    """Forget every kept search (the next hint of each view searches again)."""
    _kept.cache_clear()


def keep(count: int) -> None:
    """Keep at most ``count`` complete searches per process from now on (0: none, so every
    hint searches anew); the searches kept so far are forgotten."""
    global _kept
    _kept = functools.lru_cache(maxsize=count)(_search)


class _CutShortError(Exception):
    """A search the guard stopped early: answered, never kept."""

    def __init__(self, ranked: tuple[RankedMove, ...]) -> None:
        super().__init__("cut short")
        self.ranked = ranked


def _search(name: str, budget: float, view_text: str) -> tuple[RankedMove, ...]:
    game = get_game(name)
    seen = game.view_from_json(json.loads(view_text))
    with watch() as run:
        ranked = tuple(in_field("state", lambda: game.hint(seen, budget)))
    if not run.complete:
        raise _CutShortError(ranked)
    return ranked


_kept = functools.lru_cache(maxsize=SEARCHES_KEPT)(_search)
