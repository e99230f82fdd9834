"""solver/arena.py on the Pile game (tests/solver/conftest.py)."""

from __future__ import annotations

from typing import Any

import pytest

from solver import arena
from solver.arena import GameRecord, game_seed, play_game, play_match, tally
from solver.backends import ProcessBackend
from solver.errors import NotationError
from solver.game import AnyGame, get_game


def _without_times(result: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in result.items() if not k.startswith("hint_ms")}


def test_a_game_scores_every_counter(toy: AnyGame) -> None:
    for index in range(4):
        record = play_game(toy, ("first", "second"), index, seed=1)
        assert len(record.scores) == 2
        assert sum(record.scores) == 7 + 3  # every counter, plus 3 for the last


def test_records_follow_the_entry_not_the_seat(toy: AnyGame) -> None:
    lineup = ("first", "second")
    for index in range(6):
        record = play_game(toy, lineup, index, seed=5)
        state = toy.new(2, game_seed(5, index), None)
        while not state.is_terminal():
            entry = (state.to_move - index) % 2  # entry e sits in seat (e + index) % 2
            state = state.apply(min(2 if lineup[entry] == "first" else 1, state.left))
        by_seat = [score.total for score in state.scores()]
        assert record.scores == tuple(by_seat[(e + index) % 2] for e in range(2))
        assert record.winners == tuple(sorted((w - index) % 2 for w in state.winners()))


def test_same_seed_same_match(toy: AnyGame) -> None:
    one = play_match(toy, ("hint", "first"), 30, seed=3).to_json()
    two = play_match(toy, ("hint", "first"), 30, seed=3).to_json()
    assert _without_times(one) == _without_times(two)
    assert one["games"] == 30
    assert sum(one["wins"].values()) + one["ties"] == 30


def test_workers_do_not_change_the_result(toy: AnyGame, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena, "get_game", lambda name: toy)  # worker processes fork
    alone = play_match(toy, ("hint", "second", "first"), 40, seed=9, workers=1)
    pooled = play_match(toy, ("hint", "second", "first"), 40, seed=9, workers=2)
    assert _without_times(alone.to_json()) == _without_times(pooled.to_json())


def test_only_hint_decisions_are_timed(toy: AnyGame) -> None:
    timed = play_match(toy, ("hint", "first"), 10, seed=0)
    untimed = play_match(toy, ("second", "first"), 10, seed=0)
    assert timed.to_json()["hint_ms_p95"] is not None and timed.hint_ms
    assert untimed.to_json()["hint_ms_p50"] is None


def test_progress_counts_every_game(toy: AnyGame) -> None:
    seen: list[int] = []
    play_match(toy, ("hint", "first"), 7, seed=0, progress=seen.append)
    assert sum(seen) == 7


def test_bad_lineups_are_refused(toy: AnyGame) -> None:
    with pytest.raises(NotationError, match="unknown player 'wizard'"):
        play_match(toy, ("hint", "wizard"), 1, seed=0)
    with pytest.raises(NotationError, match="2 to 3 players, not 4"):
        play_match(toy, ("hint",) * 4, 1, seed=0)


def test_win_rate_leaves_ties_out() -> None:
    records = [
        GameRecord((0,), (9, 1), (), True),
        GameRecord((0,), (9, 1), (), True),
        GameRecord((1,), (1, 9), (), True),
        GameRecord((0, 1), (5, 5), (), False),
    ]
    result = tally(("a", "b"), records)
    assert result.ties == 1
    assert result.win_rate(0, ("a", "b")) == pytest.approx(2 / 3)
    shared = GameRecord((0, 1), (5, 5), (), False)
    assert tally(("a", "b"), [shared]).win_rate(0, ("a", "b")) is None


def test_a_winning_team_is_a_win_for_each_of_its_entries() -> None:
    records = [
        GameRecord((0, 2), (9, 1, 8, 2), (), True),
        GameRecord((1, 3), (1, 9, 2, 8), (), True),
        GameRecord((0, 1, 2, 3), (5, 5, 5, 5), (), False),
    ]
    result = tally(("a", "b", "a", "b"), records)
    assert result.wins == {"0:a": 1, "1:b": 1, "2:a": 1, "3:b": 1}
    assert result.ties == 1
    assert result.win_rate(0, ("a", "b", "a", "b")) == pytest.approx(1 / 2)


def test_a_team_game_is_decided_by_one_whole_team() -> None:
    vbm = get_game("vbm")  # 4 players: team mode, seat s with seat s + 2
    records = [play_game(vbm, ("random",) * 4, index, seed=2) for index in range(4)]
    assert any(r.decided for r in records)
    for record in records:
        one_team = len(record.winners) == 2 and record.winners[1] - record.winners[0] == 2
        assert record.decided == one_team


def test_worker_processes_read_the_files_their_parent_may(tmp_path: Any) -> None:
    from importlib import resources

    from solver.files import allow_files

    deck = tmp_path / "deck.toml"
    deck.write_text(resources.files("solver.park").joinpath("data/deck.toml").read_text())
    park = get_game("park")
    lineup, settings = ("random", "random"), {"deck": str(deck)}
    with allow_files():
        alone = play_match(park, lineup, 4, 1, settings).to_json()
        split = play_match(park, lineup, 4, 1, settings, workers=2).to_json()
    assert _without_times(split) == _without_times(alone)


def test_the_players_named_are_the_ones_timed(toy: AnyGame) -> None:
    def count(*names: str) -> int:
        record = play_game(toy, ("first", "second"), 0, seed=2, timed=frozenset(names))
        return len(record.hint_ms)

    assert count() == 0 and count("first") > 0 and count("second") > 0
    assert count("first", "second") == count("first") + count("second")


def test_a_process_backend_gives_the_same_result(
    toy: AnyGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(arena, "get_game", lambda name: toy)  # worker processes fork
    lineup = ("hint", "second", "first")
    alone = play_match(toy, lineup, 30, seed=4)
    seen: list[int] = []
    pooled = play_match(toy, lineup, 30, seed=4, progress=seen.append, backend=ProcessBackend(2))
    assert _without_times(pooled.to_json()) == _without_times(alone.to_json())
    assert sum(seen) == 30 and len(seen) == len(arena.chunks(30, 2))


def test_chunks_cover_every_game_once_in_order() -> None:
    for games, workers in [(0, 1), (1, 4), (7, 1), (7, 4), (100, 2), (1000, 8)]:
        units = arena.chunks(games, workers)
        assert [i for chunk in units for i in chunk] == list(range(games))
        assert all(len(chunk) <= arena.CHUNK for chunk in units)
