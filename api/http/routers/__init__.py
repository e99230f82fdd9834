"""The service's routers: Manno Monster's, the pages', and one per game under ``/v1/<game>/``.

Every router is made by :func:`router`, so its routes carry the service's
``operationId`` from the start (the app adds them as they are, see ``create_app``).
"""

from __future__ import annotations

import re
from typing import Any

from fastapi import APIRouter
from fastapi.routing import APIRoute


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


def router(**options: Any) -> APIRouter:
    """An ``APIRouter`` with ``options`` whose routes are named by :func:`operation_id`."""
    return APIRouter(generate_unique_id_function=operation_id, **options)
