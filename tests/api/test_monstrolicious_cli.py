"""``monsters monstrolicious infer``: from a full state or from a player's view."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from solver.game import get_game
from solver.monstrolicious.infer import infer
from solver.monstrolicious.state import View

Cli = Callable[..., tuple[int, str, str]]


def _midgame(moves: int) -> Any:
    game = get_game("monstrolicious")
    rng = random.Random(moves)
    state = game.new(2, moves, None)
    for _ in range(moves):
        state = state.apply(rng.choice(list(state.legal_moves())))
    return state


def test_infer_from_a_state_and_from_the_view_agree(cli: Cli, tmp_path: Path) -> None:
    state = _midgame(12)
    seat = state.to_move
    (tmp_path / "state.json").write_text(json.dumps(state.to_json()))
    (tmp_path / "view.json").write_text(json.dumps(state.view(seat).to_json()))
    code, out, _ = cli(["monstrolicious", "infer", str(tmp_path / "state.json"), "--json"])
    assert code == 0
    answer = json.loads(out)
    assert answer == infer(View.of(state, seat), 20)
    assert answer["worlds"] > 1 and answer["tiles"]
    code, out_view, _ = cli(["monstrolicious", "infer", str(tmp_path / "view.json"), "--json"])
    assert code == 0 and json.loads(out_view) == answer
    code, text, _ = cli(["monstrolicious", "infer", str(tmp_path / "view.json")])
    assert code == 0 and f"{answer['worlds']} world(s) fit" in text and "face-down tiles" in text


def test_a_view_cannot_speak_for_the_other_seat(cli: Cli, tmp_path: Path) -> None:
    state = _midgame(6)
    seat = state.to_move
    (tmp_path / "view.json").write_text(json.dumps(state.view(seat).to_json()))
    code, out, err = cli(
        ["monstrolicious", "infer", str(tmp_path / "view.json"), "--seat", str(1 - seat)]
    )
    assert (code, out) == (2, "") and f"this is seat {seat}'s view" in err and err.count("\n") == 1


def test_infer_refuses_a_view_that_shows_a_hidden_tile(cli: Cli, tmp_path: Path) -> None:
    state = _midgame(12)
    seat = state.to_move
    doc = state.view(seat).to_json()
    them = 1 - seat
    key, tile = next(
        (k, t) for k, t in doc["board"][them].items() if t is not None and t["tile"] is None
    )
    truth = state.board[them][list(doc["board"][them]).index(key)]
    tile["tile"] = "trap" if truth.value == 0 else truth.value
    (tmp_path / "view.json").write_text(json.dumps(doc))
    code, out, err = cli(["monstrolicious", "infer", str(tmp_path / "view.json"), "--json"])
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert f"board[{them}].{key}.tile" in err and "cannot see" in err
