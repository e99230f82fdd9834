"""The Monstrolicious picture (api/render/monstrolicious.py): what its heading says."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from api.render.monstrolicious import render
from solver.game import RandomPlayer
from solver.monstrolicious.state import State, View, new_state


def _states(seed: int) -> list[State]:
    state, players = new_state(2, seed), [RandomPlayer(seed), RandomPlayer(seed + 1)]
    out = [state]
    while not state.is_terminal():
        state = state.apply(players[state.current].choose(state))
        out.append(state)
    return out


def _heading(state: State, seat: int) -> str:
    root = ET.fromstring(render(View.of(state, seat)))
    return next(e.text or "" for e in root.iter() if (e.text or "").startswith("Monstrolicious ·"))


def test_the_heading_says_whose_turn_it_is_and_game_over_at_the_end() -> None:
    states = _states(3)
    middle, end = states[5], states[-1]
    assert _heading(middle, middle.current).endswith("· your turn")
    assert _heading(middle, 1 - middle.current).endswith("· opponent's turn")
    for seat in (0, 1):
        heading = _heading(end, seat)
        assert heading == f"Monstrolicious · seen by seat {seat} · game over"
