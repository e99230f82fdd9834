"""solver/search.py and each game's worlds.py: the ``search`` player, the reference search.

It plays legal moves through whole games, the same seed, view and budget give
the same move, and it reads only the view: a state dealt anew for the seat
(``Game.redeal``: the same view, other hidden content) gets the same move and
the same whole search, in every game and mode (simultaneous steps included).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from api.cli.app import run as run_cli
from solver.arena import check_lineup, play_match, player_factory
from solver.deadline import Clock
from solver.errors import NotationError
from solver.game import GAMES, AnyGame, get_game
from solver.search import Search, SearchPlayer, SearchPlayers, playout
from tests.modes import every_mode, spread

POINTS = 3
"""States looked at per game set-up (spread over a seeded random game)."""

PLAYOUTS = 12
"""A small budget: a few worlds, quick in every mode."""


def _players(game: AnyGame, name: str = "search") -> SearchPlayers:
    factory = player_factory(game, name)
    assert isinstance(factory, SearchPlayers)
    return factory


def _points(game: AnyGame, players: int, settings: Mapping[str, Any], seed: int) -> Iterator[Any]:
    """``POINTS`` states with a choice to make, spread over one seeded random game."""
    return spread(game, players, settings, seed, POINTS, choices_only=True)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_whole_games_are_played_with_legal_moves(name: str) -> None:
    game = get_game(name)
    player, greedy = _players(game, "search:3")(5), game.players["greedy"](6)
    state = game.new(2, 11, None)
    while not state.is_terminal():
        move = (player if state.to_move == 0 else greedy).choose(state)
        assert move in state.legal_moves()
        state = state.apply(move)


@pytest.mark.parametrize(("name", "players", "settings"), every_mode())
def test_the_move_reads_only_the_view(name: str, players: int, settings: Mapping[str, Any]) -> None:
    game = get_game(name)
    factory = _players(game, f"search:{PLAYOUTS}")
    for k, state in enumerate(_points(game, players, settings, 8)):
        seat = state.to_move
        player = factory(7)
        move = player.choose(state)
        assert move in state.legal_moves()
        assert player.last is not None and player.last.playouts > 0
        for redealt in range(3):
            other = game.redeal(state, seat, 300 + 10 * k + redealt)
            again = factory(7)
            assert again.choose(other) == move, "the move depends on the hidden content"
            assert again.last is not None
            assert again.last.statistics() == player.last.statistics()
        view = game.view_from_json(game.view(state, seat).to_json())
        assert factory(7).decide(view) == move, "the move read from the view differs"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_same_seed_and_budget_same_move_and_the_seed_matters(name: str) -> None:
    game = get_game(name)
    factory = _players(game, "search:8")
    searches = set()
    for k, state in enumerate(_points(game, 2, {}, 4)):
        first = factory(k)
        move = first.choose(state)
        again = factory(k)
        assert again.choose(state) == move
        assert first.last is not None and again.last is not None
        assert again.last.statistics() == first.last.statistics()
        for seed in range(3):
            other = factory(100 + seed)
            other.choose(state)
            assert other.last is not None
            searches.add(repr(other.last.statistics()))
    assert len(searches) > 1, "no seed ever changed the search: it ignores its seed"


def test_the_budget_counts_playouts_and_stops_the_search() -> None:
    game = get_game("park")
    state = next(_points(game, 2, {}, 4))
    small = _players(game, "search:5")(1)
    assert small.playouts == 5 and small.name == "search:5"
    small.choose(state)
    assert small.last is not None
    worlds = {len(values) for _, values in small.last.statistics()}
    assert worlds == {1}, "one world holds every candidate: a budget of 5 stops after it"
    default = _players(game)(1)
    assert isinstance(default, SearchPlayer) and default.name == "search"
    assert default.playouts == default.rules.playouts


def test_a_clear_loser_is_dropped_and_the_search_stops_early() -> None:
    game = get_game("park")  # short playouts: a clear loser shows within a few worlds
    player = _players(game, "search:400")(3)
    for state in _points(game, 2, {}, 4):
        player.choose(state)
        assert player.last is not None
        if len(player.last.alive) == 1:
            assert player.last.playouts < 400
            return
    pytest.fail("no candidate was ever dropped")


LAST_TURN = Path(__file__).parent / "park" / "data" / "last-turn.json"
"""Monster Park, seat 1's last turn, 55 points to seat 0's 54: a token wins; the greedy
player buys a bench, and the tie that leaves goes to seat 0."""


def test_a_playouts_last_decision_takes_the_win_its_policy_would_give_away() -> None:
    game = get_game("park")
    state = game.from_json(json.loads(LAST_TURN.read_text()))
    bench = game.players["greedy"](1).choose(state)
    assert state.apply(bench).winners() == (0,)
    rules = _players(game).rules
    assert {playout(rules, state, 1, seed) for seed in range(12)} == {1.0}


def test_a_challenger_plays_the_worlds_it_would_have_played_from_the_start() -> None:
    game = get_game("park")
    state = next(_points(game, 2, {}, 4))
    view = game.view(state, state.to_move)
    first, second = list(state.legal_moves())[:2]
    rules = _players(game).rules
    both = Search(rules, view, 0, [first, second])
    alone = Search(rules, view, 0, [first])
    for _ in range(6):
        both.play_world()
        both.alive = [0, 1]
        alone.play_world()
    alone.challenge(second, Clock.start(60))
    assert alone.values == both.values and alone.playouts == both.playouts == 12


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("search:0", "bad playout count '0' in 'search:0': want 1 to 1000000"),
        ("search:1000001", "bad playout count '1000001'"),
        ("search:", "bad playout count '' in 'search:'"),
        ("search:x", "bad playout count 'x' in 'search:x'"),
        ("search:-5", "bad playout count '-5'"),
        ("search:²", "bad playout count '²'"),
    ],
)
def test_bad_budgets_are_refused_in_player_words(name: str, message: str) -> None:
    for game_name in sorted(GAMES):
        with pytest.raises(NotationError, match=message):
            check_lineup(get_game(game_name), ("hint", name))


def test_the_command_line_names_a_bad_budget_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run_cli(["park", "play", "--players", "hint,search:x", "--games", "1"]) == 2
    assert capsys.readouterr() == (
        "",
        "error: bad playout count 'x' in 'search:x': want 1 to 1000000\n",
    )


def test_a_match_names_the_search_player_with_its_budget() -> None:
    game = get_game("monstrolicious")
    result = play_match(game, ("search:4", "greedy"), 2, 5).to_json()
    assert set(result["wins"]) == {"0:search:4", "1:greedy"}


ROOT = Path(__file__).resolve().parents[2]


def _benchmark(code: str) -> list[str]:
    """What ``code`` prints, run beside ``from benchmarks import playouts, strength`` in a
    fresh interpreter in the checkout (the benchmarks are scripts run from there)."""
    script = f"from benchmarks import playouts, strength\n{code}"
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_the_strength_benchmark_can_play_the_search_as_the_rival() -> None:
    flags = _benchmark(
        "found = strength.setups('park', 1, 1, 7, 3, ('search',))\n"
        "judged, others = found[0], found[1:]\n"
        "print((judged.lineup, judged.games, judged.target) == (('hint', 'search'), 7, 0.5))\n"
        "print(bool(others) and all(s.games == 3 and s.target == 1.3 / s.sides for s in others))\n"
        "print(all('search' in s.lineup for s in others))"
    )
    assert flags == ["True", "True", "True"]


def test_the_playout_benchmark_counts_playouts_and_search_decisions() -> None:
    flags = _benchmark(
        "from solver.game import get_game\n"
        "game = get_game('monstrolicious')\n"
        "speed = playouts.greedy_playouts(game, 0.0, 1)\n"
        "print(speed['playouts_per_second'] > 0 and speed['decisions_per_game'] > 1)\n"
        "row = playouts.search_decisions(game, 1, 1)\n"
        "print(row['decisions'] == 1 and row['budget'] == game.players['search'].rules.playouts)"
    )
    assert flags == ["True", "True"]
