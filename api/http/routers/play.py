"""``/play``: playground pages in plain HTML and JavaScript, served from ``api/static``.

``GET /play`` lists Manno Monster and every registered game (from the
registry, each with its summary); ``GET /play/manno`` plays a Manno Monster
task with the hint ladder; ``GET /play/<game>`` (``/play/park``...) plays a
seat of any registered game against bots with a Hint button;
``GET /play/paste`` shows the ranked hints and the board of a pasted state.
The pages need no build step and no outside network: their scripts call only
the public ``/v1`` API through ``/static/monsters-client.js``, so they
double as worked examples for other front ends. The pages are not part of
the API, so they stay out of the OpenAPI schema. The files are read once and
served from memory on the event loop: no page takes a thread.
"""

from __future__ import annotations

import functools
from html import escape
from importlib import resources

from fastapi.responses import Response

from api.http.problems import NotFoundError
from api.http.routers import router as make_router
from api.services import games as game_service
from solver.errors import quoted
from solver.game import GAMES

router = make_router(include_in_schema=False)

# Not Starlette's StaticFiles, measured: it looks up and reads each file on a worker
# thread (an "AnyIO worker thread" starts at the first GET of /play/static/play.js,
# which tests/api/test_limits.py refuses: no page takes a thread outside the gate);
# its ETag and Last-Modified come from the installed file's time, so two replicas tag
# the same bytes apart (``api.http.caching`` tags ``/play``'s by their digest); and
# its media types come from the machine's tables (Python 3.11's own calls ``.js``
# application/javascript). The pages themselves are no files: ``/play`` lists the
# registry's games and every ``/play/<game>`` is ``game.html``.

MEDIA_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
}
"""The kinds of file ``api/static`` holds, and how each is served."""
PAGE_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
}
"""Pages may load only this service's own files: no outside network, no inline script."""
GAME_LINKS = b"<!-- every registered game -->"
"""Where ``index.html`` lists the games played on ``game.html``."""


@functools.cache
def static_files() -> dict[str, bytes]:
    """Every file in ``api/static`` by name, read once.

    >>> {"index.html", "game.html", "game.js", "monsters-client.js"} <= set(static_files())
    True
    """
    folder = resources.files("api") / "static"
    return {
        entry.name: entry.read_bytes()
        for entry in folder.iterdir()
        if entry.is_file() and "." + entry.name.rpartition(".")[2] in MEDIA_TYPES
    }


def serve(name: str) -> Response:
    """One static file with its media type and the pages' security headers.

    Raises:
        NotFoundError: no such file.
    """
    data = static_files().get(name)
    if data is None:
        raise NotFoundError(f"no file {name!r} in the playground")
    return answer(name, data)


def answer(name: str, data: bytes) -> Response:
    """``data`` as the file ``name`` is served: its media type, the pages' security headers."""
    media_type = MEDIA_TYPES["." + name.rpartition(".")[2]]
    return Response(data, media_type=media_type, headers=PAGE_HEADERS)


def index_page() -> bytes:
    """``index.html`` with a link to every registered game's page, its title and summary,
    in the registry's order (as ``GET /v1/games`` lists them)."""
    links = b"\n      ".join(
        f'<li><a href="/play/{escape(entry["name"])}"><strong>{escape(entry["title"])}'
        f"</strong>{escape(entry['summary'])}</a></li>".encode()
        for entry in game_service.games()["games"]
    )
    return static_files()["index.html"].replace(GAME_LINKS, links)


@router.get("/play")
async def play() -> Response:
    """The index: Manno Monster and every registered game."""
    return answer("index.html", index_page())


@router.get("/play/paste")
async def play_paste() -> Response:
    """Paste a Monster Park, Very Big Monster or Monstrolicious state; see hints and board."""
    return serve("play.html")


@router.get("/play/manno")
async def play_manno() -> Response:
    """Play a Manno Monster task: flip tokens, validate, climb the hint ladder."""
    return serve("manno.html")


@router.get("/play/{game}")
async def game_page(game: str) -> Response:
    """One registered game against bots on ``game.html`` (the page reads which from its
    path); after ``/play/manno`` and ``/play/paste``, which have pages of their own."""
    if game not in GAMES:
        raise NotFoundError(f"no game {quoted(game)} in the playground")
    return serve("game.html")


@router.get("/play/static/{name}")
async def static(name: str) -> Response:
    """The pages' scripts and style sheets."""
    return serve(name)


@router.get("/static/{name}")
async def static_root(name: str) -> Response:
    """The same files at ``/static``: ``/static/monsters-client.js`` for any front end."""
    return serve(name)
