"""Setting up a game from a player count, a seed and named settings.

Modes: ``rows`` (the 2-player row draft, and the 3-player variant), ``team``
(4 or 6 players, teammates opposite) and ``free`` (free-for-all, 3 to 6
players). The seed picks the sets, shuffles them, deals the explorers and turns
the mission tiles; ``mission_sides`` (five 0/1 values) turns them by hand.

>>> state = new_state(4, 1)
>>> state.mode, len(state.hands[0]), len(state.pile), state.teams
('team', 10, 40, ((0, 2), (1, 3)))
>>> [len(row) for row in new_state(2, 1).rows], len(new_state(3, 1).rows[0])
([4], 6)
>>> new_state(5, 1, {"mode": "team"})
Traceback (most recent call last):
...
solver.errors.NotationError: team mode needs 4 or 6 players, not 5
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from solver.errors import NotationError
from solver.vbm.cards import deck_named
from solver.vbm.state import HAND, State
from solver.vbm.turns import pyramids_for

MIN_PLAYERS, MAX_PLAYERS = 2, 6
#: Largest seed a game takes (a 64-bit number, either sign).
SEED_LIMIT = 2**64
#: The named settings and their defaults (docs/rulings.md).
SETTINGS: dict[str, Any] = {"mode": None, "deck": "standard", "mission_sides": None}
ROW_SETS = {2: 4, 3: 6}
MODES = ("rows", "team", "free")


def default_mode(players: int) -> str:
    """``rows`` for 2 and 3 players, ``team`` for 4 and 6, ``free`` for 5."""
    if players <= 3:
        return "rows"
    return "team" if players % 2 == 0 else "free"


def _settings(players: int, settings: Mapping[str, Any] | None) -> dict[str, Any]:
    chosen = dict(SETTINGS)
    for key, value in (settings or {}).items():
        if key not in SETTINGS:
            raise NotationError(f"unknown setting {key!r} (choose from {', '.join(SETTINGS)})")
        chosen[key] = value
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise NotationError(f"Very Big Monster takes 2 to 6 players, not {players}")
    mode = chosen["mode"] or default_mode(players)
    fault = mode_fault(players, mode)
    if fault:
        raise NotationError(fault)
    chosen["mode"] = mode
    if not isinstance(chosen["deck"], str):
        raise NotationError("setting 'deck' is the name of a deck ('standard')")
    return chosen


def mode_fault(players: int, mode: object) -> str | None:
    """Why ``players`` cannot play ``mode``, in player words; None when they can."""
    if mode not in MODES:
        return f"unknown mode {mode!r} (choose from {', '.join(MODES)})"
    if mode == "team" and players not in (4, 6):
        return f"team mode needs 4 or 6 players, not {players}"
    if mode == "rows" and players not in (2, 3):
        return f"the row draft is for 2 or 3 players, not {players}"
    if mode == "free" and players < 3:
        return "free-for-all needs 3 to 6 players (2 players use the row draft)"
    return None


def sets_wanted(players: int, mode: str) -> int:
    """How many card sets the game uses: 4 or 6 in the row draft, else one per player."""
    return ROW_SETS[players] if mode == "rows" else players


def new_state(players: int, seed: int, settings: Mapping[str, Any] | None = None) -> State:
    """The set-up state: explorers dealt (two each), cards shuffled and dealt.

    Raises:
        NotationError: an unknown setting, a mode the player count cannot play, a
            deck too small for the table.
    """
    chosen = _settings(players, settings)
    if isinstance(seed, bool) or not isinstance(seed, int) or not -SEED_LIMIT <= seed <= SEED_LIMIT:
        raise NotationError(
            f"a seed is a whole number below 2**64, not {str(seed)[:40]}", path="seed"
        )
    mode = chosen["mode"]
    deck = deck_named(chosen["deck"])
    rng = random.Random(f"vbm/{seed}")
    want_sets = sets_wanted(players, mode)
    if len(deck.sets()) < want_sets or len(deck.explorers) < 2 * players:
        raise NotationError(f"deck {deck.name!r} is too small for {players} players")
    sets = sorted(rng.sample(deck.sets(), want_sets))
    cards = [card.id for card in deck.cards if card.set in sets]
    rng.shuffle(cards)
    explorers = [e.id for e in deck.explorers]
    rng.shuffle(explorers)
    offers = tuple(tuple(explorers[2 * s : 2 * s + 2]) for s in range(players))
    sides = chosen["mission_sides"]
    if sides is None:
        sides = [rng.randrange(2) for _ in deck.missions]
    if (
        not isinstance(sides, list | tuple)
        or len(sides) != len(deck.missions)
        or any(s not in (0, 1) or isinstance(s, bool) for s in sides)
    ):
        raise NotationError(f"mission_sides needs {len(deck.missions)} values of 0 or 1")
    if mode == "rows":
        size = 2 * players
        hands: tuple[tuple[str, ...], ...] = ((),) * players
        rows: tuple[tuple[str, ...], ...] = (tuple(cards[:size]),)
        pile = tuple(cards[size:])
    else:
        if len(cards) < 2 * HAND * players:
            raise NotationError(f"deck {deck.name!r} has too few cards for {players} players")
        hands = tuple(tuple(cards[s * HAND : (s + 1) * HAND]) for s in range(players))
        rows, pile = (), tuple(cards[players * HAND : 2 * players * HAND])
    return State(
        players=players,
        seed=seed,
        mode=mode,
        deck_name=deck.name,
        sides=tuple(sides),
        phase="explorer",
        round=0,
        turn=0,
        first=0,
        offers=offers,
        explorers=(None,) * players,
        areas=((),) * players,
        hands=hands,
        pending=(None,) * players,
        pile=pile,
        rows=rows,
        live=(),
        tokens=((),) * players,
        pyramids=pyramids_for(deck, sides, mode),
        claimed=frozenset(),
        portals=((),) * players,
        portal_left=deck.portal_tiles,
        discards=(),
        passed=((),) * players if mode != "rows" else (),
        seen=((),) * players if mode != "rows" else (),
    )
