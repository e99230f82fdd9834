"""The service's routers: Manno Monster's, the pages', and one per game under ``/v1/<game>/``.

Every router is made by :func:`router`, so its routes carry the service's
``operationId`` from the start (the app adds them as they are, see ``create_app``),
and are :class:`ExactRoute` s.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.routing import APIRoute
from starlette.routing import Match
from starlette.types import Scope

from api.http.body import ReadRequest


def operation_id(route: APIRoute) -> str:
    """The route's OpenAPI ``operationId``: its name in camelCase, led by its area of ``/v1``.

    ``park_hint`` under ``/v1/park`` is ``parkHint``; Manno's ``solve`` is ``mannoSolve``;
    ``health`` stays ``health``. A route without a word in its name is named by its path.
    """
    words: list[str] = re.findall(r"[A-Za-z0-9]+", route.name)
    path = [word for word in re.findall(r"[A-Za-z0-9]+", route.path) if word != "v1"]
    words = words or path
    area = path[0] if route.path.startswith("/v1/") else None
    if area is not None and words[0] != area:
        words = [area, *words]
    return words[0].lower() + "".join(word[:1].upper() + word[1:] for word in words[1:])


NO_MATCH = Match.NONE
"""Read once: an enum's member is read through a descriptor, a microsecond each time."""


Handler = Callable[[Request], Coroutine[Any, Any, Response]]


class ExactRoute(APIRoute):
    """A route that tells at once, by comparing strings, that a path is not its own,
    and reads its body's JSON once (``api.http.body.ReadRequest``).

    The app looks for a request's route by asking each route in turn, and a route
    asks its regular expression: about 6 µs a route, 150 µs before the 27th
    (``/v1/park/legal``), a tenth of that request's time. A route whose path has
    no parameters answers "not mine" for any other path without it; the paths its
    expression takes (its own, and its own with a final newline, which ``$``
    lets through), and every request under a ``root_path``, are asked as before.
    """

    def __init__(self, path: str, *args: Any, **kwargs: Any) -> None:
        super().__init__(path, *args, **kwargs)
        self.own_paths = None if self.param_convertors else frozenset({path, path + "\n"})

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        own = self.own_paths
        if own is not None and scope["path"] not in own and not scope.get("root_path"):
            return NO_MATCH, {}
        return super().matches(scope)

    def get_route_handler(self) -> Handler:
        handle: Handler = super().get_route_handler()

        async def read_once(request: Request) -> Response:
            return await handle(ReadRequest(request.scope, request.receive))

        return read_once


def router(**options: Any) -> APIRouter:
    """An ``APIRouter`` with ``options`` whose routes are :class:`ExactRoute` s named by
    :func:`operation_id`."""
    return APIRouter(generate_unique_id_function=operation_id, route_class=ExactRoute, **options)
