"""A worked example of every operation in the OpenAPI document: a request the service
answers, and the service's own answer to it.

The examples are made by the service's own calls, from games set up with seed 1, when
the document is first asked for (``/openapi.json`` is built on its first request,
never at import). They are cheap: a seeded opening's hint at the examples' budget of
10 ms is a few milliseconds of work (park 34 ms, vbm 1 ms, monstrolicious 4 ms of CPU),
and all the examples together about 0.12 s of the document's 0.6 s (measured on this
project's two-core machine, the engines loaded as the service's warm-up loads them).
Made so, they are what the service answers, where a file of answers kept beside the
code could drift; ``tests/api/test_openapi_examples.py`` sends each request and
compares the answer.

They are written into the finished document, not given to FastAPI: its
``get_openapi`` encodes the document with ``exclude_none``, which drops every null
inside an example's objects (fastapi 0.165: an example ``{"a": null}`` is published as
``{}``), and a state's and an answer's nulls are part of them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from api.http.routers.games import GamesResponse
from api.http.routers.manno import catalogue_entry, picture_svg
from api.http.schemas import TOKENS
from api.services import games as game_service
from api.services import manno as manno_service
from api.services import review as review_service
from api.services.sessions import Sessions
from solver.game import GAMES, Json, get_game
from solver.manno.tokens import standard_tokens
from tasks.catalogue import load_catalogue
from tasks.pool import served

SEED = 1
"""The seed of every game the examples play."""
BUDGET_MS = 10
"""The hint's and the review's budget in their examples."""
TASK = "PB>=4, PY=0, B>R"
"""The Manno Monster task of the examples."""
TASK_ID = "L4-07"
"""The catalogue task of ``GET /v1/manno/tasks/{task_id}``'s example."""
SVG = "image/svg+xml"
SEEDED = f"From a game set up with seed {SEED}"


@dataclass(frozen=True)
class Example:
    """One operation's worked example.

    Args:
        method: the operation's method, lower case (as the document keys it).
        path: the operation's path, as the document names it (``/v1/manno/tasks/{task_id}``).
        url: what the example asks for: the path with its parameters and query filled in.
        body: the request's JSON body (None: the operation takes none).
        answer: the service's answer to it (200), JSON or a picture's SVG text.
        summary: what the example is, in a few words.
    """

    method: str
    path: str
    url: str
    body: Json | None
    answer: Any
    summary: str

    @property
    def media(self) -> str:
        """The answer's media type."""
        return SVG if isinstance(self.answer, str) else "application/json"


def _post(path: str, body: Json, answer: Any, summary: str = SEEDED) -> Example:
    return Example("post", path, path, body, answer, summary)


def _get(path: str, answer: Any, url: str | None = None, summary: str = "") -> Example:
    return Example("get", path, url or path, None, answer, summary)


def game_examples(name: str) -> Iterator[Example]:
    """Every route of game ``name``, asked of a game set up with seed 1: the full state
    where a route plays on one, else the view of the seat to move."""
    game = get_game(name)
    state = game.new(game.default_players, SEED, None)
    seat = state.to_move
    mover = game.view(state, seat)
    doc, seen = state.to_json(), mover.to_json()
    move = game.move_to_json(mover.legal_moves()[0])  # as `legal` lists it
    budget = BUDGET_MS / 1000
    at = f"/v1/{name}"
    new = {"players": game.default_players, "seed": SEED}
    yield _post(f"{at}/new", new, game_service.new_game(name, game.default_players, SEED, None))
    yield _post(f"{at}/apply", {"state": doc, "move": move}, game_service.apply(name, doc, move))
    yield _post(
        f"{at}/view", {"state": doc, "seat": seat}, game_service.view_with_turn(name, doc, seat)
    )
    yield _post(f"{at}/legal", {"state": seen}, game_service.legal(name, seen))
    hint = game_service.hint(name, seen, None, budget, 3)
    yield _post(f"{at}/hint", {"state": seen, "top": 3, "budget_ms": BUDGET_MS}, hint)
    verdict = game_service.validate(name, seen, move)
    yield _post(f"{at}/validate", {"state": seen, "move": move}, verdict)
    reviewed = review_service.review(name, seen, move, None, budget)
    yield _post(f"{at}/review", {"state": seen, "move": move, "budget_ms": BUDGET_MS}, reviewed)
    yield _post(f"{at}/score", {"state": seen}, game_service.score(name, seen))
    yield _post(f"{at}/render.svg", {"state": seen}, game_service.render(name, seen, None))
    yield _get(f"{at}/cards", game_service.cards(name), summary="Every card")


