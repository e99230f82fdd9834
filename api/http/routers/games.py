"""``/v1/<game>/new | apply | view | legal | hint | validate | score | render.svg | cards``
and ``GET /v1/games``.

:func:`game_router` builds the same routes for each registered game, typed by
that game's document models (``solver/<game>/documents.py``), so a front end can
play a whole game over HTTP, statelessly, from its players' views with a
generated client. The work runs on a solver thread through ``SolverGate``
within the request's time, and ``api.services.games`` does it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Literal

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field

from api.http import metrics
from api.http.answers import JsonAnswer
from api.http.caching import matches
from api.http.game_schemas import GameSchemas, VerdictResponse, schemas_for
from api.http.hint_cache import HintCache, Kept
from api.http.limits import SolverGate, Work
from api.http.problems import responses, typed_responses
from api.http.routers import router as make_router
from api.http.routers.manno import SVG_RESPONSES, SvgResponse
from api.services import games as game_service
from api.services import review as review_service
from solver.game import DEFAULT_HINT_BUDGET, GAMES, Json, get_game

PROBLEMS = responses(413, 422, 503)
RENDER_RESPONSES = {200: SVG_RESPONSES[200], **typed_responses(413, 422, 503)}


def _gate(request: Request) -> SolverGate:
    gate: SolverGate = request.app.state.gate
    return gate


Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]


def _body(model: type[BaseModel]) -> Decorator:
    """Types an endpoint's ``body`` with a model made at run time (FastAPI reads it).

    Kept because FastAPI takes a body's model only from the endpoint's signature, and a
    game's request models are made when its routes are (``schemas_for``, for every game
    registered then): classes no type checker can take as a type. Written here, the
    endpoints' own code stays checked by mypy --strict; the OpenAPI document gets each
    model as a declared body would give it."""

    def typed(endpoint: Callable[..., Any]) -> Callable[..., Any]:
        endpoint.__annotations__["body"] = model
        return endpoint

    return typed


def _tagged(kept: Kept, if_none_match: str | None) -> Response:
    """A hint answer with its ``ETag``; 304 with no body when ``If-None-Match`` names it."""
    headers = {"etag": kept.tag}
    if matches(if_none_match, kept.tag):
        return Response(status_code=304, headers=headers)
    return Response(kept.body, media_type=JsonAnswer.media_type, headers=headers)


def prefix_of(name: str) -> str:
    """The prefix of a game's schema names: ``park`` -> ``Park``."""
    return name.capitalize()


