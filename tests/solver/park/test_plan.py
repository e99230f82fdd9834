"""The hint's CP-SAT plan: the next turn's exact actions and the later turns' options."""

from __future__ import annotations

import importlib

import pytest

from solver.park import GAME
from solver.park.board import Counts
from solver.park.plan import (
    COUNT,
    LATER,
    SCALE,
    After,
    Option,
    Plan,
    Solved,
    Target,
    build,
    solve,
)
from solver.park.state import new_state


def _after(tokens: int = 10) -> After:
    empty = Counts(0, 0, 0, (0, 0, 0), (0,) * 6, 0, 0, 0, 0)
    return After(
        value=SCALE,
        tokens=tokens,
        floors=(0, 0, 0),
        free=(5, 5, 5),
        counts=empty,
        friendly10=0,
        nasty10=0,
        has_friendly10=(0, 0, 0),
        has_nasty10=(0, 0, 0),
        held=0,
        tourists=frozenset({"land-4"}),
        ends=False,
    )


def _option(
    name: str, value: float, area: str = "land", first: bool = True, **kw: object
) -> Option:
    fields: dict[str, object] = {
        "name": name,
        "area": area,
        "size": 3,
        "price": 0,
        "value": round(value * SCALE),
        "weight": COUNT,
        "friendly": COUNT,
        "upgrade": False,
        "allowed": frozenset({0}),
        "key": name,
        "first": first,
    }
    fields.update(kw)
    return Option(**fields)  # type: ignore[arg-type]


FOUR_LAND = Target("land-4", "area", 4, 1, 0, "", 3 * SCALE)


def _plan(
    options: list[Option], turns: int = 3, targets: list[Target] | None = None
) -> tuple[float, tuple[str, ...]]:
    solved = solve(build([_after()], options, turns, targets or []), 5.0)
    assert solved is not None and solved.optimal
    return solved.values[0], solved.steps[0]


def test_the_next_turn_takes_one_action_at_most() -> None:
    value, steps = _plan([_option("a", 4), _option("b", 3), _option("later", 2, first=False)])
    assert steps == ("a", "later")
    assert value == pytest.approx(1 + LATER * (4 - 1) + LATER**2 * (2 - 1), abs=0.01)


def test_a_card_is_placed_once_though_two_turns_could_take_it() -> None:
    value, steps = _plan([_option("x", 4), _option("x", 3.5, first=False), _option("y", 2)])
    assert steps == ("y", "x")
    assert value == pytest.approx(1 + LATER * (2 - 1) + LATER**2 * (3.5 - 1), abs=0.01)


def test_a_tourist_the_next_turn_brings_counts_once() -> None:
    """The next-turn action's exact value counts the tourist it completes; the plan's
    target for the same tourist may not count it again."""
    claims = frozenset({"land-4"})
    brings = _option("brings", 2 + 3, claims=claims)
    later = [_option(f"l{size}", 1.5, first=False, size=size) for size in (1, 2, 4, 5)]
    value, steps = _plan([brings, *later], turns=4, targets=[FOUR_LAND])
    assert value == pytest.approx(1 + LATER * (5 - 1) + 3 * LATER**2 * (1.5 - 1), abs=0.02)
    assert steps[0] == "brings"


def test_the_plans_of_a_seeded_game_are_proved_optimal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint's plan is the optimum, not wherever the work limit stopped the search
    (which would change with the limit)."""
    hint_module = importlib.import_module("solver.park.hint")
    solved: list[Solved | None] = []

    def solve_and_keep(plan: Plan, seconds: float) -> Solved | None:
        solved.append(solve(plan, 10.0))  # the work limit, not a busy machine's clock
        return solved[-1]

    monkeypatch.setattr(hint_module, "solve", solve_and_keep)
    for seed in (3, 4):
        state = new_state(2, seed=seed)
        for _ in range(8):
            state = state.apply(GAME.players["hint"](0).choose(state))
    assert len(solved) >= 12
    assert all(s is not None and s.optimal for s in solved)
