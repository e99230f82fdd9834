"""``/v1/<game>/new | apply | view | legal | hint | validate | score | render.svg``.

:func:`game_router` builds the same routes for each registered game, so a front
end can play a whole game over HTTP, statelessly, from its players' views;
the work runs on a solver thread through ``SolverGate`` within the request's
time, and ``api.services.games`` does it.
"""

from __future__ import annotations

import functools
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from api.http.game_schemas import (
    GameApplyRequest,
    GameHintRequest,
    GameHintResponse,
    GameLegalRequest,
    GameLegalResponse,
    GameNewRequest,
    GameRenderRequest,
    GameScoreRequest,
    GameScoreResponse,
    GameStateResponse,
    GameValidateRequest,
    GameViewRequest,
    GameViewResponse,
    VerdictResponse,
)
from api.http.limits import SolverGate
from api.http.problems import responses, typed_responses
from api.http.routers.manno import SVG_RESPONSES, SvgResponse
from api.services import games as game_service
from solver.game import GAMES

PROBLEMS = responses(413, 422, 503)
RENDER_RESPONSES = {200: SVG_RESPONSES[200], **typed_responses(413, 422, 503)}


def _gate(request: Request) -> SolverGate:
    gate: SolverGate = request.app.state.gate
    return gate


def game_router(name: str, title: str) -> APIRouter:
    """The routes of one game under ``/v1/<name>``."""
    router = APIRouter(prefix=f"/v1/{name}", tags=[name])

    @router.post("/new", response_model=GameStateResponse, responses=PROBLEMS, name=f"{name}_new")
    async def new(body: GameNewRequest, request: Request) -> dict[str, Any]:
        call = functools.partial(
            game_service.new_game, name, body.players, body.seed, body.settings
        )
        return await _gate(request).run(call)

    @router.post(
        "/apply", response_model=GameStateResponse, responses=PROBLEMS, name=f"{name}_apply"
    )
    async def apply(body: GameApplyRequest, request: Request) -> dict[str, Any]:
        call = functools.partial(game_service.apply, name, body.state, body.move)
        return await _gate(request).run(call)

    @router.post("/view", response_model=GameViewResponse, responses=PROBLEMS, name=f"{name}_view")
    async def view(body: GameViewRequest, request: Request) -> dict[str, Any]:
        call = functools.partial(game_service.view_with_turn, name, body.state, body.seat)
        return await _gate(request).run(call)

    @router.post(
        "/legal", response_model=GameLegalResponse, responses=PROBLEMS, name=f"{name}_legal"
    )
    async def legal(body: GameLegalRequest, request: Request) -> dict[str, Any]:
        return await _gate(request).run(functools.partial(game_service.legal, name, body.state))

    @router.post("/hint", response_model=GameHintResponse, responses=PROBLEMS, name=f"{name}_hint")
    async def hint(body: GameHintRequest, request: Request) -> dict[str, Any]:
        budget = None if body.budget_ms is None else body.budget_ms / 1000
        call = functools.partial(game_service.hint, name, body.state, body.seat, budget, body.top)
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

    new.__doc__ = f"{title}: set up a new game (no seed: 64 bits from the system)."
    apply.__doc__ = f"{title}: play a move on the full state; an illegal move names the rule."
    view.__doc__ = f"{title}: what one seat may see, to send to that seat's player."
    legal.__doc__ = f"{title}: the legal moves of the seat deciding (a state or its view)."
    hint.__doc__ = f"{title}: every legal move of the seat, ranked best first, with reasons."
    validate.__doc__ = f"{title}: is the move legal? If not, the rule it breaks."
    score.__doc__ = f"{title}: the score pad of every seat; the winners once the game is over."
    render.__doc__ = f"{title}: the board as the seat sees it, as an SVG picture."
    return router


class GameEntry(BaseModel):
    name: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    settings: dict[str, bool | int | float | str] = Field(
        description="Every rule setting with its default (docs/rulings.md)."
    )


class GamesResponse(BaseModel):
    games: list[GameEntry]


listing = APIRouter(tags=["games"])


@listing.get("/v1/games", response_model=GamesResponse, name="games_list")
async def games() -> dict[str, Any]:
    """Every rules-engine game: its name, title, seats and rule settings with defaults."""
    return game_service.games()


ROUTERS = [listing] + [game_router(name, entry.title) for name, entry in GAMES.items()]
