"""The facts behind every hint (solver/facts.py, docs/reasons.md): a short summary without
jargon, and ``because`` facts whose codes each game registers and renders.

A summary's jargon: the hint's inner words (its value, worlds, plan, model, weights)
and any percentage but a chance ("62% of the time", "(40% chance)").
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from solver.facts import (
    COMMON,
    SUMMARY_LENGTH,
    Code,
    Fact,
    Reason,
    registry,
    render,
    shorten,
)
from solver.game import GAMES, get_game
from solver.review import coach_of, review
from tests.modes import every_mode, spread

DOC = Path(__file__).parents[2] / "docs" / "reasons.md"
BUDGET = 0.05
PLAYOUT_BUDGET = 0.3
"""A budget that buys playouts beyond the exact hint (``solver.anytime``)."""
JARGON = re.compile(
    r"\b(weigh\w*|hints?|objective|values?|worlds?|plan|model|playouts?|samples?|detail|margin)\b"
    r"|%(?! of the time| chance)",
    re.IGNORECASE,
)
"""What a summary must not say."""
NAMES = sorted(GAMES)


def _seat(game: Any, state: Any) -> int:
    """The seat to decide (in a simultaneous step, the first still waiting)."""
    seat: int = state.to_move if state.to_move is not None else game.waiting(state)[0]
    return seat


@pytest.mark.parametrize(("name", "players", "settings"), every_mode())
def test_every_ranked_move_has_a_short_summary_and_registered_facts(
    name: str, players: int, settings: Any
) -> None:
    game = get_game(name)
    codes = game.fact_codes()
    for state in spread(game, players, settings, 11, 4, choices_only=True):
        view = game.view(state, _seat(game, state))
        for entry in game.ranked(view, game.hint(view, BUDGET)):
            said = entry.summary
            assert said and len(said) <= SUMMARY_LENGTH and "\n" not in said, said
            assert said.endswith(".") and said.count(". ") == 0, said
            assert not JARGON.search(said), said
            assert entry.because or not game.facts, entry.reason
            assert "weigh" not in entry.reason, entry.reason
            for fact in entry.because:
                assert fact.code in codes, (name, fact)
                assert render(fact, codes)
            assert entry.to_json()["because"] == [f.to_json() for f in entry.because]


@pytest.mark.parametrize("name", NAMES)
def test_what_the_playouts_found_is_a_registered_fact(name: str) -> None:
    game = get_game(name)
    state = game.new(game.default_players, 3, None)
    ranked = game.hint(game.view(state, _seat(game, state)), PLAYOUT_BUDGET)
    found = [f for entry in ranked for f in entry.because if f.code.startswith("played-out")]
    assert found
    assert all(render(f, game.fact_codes()) for f in found)


@pytest.mark.parametrize("name", NAMES)
def test_every_registered_template_renders_with_its_params(name: str) -> None:
    codes = get_game(name).fact_codes()
    assert COMMON.items() <= codes.items()
    for code in codes.values():
        assert code.meaning and code.template, code
        text = render(Fact(code.code, dict.fromkeys(code.params, 1)), codes)
        assert "{" not in text and not text[0].islower() and text.endswith("."), text


@pytest.mark.parametrize("name", NAMES)
def test_a_reviews_because_facts_are_registered_and_told(name: str) -> None:
    game, coach = get_game(name), coach_of(name)
    codes = game.fact_codes()
    state = next(spread(game, game.default_players, {}, 5, 1, choices_only=True))
    view = game.view(state, _seat(game, state))
    ranked = game.hint(view, BUDGET)
    found = review(ranked, ranked[-1].move, coach.thresholds(view), coach.FACTS)
    for told in found.to_json()["because"]:
        fact = Fact.from_json(told)
        assert fact.code in codes and told["text"] == render(fact, codes), told


@pytest.mark.parametrize("name", NAMES)
def test_the_docs_list_every_code_with_its_template(name: str) -> None:
    if not get_game(name).facts:
        assert get_game(name).fact_codes() == COMMON  # a game without facts of its own
        return
    doc = DOC.read_text()
    section = doc.split(f"<!-- {name} -->", 1)[1].split("<!-- /", 1)[0]
    listed = set(re.findall(r"^\| `([a-z0-9-]+)` \|", section, re.MULTILINE))
    codes = get_game(name).fact_codes()
    assert listed == set(codes)
    for code in codes.values():
        assert code.template in section, code.code
    assert get_game(name).value_unit() in section


def test_a_registry_refuses_a_code_twice_or_not_kebab_case() -> None:
    code = Code("points-now", "The points.", "Scores {points} points")
    with pytest.raises(ValueError, match="twice"):
        registry(code, code)
    with pytest.raises(ValueError, match="kebab-case"):
        registry(Code("points_now", "", ""))


def test_a_summary_keeps_what_fits_most_telling_first() -> None:
    long = "x" * 90
    assert shorten(["+3 points now", long, "sets up your next turns"]) == (
        "+3 points now and sets up your next turns."
    )
    cut = shorten([" ".join(["word"] * 40)])
    assert len(cut) <= SUMMARY_LENGTH and cut.endswith("...")
    said = Reason("a", (Fact("x"),), ("one",)) + Reason("; b", (), ("two",))
    assert (said.text, said.summary) == ("a; b", "One and two.")
