"""Every game words the same fault of its input the same way: a document read with
the readers of :mod:`solver.fields`, a player count and a seat checked by
:mod:`solver.seats`, a bad value quoted by :func:`solver.errors.quoted`."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from solver.errors import NotationError, quoted
from solver.game import GAMES, AnyGame, get_game

NAMES = sorted(GAMES)
DEEP: Any = []
for _ in range(5000):
    DEEP = [DEEP]
#: Values a message must quote short, without walking them.
AWKWARD: tuple[Any, ...] = ("x" * 5000, DEEP, 10**5000, {f"k{i}": i for i in range(500)}, True)


def _documents(game: AnyGame) -> tuple[dict[str, Any], dict[str, Any]]:
    """A new game's state and seat 0's view, as JSON."""
    state = game.new(game.default_players, 1, None)
    doc = json.loads(json.dumps(state.to_json()))
    view = json.loads(json.dumps(game.view(state, 0).to_json()))
    return doc, view


def _fault(call: Callable[..., Any], *args: Any) -> NotationError:
    """The NotationError ``call(*args)`` raises."""
    with pytest.raises(NotationError) as caught:
        call(*args)
    return caught.value


@pytest.mark.parametrize("name", NAMES)
def test_a_player_count_the_game_does_not_take(name: str) -> None:
    game = get_game(name)
    low, high = game.min_players, game.max_players
    takes = f"exactly {low}" if low == high else f"{low} to {high}"
    for count in (9, True, "2"):
        words = f"{game.title} takes {takes} players, not {quoted(count)}"
        assert str(_fault(game.check_players, count)) == words
        assert str(_fault(game.new, count, 1, None)) == words


@pytest.mark.parametrize("name", NAMES)
def test_a_seat_the_game_does_not_have(name: str) -> None:
    game = get_game(name)
    state = game.new(game.default_players, 1, None)
    n = state.players
    for seat in (n, -1, True, "0"):
        err = _fault(game.view, state, seat)
        assert err.path == "seat"
        assert err.message == (
            f"there is no seat {quoted(seat)} in a {n}-player game (seats 0 to {n - 1})"
        )


@pytest.mark.parametrize("name", NAMES)
def test_a_document_fault_reads_the_same_in_every_game(name: str) -> None:
    game = get_game(name)
    doc, view = _documents(game)
    low, high = game.min_players, game.max_players
    players = f"{low}" if low == high else f"a whole number from {low} to {high}"
    seats = f"a whole number from 0 to {view['players'] - 1}" if "players" in view else "0"
    cases: list[tuple[Callable[[Any], Any], Any, str | None, str]] = [
        (game.from_json, {**doc, "colour": 1}, "colour", "has no field 'colour'"),
        (game.from_json, {**doc, "c" * 50: 1}, None, f"has no field {quoted('c' * 50)}"),
        (
            game.from_json,
            {k: v for k, v in doc.items() if k != "seed"},
            "seed",
            "is missing the field 'seed'",
        ),
        (game.from_json, {**doc, "game": "chess"}, "game", f"this is a chess state, not a {name}"),
        (game.from_json, {**doc, "game": 3}, "game", f'which says "game": "{name}"'),
        (game.from_json, view, "view_of", "this is a seat's view, not a full state"),
        (game.view_from_json, doc, "view_of", "a view names its seat in 'view_of'"),
        (game.from_json, {**doc, "players": 7}, "players", f"must be {players}, not 7"),
        (game.view_from_json, {**view, "view_of": 9}, "view_of", f"must be {seats}, not 9"),
        (game.from_json, [doc], None, "a state must be a JSON object, not a list of 1 entry"),
    ]
    cases += [
        (game.view_from_json, {**view, "view_of": v}, "view_of", f"not {quoted(v)}")
        for v in AWKWARD
    ]
    for read, bad, path, words in cases:
        err = _fault(read, bad)
        assert (err.path or None) == path and words in err.message, str(err)
        assert len(str(err)) < 200, str(err)


@pytest.mark.parametrize("name", NAMES)
def test_a_move_that_is_no_object(name: str) -> None:
    game = get_game(name)
    moves: tuple[Any, ...] = ([], "pass", DEEP)
    for move in moves:
        err = _fault(game.move_from_json, move)
        assert str(err) == f"a move must be a JSON object, not {quoted(move)}"
