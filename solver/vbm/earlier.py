"""Very Big Monster documents of earlier releases: the fields each format added, and the
value an older document gives each (docs/rulings.md says why).

Format 1 (no ``format`` field) covers every shape written before format numbers, and
may lack the fields that came in its last releases (every format-2 document holds them):

* ``sand_direction`` (states and views) came with the arrow reading of the Sand
  cards; before it every Sand card counted both ways, so ``both_ways``.
* ``seen`` (states) came with the views: which discards each seat knows. An older
  state does not say who held a card before it was discarded, so each seat knows
  the discards it made itself (in the hand draft each round ends with one discard
  per seat, in seat order) and no more: a view never shows what its seat may not know.
* ``kept`` (views) came when the Explorer choice became simultaneous. Before it the
  seats chose in turn from the first player, so the seats before the one to move
  had kept theirs (and every seat has, once an Explorer card shows).

Format 3 added:

* ``explorer_tokens`` (states and views) came with the reading that an Explorer card
  counts only the seat's own Reward Mission tokens in team mode; before it an
  Explorer counted both teammates' tokens, so ``team``.

>>> STATE_DEFAULTS[2]["seen"]({"players": 2, "mode": "team", "discards": ["W01", "W02", "W03"]})
[['W01', 'W03'], ['W02']]
>>> VIEW_DEFAULTS[2]["kept"](
...     {"players": 3, "phase": "explorer", "first": 0, "to_move": 2, "explorers": [None] * 3}
... )
[True, True, False]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solver.formats import Added
from solver.seats import seat_fault
from solver.vbm.settings import MAX_PLAYERS, MIN_PLAYERS


def _seats(doc: Mapping[str, Any]) -> int:
    """The document's player count, or 0 when it is not one (the reader names that fault)."""
    players = doc.get("players")
    if isinstance(players, bool) or not isinstance(players, int):
        return 0
    return players if MIN_PLAYERS <= players <= MAX_PLAYERS else 0


def _seat(value: Any, players: int) -> int | None:
    return value if seat_fault(value, players) is None else None


def _both_ways(doc: Mapping[str, Any]) -> str:
    return "both_ways"


def _both_teammates(doc: Mapping[str, Any]) -> str:
    return "team"


def _own_discards(doc: Mapping[str, Any]) -> list[list[str]]:
    players, discards = _seats(doc), doc.get("discards")
    if doc.get("mode") == "rows" or not players or not isinstance(discards, list):
        return []
    return [sorted({c for c in discards[s::players] if isinstance(c, str)}) for s in range(players)]


def _kept_in_turn(doc: Mapping[str, Any]) -> list[bool]:
    players, explorers = _seats(doc), doc.get("explorers")
    if not players or not isinstance(explorers, list) or len(explorers) != players:
        return []
    first, to_move = _seat(doc.get("first"), players), _seat(doc.get("to_move"), players)
    if doc.get("phase") != "explorer" or first is None or to_move is None:
        return [e is not None for e in explorers]
    before = (to_move - first) % players
    return [e is not None or (s - first) % players < before for s, e in enumerate(explorers)]


STATE_DEFAULTS: Added = {
    2: {"sand_direction": _both_ways, "seen": _own_discards},
    3: {"explorer_tokens": _both_teammates},
}
"""The fields each format added to a state, with the value an earlier state gives each."""

VIEW_DEFAULTS: Added = {
    2: {"sand_direction": _both_ways, "kept": _kept_in_turn},
    3: {"explorer_tokens": _both_teammates},
}
"""The fields each format added to a view, with the value an earlier view gives each."""
