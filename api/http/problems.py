"""Errors as RFC 9457 problem details (``application/problem+json``).

Domain errors become HTTP answers here and only here. Every answer names its
kind by a stable ``type`` URI, the same on every route (``KINDS``): bad input
and the game's refusals are 422, a missing catalogue task or route 404, a method
the route does not take 405 with ``Allow``, a body too large 413, a solver out
of time 503 with ``Retry-After``. Each fault of a 422 names
its field as a JSON pointer into the request body (``/task``,
``/state/parks/0/water/2``) and, for bad text, the column.

>>> kind_of(IllegalMoveError("a tourist cannot ride a full ride")).type
'/problems/illegal-move'
>>> kind_of(FieldError("settings", UnknownDeckError("no deck 'x'"))).type
'/problems/unknown-deck'
>>> fault("state", NotationError("a land monster cannot swim", path="parks[0].water[2]"))
{'field': '/state/parks/0/water/2', 'message': 'a land monster cannot swim'}
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.http.wording import words
from api.services.errors import FieldError
from api.services.sealed import BadSealError
from solver.errors import (
    GameOverError,
    IllegalMoveError,
    MonsterError,
    NotationError,
    NotYourTurnError,
    SolverTimeoutError,
    UnknownDeckError,
    json_pointer,
)

PROBLEM = "application/problem+json"
_log = logging.getLogger("uvicorn.error")
RETRY_AFTER_SECONDS = 1
"""What a 503 asks the caller to wait before trying again, unless the error says."""


@dataclass(frozen=True)
class ProblemKind:
    """One kind of error answer: its ``type`` URI, ``title``, HTTP status and meaning."""

    type: str
    title: str
    status: int
    meaning: str


INVALID_INPUT = ProblemKind(
    "/problems/invalid-input",
    "Unprocessable input",
    422,
    "a field does not read: wrong JSON type, out of range, or text, a state or a move "
    "that does not parse; each fault names its field as a JSON pointer (and the column)",
)
ILLEGAL_MOVE = ProblemKind(
    "/problems/illegal-move", "Illegal move", 422, "the move breaks a rule, which is named"
)
GAME_OVER = ProblemKind("/problems/game-over", "Game over", 422, "the game has ended")
NOT_YOUR_TURN = ProblemKind(
    "/problems/not-your-turn", "Not your turn", 422, "the seat has no decision to make now"
)
UNKNOWN_DECK = ProblemKind(
    "/problems/unknown-deck", "Unknown deck", 422, "the deck named is not a built-in one"
)
NOT_FOUND = ProblemKind(
    "/problems/not-found", "Not found", 404, "nothing by that name (a route, a catalogue task id)"
)
METHOD_NOT_ALLOWED = ProblemKind(
    "/problems/method-not-allowed",
    "Method not allowed",
    405,
    "the route does not take this method; Allow names those it takes",
)
BODY_TOO_LARGE = ProblemKind(
    "/problems/body-too-large", "Request body too large", 413, "refused before it is read"
)
BAD_SESSION = ProblemKind(
    "/problems/bad-session",
    "Session token does not read",
    422,
    "the session's token (`/session`) was made under another key, was changed or cut short,"
    " or is no token: start a new game",
)
SOLVER_TIMEOUT = ProblemKind(
    "/problems/solver-timeout",
    "Solver out of time",
    503,
    "the solver ran out of time or the service is busy; try again after Retry-After seconds",
)
KINDS = (
    INVALID_INPUT,
    ILLEGAL_MOVE,
    GAME_OVER,
    NOT_YOUR_TURN,
    UNKNOWN_DECK,
    NOT_FOUND,
    METHOD_NOT_ALLOWED,
    BODY_TOO_LARGE,
    BAD_SESSION,
    SOLVER_TIMEOUT,
)
"""Every kind of problem the service answers, besides plain HTTP ones (``about:blank``)."""


class FieldProblem(BaseModel):
    """One fault in a request: the field it is in and what is wrong."""

    field: str = Field(
        description='Where the fault is, as a JSON pointer into the body ("" for the body itself).',
        examples=["/task", "/state/parks/0/water/2"],
    )
    message: str
    column: int | None = Field(default=None, description="For bad text: the column at fault.")


class Problem(BaseModel):
    """An error, as RFC 9457 problem details (``application/problem+json``)."""

    type: str = Field(
        description="The kind of error, the same on every route (see the list above); "
        "`about:blank` for a plain HTTP error such as 405.",
        examples=["/problems/invalid-input"],
        json_schema_extra={"enum": [*(kind.type for kind in KINDS), "about:blank"]},
    )
    title: str = Field(examples=["Unprocessable input"])
    status: int = Field(examples=[422])
    detail: str = Field(examples=["/task: unknown group 'PX' (groups are PB TB ...) at column 8"])
    errors: list[FieldProblem] | None = Field(
        default=None, description="Bad input (422): each field at fault."
    )


class NotFoundError(Exception):
    """A named thing (a catalogue task) that does not exist."""


class RequestTimeoutError(Exception):
    """A request that cannot be answered in its time (the solver, or the queue for it).

    Args:
        message: what ran out, in the caller's words.
        retry_after: seconds the caller should wait before trying again.
    """

    def __init__(self, message: str, retry_after: int = RETRY_AFTER_SECONDS) -> None:
        super().__init__(message)
        self.retry_after = retry_after


_KIND_OF: tuple[tuple[type[BaseException], ProblemKind], ...] = (
    (UnknownDeckError, UNKNOWN_DECK),
    (BadSealError, BAD_SESSION),
    (IllegalMoveError, ILLEGAL_MOVE),
    (GameOverError, GAME_OVER),
    (NotYourTurnError, NOT_YOUR_TURN),
    (SolverTimeoutError, SOLVER_TIMEOUT),
    (RequestTimeoutError, SOLVER_TIMEOUT),
    (NotFoundError, NOT_FOUND),
)


def _unwrap(error: BaseException) -> tuple[str | None, BaseException]:
    """The request field an error blames (if any) and the domain error it carries."""
    field = error.field if isinstance(error, FieldError) else None
    while isinstance(error, FieldError):
        error = error.error
    return field, error


def kind_of(error: BaseException) -> ProblemKind:
    """The kind of answer an error gets (a ``FieldError``: that of the error it carries)."""
    _, inner = _unwrap(error)
    for cls, kind in _KIND_OF:
        if isinstance(inner, cls):
            return kind
    return INVALID_INPUT


def problem(
    kind: ProblemKind | int,
    detail: str,
    headers: Mapping[str, str] | None = None,
    title: str | None = None,
    **extra: Any,
) -> JSONResponse:
    """A problem-details response of ``kind`` (or of a plain HTTP status, ``about:blank``)."""
    if isinstance(kind, ProblemKind):
        type_, status, title = kind.type, kind.status, title or kind.title
    else:
        type_, status, title = "about:blank", kind, title or detail
    body = {"type": type_, "title": title, "status": status, "detail": detail, **extra}
    return JSONResponse(body, status_code=status, headers=headers, media_type=PROBLEM)


def _text(error: BaseException) -> str:
    """An error's message without the JSON path and the column a ``NotationError`` carries."""
    text = error.message if isinstance(error, NotationError) else str(error)
    return text or kind_of(error).title.lower()


