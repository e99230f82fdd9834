"""The limit to measure the service against: the same service work behind a bare ASGI app.

Run (``benchmarks.limit`` starts it)::

    .venv/bin/python -m benchmarks.load.bare --port 8001 [--workers 2]

``app`` is a plain ASGI callable: it reads the whole body, parses it with
orjson, calls the function of ``api.services`` the route's path names (the
same ones the service's routes call, with the same arguments) and answers
its document in orjson; a ``MonsterError`` answers 422 with its message. No
framework, no middleware, no body bounds, no request model, no solver
threads, no metrics, no log: what is left is the work itself, the ASGI
server and the HTTP parsing. It is served by the service's own server
(``api.http.transport.serve``: the same uvicorn protocol and settings, the
same workers), so the figure beside the service's is what the service's
own layers could at best reach on this machine.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any

import orjson

from api.services import games, manno
from solver.errors import MonsterError

Json = dict[str, Any]


def _manno(route: str) -> Callable[[Json], Json] | None:
    if route == "validate":
        return lambda body: manno.validate(body["task"], body["arrangement"])
    if route == "solve":
        return lambda body: manno.solve(body["task"], body.get("from"), body.get("engine", "cpsat"))
    return None


def _game(name: str, route: str) -> Callable[[Json], Json] | None:
    calls: dict[str, Callable[[Json], Json]] = {
        "legal": lambda body: games.legal(name, body["state"], body.get("seat")),
        "view": lambda body: games.view_with_turn(name, body["state"], body["seat"]),
        "apply": lambda body: games.apply(name, body["state"], body["move"]),
        "validate": lambda body: games.validate(
            name, body["state"], body["move"], body.get("seat")
        ),
        "hint": lambda body: games.hint(
            name,
            body["state"],
            body.get("seat"),
            None if body.get("budget_ms") is None else body["budget_ms"] / 1000,
            body.get("top"),
        ),
    }
    return calls.get(route)


def route_call(path: str) -> Callable[[Json], Json] | None:
    """The service call of ``/v1/<game>/<route>``, or None."""
    parts = path.split("/")
    if len(parts) != 4 or parts[1] != "v1":
        return None
    game, route = parts[2], parts[3]
    return _manno(route) if game == "manno" else _game(game, route)


CALLS: dict[str, Callable[[Json], Json] | None] = {}
"""Each path's call, found once."""
JSON = [(b"content-type", b"application/json")]


async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """The bare ASGI app: ``GET /health``, and ``POST /v1/<game>/<route>`` as above."""
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            kind = message["type"].rpartition(".")[2]  # startup, shutdown
            await send({"type": f"lifespan.{kind}.complete"})
            if kind == "shutdown":
                return
    body, more = b"", True
    while more:
        message = await receive()
        body += message.get("body", b"")
        more = message.get("more_body", False)
    path = scope["path"]
    if path == "/health":
        status, answer = 200, b'{"status":"ok"}'
    else:
        if path not in CALLS:
            CALLS[path] = route_call(path)
        call = CALLS[path]
        try:
            if call is None:
                status, answer = 404, b'{"detail":"no such route"}'
            else:
                status, answer = 200, orjson.dumps(call(orjson.loads(body)))
        except (MonsterError, KeyError, orjson.JSONDecodeError) as err:
            status, answer = 422, orjson.dumps({"detail": str(err)})
    length = (b"content-length", str(len(answer)).encode())
    await send({"type": "http.response.start", "status": status, "headers": [*JSON, length]})
    await send({"type": "http.response.body", "body": answer})


def serve_app(app: str, about: str | None, argv: Sequence[str] | None = None) -> int:
    """Serve the ASGI app ``app`` (``module:name``) as the service is served, on the
    ``--host``, ``--port`` and ``--workers`` of ``argv``."""
    parser = argparse.ArgumentParser(description=about.splitlines()[0] if about else None)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    from api.http.transport import serve

    serve(args.host, args.port, args.workers, access_log=False, app=app)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return serve_app("benchmarks.load.bare:app", __doc__, argv)


if __name__ == "__main__":
    sys.exit(main())
