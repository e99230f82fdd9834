"""solver/mcts.py and each game's worlds.py: the ``mcts`` player.

It plays legal moves in every game and mode, the same seed and view give the
same move, and it reads only the view: a state dealt anew (``Game.redeal``:
the same view for the seat, other hidden content) gets the same worlds sampled
and the same move, as the hint does in tests/api/test_hidden.py.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from api.cli.app import run as run_cli
from api.services import games as game_service
from api.services.errors import FieldError
from solver.arena import check_lineup, play_match, player_factory
from solver.errors import NotationError
from solver.game import GAMES, AnyGame, get_game
from solver.mcts import Budget, Rules, SearchPlayers, outcome
from tests.modes import every_mode, spread

POINTS = 3
"""States looked at per game set-up (spread over a seeded random game)."""

ITERATIONS = 4
"""A small budget: enough to grow a tree, quick in every mode."""


def _rules(name: str) -> Rules:
    return _search(get_game(name)).rules


def _search(game: AnyGame, name: str = "mcts") -> SearchPlayers:
    factory = player_factory(game, name)
    assert isinstance(factory, SearchPlayers)
    return factory


def _points(game: AnyGame, players: int, settings: Mapping[str, Any], seed: int) -> Iterator[Any]:
    """``POINTS`` states with a decision, spread over one seeded random game."""
    return spread(game, players, settings, seed, POINTS)


@pytest.mark.parametrize(("name", "players", "settings"), every_mode())
def test_worlds_are_drawn_from_the_view_alone(
    name: str, players: int, settings: Mapping[str, Any]
) -> None:
    game, rules = get_game(name), _rules(name)
    differ = 0
    for k, state in enumerate(_points(game, players, settings, 3)):
        for seat in range(players):
            view = game.view(state, seat)
            other = game.redeal(state, seat, 50 + k)
            world = rules.sample(view, random.Random(k))
            again = rules.sample(game.view(other, seat), random.Random(k))
            assert again == world, f"seat {seat}'s worlds depend on the hidden content"
            assert game.view(world, seat) == view  # a world the view allows
            assert world.legal_moves() == state.legal_moves() or state.to_move != seat
            differ += rules.sample(view, random.Random(k + 99)) != world
    assert differ, "the worlds never changed with the seed"


@pytest.mark.parametrize(("name", "players", "settings"), every_mode())
def test_moves_are_legal_and_read_only_the_view(
    name: str, players: int, settings: Mapping[str, Any]
) -> None:
    game = get_game(name)
    factory = _search(game, f"mcts:{ITERATIONS}")
    for k, state in enumerate(_points(game, players, settings, 8)):
        seat = state.to_move
        player, again = factory(7), factory(7)
        move = player.choose(state)
        assert move in state.legal_moves()
        state.apply(move)
        other = game.redeal(state, seat, 300 + k)
        assert again.choose(other) == move, "the move depends on the hidden content"
        if player.last is not None:  # the whole search, not only its outcome
            assert again.last is not None
            assert again.last.statistics() == player.last.statistics()
        view = game.view_from_json(game.view(state, seat).to_json())
        assert factory(7).decide(view) == move, "the move read from the view differs"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_same_seed_same_move_and_the_seed_matters(name: str) -> None:
    game = get_game(name)
    factory = player_factory(game, "mcts:6")
    moves: set[Any] = set()
    for k, state in enumerate(_points(game, game.default_players, {}, 4)):
        first = factory(k).choose(state)
        assert factory(k).choose(state) == first
        moves |= {factory(seed).choose(state) for seed in range(4)} - {first}
    assert moves, "no seed ever changed a move: the search ignores its seed"


def test_a_time_budget_stops_the_search() -> None:
    game = get_game("vbm")
    state = game.new(2, 5, None)
    for _ in range(2):  # past the Explorer choice, into the row draft
        state = state.apply(state.legal_moves()[0])
    player = _search(game).with_seconds(0.05)(1)
    assert player.budget == Budget(100_000, 0.05)
    assert player.choose(state) in state.legal_moves()


def test_the_iteration_count_is_the_budget() -> None:
    game = get_game("monstrolicious")
    player = _search(game, "mcts:37")(1)
    assert player.budget == Budget(37) and player.name == "mcts:37"
    default = _search(game)(1)
    assert default.budget == Budget(_rules("monstrolicious").iterations)
    assert default.name == "mcts"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("mcts:0", "bad iteration count '0' in 'mcts:0': want 1 to 100000"),
        ("mcts:100001", "bad iteration count '100001'"),
        ("mcts:", "bad iteration count '' in 'mcts:'"),
        ("mcts:ten", "bad iteration count 'ten'"),
        ("mcts:-5", "bad iteration count '-5'"),
        ("mcts:²", "bad iteration count '²'"),
        ("greedy:40", "player 'greedy' takes no iteration count"),
        ("hint:0", "bad millisecond count '0' in 'hint:0': want 1 to 2000"),
        ("wizard:3", "unknown player 'wizard:3' for park"),
    ],
)
def test_bad_player_names_are_refused(name: str, message: str) -> None:
    game = get_game("park")
    with pytest.raises(NotationError, match=message):
        check_lineup(game, ("hint", name))
    with pytest.raises(FieldError) as err:
        game_service.play("park", ["hint", name], 1, 0)
    assert err.value.field == "players"


def test_the_command_line_names_a_bad_count_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run_cli(["park", "play", "--players", "hint,mcts:0", "--games", "1"]) == 2
    assert capsys.readouterr() == (
        "",
        "error: bad iteration count '0' in 'mcts:0': want 1 to 100000\n",
    )


def test_a_match_names_the_search_player_with_its_count() -> None:
    game = get_game("monstrolicious")
    result = play_match(game, ("mcts:3", "mcts:2"), 2, 5).to_json()
    assert set(result["wins"]) == {"0:mcts:3", "1:mcts:2"}


def test_outcome_shares_the_win_between_winning_sides() -> None:
    vbm = get_game("vbm")
    rng = random.Random(3)
    state = vbm.new(4, 2, None)  # team mode: seat s with seat s + 2
    while not state.is_terminal():
        state = state.apply(rng.choice(list(state.legal_moves())))
    won = set(state.winners())
    sides = [team for team in state.teams if won & set(team)]
    assert outcome(state) == tuple(1 / len(sides) if s in won else 0.0 for s in range(4))
    park = get_game("park").new(3, 1, None)  # before the end: the running leaders share
    assert outcome(park) == (1 / 3, 1 / 3, 1 / 3)


def test_search_beats_random() -> None:
    # Monstrolicious: the quickest game to search. Against another random player a
    # random one wins about half; 40 iterations a decision must win 16 of the 20
    # (a coin would do so 0.6 % of the time; a search that credits its edges with
    # the loss instead of the win takes 3).
    game = get_game("monstrolicious")
    result = play_match(game, ("mcts:40", "random"), 20, 1)
    assert result.wins["0:mcts:40"] >= 16, result.to_json()
