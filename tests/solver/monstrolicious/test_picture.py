"""The Monstrolicious picture (solver/monstrolicious/picture.py): the buffet shows only
what the player knows, and its heading says whose turn it is."""

from __future__ import annotations

import pytest

from solver.game import RandomPlayer
from solver.monstrolicious import GAME
from solver.monstrolicious.cards import BUFFET
from solver.monstrolicious.picture import render
from solver.monstrolicious.state import State, View, new_state
from tests.pictures import by_class, parse, playout


@pytest.mark.parametrize("steps", [0, 7, 16, 26])
def test_monstrolicious_buffet_shows_only_what_the_player_knows(steps: int) -> None:
    state = playout("monstrolicious", 2, steps)
    for seat in (0, 1):
        view = state.view(seat).to_json()
        root = parse(render(GAME.view(state, seat)))
        desserts = by_class(root, "dessert")
        assert [d.get("data-dessert") for d in desserts] == list(BUFFET.keys)
        for side, owner in (("you", seat), ("opponent", 1 - seat)):
            tiles = {
                t.get("data-dessert"): t
                for t in by_class(root, "tile")
                if t.get("data-side") == side
            }
            row = view["board"][owner]
            assert set(tiles) == {key for key, tile in row.items() if tile is not None}
            for key, element in tiles.items():
                shown = row[key]["tile"]
                expected = None if shown is None else ("Trap" if shown == "trap" else str(shown))
                assert element.get("data-value") == expected
                assert element.get("data-up") == str(row[key]["up"]).lower()
        for dessert in desserts:
            key = dessert.get("data-dessert", "")
            mine, theirs = view["board"][seat][key], view["board"][1 - seat][key]
            holder = None if (mine is None) == (theirs is None) else ("you" if mine else "opponent")
            assert dessert.get("data-holder") == holder
    hidden = [
        t
        for t in by_class(parse(render(GAME.view(state, 0))), "tile")
        if t.get("data-side") == "opponent" and t.get("data-up") == "false"
    ]
    assert all(t.get("data-value") is None for t in hidden)


def _states(seed: int) -> list[State]:
    state, players = new_state(2, seed), [RandomPlayer(seed), RandomPlayer(seed + 1)]
    out = [state]
    while not state.is_terminal():
        state = state.apply(players[state.current].choose(state))
        out.append(state)
    return out


def _heading(state: State, seat: int) -> str:
    root = parse(render(View.of(state, seat)))
    return next(e.text or "" for e in root.iter() if (e.text or "").startswith("Monstrolicious ·"))


def test_the_heading_says_whose_turn_it_is_and_game_over_at_the_end() -> None:
    states = _states(3)
    middle, end = states[5], states[-1]
    assert _heading(middle, middle.current).endswith("· your turn")
    assert _heading(middle, 1 - middle.current).endswith("· opponent's turn")
    for seat in (0, 1):
        heading = _heading(end, seat)
        assert heading == f"Monstrolicious · seen by seat {seat} · game over"
