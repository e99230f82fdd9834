"""Plays Monster Park, Very Big Monster and Monstrolicious over the HTTP API alone,
typed by the client ``openapi-python-client`` generates from the service's OpenAPI
document: every seat in turn gets its own view, asks for a hint and plays the best
move, until the game ends; then the score pad.

    python play.py [BASE_URL] [GAME ...]

BASE_URL: the service (default $MONSTERS_URL, else http://127.0.0.1:8000).
GAME: park, vbm or monstrolicious (default: all three).
"""

from __future__ import annotations

import os
import sys
from typing import Protocol, TypeVar

from monster_solver_client import Client
from monster_solver_client.api.monstrolicious import (
    monstrolicious_apply,
    monstrolicious_hint,
    monstrolicious_new,
    monstrolicious_score,
    monstrolicious_view,
)
from monster_solver_client.api.park import park_apply, park_hint, park_new, park_score, park_view
from monster_solver_client.api.vbm import vbm_apply, vbm_hint, vbm_new, vbm_score, vbm_view
from monster_solver_client.models import (
    GameApplyRequest,
    GameApplyRequestMove,
    GameApplyRequestState,
    GameHintRequest,
    GameHintRequestState,
    GameHintResponse,
    GameNewRequest,
    GameScoreRequest,
    GameScoreRequestState,
    GameScoreResponse,
    GameStateResponse,
    GameStateResponseState,
    GameViewRequest,
    GameViewRequestState,
    GameViewResponse,
    GameViewResponseView,
    Problem,
    RankedMoveModelMove,
    TurnModel,
)

PLAYERS = 2
SEED = 1
BUDGET_MS = 20
MAX_STEPS = 1000

Answer = TypeVar("Answer")
State = TypeVar("State")
View = TypeVar("View")
Move = TypeVar("Move")


def ok(answer: Answer | Problem | None, kind: type[Answer]) -> Answer:
    """The answer, if it is the one the route promises; else the problem, as an error."""
    if isinstance(answer, kind):
        return answer
    if isinstance(answer, Problem):
        raise SystemExit(f"{answer.status} {answer.type_}: {answer.detail}")
    raise SystemExit(f"the service sent no {kind.__name__}")


class Rules(Protocol[State, View, Move]):
    """One game's routes, typed by its own state, view and move."""

    def start(self, client: Client) -> tuple[State, TurnModel]:
        """A new game of ``PLAYERS`` seats from ``SEED``."""

    def view(self, client: Client, state: State, seat: int) -> View:
        """What ``seat`` sees of ``state``."""

    def best(self, client: Client, view: View, seat: int) -> Move | None:
        """The hint's best move for ``seat``, from its view alone."""

    def apply(self, client: Client, state: State, move: Move) -> tuple[State, TurnModel]:
        """The state after ``move``."""

    def score(self, client: Client, state: State) -> GameScoreResponse:
        """The score pad."""


NEW = GameNewRequest(players=PLAYERS, seed=SEED)


def _hint(view: GameViewResponseView, seat: int) -> GameHintRequest:
    state = GameHintRequestState.from_dict(view.to_dict())
    return GameHintRequest(state=state, seat=seat, top=1, budget_ms=BUDGET_MS)


def _top(answer: GameHintResponse) -> RankedMoveModelMove | None:
    return answer.moves[0].move if answer.moves else None


def _view(state: GameStateResponseState, seat: int) -> GameViewRequest:
    return GameViewRequest(state=GameViewRequestState.from_dict(state.to_dict()), seat=seat)


def _apply(state: GameStateResponseState, move: RankedMoveModelMove) -> GameApplyRequest:
    return GameApplyRequest(
        state=GameApplyRequestState.from_dict(state.to_dict()),
        move=GameApplyRequestMove.from_dict(move.to_dict()),
    )


def _score(state: GameStateResponseState) -> GameScoreRequest:
    return GameScoreRequest(state=GameScoreRequestState.from_dict(state.to_dict()))


class Park:
    """Monster Park's routes."""

    def start(self, client: Client) -> tuple[GameStateResponseState, TurnModel]:
        answer = ok(park_new.sync(client=client, body=NEW), GameStateResponse)
        return answer.state, answer.turn

    def view(
        self, client: Client, state: GameStateResponseState, seat: int
    ) -> GameViewResponseView:
        return ok(park_view.sync(client=client, body=_view(state, seat)), GameViewResponse).view

    def best(
        self, client: Client, view: GameViewResponseView, seat: int
    ) -> RankedMoveModelMove | None:
        return _top(ok(park_hint.sync(client=client, body=_hint(view, seat)), GameHintResponse))

    def apply(
        self, client: Client, state: GameStateResponseState, move: RankedMoveModelMove
    ) -> tuple[GameStateResponseState, TurnModel]:
        answer = ok(park_apply.sync(client=client, body=_apply(state, move)), GameStateResponse)
        return answer.state, answer.turn

    def score(self, client: Client, state: GameStateResponseState) -> GameScoreResponse:
        return ok(park_score.sync(client=client, body=_score(state)), GameScoreResponse)


