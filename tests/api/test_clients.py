"""Generated clients: the OpenAPI document yields typed TypeScript and Python clients
whose example programs (``clients/ts/play.ts``, ``clients/python/play.py``) type-check
strictly and play a game against a real server."""

from __future__ import annotations

import re
from typing import Any

from fastapi.routing import APIRoute

from api.http.app import create_app, operation_id
from api.http.settings import Settings

OPERATION_ID = re.compile(r"^[a-z][A-Za-z0-9]*$")


def _document() -> dict[str, Any]:
    document: dict[str, Any] = create_app(Settings()).openapi()
    return document


def _operation_ids(document: dict[str, Any]) -> list[str]:
    return [
        operation.get("operationId", "")
        for operations in document["paths"].values()
        for operation in operations.values()
    ]


def test_every_operation_has_a_clean_unique_camel_case_id() -> None:
    ids = _operation_ids(_document())
    assert [i for i in ids if not OPERATION_ID.fullmatch(i)] == []
    assert sorted(i for i in set(ids) if ids.count(i) > 1) == []
    assert {"parkHint", "vbmNew", "monstroliciousScore", "mannoSolve", "health"} <= set(ids)


def test_an_operation_id_is_the_route_name_led_by_its_area_or_else_its_path() -> None:
    def endpoint() -> None:
        """A route for the test."""

    def route(path: str, name: str | None) -> APIRoute:
        return APIRoute(path, endpoint, name=name)

    assert operation_id(route("/v1/park/hint", "park_hint")) == "parkHint"
    assert operation_id(route("/v1/manno/render.svg", "render_svg")) == "mannoRenderSvg"
    assert operation_id(route("/health", "health")) == "health"
    assert operation_id(route("/v1/manno/tasks/{task_id}", "")) == "mannoTasksTaskId"
    assert operation_id(route("/v1/vbm/cards", "<lambda>")) == "vbmLambda"
