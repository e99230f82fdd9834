"""Every game in every mode, as pytest parameters, for the suites that cover all games."""

from __future__ import annotations

from typing import Any

import pytest

from solver.game import GAMES, get_game


def every_mode() -> list[Any]:
    """``(name, players, settings)`` for each registered game and each of its modes."""
    cases = []
    for name in sorted(GAMES):
        for players, settings in get_game(name).modes():
            label = ",".join(f"{k}={v}" for k, v in sorted(settings.items()))
            cases.append(pytest.param(name, players, settings, id=f"{name}-{players}p-{label}"))
    return cases
