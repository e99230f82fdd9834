"""``/v1/sessions``: play one seat against bots; the full state travels sealed.

The game routes are stateless: a caller holds the full state. A page that plays
against bots must not read it (it holds every hidden card), so these routes
answer the page's seat's view beside a sealed token of the whole game
(``api.services.sessions``); the page sends the token back with each request
and keeps the new one from each answer. Any worker and any replica that shares
the service's secret (``MONSTERS_SECRET``) serves any game; nothing is kept.
Everything else the page needs (legal moves, hints, verdicts, score pad,
picture) it asks of ``/v1/<game>/`` with the view.

Each game's answer is its own type (``<Prefix>SessionAnswer``: that game's view and
events), and ``SessionAnswer`` is one of them, told apart by ``game``.

A bot's decision runs on a solver thread within the request's time; a search
still running when it is due stops and answers 503, and nothing is played (the
page keeps its token). A repeated request for a decision being searched waits
for that search (``api.http.bots``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Annotated, Any, Literal, Union

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field, RootModel, create_model

from api.http.answers import JsonAnswer
from api.http.bots import BotSearches
from api.http.game_schemas import TurnModel, event_model
from api.http.limits import SolverGate, Work
from api.http.problems import responses
from api.http.routers import router as make_router
from api.http.routers.games import prefix_of
from api.services.sealed import MAX_TOKEN_CHARS
from api.services.sessions import BOT_BUDGET_TIMES, MAX_SEED, STRENGTHS, Sessions
from solver.game import GAMES, get_game
from solver.notation import MAX_NOTATION

PROBLEMS = responses(413, 422, 503)
STRENGTH_TEXT = ", ".join(f"`{name}` ({player})" for name, player in STRENGTHS.items())
Token = Annotated[
    str,
    Field(
        description="The game's sealed token, as the last answer gave it: opaque, read only"
        " by the service. One that does not read answers `/problems/bad-session`.",
        json_schema_extra={"pattern": "^[A-Za-z0-9_-]+$", "maxLength": MAX_TOKEN_CHARS},
    ),
]


class StartBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str = Field(
        max_length=40,
        description="The game, by its name in `GET /v1/games`.",
        json_schema_extra=lambda schema: schema.update(enum=list(GAMES)),
    )
    players: int | None = Field(None, ge=1, le=8, description="Seats (default: the game's).")
    seat: int = Field(0, ge=0, le=7, description="The seat the caller plays.")
    bots: list[Annotated[str, Field(max_length=40)]] | None = Field(
        None,
        max_length=7,
        description=f"One bot per other seat, in seat order: a strength, {STRENGTH_TEXT}, or"
        " a player: `random`, `greedy`, `hint`, `mcts`, `search`, or a search with its budget,"
        " `mcts:N` (N iterations a decision) or `search:N` (N playouts), at most"
        f" {BOT_BUDGET_TIMES} times the game's own budget. Default: `greedy` everywhere.",
    )
    seed: int | None = Field(
        None, ge=0, le=MAX_SEED, description="Replays a game; omitted: 64 bits from the system."
    )
    settings: dict[str, bool | int | float | str | None] | None = Field(
        None, description="Rule settings by name (docs/rulings.md), e.g. VBM's `mode`."
    )


class SessionBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    session: Token


class MoveBody(SessionBody):
    move: dict[str, Any] | Annotated[str, Field(max_length=MAX_NOTATION)] = Field(
        description="A move of the caller's seat, as `/v1/<game>/legal` lists it for its view,"
        " or its `notation` alone.",
        json_schema_extra=lambda schema: _a_move_or_its_notation(schema),
    )


_UNION: Any = Union
"""``Union``, indexed by model classes made at run time."""


SESSION = (
    "The game's new sealed token: send it with the next request (an older one still reads,"
    " as the game stood then)."
)
VIEW = "What the caller's seat sees (a `view_of` document): never the full state."
EVENTS = (
    "What happened since the last answer (the caller's move, or the bot's decision), as the"
    " caller's seat may see it (docs/events.md); none when the game starts or is read again."
)


def session_answer(name: str) -> type[BaseModel]:
    """``<Prefix>SessionAnswer``: a session's answer in game ``name``, its view that game's
    and its events that game's ``Event``s."""
    prefix = prefix_of(name)
    named: Any = Literal[name]
    listed: Any = list
    events: Any = listed[event_model(name, prefix)]  # a class made at run time
    return create_model(
        f"{prefix}SessionAnswer",
        __doc__=f"A session's answer in {get_game(name).title}.",
        session=(str, Field(description=SESSION)),
        game=(named, Field(description="The game, by its name in `GET /v1/games`.")),
        seat=(int, Field(description="The caller's seat.")),
        bots=(dict[str, str], Field(description="The bot in each other seat, by seat.")),
        view=(get_game(name).document_models().view, Field(description=VIEW)),
        turn=(TurnModel, ...),
        you_decide=(bool, Field(description="The caller's seat decides now: send `move`.")),
        bot_decides=(bool, Field(description="A bot decides now: ask `bot` (one decision).")),
        events=(events, Field(description=EVENTS)),
    )


