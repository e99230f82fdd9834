"""Hidden information: every answer for a seat is a function of that seat's view.

For every game, player count and mode, at many points of seeded games, a second
full state is dealt that the seat cannot tell from the first (``Game.redeal``:
decks reshuffled, face-down cards and other hands swapped for unseen ones of the
same visible face, a new seed). The seat's view, hint, validate of every legal
move (and of moves it cannot make), score and picture must then be
byte-identical, whether asked with the full state or with the view, and the
view and picture must carry neither a seed nor the hidden content. Every seat
with a decision (``Game.waiting``: in a simultaneous step, seats that are not
the seat to move too) gets its hint, and its view validates its own moves.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest

from api.services import games as game_service
from api.services.errors import FieldError
from solver.errors import MonsterError
from solver.game import GAMES, AnyGame, get_game
from tests.modes import every_mode

POINTS_PER_SETUP = 4
"""States looked at per game set-up (spread over a seeded random game)."""

BUDGET = 0.05


_setups = every_mode


def _points(game: AnyGame, players: int, settings: Mapping[str, Any], seed: int) -> Iterator[Any]:
    """``POINTS_PER_SETUP`` states spread over one seeded random game, the last one terminal."""
    rng = random.Random(seed)
    trail = [game.new(players, seed, settings)]
    while not trail[-1].is_terminal():
        trail.append(trail[-1].apply(rng.choice(list(trail[-1].legal_moves()))))
    step = max(1, len(trail) // POINTS_PER_SETUP)
    yield from trail[::step][: POINTS_PER_SETUP - 1]
    yield trail[-1]


def _answer(call: Callable[[], Any]) -> str:
    """The answer as text, or the kind and text of the error: both must match."""
    try:
        value = call()
    except MonsterError as err:
        inner = err.error if isinstance(err, FieldError) else err
        field = err.field if isinstance(err, FieldError) else ""
        return f"{type(inner).__name__}:{field}:{err}"
    return value if isinstance(value, str) else json.dumps(value)


def _answers(name: str, doc: Mapping[str, Any], seat: int, moves: list[Any]) -> dict[str, str]:
    """Everything the service says for ``seat`` given ``doc`` (a full state or its view)."""
    out = {
        "view": _answer(lambda: game_service.view(name, doc, seat)),
        "hint": _answer(lambda: game_service.hint(name, doc, seat, BUDGET)),
        "render": _answer(lambda: game_service.render(name, doc, seat)),
    }
    for i, move in enumerate(moves):
        out[f"validate {i}"] = _answer(functools.partial(game_service.validate, name, doc, move))
    return out


def _moves_to_try(game: AnyGame, state: Any, other: Any) -> list[Any]:
    """The legal moves of the seat to move, and a few moves of other states."""
    moves = [game.move_to_json(m) for m in state.legal_moves()]
    moves += [game.move_to_json(m) for m in list(other.legal_moves())[:3]]
    return moves


@pytest.mark.parametrize(("name", "players", "settings"), _setups())
def test_same_view_same_answers(name: str, players: int, settings: Mapping[str, Any]) -> None:
    game = get_game(name)
    start = game.new(players, 99, settings)
    changed = 0
    for k, state in enumerate(_points(game, players, settings, 5)):
        for seat in range(players):
            other = game.redeal(state, seat, 1000 * k + seat)
            assert game.view(other, seat) == game.view(state, seat)
            changed += other.to_json() != state.to_json()
            # validate on a full state answers for the seat to move, so it is compared
            # for that seat only; a view answers for its own seat
            moves = _moves_to_try(game, state, start) if state.to_move == seat else []
            first = _answers(name, state.to_json(), seat, moves)
            second = _answers(name, other.to_json(), seat, moves)
            for key, text in first.items():
                assert second[key] == text, f"{key} for seat {seat} depends on hidden content"
            view_doc = game.view(state, seat).to_json()
            from_view = _answers(name, view_doc, seat, moves)
            for key in ("view", "hint", "render"):
                assert from_view[key] == first[key], f"{key} from the view differs"
            for i in range(len(moves)):
                assert from_view[f"validate {i}"] == first[f"validate {i}"]
            if seat in game.waiting(state):
                assert not first["hint"].startswith(("NotYourTurnError", "GameOverError"))
                own = [game.move_to_json(m) for m in game.view(state, seat).legal_moves()]
                mine = _answers(name, view_doc, seat, own)
                legal = json.dumps({"legal": True, "reason": "legal"})
                assert all(mine[f"validate {i}"] == legal for i in range(len(own)))
            score = game_service.score(name, view_doc)
            assert game_service.score(name, game.view(other, seat).to_json()) == score
            seed = str(other.to_json()["seed"])
            for key in ("view", "render"):
                assert '"seed"' not in second[key] and seed not in second[key]
    assert changed, "redeal never changed the hidden content"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_view_answers_only_for_its_own_seat(name: str) -> None:
    game = get_game(name)
    state = game.new(game.default_players, 3, None)
    view_doc = game.view(state, 1).to_json()
    with pytest.raises(FieldError) as err:
        game_service.hint(name, view_doc, 0)
    assert err.value.field == "seat" and "seat 1's view" in str(err.value)
