"""The HTTP service: ``create_app`` assembles it; the routers hold the routes."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.middleware.cors import CORSMiddleware
from fastapi.openapi.docs import get_redoc_html
from fastapi.responses import Response
from fastapi.telemetry import TelemetryConfig
from fastapi_offline import FastAPIOffline
from starlette.middleware.gzip import GZipMiddleware

from api.http import metrics, problems
from api.http.body import BodyLimit
from api.http.bots import BotSearches, default_limit
from api.http.caching import Cacheable
from api.http.examples import with_examples
from api.http.hint_cache import HintCache
from api.http.limits import SolverGate
from api.http.observe import Observe
from api.http.problems import RequestTimeoutError
from api.http.ready import warm_up
from api.http.routers import games, manno, operation_id, play, sessions
from api.http.schemas import Health
from api.http.settings import Settings
from api.services import searched
from api.services.sealed import new_secret
from api.services.sessions import Sessions


def _gate(settings: Settings) -> SolverGate:
    return SolverGate(
        settings.solver_threads,
        settings.request_seconds,
        done=metrics.solver_done,
        held=metrics.gate_held,
    )


GZIP_FROM_BYTES = 1024
"""Answers at least this long are sent gzipped to a client that accepts it."""
CORS_HEADERS = ["Content-Type", "Authorization", "X-Request-Id", "If-None-Match"]
"""Request headers a browser front end may send."""
CORS_EXPOSED = ["ETag", "Retry-After"]
"""Answer headers a browser front end's script may read besides the always-readable ones."""
DOCS_STATIC = "/docs/static"
REDOC_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline';"
    " script-src 'self' 'unsafe-inline'; worker-src 'self' blob:"
)
"""What ``/redoc`` may load: this service's own files (and the viewer's inline parts)."""
"""Where the docs pages' scripts, style and icon are served from (package ``fastapi_offline``)."""
NO_TELEMETRY: TelemetryConfig = {
    "tracing": False,
    "metrics": False,
    "logs": False,
    "operation_spans": False,
}
"""FastAPI's own OpenTelemetry, off: the service counts and logs each request itself
(``api.http.observe``), and FastAPI asked, on every request, whether a provider was set."""


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    """At start the engines warm up in the background (``GET /ready`` answers 200 once
    they have); when the service stops, its solver pools stop taking work and end, and
    an app started again gets new ones. At the process's first start, the objects made
    so far are moved out of the collector's reach (``gc.freeze``), so its full passes
    stay short."""
    if app.state.gate.stopped:
        app.state.gate = _gate(app.state.settings)
    if not gc.get_freeze_count():
        gc.freeze()  # what the start made (routes, models, card data): never walked again
    app.state.warming = asyncio.create_task(warm_up(app.state.gate))
    try:
        yield
    finally:
        app.state.warming.cancel()
        app.state.gate.shutdown()
        metrics.worker_stopped()


def _examples(app: FastAPI) -> None:
    """The OpenAPI document, made once, carries a worked request and its answer on every
    operation (``api.http.examples``: why they are added to the finished document)."""
    made = app.openapi
    sessions: Sessions | None = app.state.sessions if app.state.settings.sessions else None

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = with_examples(made(), sessions)
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def create_app(settings: Settings | None = None) -> FastAPI:
    """The service with its settings (from the environment if omitted)."""
    settings = settings or Settings.from_env()
    app = FastAPIOffline(  # /docs and /redoc from the package's own files: no outside network
        static_url=DOCS_STATIC,
        title="monster-solver",
        summary="Constraint-solver puzzles and hints for monster board games.",
        version="0.1.0",
        lifespan=_lifespan,
        generate_unique_id_function=operation_id,
        telemetry=NO_TELEMETRY,
        redoc_url=None,  # ours, below: its page may load nothing from another host
    )
    app.state.settings = settings
    app.state.gate = _gate(settings)
    app.state.sessions = Sessions(settings.secret or new_secret())  # one process: its own key
    app.state.bots = BotSearches(default_limit(app.state.gate.cheap.size))
    app.state.hints = HintCache(settings.hint_cache)  # each worker its own
    searched.keep(searched.SEARCHES_KEPT if settings.hint_cache else 0)
    app.state.warming = None
    problems.install(app)
    # the routers' routes themselves, not the routers: FastAPI matches an included
    # router's routes through a layer of its own on every request, about a tenth of
    # a cheap request's time (the routes carry their full paths, tags and ids already);
    # and first, so a request is matched to them before the docs pages' routes are asked
    kept = [sessions.routes()] if settings.sessions else []
    routers = (manno.router, play.router, *kept, *games.routers())
    app.router.routes[:0] = [route for router in routers for route in router.routes]
    _examples(app)
    _service_routes(app)
    _redoc(app)
    # the last added runs first: CORS sees every answer, the body checks' refusals too,
    # and gzip every answer the body checks and the cache tags let through; outside
    # them all, every answer gets its request id and is counted (and logged)
    app.add_middleware(Cacheable)
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes, seconds=settings.body_seconds)
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_FROM_BYTES)
    if settings.cors_origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=list(settings.cors_origins),
            allow_methods=["GET", "POST"],
            allow_headers=CORS_HEADERS,
            expose_headers=CORS_EXPOSED,
        )
    app.add_middleware(Observe, record=metrics.record_request, log=settings.access_log)
    return app


def _redoc(app: FastAPI) -> None:
    """``/redoc`` from the package's own files, under a policy that loads nothing from
    another host (the viewer would otherwise fetch its maker's logo)."""

    @app.get("/redoc", include_in_schema=False)
    async def redoc(request: Request) -> Response:
        root = request.scope.get("root_path", "")
        page = get_redoc_html(
            openapi_url=f"{root}{app.openapi_url}",
            title=f"{app.title} - ReDoc",
            redoc_js_url=f"{root}{DOCS_STATIC}/redoc.standalone.js",
            redoc_favicon_url=f"{root}{DOCS_STATIC}/favicon.png",
            with_google_fonts=False,
        )
        page.headers["content-security-policy"] = REDOC_POLICY
        return page


def _service_routes(app: FastAPI) -> None:
    """``/health`` (the service runs), ``/ready`` (its engines are warm), ``/metrics``."""

    @app.get("/health", tags=["service"], response_model=Health)
    async def health() -> dict[str, str]:
        """Liveness: ``{"status": "ok"}`` while the service runs."""
        return {"status": "ok"}

    @app.get("/ready", tags=["service"], response_model=Health, responses=problems.responses(503))
    async def ready(request: Request) -> dict[str, str]:
        """Readiness: ``{"status": "ok"}`` once the engines are warm; 503 until then."""
        warming: asyncio.Task[None] | None = request.app.state.warming
        if warming is None or not warming.done():
            raise RequestTimeoutError("the service is warming its engines", retry_after=1)
        return {"status": "ok"}

    @app.get("/metrics", include_in_schema=False)
    async def metrics_text() -> Response:
        """The service's metrics, Prometheus text format (every worker's)."""
        return metrics.exposition()


app = create_app()
