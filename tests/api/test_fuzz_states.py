"""Fuzzed states: a mutated state or view never gets anything but a clear refusal.

Real states (and every seat's view of them) from seeded games of every mode are
mutated structurally (``tests/api/mutate.py``) and sent through every read path
the service offers: reading, legal moves, view, hint, validate, score and
picture. The only answers allowed are a normal one, or a ``NotationError``
naming the JSON path of the fault (a game that is over and a seat with no
decision keep their own kinds). ``MONSTERS_FUZZ_EXAMPLES`` sets the number of
mutated documents per generator and game, 2,000 per game in all
(``benchmarks/fuzz_states.py`` runs more); the same documents through the real
console script print one line and exit 2.
"""

from __future__ import annotations

import functools
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.services import games as game_service
from api.services.errors import FieldError
from solver.errors import GameOverError, NotationError, NotYourTurnError, SolverTimeoutError
from solver.game import GAMES, get_game
from tests.api.mutate import Mutator

EXAMPLES = int(os.environ.get("MONSTERS_FUZZ_EXAMPLES", "1000"))
BUDGET = 0.005
MONSTERS = Path(sys.executable).with_name("monsters")


@functools.cache
def _bases(name: str) -> tuple[Mapping[str, Any], ...]:
    """States spread over one seeded random game per set-up, and every seat's view of them."""
    game = get_game(name)
    docs: list[Mapping[str, Any]] = []
    for i, (players, rules) in enumerate(game.modes()):
        rng = random.Random(i)
        trail = [game.new(players, i, rules)]
        while not trail[-1].is_terminal():
            trail.append(trail[-1].apply(rng.choice(list(trail[-1].legal_moves()))))
        for state in [*trail[:: max(1, len(trail) // 4)], trail[-1]]:
            docs.append(json.loads(json.dumps(state.to_json())))
            docs += [json.loads(json.dumps(state.view(seat).to_json())) for seat in range(players)]
    return tuple(docs)


def _allowed(call: Callable[[], Any]) -> None:
    """Run ``call``; fail unless it answers or refuses in the allowed way."""
    try:
        call()
    except FieldError as err:
        inner = err.error
        assert isinstance(inner, NotationError), f"{type(inner).__name__}: {inner}"
        if err.field == "state":
            assert inner.path is not None, f"no JSON path in {inner}"
        assert "\n" not in str(inner)
    except (GameOverError, NotYourTurnError):
        pass
    except SolverTimeoutError as err:  # a busy machine spent the 5 ms budget before the hint began
        assert "\n" not in str(err)


def _every_read_path(name: str, doc: Any, move: Mapping[str, Any]) -> None:
    game = get_game(name)
    _allowed(lambda: game_service.score(name, doc))
    try:
        position = game.read(doc)
    except NotationError as err:
        assert err.path is not None, f"no JSON path in {err}"
        return
    position.legal_moves()
    for seat in range(min(position.players, 8)):
        _allowed(functools.partial(game_service.view, name, doc, seat))
    _allowed(lambda: game_service.hint(name, doc, None, BUDGET))
    _allowed(lambda: game_service.validate(name, doc, move))
    _allowed(lambda: game_service.render(name, doc, None))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_mutated_states_are_refused_clearly(name: str) -> None:
    bases = _bases(name)
    game = get_game(name)
    first = game.from_json(next(d for d in bases if "view_of" not in d))
    move = game.move_to_json(first.legal_moves()[0])

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(st.data())
    def check(data: st.DataObject) -> None:
        base = bases[data.draw(st.integers(0, len(bases) - 1), label="base")]
        mutator = Mutator(lambda n: data.draw(st.integers(0, n - 1)))
        doc = mutator.mutate(base, data.draw(st.integers(1, 3), label="mutations"))
        _every_read_path(name, doc, move)

    check()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_randomly_mutated_states_are_refused_clearly(name: str) -> None:
    """The same over documents mutated by a seeded generator, whose choices spread
    more evenly than hypothesis's (which favours the first choices)."""
    bases = _bases(name)
    game = get_game(name)
    move = game.move_to_json(game.from_json(bases[0]).legal_moves()[0])
    rng = random.Random(f"fuzz-{name}")
    mutator = Mutator(rng.randrange)
    for _ in range(EXAMPLES):
        doc = mutator.mutate(bases[rng.randrange(len(bases))], rng.randint(1, 3))
        _every_read_path(name, doc, move)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_console_script_prints_one_line(name: str, tmp_path: Path) -> None:
    rng = random.Random(name)
    bases = _bases(name)
    mutator = Mutator(rng.randrange)
    refused = 0
    for i in range(3):
        doc = mutator.mutate(bases[rng.randrange(len(bases))], 2)
        path = tmp_path / f"state{i}.json"
        try:
            path.write_text(json.dumps(doc))
        except (ValueError, RecursionError):  # too deep for json itself: write it by hand
            path.write_text("[" * 5000 + "]" * 5000)
        for command in ("hint", "score"):
            done = subprocess.run(
                [str(MONSTERS), name, command, str(path), "--json"],
                capture_output=True,
                text=True,
                timeout=120,
            )
            assert "Traceback" not in done.stderr
            assert done.returncode in (0, 2), done.stderr
            if done.returncode == 2:
                refused += 1
                assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert refused, "no mutated state was refused: the mutations are too gentle"