def fault(field: str | None, error: BaseException) -> dict[str, Any]:
    """One entry of a 422's ``errors``: the field as a JSON pointer, the message, the column
    (given once, on its own, not in the message).

    The pointer joins the request field and the path the error names inside it
    (a path that already starts with the field is not joined twice).
    """
    path = error.path if isinstance(error, NotationError) else None
    where = field or ""
    if path and where and path != where and not path.startswith((f"{where}.", f"{where}[")):
        where = f"{where}.{path}"
    elif path:
        where = path
    text = _text(error)
    for prefix in (f"{field}: ", f"{where}: "):  # a message that names its field already
        if field and text.startswith(prefix):
            text = text[len(prefix) :]
    entry: dict[str, Any] = {"field": json_pointer(where), "message": text}
    if isinstance(error, NotationError) and error.column is not None:
        entry["column"] = error.column
    return entry


def _detail(entries: list[dict[str, Any]]) -> str:
    """``/task: unknown group 'PX' ... at column 8``; a fault of the whole body is its message."""
    parts = []
    for entry in entries:
        text = f"{entry['field']}: {entry['message']}" if entry["field"] else entry["message"]
        parts.append(text if "column" not in entry else f"{text} at column {entry['column']}")
    return "; ".join(parts)


def error_problem(error: BaseException) -> JSONResponse:
    """The answer to a domain error, a missing task or a request out of time."""
    kind = kind_of(error)
    _, inner = _unwrap(error)
    if kind is SOLVER_TIMEOUT:
        wait = inner.retry_after if isinstance(inner, RequestTimeoutError) else RETRY_AFTER_SECONDS
        return problem(kind, _text(inner), headers={"Retry-After": str(max(1, wait))})
    if kind.status != 422:
        return problem(kind, _text(inner))
    entries = [fault(*_unwrap(error))]
    return problem(kind, _detail(entries), errors=entries)


def responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """A route's ``responses=`` for these problem statuses, each with a ``Problem`` body."""
    return {status: _documented(status, {"model": Problem}) for status in statuses}


def typed_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """Like ``responses``, already filed as ``application/problem+json``.

    For a route whose own media type is not JSON (an SVG picture), where
    ``as_problems`` has no ``application/json`` entry to move.
    """
    content = {PROBLEM: {"schema": {"$ref": "#/components/schemas/Problem"}}}
    return {s: _documented(s, {"content": content}) for s in statuses}