def game_requests(name: str) -> dict[str, Json]:
    """The example request of each route of game ``name`` that takes a body, by route
    (``legal``, ``hint``, ``render``...)."""
    bodies = ((e.path.rsplit("/", 1)[1], e.body) for e in game_examples(name))
    return {route.removesuffix(".svg"): body for route, body in bodies if body is not None}


def manno_examples() -> Iterator[Example]:
    """Every Manno Monster route, asked about the task ``PB>=4, PY=0, B>R``."""
    start, solved = "0" * TOKENS, "0" * (TOKENS - 1) + "1"
    at = "/v1/manno"
    said = f"The task {TASK}"
    solve = {"task": TASK, "from": start}
    yield _post(f"{at}/solve", solve, manno_service.solve(TASK, start), said)
    checked = {"task": TASK, "arrangement": solved}
    yield _post(f"{at}/validate", checked, manno_service.validate(TASK, solved), said)
    asked = {"task": TASK, "arrangement": start, "level": 3}
    yield _post(f"{at}/hint", asked, manno_service.hint(TASK, start, 3), said)
    yield _post(f"{at}/grade", {"task": TASK}, manno_service.grade(TASK), said)
    new = {"level": 3, "count": 2, "seed": 0}
    yield _post(f"{at}/generate", new, {"tasks": served(3, 2, 0)}, "Two tasks of level 3")
    yield _get(f"{at}/tokens", standard_tokens().to_json(), summary="The tokens")
    entries = [catalogue_entry(entry) for entry in load_catalogue().entries]
    yield _get(f"{at}/tasks", {"tasks": entries}, summary="The catalogue")
    one = next(entry for entry in entries if entry["id"] == TASK_ID)
    yield _get(f"{at}/tasks/{{task_id}}", one, f"{at}/tasks/{TASK_ID}", f"Task {TASK_ID}")
    picture = picture_svg(TASK, solved)
    url = f"{at}/render.svg?task={quote(TASK)}&arrangement={solved}"
    yield _get(f"{at}/render.svg", picture, url, f"{said}, solved")


def session_examples(sessions: Sessions) -> Iterator[Example]:
    """A Monster Park game against a greedy bot, seed 1: started, seen, a move of the
    caller's seat by its notation, the bot's reply. Its tokens are sealed by
    ``sessions``, so the service that holds them reads them."""
    started = sessions.start("park", 2, 0, None, SEED, None)
    token = started["session"]
    notation = game_service.legal("park", started["view"])["moves"][0]["notation"]
    moved = sessions.move(token, notation)
    said = "A game of Monster Park against a greedy bot, seed 1"
    yield _post("/v1/sessions", {"game": "park", "players": 2, "seed": SEED}, started, said)
    yield _post("/v1/sessions/view", {"session": token}, sessions.view(token), said)
    yield _post("/v1/sessions/move", {"session": token, "move": notation}, moved, said)
    bot = sessions.bot(sessions.read(moved["session"]))
    yield _post("/v1/sessions/bot", {"session": moved["session"]}, bot, said)


def service_examples() -> Iterator[Example]:
    """``GET /v1/games``, ``/health`` and ``/ready``."""
    listed = GamesResponse.model_validate(game_service.games()).model_dump(mode="json")
    yield _get("/v1/games", listed, summary="Every game")  # as its response model writes it
    yield _get("/health", {"status": "ok"}, summary="The service runs")
    yield _get("/ready", {"status": "ok"}, summary="The engines are warm")


def every_example(sessions: Sessions | None) -> list[Example]:
    """The examples of every operation the service may serve (the sessions' with
    ``sessions``, where the service serves them)."""
    made = [*service_examples(), *manno_examples()]
    made += [example for name in GAMES for example in game_examples(name)]
    return made + ([] if sessions is None else list(session_examples(sessions)))


def with_examples(document: Json, sessions: Sessions | None) -> Json:
    """``document`` (the OpenAPI one) with each of its operations' example: the request
    body (``seeded``) and the 200 answer (``seeded``)."""
    paths = document["paths"]
    for example in every_example(sessions):
        operation = paths.get(example.path, {}).get(example.method)
        if operation is None:
            continue
        summary = example.summary
        if example.body is not None:
            content = operation["requestBody"]["content"]["application/json"]
            content["examples"] = {"seeded": {"summary": summary, "value": example.body}}
        answer = operation["responses"]["200"]["content"][example.media]
        answer["examples"] = {"seeded": {"summary": summary, "value": example.answer}}
    return document
