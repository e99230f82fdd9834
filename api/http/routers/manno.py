"""``/v1/manno``: solve, validate, hint, grade, the catalogue and generated tasks.

Routes stay thin: they read the body, hand the work to ``api.services.manno``
through the ``SolverGate``, and return its JSON. The busiest (solve, validate,
hint) answer the service's document as it is (``JsonAnswer``): their
``response_model`` documents it, and the tests hold the two to the same bytes.
Work for the csp engine and generating new tasks go on the gate's heavy lane,
in another process; the request is read (and a task too long for its engine
refused) before.
"""

from __future__ import annotations

import functools
from typing import Any

from fastapi import Query, Request
from fastapi.responses import Response

from api.http.answers import JsonAnswer
from api.http.limits import SolverGate, Work
from api.http.problems import NotFoundError, responses, typed_responses
from api.http.routers import router as make_router
from api.http.schemas import (
    ArrangementQuery,
    CatalogueResponse,
    CatalogueTask,
    GenerateRequest,
    GenerateResponse,
    GradeRequest,
    GradeResponse,
    HintRequest,
    HintResponse,
    SolveRequest,
    SolveResponse,
    TokenSetResponse,
    ValidateRequest,
    ValidateResponse,
)
from api.render.manno import picture
from api.services import manno as manno_service
from api.services.errors import FieldError
from solver.errors import MonsterError
from solver.manno.task import MAX_TEXT
from solver.manno.tokens import standard_tokens
from tasks.catalogue import Entry, load_catalogue
from tasks.generator import generate as generate_tasks
from tasks.pool import served

router = make_router(prefix="/v1/manno", tags=["manno"])
GAME = "manno"
"""The game the solver metrics name for this router's work."""

PROBLEMS = responses(413, 422, 503)  # every POST: a body, read and checked, then a solver call


def _gate(request: Request) -> SolverGate:
    gate: SolverGate = request.app.state.gate
    return gate


def _time(request: Request) -> float:
    seconds: float = request.app.state.settings.request_seconds
    return seconds


@router.post("/solve", response_model=SolveResponse, responses=PROBLEMS)
async def solve(body: SolveRequest, request: Request) -> JsonAnswer:
    """Solvable?, how many solutions, the fewest-flip solution, or the clash."""
    read = functools.partial(
        manno_service.solve_work, body.task, body.from_, body.engine, time_limit=_time(request)
    )
    heavy = manno_service.is_heavy(body.engine)
    return JsonAnswer(await _gate(request).run_read(read, heavy, Work(GAME, body.engine)))


@router.post("/validate", response_model=ValidateResponse, responses=PROBLEMS)
async def validate(body: ValidateRequest, request: Request) -> JsonAnswer:
    """Each condition: its canonical text, ok or not, the counts found and what it requires."""
    # counting 15 tokens against a task the body limit bounds: cheaper than the hop to a
    # solver thread and back (a thread pool's wake-up is most of a cheap request's time)
    call = functools.partial(manno_service.validate, body.task, body.arrangement)
    return JsonAnswer(_gate(request).run_here(call))


@router.post(
    "/hint", response_model=HintResponse, response_model_exclude_unset=True, responses=PROBLEMS
)
async def hint(body: HintRequest, request: Request) -> JsonAnswer:
    """The hint ladder: 1 a condition to fix, 2 the tokens to turn, 3 one exact flip."""
    read = functools.partial(
        manno_service.hint_work,
        body.task,
        body.arrangement,
        body.level,
        body.engine,
        time_limit=_time(request),
    )
    heavy = manno_service.is_heavy(body.engine)
    return JsonAnswer(await _gate(request).run_read(read, heavy, Work(GAME, body.engine)))


@router.post("/grade", response_model=GradeResponse, responses=PROBLEMS)
async def grade(body: GradeRequest, request: Request) -> dict[str, Any]:
    """The task's level 1-6 and the exact metrics behind it."""
    call = functools.partial(manno_service.grade, body.task)
    return await _gate(request).run(call, work=Work(GAME, "grade"))


@router.get("/tokens", response_model=TokenSetResponse)
async def tokens() -> dict[str, object]:
    """The token set: each token's two kinds, token 1 first (the arrangement's order)."""
    return standard_tokens().to_json()


@router.get("/tasks", response_model=CatalogueResponse)
async def tasks() -> dict[str, Any]:
    """The 108-task catalogue."""
    return {"tasks": [catalogue_entry(e) for e in load_catalogue().entries]}


@router.get("/tasks/{task_id}", response_model=CatalogueTask, responses=responses(404, 422))
async def task(task_id: str) -> dict[str, Any]:
    """One catalogue task by id, e.g. ``L4-07``."""
    try:
        return catalogue_entry(load_catalogue().by_id(task_id))
    except MonsterError as err:
        raise NotFoundError(str(err)) from err


@router.post("/generate", response_model=GenerateResponse, responses=PROBLEMS)
async def generate(body: GenerateRequest, request: Request) -> dict[str, Any]:
    """New tasks of a level: from the ready pool for seed 0, else generated within the time."""
    ready = served(body.level, body.count, body.seed)
    if ready is not None:
        return {"tasks": ready}
    call = functools.partial(_generate, body.level, body.count, body.seed)
    return await _gate(request).run(call, heavy=True, work=Work(GAME, "generate"))


class SvgResponse(Response):
    """An SVG picture."""

    media_type = "image/svg+xml"


SVG_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "An SVG picture.",
        "content": {SvgResponse.media_type: {"schema": {"type": "string"}}},
    },
    **typed_responses(422, 503),
}
"""The picture, or a problem: documented under their own media types, not the route's."""


@router.get("/render.svg", response_class=SvgResponse, responses=SVG_RESPONSES)
async def render_svg(
    request: Request,
    task: str | None = Query(
        None, min_length=1, max_length=MAX_TEXT, examples=["PB>=4, PY=0, B>R"]
    ),
    arrangement: ArrangementQuery = None,
) -> SvgResponse:
    """The task card as the game draws it, the tokens as they lie, or both (rows marked)."""
    if task is None and arrangement is None:
        raise FieldError("task", MonsterError("give a task, an arrangement or both"))
    call = functools.partial(picture_svg, task, arrangement)
    return SvgResponse(await _gate(request).run(call, work=Work(GAME, "render")))


def picture_svg(task: str | None, arrangement: str | None) -> str:
    """The picture ``render.svg`` answers: the task card, the tokens as they lie, or both."""
    tokens = standard_tokens()
    parsed = None if task is None else manno_service.task_field(task)
    here = None if arrangement is None else manno_service.arrangement_field(arrangement, tokens)
    return picture(parsed, here, tokens)


@functools.lru_cache(maxsize=256)
def _generate(level: int, count: int, seed: int) -> dict[str, Any]:
    return {"tasks": [g.to_json() for g in generate_tasks(level, count, seed)]}


def catalogue_entry(entry: Entry) -> dict[str, Any]:
    """A catalogue task as ``/v1/manno/tasks`` lists it."""
    return {
        "id": entry.id,
        "level": entry.level,
        "card": entry.card,
        "side": entry.side,
        "task": str(entry.task),
    }
