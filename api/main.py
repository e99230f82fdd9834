"""The HTTP service: ``main`` only assembles the app; routers hold the routes."""

from __future__ import annotations

from fastapi import FastAPI

app = FastAPI(
    title="monster-solver",
    summary="Constraint-solver puzzles and hints for monster board games.",
    version="0.1.0",
)


@app.get("/health", tags=["service"])
def health() -> dict[str, str]:
    """Liveness: answers ``{"status": "ok"}`` while the service runs."""
    return {"status": "ok"}
