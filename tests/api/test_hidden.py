"""Hidden information: every answer for a seat is a function of that seat's view.

For every game, player count and mode, at many points of seeded games, a second
full state is dealt that the seat cannot tell from the first (``Game.redeal``:
decks reshuffled, face-down cards and other hands swapped for unseen ones of the
same visible face, a new seed). The seat's view, legal moves, hint and each
rung of its ladder, score, picture, validate of moves of every seat (legal
ones, each also naming another seat where a move names its seat, and moves of
another state) and the review of its own first move and of the first of those
must then be byte-identical, asked with ``seat`` on the full state or on the
view, and the view and picture must carry neither a seed nor the hidden
content. Asked without a seat, a full state answers as the seat to move (the
same checks), and its score, counted as every seat sees it, must not change
whichever seat the state was redealt for. Every seat with a decision
(``Game.waiting``: in a simultaneous step, seats that are not the seat to move
too) gets its hint, and its view validates its own moves. What a seat is told
happened after a decision (a session's ``events``) is the same for every pair of
states, before and after, that the seat cannot tell apart, and ``apply`` tells the
seat that moved what a session would tell it.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from typing import Any

import pytest

from api.services import games as game_service
from api.services import review as review_service
from api.services.errors import FieldError
from api.services.sessions import Session, Sessions
from solver.errors import MonsterError
from solver.game import GAMES, AnyGame, get_game
from tests.modes import every_mode

POINTS_PER_SETUP = 5
"""States looked at per game set-up (spread over a seeded random game)."""

BUDGET = 0.05

MOVES_PER_SEAT = 2
"""Legal moves of each seat validated at each state, as every seat."""

REVIEWED = 2
"""Moves of those (the first ones) also reviewed as every seat, besides the seat's own first."""


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


def _answers(
    name: str, doc: Mapping[str, Any], seat: int | None, moves: list[Any], own: list[Any]
) -> dict[str, str]:
    """Everything the service says for ``seat`` given ``doc`` (a full state or its view;
    ``seat`` None: as the service answers when the request names no seat); ``own``: the
    seat's own first legal move, if it has one, reviewed too."""
    out = {
        "legal": _answer(lambda: game_service.legal(name, doc, seat)),
        "score": _answer(lambda: game_service.score(name, doc, seat)),
        "hint": _answer(lambda: game_service.hint(name, doc, seat, BUDGET)),
        "render": _answer(lambda: game_service.render(name, doc, seat)),
    }
    if seat is not None:
        out["view"] = _answer(lambda: game_service.view(name, doc, seat))
    for i, move in enumerate(moves):
        call = functools.partial(game_service.validate, name, doc, move, seat)
        out[f"validate {i}"] = _answer(call)
    for level in (1, 2, 3):
        call = functools.partial(review_service.hint_level, name, doc, seat, BUDGET, level)
        out[f"hint level {level}"] = _answer(call)
    for i, move in enumerate([*own, *moves[:REVIEWED]]):
        call = functools.partial(review_service.review, name, doc, move, seat, BUDGET)
        out[f"review {i}"] = _answer(call)
    return out


def _moves_to_try(game: AnyGame, state: Any, other: Any, rng: random.Random) -> list[Any]:
    """Moves of every seat: a few of each seat's legal moves, each also naming the next
    seat where a move names its seat, and a few moves of another state."""
    moves = []
    for seat in range(state.players):
        own = list(game.view(state, seat).legal_moves())
        for move in rng.sample(own, min(len(own), MOVES_PER_SEAT)):
            doc = game.move_to_json(move)
            moves.append(doc)
            if "seat" in doc:
                moves.append({**doc, "seat": (seat + 1) % state.players})
    moves += [game.move_to_json(m) for m in list(other.legal_moves())[:3]]
    return moves


@pytest.mark.parametrize(("name", "players", "settings"), _setups())
def test_same_view_same_answers(name: str, players: int, settings: Mapping[str, Any]) -> None:
    game = get_game(name)
    start = game.new(players, 99, settings)
    rng = random.Random(7)
    changed = 0
    for k, state in enumerate(_points(game, players, settings, 5)):
        moves = _moves_to_try(game, state, start, rng)
        public = _answer(functools.partial(game_service.score, name, state.to_json()))
        for seat in range(players):
            other = game.redeal(state, seat, 1000 * k + seat)
            assert game.view(other, seat) == game.view(state, seat)
            changed += other.to_json() != state.to_json()
            own = [game.move_to_json(m) for m in game.view(state, seat).legal_moves()[:1]]
            first = _answers(name, state.to_json(), seat, moves, own)
            second = _answers(name, other.to_json(), seat, moves, own)
            for key, text in first.items():
                assert second[key] == text, f"{key} for seat {seat} depends on hidden content"
            view_doc = game.view(state, seat).to_json()
            from_view = _answers(name, view_doc, seat, moves, own)
            for key, text in first.items():
                assert from_view[key] == text, f"{key} from the view differs"
            # without a seat: as the seat to move (seat 0 at the end), and the score as
            # every seat sees it
            unseated = _answer(functools.partial(game_service.score, name, other.to_json()))
            assert unseated == public, f"score without a seat counts what seat {seat} cannot see"
            if seat == (state.to_move or 0):
                unnamed = _answers(name, other.to_json(), None, moves, own)
                mover = _answers(name, state.to_json(), None, moves, own)
                for key, text in mover.items():
                    assert unnamed[key] == text, f"{key} without a seat depends on hidden content"
            if seat in game.waiting(state):
                assert not first["hint"].startswith(("NotYourTurnError", "GameOverError"))
                assert json.loads(first["review 0"])["move"] == own[0]
                seen = game.view_from_json(view_doc)
                for move in seen.legal_moves():  # each legal for the view read back
                    assert game.validate(seen, game.move_to_json(move)).legal
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


@pytest.mark.parametrize(("name", "players", "settings"), _setups())
def test_same_views_same_events(name: str, players: int, settings: Mapping[str, Any]) -> None:
    game = get_game(name)
    sessions = Sessions("a secret of the service, long enough to be a key")
    rng = random.Random(11)
    for k, state in enumerate(_points(game, players, settings, 5)):
        if state.is_terminal():
            continue
        move = rng.choice(list(state.legal_moves()))
        after = state.apply(move)
        told = {}
        for seat in range(players):
            pairs = (
                (state, after),
                (
                    game.redeal(state, seat, 1000 * k + seat),
                    game.redeal(after, seat, 1000 * k + seat + 500),
                ),
            )
            answers = []
            for before_state, after_state in pairs:
                before = Session(game, before_state, seat, {}, 0)
                answer = sessions.answer(replace(before, state=after_state), before=before)
                answers.append(json.dumps(answer["events"]))
            assert answers[1] == answers[0], f"events for seat {seat} depend on hidden content"
            told[seat] = json.loads(answers[0])
        mover = getattr(move, "seat", None)
        applied = game_service.apply(name, state.to_json(), game.move_to_json(move))
        assert applied["events"] == told[state.to_move if mover is None else mover]
