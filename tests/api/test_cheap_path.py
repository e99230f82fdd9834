"""Cheap work answers on the event loop: no hop to a solver thread, no wait behind solvers."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.http.problems import RequestTimeoutError
from api.http.settings import Settings


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
