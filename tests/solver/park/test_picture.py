"""The Monster Park picture (solver/park/picture.py): every card where it lies, as one
seat sees the table."""

from __future__ import annotations

import pytest

from solver.park import GAME
from solver.park.picture import render
from tests.pictures import by_class, parse, playout


@pytest.mark.parametrize(("players", "steps"), [(2, 0), (3, 25), (4, 60)])
def test_park_board_shows_every_card_where_it_lies(players: int, steps: int) -> None:
    state = playout("park", players, steps)
    view = GAME.view(state, 1)
    root = parse(render(view))
    parks = by_class(root, "park")
    assert [p.get("data-seat") for p in parks] == [str(s) for s in range(players)]
    assert [p.get("data-you") for p in parks] == [
        ("true" if s == 1 else None) for s in range(players)
    ]
    for park, cards in zip(parks, state.parks, strict=True):
        areas = by_class(park, "area")
        assert [a.get("data-area") for a in areas] == ["water", "land", "air"]
        for area, ids in zip(areas, cards, strict=True):
            assert [c.get("data-card") for c in by_class(area, "card")] == list(ids)
    track = by_class(root, "track-slot")
    assert all(t.get("data-card") is None for t in track), "a face-down card's id is hidden"
    faces = [None if c is None else state.cards.monster(c) for c in state.track]
    assert [t.get("data-area") for t in track] == [m and m.area.value for m in faces]
    assert [t.get("data-size") for t in track] == [m and str(m.size) for m in faces]
    assert [t.get("data-price") for t in track] == ["0", "1", "2", "3", None]
    assert [t.get("data-card") for t in by_class(root, "tourist")] == [
        t for t in state.tourist_row if t is not None
    ]
    for monster in (c for c in by_class(root, "monster") if c.get("data-character")):
        card = state.cards.monster(monster.get("data-card", ""))
        assert monster.get("data-size") == str(card.size)
        assert monster.get("data-character") == card.character
    assert render(view) == render(view)
