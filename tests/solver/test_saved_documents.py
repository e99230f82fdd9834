"""Every release reads the documents of earlier releases: saved states and views read
with today's code give the legal moves, turn, views (and, where saved, scores) the
release that wrote them gave, and a game goes on from them.

``data/documents/`` holds documents of seeded games mid-play (every game, player
count and mode, each seat's view), written by ``saved_documents.py`` with the code
of: the first release (``round1-d1c28a8``; its views were not yet documents the
service read back, so only Monstrolicious keeps them), the commits just before each
change of Very Big Monster's documents (``kept`` in views after ``round2-1394ad9``,
``sand_direction`` after ``round2-2d294e5``, ``explorer_tokens`` after
``format2-a26286e``, saved with its scores and a team game whose Explorer cards
count the teammate's tokens), the last release before format numbers
(``round2-f976a31``), the first of format 2 (``format2``) and this release
(``format3``). This release's documents are saved too, so the next release is held
to reading them: add that release's own beside them, never rewrite these.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from solver.arena import MAX_DECISIONS
from solver.errors import NotationError
from solver.formats import FORMAT
from solver.game import AnyGame, get_game
from tests.solver.saved_documents import moves_digest

DOCUMENTS = Path(__file__).with_name("data") / "documents"
SAVED = sorted(DOCUMENTS.glob("*.json"))


def _load(path: Path) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return doc


def _legal(game: AnyGame, position: Any) -> dict[str, Any]:
    return moves_digest([game.move_to_json(m) for m in position.legal_moves()], game.name)


def _check_view(game: AnyGame, state: Any, saved: dict[str, Any], newly: set[int]) -> None:
    view = game.view_from_json(saved["view"])
    assert view == game.view(state, saved["seat"])
    if saved["legal"] is not None and saved["seat"] not in newly:
        assert _legal(game, view) == saved["legal"]


def test_documents_are_saved_for_every_game() -> None:
    """The files are there: every game has this release's documents and older ones."""
    written = {(d["game"], d["written_by"]) for d in map(_load, SAVED)}
    for name in ("park", "vbm", "monstrolicious"):
        assert (name, f"format{FORMAT}") in written
        assert (name, "format2") in written
        assert (name, "round1-d1c28a8") in written


@pytest.mark.parametrize("path", SAVED, ids=[p.stem for p in SAVED])
def test_saved_documents_read_and_play_on(path: Path) -> None:
    saved = _load(path)
    game = get_game(saved["game"])
    for k, snap in enumerate(saved["snapshots"]):
        state = game.from_json(snap["state"])
        assert _legal(game, state) == snap["legal"], k
        assert (state.to_move, state.is_terminal()) == (snap["to_move"], snap["terminal"])
        if "scores" in snap:
            assert [score.total for score in state.scores()] == snap["scores"], k
        waiting = set(game.waiting(state))
        before = set(snap.get("waiting", [] if snap["to_move"] is None else [snap["to_move"]]))
        assert before <= waiting
        # seats that choose now in a step that has become simultaneous since
        newly = waiting - before
        for view in snap["views"]:
            _check_view(game, state, view, newly)
        rng = random.Random(k)
        for _ in range(MAX_DECISIONS):
            if state.is_terminal():
                break
            state = state.apply(rng.choice(list(state.legal_moves())))
        assert state.is_terminal()
        assert state.to_json()["format"] == FORMAT
        assert game.from_json(state.to_json()) == state


def test_older_very_big_monster_states_keep_their_sand_reading() -> None:
    """A state from before ``sand_direction`` scores Sand both ways, as it did then;
    each seat knows the discards it made itself."""
    old = _load(DOCUMENTS / "round1-d1c28a8-vbm.json")["snapshots"]
    states = [get_game("vbm").from_json(s["state"]) for s in old]
    assert {s.sand_direction for s in states} == {"both_ways"}
    late = [s for s in states if s.mode != "rows" and s.discards]
    assert late
    for state in late:
        assert all(
            set(state.discards[seat :: state.players]) == set(known)
            for seat, known in enumerate(state.seen)
        )


def test_older_very_big_monster_documents_count_both_teammates_tokens() -> None:
    """Every document from before ``explorer_tokens`` reads with ``team``, the reading
    that wrote it: the saved team game's Explorer "3 VP per Reward Mission token" keeps
    the 9 VP more that the teammate's three tokens gave it then."""
    game = get_game("vbm")
    older = [p for p in SAVED if p.stem.endswith("-vbm") and not p.stem.startswith("format3")]
    for path in older:
        for snap in _load(path)["snapshots"]:
            assert game.from_json(snap["state"]).explorer_tokens == "team", path.stem
            for view in snap["views"]:
                if view["legal"] is not None:
                    assert game.view_from_json(view["view"]).explorer_tokens == "team"
    team = _load(DOCUMENTS / "format2-a26286e-vbm.json")["snapshots"][-1]
    state = game.from_json(team["state"])
    assert [s.total for s in state.scores()] == team["scores"] == [57, 56, 46, 55]
    today = replace(state, explorer_tokens="own").scores()[1].lines["explorer"]
    assert state.scores()[1].lines["explorer"] - today == 9


def test_a_state_of_this_format_round_trips_with_its_explorer_tokens() -> None:
    game = get_game("vbm")
    for reading in ("own", "team"):
        state = game.new(4, 13, {"explorer_tokens": reading})
        doc = state.to_json()
        assert (doc["format"], doc["explorer_tokens"]) == (FORMAT, reading)
        assert game.from_json(json.loads(json.dumps(doc))) == state
        view = game.view(state, 1)
        assert game.view_from_json(view.to_json()) == view


def test_only_the_fields_added_after_a_documents_format_are_filled_in() -> None:
    """A format-2 document lacks only ``explorer_tokens``; one that lacks a field format
    2 already had is refused, and so is a document of this format without the setting."""
    game = get_game("vbm")
    doc = game.new(4, 3, None).to_json()
    two = {k: v for k, v in doc.items() if k != "explorer_tokens"} | {"format": 2}
    assert game.from_json(two).explorer_tokens == "team"
    for gone in ("sand_direction", "seen"):
        with pytest.raises(NotationError) as err:
            game.from_json({k: v for k, v in two.items() if k != gone})
        assert err.value.path == gone
    with pytest.raises(NotationError) as err:
        game.from_json({**two, "format": FORMAT})
    assert err.value.path == "explorer_tokens"


@pytest.mark.parametrize("name", ["park", "vbm", "monstrolicious"])
def test_a_later_format_is_refused_at_format(name: str) -> None:
    game = get_game(name)
    state = game.new(game.default_players, 3, None)
    for doc in (state.to_json(), game.view(state, 0).to_json()):
        assert doc["format"] == FORMAT
        with pytest.raises(NotationError, match="newer version") as later:
            game.read({**doc, "format": FORMAT + 1})
        assert later.value.path == "format"
        for bad in (0, "2", True, 2.0, None):
            with pytest.raises(NotationError) as err:
                game.read({**doc, "format": bad})
            assert err.value.path == "format"


@pytest.mark.parametrize("name", ["park", "vbm", "monstrolicious"])
def test_this_format_holds_every_field(name: str) -> None:
    """Only documents of earlier formats get fields filled in: one that says it is of
    this format and lacks a field is refused."""
    game = get_game(name)
    doc = game.new(game.default_players, 3, None).to_json()
    gone = next(k for k in doc if k not in ("game", "format", "players", "reveal_pending"))
    with pytest.raises(NotationError):
        game.read({k: v for k, v in doc.items() if k != gone})
