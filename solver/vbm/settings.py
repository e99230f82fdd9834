"""The named rule settings of Very Big Monster and the one reader of them.

Settings (docs/rulings.md says why each default):

* ``mode``: ``rows`` (the row draft: 2 players, and the 3-player variant),
  ``team`` (4 or 6 players, teammates opposite) or ``free`` (free-for-all, 3 to
  6 players); None picks the rulebook's mode for the player count.
* ``deck``: a built-in deck (``standard``); on the command line also a deck file.
* ``mission_sides``: which side of each of the five mission tiles is up (0 or
  1 each); None lets the seed turn them.
* ``sand_direction``: ``arrow`` (a Row, Column or Diagonal Sand card counts the
  cards on the side its arrow points to, as the rulebook's example "per card to
  the left of the Sand card" reads) or ``both_ways`` (the older reading: both
  sides of the row or column, all four diagonal rays).
* ``explorer_tokens``: which Reward Mission tokens an Explorer card such as "3 VP
  per Reward Mission token" counts in team mode: ``own`` (the seat's own tokens: the
  team rule counts "the cards placed in both your play area and your teammate's play
  area", and tokens are not cards) or ``team`` (the older reading: both teammates'
  tokens, so the token each teammate takes for a team mission counts twice).

>>> read_settings(4, None)  # doctest: +NORMALIZE_WHITESPACE
Settings(mode='team', deck='standard', mission_sides=None, sand_direction='arrow',
         explorer_tokens='own')
>>> read_settings(2, {"mission_sides": [1, 0, 1, 0, 1]}).mission_sides
(1, 0, 1, 0, 1)
>>> read_settings(5, {"mode": "team"})
Traceback (most recent call last):
...
solver.errors.NotationError: settings.mode: team mode needs 4 or 6 players, not 5
>>> read_settings(2, {"colour": "red"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
solver.errors.NotationError: settings.colour: unknown setting 'colour' (choose from mode, deck, ...)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from solver.errors import NotationError, quoted
from solver.fields import key_path, read_object
from solver.seats import check_players
from solver.vbm.decks import deck_named

MIN_PLAYERS, MAX_PLAYERS = 2, 6
MODES = ("rows", "team", "free")
SAND_DIRECTIONS = ("arrow", "both_ways")
EXPLORER_TOKENS = ("own", "team")


@dataclass(frozen=True)
class Settings:
    """The rule settings of one game (see the module docstring).

    Args:
        mode: ``rows``, ``team`` or ``free``; None (in :data:`SETTINGS`) is the
            rulebook's mode for the player count, which :func:`read_settings` fills in.
        deck: the deck's name.
        mission_sides: the side up of each mission tile, or None for the seed's.
        sand_direction: which cells a Sand card of a row, column or diagonal counts.
        explorer_tokens: whose Reward Mission tokens an Explorer card counts in team mode.
    """

    mode: str | None = None
    deck: str = "standard"
    mission_sides: tuple[int, ...] | None = None
    sand_direction: str = "arrow"
    explorer_tokens: str = "own"


#: The named settings and their defaults (what ``Game.settings`` shows).
SETTINGS: dict[str, Any] = asdict(Settings())


def default_mode(players: int) -> str:
    """``rows`` for 2 and 3 players, ``team`` for 4 and 6, ``free`` for 5."""
    if players <= 3:
        return "rows"
    return "team" if players % 2 == 0 else "free"


def mode_fault(players: int, mode: object) -> str | None:
    """Why ``players`` cannot play ``mode``, in player words; None when they can."""
    if mode not in MODES:
        return f"unknown mode {quoted(mode)} (choose from {', '.join(MODES)})"
    if mode == "team" and players not in (4, 6):
        return f"team mode needs 4 or 6 players, not {players}"
    if mode == "rows" and players not in (2, 3):
        return f"the row draft is for 2 or 3 players, not {players}"
    if mode == "free" and players < 3:
        return "free-for-all needs 3 to 6 players (2 players use the row draft)"
    return None


def read_settings(players: int, settings: Mapping[str, Any] | None) -> Settings:
    """``settings`` over the defaults, checked for ``players`` (the mode filled in).

    Raises:
        NotationError: a player count the game does not take, or a setting that is
            unknown or has a bad value (its path names the setting,
            ``settings.mode``); UnknownDeckError for a deck that is not built in.
    """
    check_players("Very Big Monster", players, MIN_PLAYERS, MAX_PLAYERS)
    if settings is not None:
        read_object(settings, "settings", "the settings")
    chosen = dict(SETTINGS)
    for key, value in (settings or {}).items():
        if key not in SETTINGS:
            raise NotationError(
                f"unknown setting {quoted(key)} (choose from {', '.join(SETTINGS)})",
                path=key_path("settings", key),
            )
        chosen[key] = value
    mode = default_mode(players) if chosen["mode"] is None else chosen["mode"]
    fault = mode_fault(players, mode)
    if fault:
        raise NotationError(fault, path="settings.mode")
    if not isinstance(chosen["deck"], str):
        raise NotationError("the name of a deck ('standard')", path="settings.deck")
    deck = deck_named(chosen["deck"])
    sides = chosen["mission_sides"]
    if sides is not None:
        if (
            not isinstance(sides, list | tuple)
            or len(sides) != len(deck.missions)
            or any(isinstance(s, bool) or not isinstance(s, int) or s not in (0, 1) for s in sides)
        ):
            raise NotationError(
                f"needs {len(deck.missions)} values of 0 or 1, one per mission tile",
                path="settings.mission_sides",
            )
        sides = tuple(sides)
    reach = chosen["sand_direction"]
    if reach not in SAND_DIRECTIONS:
        raise NotationError(
            f"unknown Sand direction {quoted(reach)} (choose from {', '.join(SAND_DIRECTIONS)})",
            path="settings.sand_direction",
        )
    tokens = chosen["explorer_tokens"]
    if tokens not in EXPLORER_TOKENS:
        raise NotationError(
            f"unknown Explorer token reading {quoted(tokens)} (choose from "
            f"{', '.join(EXPLORER_TOKENS)})",
            path="settings.explorer_tokens",
        )
    return Settings(
        mode=str(mode),
        deck=deck.name,
        mission_sides=sides,
        sand_direction=reach,
        explorer_tokens=tokens,
    )
