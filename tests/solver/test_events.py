"""What just happened: every event a seat is told matches the difference of its two views.

Over seeded random games of every game and mode, after every decision and for
every seat: the points the events give each seat add up to the change of its
score as its view counts it; ``game-over`` comes once, exactly when the view turns
terminal, naming the view's winners; every code is one of the game's, every
document JSON and every text a sentence. Per game, what the events name is what
the views show changed (the cards placed, the tourists claimed, the tokens
taken, the tiles revealed...), and the views read back from their JSON tell the
same events. A game without events (no ``events`` module) tells nothing.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from solver.events import GAME_OVER, Event
from solver.game import GAMES, AnyGame, get_game
from tests.modes import every_mode

SEEDS = (1,)
DOCS = Path(__file__).resolve().parents[2] / "docs" / "events.md"

Step = tuple[Any, Any, Any, Any, Any]
"""A decision: the state before, the move, the state after, and one seat's two views."""


def _steps(game: AnyGame, players: int, settings: Any, seed: int) -> Iterator[tuple[Any, Any, Any]]:
    rng = random.Random(seed)
    state = game.new(players, seed, settings or None)
    while not state.is_terminal():
        move = rng.choice(list(state.legal_moves()))
        after = state.apply(move)
        yield state, move, after
        state = after


def _told(game: AnyGame, players: int, settings: Any) -> Iterator[tuple[Step, list[Event]]]:
    for seed in SEEDS:
        for state, move, after in _steps(game, players, settings, seed):
            for seat in range(players):
                before_view, after_view = game.view(state, seat), game.view(after, seat)
                step = (state, move, after, before_view, after_view)
                yield step, game.happened(before_view, after_view)


def _totals(view: Any) -> dict[int, int]:
    return {score.seat: score.total for score in view.scores()}


@pytest.mark.parametrize(("name", "players", "settings"), every_mode())
def test_events_match_the_difference_of_the_views(name: str, players: int, settings: Any) -> None:
    game = get_game(name)
    codes = set(game.event_codes())
    check = CHECKS.get(name)
    for (_, move, _, before, after), told in _told(game, players, settings):
        if not codes:
            assert told == []
            continue
        doc = [event.to_json() for event in told]
        assert json.loads(json.dumps(doc)) == doc
        assert {event.code for event in told} <= codes
        for event in told:
            assert event.text[:1].isupper() and event.text.endswith("."), event.text
        gained = dict.fromkeys(_totals(after), 0)
        for event in told:
            if "points" in event.params:
                gained[event.params["seat"]] += event.params["points"]
        was, now = _totals(before), _totals(after)
        assert gained == {seat: now[seat] - was[seat] for seat in now}, doc
        over = [event for event in told if event.code == "game-over"]
        assert len(over) == (after.is_terminal() and not before.is_terminal())
        if over:
            assert over[0].params["winners"] == list(after.winners())
        if before.seat == 0:
            back = (game.view_from_json(v.to_json()) for v in (before, after))
            assert [e.to_json() for e in game.happened(*back)] == doc
        if check is not None:
            check(move, before, after, told)


def _of(told: list[Event], code: str) -> list[dict[str, Any]]:
    return [dict(event.params) for event in told if event.code == code]


def _park(move: Any, before: Any, after: Any, told: list[Event]) -> None:
    mover = before.to_move
    claimed = [p["tourist"] for p in _of(told, "tourist-claimed")]
    assert claimed == list(after.held[mover][len(before.held[mover]) :])
    for tourist in claimed:
        assert tourist in before.tourist_row and tourist not in after.tourist_row
    placed = [
        c
        for old, new in zip(before.parks[mover], after.parks[mover], strict=True)
        for c in new[len(old) :]
    ]
    cards = [p.get("monster") or p.get("upgrade") for p in _of(told, "monster-invited")]
    cards += [p["upgrade"] for p in _of(told, "upgrade-bought")]
    assert cards == placed
    actions = {"token-taken", "upgrade-bought", "monster-invited", "passed"}
    asked = {"tourist-claimed", "no-tourist-claimed"}
    kinds = actions if move.action != "tourists" else asked
    assert {e.code for e in told} & (actions | asked) <= kinds
    assert any(e.code in kinds for e in told)
    moved = _of(told, "track-moved")
    assert len(moved) == (after.turn != before.turn)
    if moved:
        arrived = [(f["area"], f["size"]) for f in moved[0]["arrived"]]
        faces = [(f[0].value, f[1]) for f in after.track if f is not None]
        assert arrived == faces[len(faces) - len(arrived) :]
    assert len(_of(told, "final-round")) == (after.final_round and not before.final_round)


