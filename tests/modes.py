"""Every game in every mode, as pytest parameters, for the suites that cover all games."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from solver.game import GAMES, AnyGame, get_game


def every_mode() -> list[Any]:
    """``(name, players, settings)`` for each registered game and each of its modes."""
    cases = []
    for name in sorted(GAMES):
        for players, settings in get_game(name).modes():
            label = ",".join(f"{k}={v}" for k, v in sorted(settings.items()))
            cases.append(pytest.param(name, players, settings, id=f"{name}-{players}p-{label}"))
    return cases


def spread(
    game: AnyGame,
    players: int,
    settings: Mapping[str, Any],
    seed: int,
    count: int,
    choices_only: bool = False,
) -> Iterator[Any]:
    """``count`` states spread over one seeded random game of ``game``, the end left out
    (``choices_only``: only states with more than one legal move)."""
    rng = random.Random(seed)
    trail = [game.new(players, seed, settings or None)]
    while not trail[-1].is_terminal():
        trail.append(trail[-1].apply(rng.choice(list(trail[-1].legal_moves()))))
    states = trail[:-1]
    if choices_only:
        states = [s for s in states if len(s.legal_moves()) > 1]
    step = max(1, len(states) // count)
    yield from states[::step][:count]