class Vbm:
    """Very Big Monster's routes."""

    def start(self, client: Client) -> tuple[GameStateResponseState, TurnModel]:
        answer = ok(vbm_new.sync(client=client, body=NEW), GameStateResponse)
        return answer.state, answer.turn

    def view(
        self, client: Client, state: GameStateResponseState, seat: int
    ) -> GameViewResponseView:
        return ok(vbm_view.sync(client=client, body=_view(state, seat)), GameViewResponse).view

    def best(
        self, client: Client, view: GameViewResponseView, seat: int
    ) -> RankedMoveModelMove | None:
        return _top(ok(vbm_hint.sync(client=client, body=_hint(view, seat)), GameHintResponse))

    def apply(
        self, client: Client, state: GameStateResponseState, move: RankedMoveModelMove
    ) -> tuple[GameStateResponseState, TurnModel]:
        answer = ok(vbm_apply.sync(client=client, body=_apply(state, move)), GameStateResponse)
        return answer.state, answer.turn

    def score(self, client: Client, state: GameStateResponseState) -> GameScoreResponse:
        return ok(vbm_score.sync(client=client, body=_score(state)), GameScoreResponse)


class Monstrolicious:
    """Monstrolicious's routes."""

    def start(self, client: Client) -> tuple[GameStateResponseState, TurnModel]:
        answer = ok(monstrolicious_new.sync(client=client, body=NEW), GameStateResponse)
        return answer.state, answer.turn

    def view(
        self, client: Client, state: GameStateResponseState, seat: int
    ) -> GameViewResponseView:
        body = _view(state, seat)
        return ok(monstrolicious_view.sync(client=client, body=body), GameViewResponse).view

    def best(
        self, client: Client, view: GameViewResponseView, seat: int
    ) -> RankedMoveModelMove | None:
        answer = monstrolicious_hint.sync(client=client, body=_hint(view, seat))
        return _top(ok(answer, GameHintResponse))

    def apply(
        self, client: Client, state: GameStateResponseState, move: RankedMoveModelMove
    ) -> tuple[GameStateResponseState, TurnModel]:
        answer = monstrolicious_apply.sync(client=client, body=_apply(state, move))
        played = ok(answer, GameStateResponse)
        return played.state, played.turn

    def score(self, client: Client, state: GameStateResponseState) -> GameScoreResponse:
        return ok(monstrolicious_score.sync(client=client, body=_score(state)), GameScoreResponse)


def play_out(client: Client, name: str, rules: Rules[State, View, Move]) -> bool:
    """Plays one game to its end (or ``MAX_STEPS`` moves), prints how it went; over?"""
    state, turn = rules.start(client)
    steps = 0
    while not turn.terminal and steps < MAX_STEPS:
        if not turn.waiting:
            raise SystemExit(f"{name}: no seat is waiting in the step {turn.phase}")
        seat = turn.waiting[0]
        move = rules.best(client, rules.view(client, state, seat), seat)
        if move is None:
            raise SystemExit(f"{name}: the hint offers seat {seat} no move")
        state, turn = rules.apply(client, state, move)
        steps += 1
    score = rules.score(client, state)
    totals = ", ".join(f"seat {pad.seat} {pad.total}" for pad in score.scores)
    end = f"winners {' '.join(map(str, score.winners))}" if turn.terminal else "not over"
    print(f"{name}: {steps} moves; {totals}; {end}")
    return turn.terminal


def main(args: list[str]) -> int:
    """Plays the games named (default: all three); 0 when every one reached its end."""
    url = args[0] if args else os.environ.get("MONSTERS_URL", "http://127.0.0.1:8000")
    client = Client(base_url=url, timeout=None)
    over = True
    for name in args[1:] or ["park", "vbm", "monstrolicious"]:
        if name == "park":
            over &= play_out(client, name, Park())
        elif name == "vbm":
            over &= play_out(client, name, Vbm())
        elif name == "monstrolicious":
            over &= play_out(client, name, Monstrolicious())
        else:
            raise SystemExit(f"no game {name!r}: park, vbm or monstrolicious")
    return 0 if over else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
