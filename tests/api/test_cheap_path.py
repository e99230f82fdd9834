"""Cheap work answers on the event loop: no hop to a solver thread, no wait behind solvers."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import BaseModel

from api.http.app import create_app
from api.http.problems import RequestTimeoutError
from api.http.schemas import HintResponse, SolveResponse, ValidateResponse
from api.http.settings import Settings
from tasks.catalogue import load_catalogue


def test_manno_validate_answers_while_every_solver_lane_is_full(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = create_app(Settings())

    async def full(*args: object, **kwargs: object) -> None:
        raise RequestTimeoutError("the solver is busy", retry_after=1)

    monkeypatch.setattr(app.state.gate, "run", full)
    monkeypatch.setattr(app.state.gate, "run_read", full)
    client = TestClient(app)
    body = {"task": "PB>=4, PY=0, B>R", "arrangement": "000000000000001"}
    checked = client.post("/v1/manno/validate", json=body)
    assert checked.status_code == 200 and checked.json()["ok"] is True
    bad = client.post("/v1/manno/validate", json={**body, "task": "PB>>4"})
    assert bad.status_code == 422  # a fault of the body, found just as quickly
    solved = client.post("/v1/manno/solve", json={"task": body["task"]})
    assert solved.status_code == 503  # solving still waits its turn on the gate


def _as_model_says(model: type[BaseModel], doc: Any, exclude_unset: bool = False) -> bytes:
    """The bytes FastAPI would make of ``doc`` through the route's response model."""
    dumped = model.model_validate(doc).model_dump(
        mode="json", by_alias=True, exclude_unset=exclude_unset
    )
    return json.dumps(dumped, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Settings()))


CASES = [
    ("/v1/manno/solve", SolveResponse, False, lambda t, bits, rng: {"task": t, "from": bits}),
    ("/v1/manno/solve", SolveResponse, False, lambda t, bits, rng: {"task": t, "engine": "table"}),
    ("/v1/manno/validate", ValidateResponse, False,
     lambda t, bits, rng: {"task": t, "arrangement": bits}),
    ("/v1/manno/hint", HintResponse, True,
     lambda t, bits, rng: {"task": t, "arrangement": bits, "level": rng.choice([1, 2, 3])}),
]  # fmt: skip


@pytest.mark.parametrize(("path", "model", "unset", "body"), CASES)
def test_manno_answers_are_the_bytes_their_response_model_makes(
    client: TestClient,
    path: str,
    model: type[BaseModel],
    unset: bool,
    body: Callable[[str, str, random.Random], dict[str, Any]],
) -> None:
    """The routes answer the service's documents as they are; the documented model
    (what a generated client reads) makes exactly the same bytes of each."""
    rng = random.Random(path)
    for entry in rng.sample(load_catalogue().entries, 12):
        bits = "".join(rng.choice("01") for _ in range(15))
        sent = body(str(entry.task), bits, rng)
        answer = client.post(path, json=sent, headers={"accept-encoding": "identity"})
        assert answer.status_code == 200, answer.text
        assert answer.content == _as_model_says(model, answer.json(), unset), sent
