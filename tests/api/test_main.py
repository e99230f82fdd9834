"""The HTTP service's shell: it starts and says it is alive."""

from __future__ import annotations

from fastapi.testclient import TestClient

from api.main import app


def test_health() -> None:
    response = TestClient(app).get("/health")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}
