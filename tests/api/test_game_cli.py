"""``monsters <game> new | hint | validate | score | play`` for every registered game."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from api.cli.app import group, groups
from solver.game import GAMES, Json, get_game

Cli = Callable[..., tuple[int, str, str]]
NAMES = sorted(GAMES)
PLAY_KEYS = {"games", "wins", "ties", "mean_score", "hint_ms_p50", "hint_ms_p95"}


def _write(tmp_path: Path, name: str, doc: Any) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(doc))
    return str(path)


def test_every_game_has_its_commands_and_title() -> None:
    assert sorted(groups()) == sorted(["manno", *NAMES])
    for name in NAMES:
        game = get_game(name)
        assert game.name == name and game.title == GAMES[name].title
        assert group(name).name == name and game.title in group(name).help


@pytest.mark.parametrize("name", NAMES)
def test_new_prints_a_state_the_game_reads(cli: Cli, name: str) -> None:
    code, out, _ = cli([name, "new", "--seed", "4"])
    assert code == 0
    game = get_game(name)
    state = game.from_json(json.loads(out))
    assert state == game.new(game.default_players, 4, None)
    assert cli([name, "new", "--seed", "4"])[1] == out
    assert cli([name, "new", "--seed", "5"])[1] != out


@pytest.mark.parametrize("name", NAMES)
def test_new_without_a_seed_draws_64_bits(cli: Cli, name: str) -> None:
    seeds = {json.loads(cli([name, "new"])[1])["seed"] for _ in range(3)}
    assert len(seeds) == 3, "a game set up without a seed must not repeat one"
    assert all(0 <= s < 2**64 for s in seeds) and max(seeds) >= 2**40


@pytest.mark.parametrize("name", NAMES)
def test_view_prints_what_the_seat_sees(cli: Cli, name: str, tmp_path: Path) -> None:
    game = get_game(name)
    state = game.new(game.default_players, 6, None)
    path = _write(tmp_path, "state.json", state.to_json())
    code, out, _ = cli([name, "view", path, "--seat", "1"])
    assert code == 0
    assert json.loads(out) == state.view(1).to_json() and json.loads(out)["view_of"] == 1
    assert "seed" not in json.loads(out)
    code, _, err = cli([name, "view", path, "--seat", "9"])
    assert code == 2 and "seat 9" in err and err.count("\n") == 1


@pytest.mark.parametrize("name", NAMES)
def test_a_state_file_nested_deep_is_one_line(cli: Cli, name: str, tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 5000 + "]" * 5000)
    code, _, err = cli([name, "hint", str(path), "--json"])
    assert code == 2 and "nested deeper" in err and err.count("\n") == 1


@pytest.mark.parametrize("name", NAMES)
def test_new_refuses_bad_setups_in_one_line(cli: Cli, name: str) -> None:
    game = get_game(name)
    code, out, err = cli([name, "new", "--players", str(game.max_players + 1)])
    assert (code, out) == (2, "")
    assert err.startswith("error: ") and err.count("\n") == 1 and "players" in err
    code, _, err = cli([name, "new", "--set", "no-such-setting=1"])
    assert code == 2 and "no-such-setting" in err and err.count("\n") == 1
    code, _, err = cli([name, "new", "--set", "novalue"])
    assert code == 2 and "NAME=VALUE" in err


@pytest.mark.parametrize("name", NAMES)
def test_hint_ranks_the_moves_of_the_seat_to_move(cli: Cli, name: str, tmp_path: Path) -> None:
    game = get_game(name)
    state = game.new(game.default_players, 2, None)
    path = _write(tmp_path, "state.json", state.to_json())
    code, out, _ = cli([name, "hint", path, "--json"])
    assert code == 0
    answer = json.loads(out)
    assert answer["seat"] == state.to_move and answer["game"] == name
    offered = game.view(state, state.to_move).legal_moves()  # as the mover's view names them
    legal = sorted(json.dumps(game.move_to_json(m), sort_keys=True) for m in offered)
    assert sorted(json.dumps(m["move"], sort_keys=True) for m in answer["moves"]) == legal
    code, out, _ = cli([name, "hint", "-"], stdin=json.dumps(state.to_json()))
    assert code == 0 and f"hints for seat {state.to_move}" in out


@pytest.mark.parametrize("name", NAMES)
def test_validate_says_legal_or_the_rule_broken(
    cli: Cli, name: str, tmp_path: Path, illegal: Callable[[str], tuple[Json, Json]]
) -> None:
    game = get_game(name)
    state = game.new(game.default_players, 2, None)
    move = game.move_to_json(state.legal_moves()[0])
    code, out, _ = cli(
        [name, "validate", _write(tmp_path, "s.json", state.to_json()), "-", "--json"],
        stdin=json.dumps(move),
    )
    assert (code, json.loads(out)) == (0, {"legal": True, "reason": "legal"})
    bad_state, bad_move = illegal(name)
    code, out, _ = cli(
        [
            name,
            "validate",
            _write(tmp_path, "b.json", bad_state),
            _write(tmp_path, "m.json", bad_move),
        ]
    )
    assert code == 1 and out.startswith("illegal: ") and len(out.strip()) > len("illegal: ")


@pytest.mark.parametrize("name", NAMES)
def test_bad_files_are_one_line_errors(cli: Cli, name: str, tmp_path: Path) -> None:
    code, _, err = cli([name, "hint", str(tmp_path / "missing.json")])
    assert code == 2 and err.count("\n") == 1
    (tmp_path / "broken.json").write_text("{not json")
    code, _, err = cli([name, "score", str(tmp_path / "broken.json")])
    assert code == 2 and "not JSON" in err and err.count("\n") == 1
    code, _, err = cli([name, "score", _write(tmp_path, "o.json", {"hello": 1})])
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1
    code, _, err = cli([name, "score", _write(tmp_path, "l.json", [1, 2])])
    assert code == 2 and "object" in err


@pytest.mark.parametrize("name", NAMES)
def test_score_names_the_winners_at_the_end(
    cli: Cli, name: str, tmp_path: Path, trail: Callable[[str, int], list[Any]]
) -> None:
    final = trail(name, 3)[-1]
    code, out, _ = cli([name, "score", _write(tmp_path, "end.json", final.to_json()), "--json"])
    assert code == 0
    sheet = json.loads(out)
    assert sheet["terminal"] is True
    assert sheet["winners"] == list(final.winners())
    assert [s["total"] for s in sheet["scores"]] == [s.total for s in final.scores()]
    code, out, _ = cli([name, "score", _write(tmp_path, "end.json", final.to_json())])
    assert code == 0 and "final scores" in out and "total" in out


@pytest.mark.parametrize("name", NAMES)
def test_play_prints_the_contract_object_and_repeats(cli: Cli, name: str) -> None:
    args = [name, "play", "--players", "greedy,random", "--games", "4", "--seed", "7", "--json"]
    code, out, _ = cli(args)
    assert code == 0
    result = json.loads(out)
    assert set(result) == PLAY_KEYS
    assert result["games"] == 4 and set(result["wins"]) == {"0:greedy", "1:random"}
    assert sum(result["wins"].values()) + result["ties"] == 4
    assert result["hint_ms_p50"] is None  # no hint player, nothing timed
    assert cli(args)[1] == out
    code, out, _ = cli([name, "play", "--players", "hint,random", "--games", "1"])
    assert code == 0 and "0:hint" in out and "hint: p50" in out


@pytest.mark.parametrize("name", NAMES)
def test_play_refuses_unknown_players(cli: Cli, name: str) -> None:
    code, _, err = cli([name, "play", "--players", "hint,wizard", "--games", "1"])
    assert code == 2 and "wizard" in err and err.count("\n") == 1


@pytest.mark.parametrize("name", NAMES)
def test_render_draws_the_board(cli: Cli, name: str, tmp_path: Path) -> None:
    game = get_game(name)
    state = game.new(game.default_players, 2, None)
    path = _write(tmp_path, "state.json", state.to_json())
    code, out, _ = cli([name, "render", path])
    assert code == 0 and out.startswith("<svg") and out.rstrip().endswith("</svg>")
    target = tmp_path / "board.svg"
    code, out, _ = cli([name, "render", path, "--seat", "1", "--svg", str(target), "--json"])
    assert code == 0
    assert json.loads(out) == {
        "game": name,
        "seat": 1,
        "svg": str(target),
        "bytes": target.stat().st_size,
    }
    code, out, err = cli([name, "render", path, "--seat", "9"])
    assert (code, out) == (2, "") and "seat 9" in err and err.count("\n") == 1


@pytest.mark.parametrize("name", NAMES)
def test_render_replaces_a_picture_only_with_force(cli: Cli, name: str, tmp_path: Path) -> None:
    game = get_game(name)
    path = _write(tmp_path, "state.json", game.new(game.default_players, 1, None).to_json())
    svg = tmp_path / "board.svg"
    svg.write_text("keep")
    code, _, err = cli([name, "render", path, "--svg", str(svg)])
    assert code == 2 and "--force" in err and svg.read_text() == "keep"
    assert cli([name, "render", path, "--svg", str(svg), "--force"])[0] == 0
    assert svg.read_text().startswith("<svg")


def test_a_full_standard_output_is_one_line(tmp_path: Path) -> None:
    import subprocess
    import sys

    path = _write(tmp_path, "state.json", get_game("vbm").new(2, 3, None).to_json())
    monsters = str(Path(sys.executable).with_name("monsters"))
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [monsters, "vbm", "score", path], stdout=full, stderr=subprocess.PIPE, text=True
        )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and "cannot write" in done.stderr
