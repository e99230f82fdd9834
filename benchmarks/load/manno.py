"""Manno requests for the load: planned in advance from a seed, each with what its answer shows.

The mix is 40% ``POST /v1/manno/solve`` (3 in 4 with a ``from`` arrangement),
30% ``/hint`` (levels 1-3), 30% ``/validate``, over the 108 catalogue tasks
and ``RANDOM_TASKS`` seeded random tasks with seeded random arrangements.
``problem`` checks an answer: status 200, JSON of the contract's shape, the
task echoed canonically, the hint level asked for, and, where the plan holds
one, the whole answer as the solver gives it in this process.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from solver.manno.engines import get_engine
from solver.manno.hint import hint as hint_ladder
from solver.manno.sample import random_tasks
from solver.manno.task import parse_task
from solver.manno.tokens import Arrangement, standard_tokens
from solver.manno.validate import validate as validate_report
from tasks.catalogue import load_catalogue

RANDOM_TASKS = 500
MIX = {"solve": 0.4, "hint": 0.3, "validate": 0.3}
SOLVE_KEYS = frozenset({"task", "solvable", "count", "flips", "arrangement", "flip", "conflict"})
VALIDATE_KEYS = frozenset({"task", "arrangement", "ok", "conditions"})
CONDITION_KEYS = frozenset({"condition", "ok", "counts", "required", "shortfall"})
HINT_KEYS = frozenset({"solved", "flips_left", "level", "text"})
HINT_OPTIONAL = frozenset({"condition", "tokens", "flip", "before", "after", "conflict"})


@dataclass(frozen=True)
class Planned:
    """One request, encoded in advance, with what its answer must show."""

    kind: str
    body: bytes
    task: str
    """The task's canonical text, which solve and validate echo."""
    level: int = 0
    """The hint level asked for (hint only)."""
    expected: dict[str, Any] | None = None
    """The whole answer, computed in this process (every ``check_every``-th request)."""

    method = "POST"

    @property
    def path(self) -> str:
        return f"/v1/manno/{self.kind}"


def task_pool(seed: int) -> list[str]:
    """The catalogue's tasks and ``RANDOM_TASKS`` seeded random ones, as canonical text."""
    pool = [str(entry.task) for entry in load_catalogue().entries]
    pool += [str(task) for task in random_tasks(random.Random(seed), RANDOM_TASKS)]
    return pool


def plan(pool: Sequence[str], seed: int, count: int, check_every: int) -> list[Planned]:
    """``count`` mixed requests over ``pool``, all from ``seed``."""
    rng = random.Random(seed)
    kinds, weights = list(MIX), list(MIX.values())
    size = len(standard_tokens())
    planned = []
    for i in range(count):
        kind = rng.choices(kinds, weights)[0]
        text = rng.choice(pool)
        arrangement = str(Arrangement.from_index(rng.getrandbits(size), size))
        level = rng.randint(1, 3)
        with_start = rng.random() < 0.75
        check = check_every > 0 and i % check_every == 0
        if kind == "solve":
            body: dict[str, Any] = {"task": text}
            if with_start:
                body["from"] = arrangement
            planned.append(_planned(kind, body, text, 0, check))
        elif kind == "hint":
            body = {"task": text, "arrangement": arrangement, "level": level}
            planned.append(_planned(kind, body, text, level, check))
        else:
            body = {"task": text, "arrangement": arrangement}
            planned.append(_planned(kind, body, text, 0, check))
    return planned


def _planned(kind: str, body: dict[str, Any], text: str, level: int, check: bool) -> Planned:
    task = str(parse_task(text))
    expected = expect(kind, body) if check else None
    return Planned(kind, json.dumps(body).encode(), task, level, expected)


def expect(kind: str, body: dict[str, Any]) -> dict[str, Any]:
    """The answer to a request, from the solver in this process (not through ``api``)."""
    tokens = standard_tokens()
    engine = get_engine("cpsat", tokens)
    task = parse_task(body["task"])
    if kind == "solve":
        start = body.get("from")
        begin = None if start is None else Arrangement.parse(start, len(tokens))
        return engine.solve(task, begin).to_json()
    here = Arrangement.parse(body["arrangement"], len(tokens))
    if kind == "hint":
        return hint_ladder(task, here, body["level"], engine).to_json()
    return validate_report(task, here, tokens).to_json()


def problem(request: Planned, status: int, content: bytes) -> str | None:
    """What is wrong with the response, or ``None``: status, shape, echo, full answer."""
    if status != 200:
        return f"status {status}"
    try:
        data = json.loads(content)
    except ValueError:
        return "not JSON"
    if not isinstance(data, dict):
        return "not a JSON object"
    keys = set(data)
    if request.kind == "solve":
        if keys != SOLVE_KEYS or data["task"] != request.task:
            return "solve: wrong shape or task"
    elif request.kind == "validate":
        conditions = data.get("conditions")
        if keys != VALIDATE_KEYS or data["task"] != request.task or not conditions:
            return "validate: wrong shape or task"
        if any(set(c) != CONDITION_KEYS for c in conditions):
            return "validate: wrong condition shape"
    elif not HINT_KEYS <= keys <= HINT_KEYS | HINT_OPTIONAL or data["level"] != request.level:
        return "hint: wrong shape or level"
    if request.expected is not None and data != request.expected:
        return f"{request.kind}: answer differs from the solver's"
    return None
