"""The HTTP service: ``create_app`` assembles it; the routers hold the routes."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware

from api import problems
from api.limits import SolverGate
from api.routers import games, manno, play
from api.schemas import Health
from api.settings import Settings
from api.transport import BodyLimit


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    """When the service stops, its solver pools stop taking work and end."""
    yield
    app.state.gate.shutdown()


def create_app(settings: Settings | None = None) -> FastAPI:
    """The service with its settings (from the environment if omitted)."""
    settings = settings or Settings.from_env()
    app = FastAPI(
        title="monster-solver",
        summary="Constraint-solver puzzles and hints for monster board games.",
        version="0.1.0",
        lifespan=_lifespan,
    )
    app.state.settings = settings
    app.state.gate = SolverGate(settings.solver_threads, settings.request_seconds)
    problems.install(app)
    app.include_router(manno.router)
    app.include_router(play.router)
    for router in games.ROUTERS:
        app.include_router(router)

    @app.get("/health", tags=["service"], response_model=Health)
    async def health() -> dict[str, str]:
        """Liveness: ``{"status": "ok"}`` while the service runs."""
        return {"status": "ok"}

    # the last added runs first: CORS sees every answer, the body checks' refusals too
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes, seconds=settings.body_seconds)
    if settings.cors_origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=list(settings.cors_origins),
            allow_methods=["GET", "POST"],
            allow_headers=["content-type"],
        )
    return app


app = create_app()
