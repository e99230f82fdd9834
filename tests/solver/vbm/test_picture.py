"""The Very Big Monster picture (solver/vbm/picture.py): one seat's play area, its
cards at their places, the free cells, the Explorer, the hand and the score."""

from __future__ import annotations

import pytest

from solver.vbm import GAME
from solver.vbm.area import frontier
from solver.vbm.picture import render
from tests.pictures import by_class, parse, playout


@pytest.mark.parametrize(("players", "steps"), [(2, 0), (2, 30), (4, 40)])
def test_vbm_area_shows_the_seats_cards_at_their_places(players: int, steps: int) -> None:
    state = playout("vbm", players, steps)
    for seat in range(players):
        root = parse(render(GAME.view(state, seat)))
        cards = {
            (int(c.get("data-row", "")), int(c.get("data-col", "")), c.get("data-card"))
            for c in by_class(root, "card")
        }
        assert cards == set(state.areas[seat])
        for drawn in by_class(root, "card"):
            terrain = state.deck.card(drawn.get("data-card", "")).terrain.value
            assert drawn.get("data-terrain") == terrain
        free = {
            (int(f.get("data-row", "")), int(f.get("data-col", ""))) for f in by_class(root, "free")
        }
        assert free == set(frontier(state.areas[seat]))
        [explorer] = by_class(root, "explorer")
        assert explorer.get("data-card") == state.explorers[seat]
        hand = [h.get("data-card") for h in by_class(root, "hand-card")]
        assert hand == list(state.hands[seat])
        assert f"Score {state.scores()[seat].total} VP" in "".join(root.itertext())