def session_answers() -> Any:
    """``SessionAnswer``: one game's answer, told apart by its ``game``."""
    answers = tuple(session_answer(name) for name in GAMES)
    kinds: Any = Annotated[_UNION[answers], Field(discriminator="game")]
    root: Any = RootModel
    return type("SessionAnswer", (root[kinds],), {"__doc__": "A session's answer, per game."})


def _per_game(kind: str) -> list[dict[str, str]]:
    """A reference to each game's schema ``<Prefix><kind>`` (made by its routes), read when
    the schema is, so that it names every game registered by then."""
    return [{"$ref": f"#/components/schemas/{prefix_of(name)}{kind}"} for name in GAMES]


def _a_move_or_its_notation(schema: dict[str, Any]) -> None:
    """``schema`` (an open object or a string) as one of the games' moves, or a notation."""
    notation = {"type": "string", "maxLength": MAX_NOTATION}
    schema.update(anyOf=[*_per_game("SentMove"), notation])


def _gate(request: Request) -> SolverGate:
    gate: SolverGate = request.app.state.gate
    return gate


def _sessions(request: Request) -> Sessions:
    sessions: Sessions = request.app.state.sessions
    return sessions


async def start(body: StartBody, request: Request) -> JsonAnswer:
    """Start a game against bots; the answer holds the caller's seat's view and the token."""
    call = functools.partial(
        _sessions(request).start,
        body.game,
        body.players,
        body.seat,
        body.bots,
        body.seed,
        body.settings,
    )
    return JsonAnswer(_gate(request).run_here(call))


async def view(body: SessionBody, request: Request) -> JsonAnswer:
    """The game as the caller's seat sees it in the token (a page reloaded goes on with it)."""
    call = functools.partial(_sessions(request).view, body.session)
    return JsonAnswer(_gate(request).run_here(call))


async def move(body: MoveBody, request: Request) -> JsonAnswer:
    """The caller's seat plays a move; an illegal one names the rule it breaks, as far as
    the seat can see, and a move for another seat is refused as not its seat."""
    call = functools.partial(_sessions(request).move, body.session, body.move)
    return JsonAnswer(_gate(request).run_here(call))


async def bot(body: SessionBody, request: Request) -> JsonAnswer:
    """The bot whose decision it is makes it (one decision per call, on a solver thread,
    within the request's time); asked again while it thinks, the same search answers."""
    sessions, gate = _sessions(request), _gate(request)
    session = gate.run_here(functools.partial(sessions.read, body.session))
    gate.run_here(session.bot_seat)  # the game is over, or the page's seat decides: at once
    work = Work(session.game.name, "bot")
    searches: BotSearches = request.app.state.bots

    async def search() -> Any:
        return await gate.run(functools.partial(sessions.bot, session), work=work)

    return JsonAnswer(await searches.once(body.session, search))


def routes() -> APIRouter:
    """The session routes, their answers typed per game registered when the service is made."""
    router = make_router(prefix="/v1/sessions", tags=["sessions"])
    answer = session_answers()
    named: dict[str, Callable[..., Any]] = {"": start, "/view": view, "/move": move, "/bot": bot}
    for path, endpoint in named.items():
        name = f"sessions_{endpoint.__name__}"
        router.add_api_route(
            path, endpoint, methods=["POST"], response_model=answer, responses=PROBLEMS, name=name
        )
    return router
