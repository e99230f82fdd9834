"""Schemathesis over ``/openapi.json``: every operation, generated requests, answers to contract.

Each operation gets schema-valid and schema-violating requests (Schemathesis's
examples, coverage and fuzzing phases), sent in-process to the ASGI app. Every
answer must be documented for its operation: a documented status code and
content type, a body that matches the schema (errors are
``application/problem+json`` ``Problem`` objects), no server error (503, the
solver out of time, is a documented answer, not a crash), and a request that
breaks the schema is refused (422, or 413 for a body over the limit). Every
problem names its kind by one of the listed ``type`` URIs (``about:blank`` only
for a plain 404 or 405), every fault by a JSON pointer, and shows no Python text.

A task in the schema is any text of 1-2000 characters, and the task grammar
refuses most such text with 422, so the positive-data check stays off, and
the ``flatmap_case`` hook turns about half the schema-valid requests into ones the service
answers 200: catalogue tasks, 15-token arrangements, catalogue ids, and for the
games real states (with a legal move) from seeded playouts.

Generation is derandomized, so every run sends the same requests.
``test_cases_ran`` checks that the operations together got at least 1,000.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest
import schemathesis
from hypothesis import settings
from hypothesis import strategies as st

from api.http.app import create_app
from api.http.problems import KINDS, PROBLEM
from api.http.settings import Settings
from solver.game import GAMES, get_game
from tasks.catalogue import load_catalogue

# per operation in the fuzzing phase (routes without parameters get far fewer);
# benchmarks/fuzz_states.py raises it through MONSTERS_SCHEMATHESIS_EXAMPLES
EXAMPLES = int(os.environ.get("MONSTERS_SCHEMATHESIS_EXAMPLES", "100"))
GAME_EXAMPLES = max(EXAMPLES // 4, 1)
"""Per game operation: a typed state is costly to generate, and real states are mixed in."""
GAME_PATHS = "^/v1/(" + "|".join(sorted(GAMES)) + ")/"
LEAST_CASES = 1000

CONFIG = schemathesis.Config.from_str(
    """
    [checks]
    positive_data_acceptance.enabled = false
    not_a_server_error.expected-statuses = ["2xx", "3xx", "4xx", "503"]
    negative_data_rejection.expected-statuses = ["404", "405", "413", "422"]

    # a typed game state has hundreds of bounds: the coverage phase would try each of
    # them (20,000 cases); the examples and fuzzing phases still send both kinds
    [[operations]]
    include-path-regex = "^/v1/(park|vbm|monstrolicious)/"
    phases.coverage.enabled = false
    """
)

schema = schemathesis.openapi.from_asgi("/openapi.json", create_app(Settings()), config=CONFIG)

Case = schemathesis.Case[Any]  # of any operation
CATALOGUE = load_catalogue().entries
TASKS = [*sorted({str(entry.task) for entry in CATALOGUE}), "PB=5, TB=5, R>=1"]  # one unsolvable
IDS = [entry.id for entry in CATALOGUE]
ARRANGEMENTS = st.text(alphabet="01", min_size=15, max_size=15)


@schema.hook
def flatmap_case(context: schemathesis.HookContext, case: Case) -> st.SearchStrategy[Case]:
    """A schema-valid case as it is, or with real task text and tokens, or a real task id."""
    valid = (
        case.meta is not None and case.meta.generation.mode is schemathesis.GenerationMode.POSITIVE
    )
    if not valid:
        return st.just(case)
    if isinstance(case.body, dict) and isinstance(case.body.get("task"), str):
        return st.one_of(st.just(case), _real_body(case, case.body))
    if isinstance(case.body, dict) and isinstance(case.body.get("state"), dict):
        return st.one_of(st.just(case), _real_game_body(case, case.body))
    if "task_id" in case.path_parameters:
        return st.one_of(st.just(case), st.sampled_from(IDS).map(lambda id_: _with_id(case, id_)))
    return st.just(case)


def _real_body(case: Case, body: dict[str, Any]) -> st.SearchStrategy[Case]:
    def build(task: str, arrangement: str, start: str) -> Case:
        real = {**body, "task": task}
        if "arrangement" in real:
            real["arrangement"] = arrangement
        if "from" in real:
            real["from"] = start
        case.body = real
        return case

    return st.builds(build, st.sampled_from(TASKS), ARRANGEMENTS, ARRANGEMENTS)


def _game_positions(name: str) -> list[tuple[Any, Any]]:
    """(state, a legal move) pairs from a few seeded games of ``name``, set-up to late."""
    game = get_game(name)
    pairs = []
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new(game.default_players, seed, None)
        for step in range(60):
            if state.is_terminal():
                break
            move = rng.choice(list(state.legal_moves()))
            if step % 15 == 0:
                pairs.append((state.to_json(), game.move_to_json(move)))
            state = state.apply(move)
        pairs.append((state.to_json(), {}))  # late or finished: the move may not fit
    return pairs


POSITIONS = {name: _game_positions(name) for name in GAMES}


def _real_game_body(case: Case, body: dict[str, Any]) -> st.SearchStrategy[Case]:
    name = case.operation.path.split("/")[2]

    def build(pair: tuple[Any, Any]) -> Case:
        real = {**body, "state": pair[0]}
        if "move" in real:
            real["move"] = pair[1]
        if "seat" in real:
            real["seat"] = None
        if "budget_ms" in real:
            real["budget_ms"] = 20  # the fuzz checks answers, not how long a hint thinks
        case.body = real
        return case

    return st.sampled_from(POSITIONS[name]).map(build)


def _with_id(case: Case, task_id: str) -> Case:
    case.path_parameters = {**case.path_parameters, "task_id": task_id}
    return case


cases: Counter[str] = Counter()
statuses: Counter[tuple[str, int]] = Counter()


@schema.exclude(path_regex=GAME_PATHS).parametrize()
@settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None)
def test_api_keeps_its_schema(case: Case) -> None:
    _check(case)


@schema.include(path_regex=GAME_PATHS).parametrize()
@settings(max_examples=GAME_EXAMPLES, derandomize=True, database=None, deadline=None)
def test_game_routes_keep_their_schema(case: Case) -> None:
    _check(case)


def _check(case: Case) -> None:
    cases[case.operation.label] += 1
    response = case.call()
    statuses[case.operation.label, response.status_code] += 1
    case.validate_response(response)
    if any(v.startswith(PROBLEM) for v in response.headers.get("content-type", [])):
        _check_problem(response.status_code, response.headers, response.json())


TYPES = {kind.type: kind.status for kind in KINDS}
PYTHON_TEXT = ("Traceback", "NoneType", "index out of range", "has no attribute", "set_int_max")


def _check_problem(status: int, headers: Mapping[str, list[str]], problem: dict[str, Any]) -> None:
    """A problem names its kind by a listed type with its status, every fault by a JSON
    pointer; a 503 says when to retry; no Python text shows through."""
    assert TYPES.get(problem["type"], status) == status or problem["type"] == "about:blank"
    assert problem["type"] in TYPES or status in (404, 405), problem
    for entry in problem.get("errors") or []:
        assert entry["field"] == "" or entry["field"].startswith("/"), entry
    if status == 503:
        assert int(headers["retry-after"][0]) >= 1
    assert not any(text in str(problem) for text in PYTHON_TEXT), problem


def test_cases_ran() -> None:
    """Runs after the fuzz test (same module, defined later): at least 1,000 cases in all."""
    if len(cases) < len(schema):
        pytest.skip("the fuzz test did not run over every operation in this session")
    total = sum(cases.values())
    print(f"\nschemathesis: {total} cases over {len(cases)} operations")
    for (label, status), count in sorted(statuses.items()):
        print(f"  {label}: {status} x{count}")
    assert total >= LEAST_CASES, cases
