"""The framework's own floor: the bare app's work behind a plain FastAPI route.

Run (``benchmarks.limit`` starts it)::

    .venv/bin/python -m benchmarks.load.framework --port 8002 [--workers 2]

``app`` is FastAPI as it comes, with one route, ``POST /v1/{game}/{route}``,
whose body is a JSON object (FastAPI reads and checks it); it calls the same
function of ``api.services`` as the bare app (``benchmarks.load.bare``) and
answers in orjson. No middleware of the service, no request model of its own,
no body bounds, no solver threads: what the framework's request path costs, on
the same server (``api.http.transport.serve``). Between the bare app's req/s and
this app's lies what FastAPI takes; between this app's and the service's, what
the service's own layers take (its body checks, request ids and metrics, gzip,
typed request models, the solver gate).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import orjson
from fastapi import FastAPI, Response

from benchmarks.load.bare import route_call, serve_app

app = FastAPI(openapi_url=None, docs_url=None, redoc_url=None)


@app.post("/v1/{game}/{route}")
async def call(game: str, route: str, body: dict[str, Any]) -> Response:
    """The service call the path names, on the body as FastAPI read it."""
    work = route_call(f"/v1/{game}/{route}")
    if work is None:
        return Response(b'{"detail":"no such route"}', status_code=404)
    return Response(orjson.dumps(work(body)), media_type="application/json")


@app.get("/health")
async def health() -> dict[str, str]:
    """The server runs (``benchmarks.load.server`` waits for it)."""
    return {"status": "ok"}


def main(argv: Sequence[str] | None = None) -> int:
    return serve_app("benchmarks.load.framework:app", __doc__, argv)


if __name__ == "__main__":
    sys.exit(main())