def game_router(name: str, title: str) -> APIRouter:
    """The routes of one game under ``/v1/<name>``."""
    router = make_router(prefix=f"/v1/{name}", tags=[name])
    schemas: GameSchemas = schemas_for(name, prefix_of(name), get_game(name).document_models())

    def post(path: str, model: type[BaseModel] | None, route: str) -> Decorator:
        return router.post(
            path,
            response_model=model,
            responses=PROBLEMS,
            name=f"{name}_{route}",
        )

    def here(request: Request, call: Callable[[], Json]) -> JsonAnswer:
        return JsonAnswer(_gate(request).run_here(call))

    @post("/new", schemas.state_response, "new")
    @_body(schemas.new)
    async def new(body: Any, request: Request) -> JsonAnswer:
        call = functools.partial(
            game_service.new_game, name, body.players, body.seed, body.settings
        )
        return here(request, call)

    @post("/apply", schemas.apply_response, "apply")
    @_body(schemas.apply)
    async def apply(body: Any, request: Request) -> JsonAnswer:
        return here(request, functools.partial(game_service.apply, name, body.state, body.move))

    @post("/view", schemas.view_response, "view")
    @_body(schemas.view)
    async def view(body: Any, request: Request) -> JsonAnswer:
        call = functools.partial(game_service.view_with_turn, name, body.state, body.seat)
        return here(request, call)

    @post("/legal", schemas.legal_response, "legal")
    @_body(schemas.legal)
    async def legal(body: Any, request: Request) -> JsonAnswer:
        return here(request, functools.partial(game_service.legal, name, body.state, body.seat))

    @post("/hint", schemas.hint_response, "hint")
    @_body(schemas.hint)
    async def hint(body: Any, request: Request) -> Response:
        budget = None if body.budget_ms is None else body.budget_ms / 1000
        if body.level is not None:  # one rung of the ladder
            rung = (name, body.state, body.seat, budget, body.level)
            work = Work(name, "hint", DEFAULT_HINT_BUDGET if budget is None else budget)
            call = functools.partial(review_service.hint_level, *rung)
            return JsonAnswer(await _gate(request).run(call, work=work))
        asked = (name, body.state, body.seat, budget, body.top)
        cache: HintCache = request.app.state.hints
        key, kept = b"", None
        if cache.entries:  # a view sent as the service wrote it is not even read again
            unread = game_service.view_key(*asked)
            kept = None if unread is None else cache.get(unread)
            if kept is None:
                key = _gate(request).run_here(functools.partial(game_service.hint_key, *asked))
                kept = cache.get(key)
            metrics.hint_looked_up(name, kept is not None)
        if kept is None:
            work = Work(name, "hint", DEFAULT_HINT_BUDGET if budget is None else budget)
            doc = await _gate(request).run(functools.partial(game_service.hint, *asked), work=work)
            answer = JsonAnswer(doc)
            if doc.get("complete") is not True:  # cut short: a repeat may differ
                return answer
            kept = cache.put(key, bytes(answer.body))
        return _tagged(kept, request.headers.get("if-none-match"))

    @post("/validate", VerdictResponse, "validate")
    @_body(schemas.validate)
    async def validate(body: Any, request: Request) -> JsonAnswer:
        call = functools.partial(game_service.validate, name, body.state, body.move, body.seat)
        return here(request, call)

    @post("/review", schemas.review_response, "review")
    @_body(schemas.review)
    async def review(body: Any, request: Request) -> JsonAnswer:
        budget = None if body.budget_ms is None else body.budget_ms / 1000
        asked = (name, body.state, body.move, body.seat, budget)
        work = Work(name, "hint", DEFAULT_HINT_BUDGET if budget is None else budget)
        call = functools.partial(review_service.review, *asked)
        return JsonAnswer(await _gate(request).run(call, work=work))

    @post("/score", schemas.score_response, "score")
    @_body(schemas.score)
    async def score(body: Any, request: Request) -> JsonAnswer:
        return here(request, functools.partial(game_service.score, name, body.state, body.seat))

    @router.post(
        "/render.svg",
        response_class=SvgResponse,
        responses=RENDER_RESPONSES,
        name=f"{name}_render",
    )
    @_body(schemas.render)
    async def render(body: Any, request: Request) -> SvgResponse:
        call = functools.partial(game_service.render, name, body.state, body.seat)
        return SvgResponse(await _gate(request).run(call, work=Work(name, "render")))

    @router.get(
        "/cards",
        response_model=schemas.cards_response,
        name=f"{name}_cards",
        response_model_exclude_unset=True,
    )
    async def cards() -> dict[str, Any]:
        return game_service.cards(name)

    new.__doc__ = f"{title}: set up a new game (no seed: 64 bits from the system)."
    apply.__doc__ = f"{title}: play a move on the full state; an illegal move names the rule."
    view.__doc__ = f"{title}: what one seat may see, to send to that seat's player."
    legal.__doc__ = (
        f"{title}: the legal moves of one seat, from its view alone: the `seat` named,"
        " else the seat to move (a view: its own seat); none while it has no decision."
    )
    hint.__doc__ = (
        f"{title}: every legal move of the seat, ranked best first, with reasons, from its"
        " view alone (the `seat` named, else the seat to move). With `level` (1, 2, 3), one"
        " rung of the ladder to the best move instead: where to look, what to look at, the"
        " move (docs/ladder.md)."
    )
    review.__doc__ = (
        f"{title}: how good the seat's own move is, from its view alone: its value and rank"
        " among every legal move the hint ranks, the best move, what it gives up, a grade"
        " (best, good, inaccuracy, mistake, blunder: docs/review.md) and what the best move"
        " gets that it misses. An illegal move is refused with the rule it breaks (a move"
        ' naming another seat: "not your seat: ...").'
    )
    validate.__doc__ = (
        f"{title}: is the move legal for one seat (the `seat` named, else the seat to move;"
        " a view: its own seat)? If not, the rule it breaks, in what that seat sees. A move"
        ' that names another seat answers `{"legal": false, "reason": "not your seat: this'
        ' move is for seat N"}`, whatever that seat holds.'
    )
    score.__doc__ = (
        f"{title}: the score pad of every seat; the winners once the game is over. With"
        " `seat` (or a view), as that seat sees it; a full state without `seat` counts only"
        " what every seat sees (a face-down tile as a monster; a finished game shows all)."
    )
    render.__doc__ = f"{title}: the board as the seat sees it, as an SVG picture."
    cards.__doc__ = f"{title}: every card id with what it prints, to draw your own cards."
    return router


