"""The HTTP service's shell: it starts and says it is alive."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from api.http.app import app


def test_health() -> None:
    response = TestClient(app).get("/health")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_stopping_the_service_ends_its_solver_pools() -> None:
    from fastapi.testclient import TestClient

    from api.http.app import create_app
    from api.http.settings import Settings

    app = create_app(Settings())
    with TestClient(app) as client:
        assert client.get("/health").status_code == 200
    with pytest.raises(RuntimeError, match="shutdown"):  # no new work is taken once stopped
        app.state.gate.cheap.pool.submit(int)
    with TestClient(app) as client:  # started again, it serves again
        assert client.post("/v1/manno/solve", json={"task": "PB>=4"}).status_code == 200
