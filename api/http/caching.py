"""Answers a browser may keep: an ``ETag`` and ``Cache-Control`` on deterministic GETs.

The catalogue, the Manno picture, the playground's files and the docs pages
answer the same bytes for the same URL while the service's version stays, so
``Cacheable`` tags each such 200 answer with a digest of its body and lets a
client keep it for ``MAX_AGE_S``; a request whose ``If-None-Match`` names
that digest answers 304 with no body.
"""

from __future__ import annotations

import hashlib

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_AGE_S = 3600
"""How long a client may keep a deterministic answer without asking again."""
CACHE_CONTROL = f"public, max-age={MAX_AGE_S}"
EXACT = frozenset(
    {
        "/v1/games",
        "/v1/manno/tasks",
        "/v1/manno/tokens",
        "/v1/manno/render.svg",
        "/docs",
        "/redoc",
        "/openapi.json",
    }
)
"""Deterministic GET routes, by path."""
PREFIXES = ("/v1/manno/tasks/", "/play")
"""Deterministic GET routes, by what their path starts with."""
SUFFIX = "/cards"
"""Each game's card list, ``/v1/<game>/cards``."""


def cacheable(path: str) -> bool:
    """Whether a GET of ``path`` answers the same bytes every time.

    >>> cacheable("/v1/manno/tasks/b1-1"), cacheable("/v1/manno/hint"), cacheable("/v1/vbm/cards")
    (True, False, True)
    """
    if path.startswith("/v1/") and path.endswith(SUFFIX):
        return path.count("/") == 3
    return path in EXACT or path.startswith(PREFIXES)


def etag(body: bytes) -> str:
    """A weak tag of ``body`` (weak: the same tag stands for it gzipped or not).

    >>> etag(b"")
    'W/"e3b0c44298fc1c149afbf4c8996fb924"'
    """
    return f'W/"{hashlib.sha256(body).hexdigest()[:32]}"'


def matches(if_none_match: str | None, tag: str) -> bool:
    """Whether an ``If-None-Match`` header names ``tag`` (or ``*``), weakly compared.

    >>> matches('"x", W/"y"', 'W/"y"'), matches(None, 'W/"y"'), matches("*", 'W/"y"')
    (True, False, True)
    """
    if if_none_match is None:
        return False
    named = {part.strip().removeprefix("W/") for part in if_none_match.split(",")}
    return "*" in named or tag.removeprefix("W/") in named


class Cacheable:
    """ASGI middleware: a 200 answer to a deterministic GET gets ``ETag`` and
    ``Cache-Control``, and answers 304 to a matching ``If-None-Match``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "GET":
            await self.app(scope, receive, send)
            return
        if not cacheable(scope["path"]):
            await self.app(scope, receive, send)
            return
        start: Message | None = None
        body = bytearray()

        async def keep(message: Message) -> None:
            nonlocal start
            if message["type"] != "http.response.body" or start is None:
                if message["type"] == "http.response.start" and message["status"] == 200:
                    start = message
                else:
                    await send(message)
                return
            body.extend(message.get("body", b""))
            if not message.get("more_body", False):
                await _answer(scope, start, bytes(body), send)

        await self.app(scope, receive, keep)


async def _answer(scope: Scope, start: Message, body: bytes, send: Send) -> None:
    tag = etag(body)
    headers = MutableHeaders(raw=list(start["headers"]))
    headers["etag"] = tag
    headers["cache-control"] = CACHE_CONTROL
    if matches(Headers(scope=scope).get("if-none-match"), tag):
        del headers["content-length"]
        del headers["content-type"]
        await send({"type": "http.response.start", "status": 304, "headers": headers.raw})
        await send({"type": "http.response.body", "body": b""})
        return
    await send({**start, "headers": headers.raw})
    await send({"type": "http.response.body", "body": body})
