"""``/v1/<game>/hint | validate | score | render.svg`` for every rules-engine game.

:func:`game_router` builds the same four routes for each registered game;
the work runs on a solver thread through ``SolverGate`` within the request's
time, and ``api.game_service`` does it.
"""

from __future__ import annotations

import functools
from typing import Any

from fastapi import APIRouter, Request

from api import game_service
from api.game_cli import TITLES
from api.game_schemas import (
    GameHintRequest,
    GameHintResponse,
    GameRenderRequest,
    GameScoreRequest,
    GameScoreResponse,
    GameValidateRequest,
    VerdictResponse,
)
from api.limits import SolverGate
from api.problems import responses, typed_responses
from api.routers.manno import SVG_RESPONSES, SvgResponse

PROBLEMS = responses(413, 422, 503)
RENDER_RESPONSES = {200: SVG_RESPONSES[200], **typed_responses(413, 422, 503)}


def _gate(request: Request) -> SolverGate:
    gate: SolverGate = request.app.state.gate
    return gate


def game_router(name: str, title: str) -> APIRouter:
    """The routes of one game under ``/v1/<name>``."""
    router = APIRouter(prefix=f"/v1/{name}", tags=[name])

    @router.post("/hint", response_model=GameHintResponse, responses=PROBLEMS, name=f"{name}_hint")
    async def hint(body: GameHintRequest, request: Request) -> dict[str, Any]:
        budget = None if body.budget_ms is None else body.budget_ms / 1000
        call = functools.partial(game_service.hint, name, body.state, body.seat, budget)
        return await _gate(request).run(call)

    @router.post(
        "/validate", response_model=VerdictResponse, responses=PROBLEMS, name=f"{name}_validate"
    )
    async def validate(body: GameValidateRequest, request: Request) -> dict[str, Any]:
        call = functools.partial(game_service.validate, name, body.state, body.move)
        return await _gate(request).run(call)

    @router.post(
        "/score", response_model=GameScoreResponse, responses=PROBLEMS, name=f"{name}_score"
    )
    async def score(body: GameScoreRequest, request: Request) -> dict[str, Any]:
        return await _gate(request).run(functools.partial(game_service.score, name, body.state))

    @router.post(
        "/render.svg",
        response_class=SvgResponse,
        responses=RENDER_RESPONSES,
        name=f"{name}_render",
    )
    async def render(body: GameRenderRequest, request: Request) -> SvgResponse:
        call = functools.partial(game_service.render, name, body.state, body.seat)
        return SvgResponse(await _gate(request).run(call))

    hint.__doc__ = f"{title}: every legal move of the seat, ranked best first, with reasons."
    validate.__doc__ = f"{title}: is the move legal? If not, the rule it breaks."
    score.__doc__ = f"{title}: the score pad of every seat; the winners once the game is over."
    render.__doc__ = f"{title}: the board as the seat sees it, as an SVG picture."
    return router


ROUTERS = [game_router(name, title) for name, title in TITLES.items()]
