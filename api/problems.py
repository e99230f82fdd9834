"""Errors as RFC 9457 problem details (``application/problem+json``).

Domain errors become HTTP answers here and only here: bad input is 422 naming
the field (and the column, for text), a missing catalogue task 404, a body
too large 413, a solver out of time 503.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from api.schemas import Problem
from solver.errors import MonsterError, NotationError, SolverTimeoutError

PROBLEM = "application/problem+json"

DESCRIPTIONS = {
    404: "Not found: no catalogue task has this id.",
    413: "Request body too large: refused before it is read.",
    422: "Bad input: the problem names the field (and the column).",
    503: "The solver ran out of time.",
}


class FieldError(MonsterError):
    """Bad input in one field of a request; its message is the domain error's.

    Args:
        field: the request field (``"task"``, ``"arrangement"``, ``"from"``).
        error: the domain error.
    """

    def __init__(self, field: str, error: MonsterError) -> None:
        super().__init__(str(error))
        self.field = field
        self.error = error


class NotFoundError(Exception):
    """A named thing (a catalogue task) that does not exist."""


class RequestTimeoutError(Exception):
    """A solver call that did not finish in the request's time."""


def problem(
    status: int,
    title: str,
    detail: str,
    headers: Mapping[str, str] | None = None,
    **extra: Any,
) -> JSONResponse:
    """A problem-details response (with ``headers``, e.g. ``Allow`` on a 405)."""
    body = {"type": "about:blank", "title": title, "status": status, "detail": detail, **extra}
    return JSONResponse(body, status_code=status, headers=headers, media_type=PROBLEM)


def field_problem(field: str, error: MonsterError) -> JSONResponse:
    """422 naming the field, with the column for bad text."""
    entry: dict[str, Any] = {"field": field, "message": str(error)}
    if isinstance(error, NotationError) and error.column is not None:
        entry["column"] = error.column
    return problem(422, "Unprocessable input", f"{field}: {error}", errors=[entry])


def responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """A route's ``responses=`` for these problem statuses, each with a ``Problem`` body."""
    return {status: {"model": Problem, "description": DESCRIPTIONS[status]} for status in statuses}


def typed_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """Like ``responses``, already filed as ``application/problem+json``.

    For a route whose own media type is not JSON (an SVG picture), where
    ``as_problems`` has no ``application/json`` entry to move.
    """
    content = {PROBLEM: {"schema": {"$ref": "#/components/schemas/Problem"}}}
    return {s: {"description": DESCRIPTIONS[s], "content": content} for s in statuses}


def as_problems(schema: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI ``schema`` with every error response's body as ``application/problem+json``.

    FastAPI files a documented response model under the route's media type
    (``application/json``); an error is sent as ``application/problem+json``.
    """
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            for status, response in operation.get("responses", {}).items():
                content = response.get("content", {})
                if str(status)[0] in "45" and "application/json" in content:
                    response["content"] = {PROBLEM: content.pop("application/json"), **content}
    return schema


def _field_name(location: tuple[int | str, ...]) -> str:
    """``("body", "task")`` -> ``"task"``; the body itself (or a spot in bad JSON) -> ``"body"``."""
    names = [str(part) for part in location[1:] if isinstance(part, str)]
    return ".".join(names) or "body"


def _validation_entry(error: Mapping[str, Any]) -> dict[str, Any]:
    """One entry of a 422's ``errors``; bad JSON says why and at which column."""
    if error["type"] == "json_invalid":
        column = int(error["loc"][-1]) + 1
        reason = error.get("ctx", {}).get("error", error["msg"])
        return {"field": "body", "message": f"not JSON: {reason}", "column": column}
    return {"field": _field_name(error["loc"]), "message": error["msg"]}


def install(app: FastAPI) -> None:
    """Register the handlers that turn errors into problems, and document them so."""
    plain_openapi = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = as_problems(plain_openapi())
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]

    async def on_monster(request: Request, exc: Exception) -> JSONResponse:
        if isinstance(exc, FieldError):
            return field_problem(exc.field, exc.error)
        if isinstance(exc, SolverTimeoutError):
            return problem(503, "Solver out of time", str(exc))
        errors = [{"field": "body", "message": str(exc)}]
        return problem(422, "Unprocessable input", str(exc), errors=errors)

    async def on_validation(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        errors = [_validation_entry(e) for e in exc.errors()]
        detail = "; ".join(f"{e['field']}: {e['message']}" for e in errors)
        return problem(422, "Unprocessable input", detail, errors=errors)

    async def on_not_found(request: Request, exc: Exception) -> JSONResponse:
        return problem(404, "Not found", str(exc))

    async def on_timeout(request: Request, exc: Exception) -> JSONResponse:
        return problem(503, "Solver out of time", str(exc))

    async def on_http(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, HTTPException)
        if exc.status_code == 400 and isinstance(exc.__cause__, ValueError):
            # FastAPI's answer to a body it cannot even decode (bytes that are not UTF-8)
            message = f"not JSON text: {exc.__cause__}"
            errors = [{"field": "body", "message": message}]
            return problem(422, "Unprocessable input", f"body: {message}", errors=errors)
        return problem(exc.status_code, str(exc.detail), str(exc.detail), headers=exc.headers)

    app.add_exception_handler(MonsterError, on_monster)
    app.add_exception_handler(RequestValidationError, on_validation)
    app.add_exception_handler(NotFoundError, on_not_found)
    app.add_exception_handler(RequestTimeoutError, on_timeout)
    app.add_exception_handler(HTTPException, on_http)
