"""The connection's transport under uvicorn's h11 protocol: what reaches the socket.

Driven with a recording transport in place of a socket, so the writes can be
counted exactly rather than timed.
"""

from __future__ import annotations

import asyncio
import gc
from typing import Any

import uvicorn
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from uvicorn.server import ServerState

from api.http.app import create_app
from api.http.protocol import GuardedH11Protocol
from api.http.routers import operation_id
from api.http.sending import Corked

REQUEST = b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n"


class Recording(asyncio.Transport):
    """A transport that keeps what is written, and whether it was closed or aborted."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[bytes] = []
        self.closed = self.aborted = False

    def write(self, data: Any) -> None:
        self.writes.append(bytes(data))

    def close(self) -> None:
        self.closed = True

    def abort(self) -> None:
        self.aborted = True

    def is_closing(self) -> bool:
        return self.closed or self.aborted

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 1), "sockname": ("127.0.0.1", 2)}.get(name, default)

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


async def _health(scope: Any, receive: Any, send: Any) -> None:
    await send(
        {"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]}
    )
    await send({"type": "http.response.body", "body": b"ok"})


def test_an_answer_leaves_in_one_write() -> None:
    async def main() -> list[bytes]:
        config = uvicorn.Config(_health, http=GuardedH11Protocol, access_log=False)
        config.load()
        protocol = GuardedH11Protocol(config, ServerState(), {}, asyncio.get_running_loop())
        transport = Recording()
        protocol.connection_made(transport)
        protocol.data_received(REQUEST)
        for _ in range(20):
            await asyncio.sleep(0)
        protocol.connection_lost(None)
        return transport.writes

    writes = asyncio.run(main())
    assert len(writes) == 1, writes  # head and body together: one system call, one packet
    assert writes[0].startswith(b"HTTP/1.1 200 ") and writes[0].endswith(b"\r\n\r\nok")


def test_a_corked_transport_sends_what_waits_before_it_closes_and_nothing_once_aborted() -> None:
    async def main() -> tuple[Recording, Recording]:
        loop = asyncio.get_running_loop()
        kept, dropped = Recording(), Recording()
        closing, aborting = Corked(kept, loop), Corked(dropped, loop)
        for corked in (closing, aborting):
            corked.write(b"head ")
            corked.write(b"")
            corked.write(memoryview(b"body"))
        closing.close()
        aborting.abort()
        await asyncio.sleep(0)
        return kept, dropped

    kept, dropped = asyncio.run(main())
    assert kept.writes == [b"head body"] and kept.closed
    assert dropped.writes == [] and dropped.aborted


def test_what_the_service_made_at_start_is_out_of_the_collectors_reach() -> None:
    """Full collections walk only what requests made: the routes, models and card data
    made at start are frozen once per process."""
    with TestClient(create_app()) as client:
        assert client.get("/health").status_code == 200
        assert gc.get_freeze_count() > 0


def test_every_route_is_matched_by_the_app_itself() -> None:
    """No route sits behind an included router (FastAPI matches those through a layer
    of its own on every request), every one keeps its full path and its id, and the
    service's own come first: the schema and the docs pages' files are asked last."""
    app = create_app()
    routes = [route for route in app.router.routes if isinstance(route, APIRoute)]
    others = [route for route in app.router.routes if not isinstance(route, APIRoute)]
    assert [getattr(route, "path", None) for route in others] == ["/openapi.json", "/docs/static"]
    first_other = app.router.routes.index(others[0])
    service = [route for route in routes if route.path.startswith(("/v1/", "/play"))]
    assert all(app.router.routes.index(route) < first_other for route in service)
    paths = {route.path for route in routes}
    assert {"/v1/park/view", "/v1/manno/solve", "/play/manno", "/health"} <= paths
    assert all(route.unique_id == operation_id(route) for route in routes)


class From(Recording):
    """A recording transport whose connection comes from ``host``."""

    def __init__(self, host: str) -> None:
        super().__init__()
        self.host = host

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": (self.host, 1), "sockname": ("127.0.0.1", 2)}.get(name, default)


def test_one_client_holds_at_most_its_share_of_the_connections() -> None:
    async def main() -> None:
        config = uvicorn.Config(_health, http=GuardedH11Protocol, access_log=False)
        config.load()
        state, loop = ServerState(), asyncio.get_running_loop()

        def opened(host: str) -> tuple[GuardedH11Protocol, From]:
            protocol = GuardedH11Protocol(config, state, {}, loop)
            protocol.per_client = 2
            transport = From(host)
            protocol.connection_made(transport)
            return protocol, transport

        held = [opened("192.0.2.1") for _ in range(2)]
        extra, other = opened("192.0.2.1"), opened("192.0.2.9")
        assert extra[1].closed and extra[1].writes == []  # refused at once, unanswered
        assert not any(transport.closed for _, transport in [*held, other])
        other[0].data_received(REQUEST)
        for _ in range(20):
            await asyncio.sleep(0)
        assert other[1].writes[0].startswith(b"HTTP/1.1 200 ")
        extra[0].connection_lost(None)  # a refused connection frees no slot of its client
        held[0][0].connection_lost(None)
        again = opened("192.0.2.1")
        assert not again[1].closed  # one of its connections ended: a new one is taken
        for protocol, _ in [held[1], other, again]:
            protocol.connection_lost(None)

    asyncio.run(main())


def test_with_the_bound_off_one_client_may_hold_every_connection() -> None:
    async def main() -> list[bool]:
        config = uvicorn.Config(_health, http=GuardedH11Protocol, access_log=False)
        config.load()
        state, loop = ServerState(), asyncio.get_running_loop()
        protocols = []
        for _ in range(5):
            protocol = GuardedH11Protocol(config, state, {}, loop)
            protocol.per_client = 0
            protocol.connection_made(From("192.0.2.1"))
            protocols.append(protocol)
        closed = [protocol.transport.is_closing() for protocol in protocols]
        for protocol in protocols:
            protocol.connection_lost(None)
        return closed

    assert asyncio.run(main()) == [False] * 5
