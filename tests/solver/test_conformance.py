"""One conformance suite over every registered game (solver/game.py).

Random playouts go only through ``legal_moves()``; at every step the suite checks
that ``apply`` never mutates, the state and every legal move round-trip through
JSON, each seat's view round-trips through JSON and offers moves exactly when its
seat is in ``Game.waiting`` (the seat to move, and in a simultaneous step every
seat still to choose), each offered move validating and applying (and refused
as "not your seat" when it names another seat), moves not offered are refused
with IllegalMoveError by the state and by the view, the public score pad has
every seat and shows every score at the end, and terminal states offer no moves
and name winners; every phase is one the game lists. Every seat's view is drawn
(``Game.picture``) as an SVG document, the same bytes for the view read back from
its JSON, and a seat the game does not have is refused. It runs for every player
count a game takes and every mode it lists in ``variants``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import pytest

from solver.arena import MAX_DECISIONS
from solver.errors import IllegalMoveError, MonsterError, NotationError
from solver.game import GAMES, AnyGame, Score, ScorePad, Verdict, get_game
from tests.modes import every_mode

GAMES_PER_SETUP = 4


_setups = every_mode


def _roundtrip(game: AnyGame, state: Any) -> Any:
    text = json.dumps(state.to_json(), sort_keys=True)
    return game.from_json(json.loads(text))


def _check_state(game: AnyGame, state: Any, seen_moves: list[Any], rng: random.Random) -> None:
    copy = _roundtrip(game, state)
    assert copy == state and hash(copy) == hash(state)
    assert state.phase in game.phases and (state.phase == "over") == state.is_terminal()
    for seat in range(state.players):
        view = game.view(state, seat)
        doc = json.loads(json.dumps(view.to_json()))
        assert doc == state.view(seat).to_json() and doc["view_of"] == seat
        assert game.view_from_json(doc) == view
        assert view.seat == seat and view.to_move == state.to_move
        assert view.is_terminal() == state.is_terminal()
        waiting = game.waiting(state)
        assert game.waiting(view) == waiting and game.turn(view) == game.turn(state)
        own = list(view.legal_moves())
        assert bool(own) == (seat in waiting), f"seat {seat}, waiting {waiting}"
        if seat == state.to_move:
            assert len(own) == len(state.legal_moves())
        for move in rng.sample(own, min(len(own), 2)):
            doc = game.move_to_json(move)
            assert game.validate(view, doc).legal
            if "seat" in doc:  # the same move named for another seat is not this seat's
                other = (seat + 1) % state.players
                refused = f"not your seat: this move is for seat {other}"
                assert game.validate(view, {**doc, "seat": other}) == Verdict(False, refused)
            state.apply(move)
    scores = state.scores()
    assert len(scores) == state.players
    assert all(isinstance(s, Score) for s in scores)
    assert [s.seat for s in scores] == list(range(state.players))
    public = game.public_scores(state)
    assert [s.seat for s in public.scores] == list(range(state.players))
    assert public.terminal == state.is_terminal()
    moves = list(state.legal_moves())
    if state.is_terminal():
        assert moves == []
        assert state.to_move is None
        winners = state.winners()
        assert winners and set(winners) <= set(range(state.players))
        assert public == ScorePad.of(state), "a finished game shows every score"
        return
    assert moves, "a state that is not terminal must offer a move"
    assert 0 <= state.to_move < state.players
    assert len(set(moves)) == len(moves), "legal_moves lists a move twice"
    for move in rng.sample(moves, min(len(moves), 8)):
        doc = json.loads(json.dumps(game.move_to_json(move)))
        assert game.move_from_json(doc) == move
    offered = set(moves)
    for move in rng.sample(seen_moves, min(len(seen_moves), 4)):
        if move not in offered:
            with pytest.raises(IllegalMoveError):
                state.apply(move)
            mover = game.view(state, state.to_move)
            assert game.validate(mover, game.move_to_json(move)).legal is False


def _playout(
    game: AnyGame, players: int, settings: Mapping[str, Any], seed: int, check: bool = True
) -> list[str]:
    """The states of one seeded random game as JSON; ``check``: every state's protocol too."""
    rng = random.Random(seed)
    state = game.new(players, seed, settings)
    assert game.new(players, seed, settings) == state, "new() must depend only on its seed"
    seen: list[Any] = []
    trail = [json.dumps(state.to_json(), sort_keys=True)]
    for _ in range(MAX_DECISIONS):
        if check:
            _check_state(game, state, seen, rng)
        if state.is_terminal():
            return trail
        move = rng.choice(list(state.legal_moves()))
        before = json.dumps(state.to_json(), sort_keys=True)
        after = state.apply(move)
        assert json.dumps(state.to_json(), sort_keys=True) == before, "apply mutated the state"
        assert game.validate(game.view(state, state.to_move), game.move_to_json(move)).legal
        seen.append(move)
        state = after
        trail.append(json.dumps(state.to_json(), sort_keys=True))
    pytest.fail(f"game did not end within {MAX_DECISIONS} decisions")