class SettingDetail(BaseModel):
    """One rule setting as a front end offers it."""

    meaning: str = Field(description="What the setting decides, in a player's words.")
    default: bool | int | float | str | list[int] | None = Field(
        description="Its value when a set-up leaves it out."
    )
    kind: Literal["boolean", "integer", "number", "string", "array"] = Field(
        description="The kind of value it takes."
    )
    may_be_null: bool = Field(description="null is a value too (its meaning says what it does).")
    values: list[bool | int | float | str] | None = Field(
        default=None, description="The only values it takes, where it has a list of them."
    )
    minimum: int | float | None = Field(default=None, description="Its least value, for a number.")
    maximum: int | float | None = Field(
        default=None, description="Its greatest value, for a number."
    )


class Seating(BaseModel):
    """Who plays with whom at one player count of one mode."""

    mode: str | None = Field(description="The mode (its `modes` key); null in a game without.")
    players: int = Field(description="The player count.")
    sides: list[list[int]] = Field(
        description="The seats that play as one side, each side's seats in order: teammates"
        " share a side (Very Big Monster's team mode: seats s and s + players / 2, who sit"
        " opposite), and every seat is a side of its own where there are no teams. Seats are"
        " numbered round the table from 0."
    )


class GameEntry(BaseModel):
    """One registered game, with what a front end needs to offer it."""

    name: str = Field(description="The game's name in the registry and in its paths (`park`).")
    title: str = Field(description="The game's name as printed on its box.")
    summary: str = Field(description="What the game is, in one line to show beside its title.")
    min_players: int = Field(description="The fewest players the rules take.")
    max_players: int = Field(description="The most players the rules take.")
    default_players: int = Field(description="The player count of a set-up that names none.")
    modes: dict[str, list[int]] = Field(
        description="The game's modes (the `mode` setting) and the player counts each takes;"
        " empty for a game without modes. Left unset, the rulebook's mode for the count."
    )
    seating: list[Seating] = Field(
        description="Who plays with whom at every player count of every mode (of the game,"
        " where it has no modes)."
    )
    settings: dict[str, bool | int | float | str | None] = Field(
        description="Every rule setting with its default (docs/rulings.md)."
    )
    setting_details: dict[str, SettingDetail] = Field(
        description="Every rule setting: what it means, its default and the values it takes."
    )
    players: list[str] = Field(
        description="The players a bot may be, in `/v1/sessions` and in a match: `mcts` and"
        " `search` also with a budget (`mcts:N`)."
    )


class GamesResponse(BaseModel):
    games: list[GameEntry] = Field(description="Every registered game, in the registry's order.")


listing = make_router(tags=["games"])


@listing.get("/v1/games", response_model=GamesResponse, name="games_list")
async def games() -> dict[str, Any]:
    """Every rules-engine game: its name, title and summary, seats, modes and who plays
    with whom in each, rule settings with defaults, and the players a bot may be."""
    return game_service.games()


def routers() -> list[APIRouter]:
    """``GET /v1/games`` and the routes of every game registered when the service is made."""
    return [listing] + [game_router(name, entry.title) for name, entry in GAMES.items()]
