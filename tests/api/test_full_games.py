"""Whole games through a real ``monsters serve`` process, as a front end plays them.

For every game and every mode (``tests.modes.every_mode``), one seeded game on
loopback over one keep-alive connection: ``new``, then for each seat waiting
``view`` -> ``legal`` (of the view) -> ``hint`` of the view and ``hint`` of the
full state for that seat (equal answers: a hint reads only the seat's view) ->
``validate`` of the hinted move on the view -> ``apply`` on the full state,
until the game ends; then ``score`` of the final state and of every seat's view.
Every seat waiting in a step chooses from the same position (Very Big Monster's
simultaneous steps), then the moves are applied one after another; a move that
an earlier one of its step has made illegal (the race for a free Spaceship) must
be refused by that rule, and its seat chooses again from its fresh view.

Hinted moves are played at every step of each game's default mode (its default
player count, default settings). The other modes would take minutes that way on
two cores, so they ask and compare hints at every ``HINT_EVERY``-th step and play
a seeded random move of the view's legal moves at the others: every mode still
goes through view, legal, apply and score to its end.

The hints must not depend on the clock for the comparison to hold, and at the
default budget they do not: Monster Park and Very Big Monster stop CP-SAT by a
deterministic work limit, Monstrolicious sizes its sample from the budget asked
(never from what a queue left of it), and the wall-clock guards are ten times
longer.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import httpx2
import pytest

from solver.game import get_game
from tests.modes import every_mode

SEED = 11
HINT_EVERY = 10
"""Outside a game's default mode, hints are asked at every this-many-th step."""
MAX_STEPS = 1_000
"""More steps than any game takes: a game that does not end fails."""


@pytest.fixture(scope="module")
def client(base: str) -> Iterator[httpx2.Client]:
    """One keep-alive connection to the running service."""
    with httpx2.Client(base_url=base, timeout=30) as kept:
        yield kept


def _post(client: httpx2.Client, path: str, body: Mapping[str, Any]) -> Any:
    answer = client.post(path, json=body)
    assert answer.status_code == 200, f"{path}: {answer.status_code} {answer.text[:500]}"
    return answer.json()


def _hinted(client: httpx2.Client, name: str, state: Any, view: Any, seat: int) -> Any:
    """The top hint for ``seat`` (the move with its label and notation), asked of its view
    and of the full state alike."""
    ask = {"seat": seat, "top": 1}
    from_view = _post(client, f"/v1/{name}/hint", {"state": view, **ask})
    from_state = _post(client, f"/v1/{name}/hint", {"state": state, **ask})
    assert from_view == from_state, f"seat {seat}: the hint read more than the view"
    assert from_view["game"] == name and from_view["seat"] == seat
    [best] = from_view["moves"]
    return best


def _choose(
    client: httpx2.Client, name: str, state: Any, seat: int, hint: bool, rng: random.Random
) -> Any:
    """What ``seat`` plays, chosen from its view: the hint's top move, or a random legal one."""
    shown = _post(client, f"/v1/{name}/view", {"state": state, "seat": seat})
    view = shown["view"]
    assert view["view_of"] == seat and seat in shown["turn"]["waiting"]
    moves = _post(client, f"/v1/{name}/legal", {"state": view})["moves"]
    assert moves, f"seat {seat} is waiting but has no legal move"
    if not hint:
        return rng.choice(moves)
    best = _hinted(client, name, state, view, seat)
    move = {**best["move"], "label": best["label"], "notation": best["notation"]}
    assert move in moves, f"the hint {move} is not among the legal moves"
    verdict = _post(client, f"/v1/{name}/validate", {"state": view, "move": move})
    assert verdict == {"legal": True, "reason": "legal"}
    return move


def _play(client: httpx2.Client, name: str, players: int, settings: Any, every: int) -> Any:
    """One seeded game to its end; hints at every ``every``-th step. The final state."""
    body = {"players": players, "seed": SEED, "settings": settings}
    started = _post(client, f"/v1/{name}/new", body)
    state, turn = started["state"], started["turn"]
    rng = random.Random(SEED)
    for step in range(MAX_STEPS):
        if turn["terminal"]:
            return state
        waiting = turn["waiting"]
        assert waiting and turn["to_move"] in waiting, f"step {step}: {turn}"
        hint = step % every == 0
        moves = [(seat, _choose(client, name, state, seat, hint, rng)) for seat in waiting]
        for k, (seat, move) in enumerate(moves):
            assert seat in turn["waiting"], f"seat {seat} lost its decision: {turn}"
            answer = client.post(f"/v1/{name}/apply", json={"state": state, "move": move})
            if k > 0 and answer.status_code == 422:
                _taken_meanwhile(client, name, state, seat, move, answer.json())
                move = _choose(client, name, state, seat, hint, rng)
                answer = client.post(f"/v1/{name}/apply", json={"state": state, "move": move})
            assert answer.status_code == 200, f"apply: {answer.status_code} {answer.text[:500]}"
            state, turn = answer.json()["state"], answer.json()["turn"]
    raise AssertionError(f"{name} did not end within {MAX_STEPS} steps")


def _taken_meanwhile(
    client: httpx2.Client, name: str, state: Any, seat: int, move: Any, problem: Any
) -> None:
    """A move chosen with the others of its step, refused once some of them were played.

    Very Big Monster's rulebook makes passing a race: the hand goes to a Spaceship
    still free, so a seat's pick from the step's first view may be taken when its
    turn to be applied comes. The refusal must name the rule, and the seat's fresh
    view must say the same of the move; the seat then chooses again from that view.
    """
    assert problem["type"] == "/problems/illegal-move", problem
    view = _post(client, f"/v1/{name}/view", {"state": state, "seat": seat})["view"]
    verdict = _post(client, f"/v1/{name}/validate", {"state": view, "move": move})
    assert verdict == {"legal": False, "reason": problem["errors"][0]["message"]}, verdict


@pytest.mark.parametrize(("name", "players", "settings"), every_mode())
def test_a_whole_game_is_played_over_http(
    client: httpx2.Client, name: str, players: int, settings: Mapping[str, Any]
) -> None:
    game = get_game(name)
    default = players == game.default_players and not settings
    state = _play(client, name, players, dict(settings), 1 if default else HINT_EVERY)
    final = _post(client, f"/v1/{name}/score", {"state": state})
    assert final["terminal"] and final["winners"], final
    assert [s["seat"] for s in final["scores"]] == list(range(players))
    for seat in range(players):
        view = _post(client, f"/v1/{name}/view", {"state": state, "seat": seat})["view"]
        seen = _post(client, f"/v1/{name}/score", {"state": view})
        assert seen["terminal"] and seen["winners"] == final["winners"], (seat, seen)