def _documented(status: int, body: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI response of a problem status: the kinds it carries, and ``Retry-After``."""
    kinds = [k for k in KINDS if k.status == status]
    description = "; ".join(f"`{k.type}`: {k.meaning}" for k in kinds) or "A problem."
    documented = {"description": description, **body}
    if status == SOLVER_TIMEOUT.status:
        retry = {
            "description": "Seconds to wait before trying again.",
            "schema": {"type": "integer"},
        }
        documented["headers"] = {"Retry-After": retry}
    return documented


def problem_types_text() -> str:
    """The list of problem types, as the OpenAPI description shows it."""
    lines = [f"- `{k.type}` ({k.status}, {k.title}): {k.meaning}." for k in KINDS]
    return "Errors are `application/problem+json`; their `type` is one of:\n\n" + "\n".join(lines)


def as_problems(schema: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI ``schema`` with every error response's body as ``application/problem+json``,
    and the problem types listed in its description.

    FastAPI files a documented response model under the route's media type
    (``application/json``); an error is sent as ``application/problem+json``.
    """
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            for status, response in operation.get("responses", {}).items():
                content = response.get("content", {})
                if str(status)[0] in "45" and "application/json" in content:
                    response["content"] = {PROBLEM: content.pop("application/json"), **content}
    info = schema.setdefault("info", {})
    info["description"] = "\n\n".join(filter(None, [info.get("description"), problem_types_text()]))
    return schema


def _validation_entry(error: Mapping[str, Any]) -> dict[str, Any]:
    """One entry of a 422's ``errors``; bad JSON says why and at which column."""
    if error["type"] == "json_invalid":
        column = int(error["loc"][-1]) + 1
        reason = error.get("ctx", {}).get("error", error["msg"])
        return {"field": "", "message": f"not JSON: {reason}", "column": column}
    ctx = error.get("ctx") or {}
    entry: dict[str, Any] = {"field": _pointer(error["loc"][1:]), "message": words(error)}
    if isinstance(ctx.get("column"), int):
        entry["column"] = ctx["column"]
    return entry


NOT_SENT_AS_JSON = "send the body as JSON, with the header Content-Type: application/json"


def _sent_as_json(request: Request) -> bool:
    """The request says its body is JSON (``application/json`` or a ``+json`` type)."""
    kind = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    return kind == "application/json" or kind.endswith("+json")


def _pointer(location: tuple[int | str, ...] | list[int | str]) -> str:
    """The JSON pointer of a place in the body: ``("state", "parks", 0)`` -> ``/state/parks/0``."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in location)


def _unreadable(cause: BaseException | None) -> dict[str, Any]:
    """Why a body that is not even JSON could not be read (no Python text)."""
    if isinstance(cause, UnicodeDecodeError):
        column = cause.start + 1
        return {"field": "", "message": "not UTF-8 text", "column": column}
    if isinstance(cause, RecursionError):
        return {"field": "", "message": "not JSON: nested too deep"}
    return {"field": "", "message": "not JSON: a number too long or a text that does not read"}


class CrashGuard:
    """ASGI middleware: a request that fails in a way no handler knows answers a 500
    problem with no Python text in it (the error is logged), inside CORS like any answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except Exception:
            if started:
                raise
            _log.exception("the service could not answer %s %s", scope["method"], scope["path"])
            crash = problem(
                500, "the service could not answer this request", title="Internal error"
            )
            await crash(scope, receive, send)


ROUTING = {NOT_FOUND.status: NOT_FOUND, METHOD_NOT_ALLOWED.status: METHOD_NOT_ALLOWED}
"""The kinds of the router's own refusals: no route at the path, or not with this method."""


def _routing_problem(exc: HTTPException) -> JSONResponse:
    """A 404 or 405 the router (or a file route) raised, as its own kind of problem."""
    kind = ROUTING[exc.status_code]
    if exc.detail and exc.detail != HTTPStatus(exc.status_code).phrase:
        detail = str(exc.detail)  # a route's own words
    elif kind is NOT_FOUND:
        detail = "nothing is served at this path"
    else:
        allowed = (exc.headers or {}).get("Allow", "")
        detail = f"this route takes only {allowed}"
    return problem(kind, detail, headers=exc.headers)


def install(app: FastAPI) -> None:
    """Register the handlers that turn errors into problems, and document them so."""
    plain_openapi = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = as_problems(plain_openapi())
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]

    async def on_error(request: Request, exc: Exception) -> JSONResponse:
        return error_problem(exc)

    async def on_validation(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        errors = [_validation_entry(e) for e in exc.errors()]
        if not _sent_as_json(request) and any(e["field"] == "" for e in errors):
            errors = [{"field": "", "message": NOT_SENT_AS_JSON}]
        return problem(INVALID_INPUT, _detail(errors), errors=errors)

    async def on_http(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, HTTPException)
        if exc.status_code == 400 and exc.__cause__ is not None:
            # FastAPI's answer to a body it cannot even decode
            errors = [_unreadable(exc.__cause__)]
            return problem(INVALID_INPUT, _detail(errors), errors=errors)
        if exc.status_code in ROUTING:
            return _routing_problem(exc)
        detail = str(exc.detail) if exc.detail else "error"
        return problem(exc.status_code, detail, headers=exc.headers)

    for error in (MonsterError, NotFoundError, RequestTimeoutError):
        app.add_exception_handler(error, on_error)
    app.add_exception_handler(RequestValidationError, on_validation)
    app.add_exception_handler(HTTPException, on_http)
    app.add_middleware(CrashGuard)  # added first, so inside CORS and the body checks