def _vbm(move: Any, before: Any, after: Any, told: list[Event]) -> None:
    placed = {
        (seat, *area[-1])
        for seat, (old, area) in enumerate(zip(before.areas, after.areas, strict=True))
        if len(area) > len(old)
    }
    shown = {(p["seat"], *p["at"], p["card"]) for p in _of(told, "card-placed")}
    assert shown == placed
    for seat in range(after.players):
        values = [p["value"] for p in _of(told, "mission-token-taken") if p["seat"] == seat]
        assert values == list(after.tokens[seat][len(before.tokens[seat]) :])
        portals = [p for p in _of(told, "portal-completed") if p["seat"] == seat]
        assert len(portals) == len(after.portals[seat]) - len(before.portals[seat])
    kept = [p["seat"] for p in _of(told, "explorer-chosen")]
    assert kept == [
        s for s, (a, b) in enumerate(zip(before.kept, after.kept, strict=True)) if b and not a
    ]
    assert len(_of(told, "round-ended")) == (after.round != before.round)
    for chosen in _of(told, "card-chosen"):
        assert (chosen["card"] is None) == (chosen["seat"] != before.seat and after.mode != "rows")


def _monstrolicious(move: Any, before: Any, after: Any, told: list[Event]) -> None:
    from solver.monstrolicious.cards import BUFFET

    placed = _of(told, "tile-placed")
    used = _of(told, "donuts-used")
    if move.dessert is None:
        assert not placed and [u["dessert"] for u in used] == [BUFFET.keys[move.reveal]]
        return
    assert not used and len(placed) == 1
    where = placed[0]["dessert"]
    assert where == BUFFET.keys[move.dessert] or (where is None and after.is_terminal())
    fought = before.board[1 - before.current][move.dessert] is not None
    outcomes = _of(told, "battle-won") + _of(told, "trap-sprung")
    assert bool(outcomes) == (fought and where is not None)
    mine = placed[0]["tile"]
    assert (mine is None) == (before.seat != before.current)


CHECKS: dict[str, Callable[[Any, Any, Any, list[Event]], None]] = {
    "park": _park,
    "vbm": _vbm,
    "monstrolicious": _monstrolicious,
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_code_is_in_the_docs(name: str) -> None:
    text = DOCS.read_text(encoding="utf-8")
    title = get_game(name).title
    own = text.split(f"\n## {title}\n")
    codes = set(get_game(name).event_codes()) - {GAME_OVER}
    assert len(own) == 2 or not codes, f"docs/events.md has no section {title}"
    for code in codes:
        assert f"`{code}`" in own[1].split("\n## ")[0], f"{code} is not in docs/events.md"
    assert f"`{GAME_OVER}`" in text


def test_a_portal_and_its_points_are_told() -> None:
    game = get_game("vbm")
    for (_, _, _, before, after), _ in _told(game, 4, {"mode": "team"}):
        if len(after.areas[0]) > len(before.areas[0]) and after.seat == 0:
            break
    more = replace(after, portals=(((9, 9),), *after.portals[1:]))
    told = game.happened(before, more)
    portal = _of(told, "portal-completed")
    assert portal == [{"seat": 0, "at": [9, 9], "points": after.deck.portal_vp}]
    gained = sum(e.params.get("points", 0) for e in told if e.params.get("seat") == 0)
    assert gained == more.scores()[0].total - before.scores()[0].total


def test_a_drawn_tile_without_a_space_is_discarded_face_down() -> None:
    from solver.monstrolicious.cards import SPACES, Placed
    from solver.monstrolicious.state import State

    full = tuple(Placed(v) for v in range(2, SPACES + 2))  # seat 1 wins the battle: still full
    board = ((None,) * SPACES, full)
    state = State(0, 0, ((1,), (1,)), board, ((), ()))
    told = get_game("monstrolicious").happened(
        state.view(0), state.apply(state.legal_moves()[0]).view(0)
    )
    assert _of(told, "tile-discarded") == [{"seat": 1, "tile": None}]
    assert "discarded seat 1's tile face down" in next(
        e.text for e in told if e.code == "tile-discarded"
    )
