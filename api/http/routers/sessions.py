"""``/v1/sessions``: play one seat against bots while the full state stays on the service.

The game routes are stateless: a caller holds the full state. A page that plays
against bots must not (the full state holds every hidden card), so these routes
keep it in ``api.services.sessions``' bounded, expiring store and answer only
the page's seat's view. Everything else the page needs (legal moves, hints,
verdicts, score pad, picture) it asks of ``/v1/<game>/`` with that view.

The store is the app's own (``app.state.sessions``, ``MONSTERS_SESSIONS``
games at most), so a game lives in the worker that started it: a service of
several replicas turns these routes off (``MONSTERS_SESSIONS=0``) and its
front ends keep their state themselves, on the stateless routes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

from fastapi import Path, Request
from pydantic import BaseModel, ConfigDict, Field

from api.http.answers import JsonAnswer
from api.http.game_schemas import TurnModel
from api.http.limits import SolverGate, Work
from api.http.problems import NotFoundError, responses
from api.http.routers import router as make_router
from api.services.sessions import MAX_SEED, SessionStore, UnknownSessionError
from solver.game import GAMES

T = TypeVar("T")

router = make_router(prefix="/v1/sessions", tags=["sessions"])
PROBLEMS = responses(404, 413, 422, 503)
GameName = Literal[tuple(GAMES)]  # type: ignore[valid-type]
SessionId = Annotated[
    str, Path(pattern="^[0-9a-f]{32}$", description="The game's id, as `start` answered it.")
]


class StartBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: GameName = Field(description="The game: `park`, `vbm` or `monstrolicious`.")  # type: ignore[valid-type]
    players: int | None = Field(None, ge=1, le=8, description="Seats (default: the game's).")
    seat: int = Field(0, ge=0, le=7, description="The seat the caller plays.")
    bots: list[Annotated[str, Field(max_length=40)]] | None = Field(
        None,
        max_length=7,
        description="One player per other seat, in seat order: `random`, `greedy`, `hint`,"
        " `mcts` where the game has it (default: `greedy` everywhere).",
    )
    seed: int | None = Field(
        None, ge=0, le=MAX_SEED, description="Replays a game; omitted: 64 bits from the system."
    )
    settings: dict[str, bool | int | float | str | None] | None = Field(
        None, description="Rule settings by name (docs/rulings.md), e.g. VBM's `mode`."
    )


class MoveBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    move: dict[str, Any] = Field(description="A move as `/v1/<game>/legal` lists it.")


class SessionAnswer(BaseModel):
    session: str = Field(description="The game's id: 32 hex digits.")
    game: str
    seat: int = Field(description="The caller's seat.")
    bots: dict[str, str] = Field(description="The player in each other seat, by seat.")
    view: dict[str, Any] = Field(
        description="What the caller's seat sees (a `view_of` document): never the full state."
    )
    turn: TurnModel
    you_decide: bool = Field(description="The caller's seat decides now: send `move`.")
    bot_decides: bool = Field(description="A bot decides now: ask `bot` (one decision).")


def _gate(request: Request) -> SolverGate:
    gate: SolverGate = request.app.state.gate
    return gate


def _store(request: Request) -> SessionStore:
    store: SessionStore = request.app.state.sessions
    return store


def _known(call: Callable[[], T]) -> T:
    try:
        return call()
    except UnknownSessionError as err:
        raise NotFoundError(str(err)) from err


def _post(path: str, name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    return router.post(path, response_model=SessionAnswer, responses=PROBLEMS, name=name)


@_post("", "sessions_start")
async def start(body: StartBody, request: Request) -> JsonAnswer:
    """Start a game against bots; the answer holds only the caller's seat's view."""
    call = functools.partial(
        _store(request).start,
        body.game,
        body.players,
        body.seat,
        body.bots,
        body.seed,
        body.settings,
    )
    return JsonAnswer(_gate(request).run_here(call))


@router.get("/{session}", response_model=SessionAnswer, responses=PROBLEMS, name="sessions_get")
async def get(session: SessionId, request: Request) -> JsonAnswer:
    """The game as the caller's seat sees it now."""
    call = functools.partial(_store(request).get, session)
    return JsonAnswer(_gate(request).run_here(lambda: _known(call)))


@_post("/{session}/move", "sessions_move")
async def move(session: SessionId, body: MoveBody, request: Request) -> JsonAnswer:
    """The caller's seat plays a move; an illegal one names the rule it breaks."""
    call = functools.partial(_store(request).move, session, body.move)
    return JsonAnswer(_gate(request).run_here(lambda: _known(call)))


@_post("/{session}/bot", "sessions_bot")
async def bot(session: SessionId, request: Request) -> JsonAnswer:
    """The bot whose decision it is makes it (one decision per call, on a solver thread)."""
    store = _store(request)
    work = Work(_known(lambda: store.game_of(session)), "bot")
    call = functools.partial(store.bot, session)
    return JsonAnswer(await _gate(request).run(lambda: _known(call), work=work))
