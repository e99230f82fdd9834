"""A busy machine on demand, and seeded positions to ask hints of, for the determinism tests."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from solver.game import get_game

#: CPU-burning processes beside the hints: as many as the machine's two cores.
BURNERS = 2


@contextmanager
def burning(count: int = BURNERS) -> Iterator[None]:
    """Within the block, ``count`` processes spin on the CPU; they are killed after it."""
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]
    try:
        yield
    finally:
        for burner in burners:
            burner.kill()
        for burner in burners:
            burner.wait()


def seeded_views(name: str, players: int, seed: int, every: int, count: int) -> list[Any]:
    """``count`` views of the seat to move, every ``every``-th decision of a seeded game
    of greedy players (fewer if the game ends first)."""
    game = get_game(name)
    state = game.new(players, seed, None)
    seats = [game.players["greedy"](seed + i) for i in range(players)]
    views = []
    for step in range(every * count):
        if state.is_terminal():
            break
        if step % every == 0:
            views.append(game.view(state, state.to_move))
        state = state.apply(seats[state.to_move].choose(state))
    return views