@pytest.mark.parametrize(("name", "players", "settings"), _setups())
def test_random_playouts_keep_the_protocol(
    name: str, players: int, settings: Mapping[str, Any]
) -> None:
    game = get_game(name)
    for seed in range(GAMES_PER_SETUP):
        _playout(game, players, settings, seed)


@pytest.mark.parametrize(("name", "players", "settings"), _setups())
def test_same_seed_same_game(name: str, players: int, settings: Mapping[str, Any]) -> None:
    game = get_game(name)
    # the protocol checks run in the test above; here only the states are compared
    first = _playout(game, players, settings, 11, check=False)
    assert first == _playout(game, players, settings, 11, check=False)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_is_registered_whole(name: str) -> None:
    game = get_game(name)
    assert game.name == name
    assert {"random", "greedy", "hint"} <= set(game.players)
    assert game.min_players <= game.default_players <= game.max_players


@pytest.mark.parametrize("name", sorted(GAMES))
def test_bad_setup_is_refused(name: str) -> None:
    game = get_game(name)
    with pytest.raises(NotationError):
        game.new(game.default_players, 0, {"no-such-setting": 1})
    with pytest.raises(NotationError):
        game.from_json({"not": "a state"})


@pytest.mark.parametrize("name", sorted(GAMES))
def test_players_choose_legal_moves(name: str) -> None:
    game = get_game(name)
    state = game.new(game.default_players, 3, None)
    for player_name, factory in sorted(game.players.items()):
        player = factory(5)
        assert player.name == player_name
        move = player.choose(state)
        # the hint player picks a move the mover's view offers (naming its seat in a
        # simultaneous step); the others one of the state's
        offered = {*state.legal_moves(), *game.view(state, state.to_move).legal_moves()}
        assert move in offered


@pytest.mark.parametrize("name", sorted(GAMES))
def test_hint_ranks_every_legal_move(name: str) -> None:
    game = get_game(name)
    rng = random.Random(4)
    state = game.new(game.default_players, 4, None)
    for _ in range(12):
        if state.is_terminal():
            break
        view = game.view(state, state.to_move)
        ranked = game.hint(view, 0.5)
        legal = {json.dumps(game.move_to_json(m), sort_keys=True) for m in view.legal_moves()}
        hinted = [json.dumps(r.move, sort_keys=True) for r in ranked]
        assert set(hinted) == legal and len(hinted) == len(legal)
        values = [r.value for r in ranked]
        assert values == sorted(values, reverse=True)
        assert all(r.reason and "\n" not in r.reason for r in ranked)
        state = state.apply(rng.choice(list(state.legal_moves())))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_view_is_drawn(name: str) -> None:
    game = get_game(name)
    rng = random.Random(6)
    state = game.new(game.default_players, 6, None)
    for _ in range(MAX_DECISIONS):
        for seat in range(state.players):
            view = game.view(state, seat)
            svg = game.picture(view)
            assert svg.startswith("<svg ") and svg.endswith("</svg>\n")
            assert game.picture(game.view_from_json(json.loads(json.dumps(view.to_json())))) == svg
        if state.is_terminal():
            return
        state = state.apply(rng.choice(list(state.legal_moves())))
    pytest.fail(f"game did not end within {MAX_DECISIONS} decisions")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_seat_outside_the_game_is_refused(name: str) -> None:
    game = get_game(name)
    state = game.new(2, 5, None)
    for seat in (-1, 2):
        with pytest.raises(MonsterError, match="seat"):
            game.view(state, seat)
