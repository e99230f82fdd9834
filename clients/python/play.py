"""Plays Monster Park, Very Big Monster and Monstrolicious over the HTTP API alone,
typed by the client ``openapi-python-client`` generates from the service's OpenAPI
document: every seat in turn gets its own view, asks for a hint and plays the best
move, until the game ends; then the score pad.

    clients/.venv/bin/openapi-python-client generate --url BASE_URL/openapi.json \
        --config clients/python/config.yaml --meta none \
        --output-path clients/python/monster_solver_client
    clients/.venv/bin/python clients/python/play.py [BASE_URL] [GAME ...]

BASE_URL: the service (default $MONSTERS_URL, else http://127.0.0.1:8000).
GAME: park, vbm or monstrolicious (default: all three).
"""

from __future__ import annotations

import os
import sys
from typing import Protocol, TypeVar

import httpx
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
    MonstroliciousApplyRequest,
    MonstroliciousHintRequest,
    MonstroliciousHintResponse,
    MonstroliciousNewRequest,
    MonstroliciousPlace,
    MonstroliciousReveal,
    MonstroliciousScoreRequest,
    MonstroliciousScoreResponse,
    MonstroliciousState,
    MonstroliciousStateResponse,
    MonstroliciousView,
    MonstroliciousViewRequest,
    MonstroliciousViewResponse,
    ParkApplyRequest,
    ParkHintRequest,
    ParkHintResponse,
    ParkInviteMove,
    ParkNewRequest,
    ParkPassMove,
    ParkScoreRequest,
    ParkScoreResponse,
    ParkState,
    ParkStateResponse,
    ParkTokenMove,
    ParkTouristsMove,
    ParkUpgradeMove,
    ParkView,
    ParkViewRequest,
    ParkViewResponse,
    Problem,
    ScoreModel,
    TurnModel,
    VbmApplyRequest,
    VbmChooseExplorer,
    VbmHintRequest,
    VbmHintResponse,
    VbmNewRequest,
    VbmPlace,
    VbmScoreRequest,
    VbmScoreResponse,
    VbmState,
    VbmStateResponse,
    VbmView,
    VbmViewRequest,
    VbmViewResponse,
)

PLAYERS = 2
SEED = 1
BUDGET_MS = 20
MAX_STEPS = 1000
TIMEOUT_S = 30.0

ParkMove = ParkInviteMove | ParkPassMove | ParkTokenMove | ParkTouristsMove | ParkUpgradeMove
VbmMove = VbmChooseExplorer | VbmPlace
MonstroliciousMove = MonstroliciousPlace | MonstroliciousReveal

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


class Tally(Protocol):
    """What the loop reads of any game's score pad: each seat's total, and the winners."""

    @property
    def scores(self) -> list[ScoreModel]:
        """Each seat's score pad."""

    @property
    def winners(self) -> list[int]:
        """The winning seats at the end."""


class Rules(Protocol[State, View, Move]):
    """One game's routes, typed by its own state, view and move."""

    def start(self, client: Client) -> tuple[State, TurnModel]:
        """A new game of ``PLAYERS`` seats from ``SEED``."""

    def view(self, client: Client, state: State, seat: int) -> View:
        """What ``seat`` sees of ``state``."""

    def best(self, client: Client, view: View, seat: int) -> list[Move]:
        """The hint's best move for ``seat``, from its view alone (none if it offers none)."""

    def apply(self, client: Client, state: State, move: Move) -> tuple[State, TurnModel]:
        """The state after ``move``."""

    def score(self, client: Client, state: State) -> Tally:
        """The score pad."""


class Park:
    """Monster Park's routes."""

    def start(self, client: Client) -> tuple[ParkState, TurnModel]:
        body = ParkNewRequest(players=PLAYERS, seed=SEED)
        answer = ok(park_new.sync(client=client, body=body), ParkStateResponse)
        return answer.state, answer.turn

    def view(self, client: Client, state: ParkState, seat: int) -> ParkView:
        body = ParkViewRequest(state=state, seat=seat)
        return ok(park_view.sync(client=client, body=body), ParkViewResponse).view

    def best(self, client: Client, view: ParkView, seat: int) -> list[ParkMove]:
        body = ParkHintRequest(state=view, seat=seat, top=1, budget_ms=BUDGET_MS)
        moves = ok(park_hint.sync(client=client, body=body), ParkHintResponse).moves
        return [ranked.move for ranked in moves]

    def apply(
        self, client: Client, state: ParkState, move: ParkMove
    ) -> tuple[ParkState, TurnModel]:
        body = ParkApplyRequest(state=state, move=move)
        answer = ok(park_apply.sync(client=client, body=body), ParkStateResponse)
        return answer.state, answer.turn

    def score(self, client: Client, state: ParkState) -> ParkScoreResponse:
        body = ParkScoreRequest(state=state)
        return ok(park_score.sync(client=client, body=body), ParkScoreResponse)


class Vbm:
    """Very Big Monster's routes."""

    def start(self, client: Client) -> tuple[VbmState, TurnModel]:
        body = VbmNewRequest(players=PLAYERS, seed=SEED)
        answer = ok(vbm_new.sync(client=client, body=body), VbmStateResponse)
        return answer.state, answer.turn

    def view(self, client: Client, state: VbmState, seat: int) -> VbmView:
        body = VbmViewRequest(state=state, seat=seat)
        return ok(vbm_view.sync(client=client, body=body), VbmViewResponse).view

    def best(self, client: Client, view: VbmView, seat: int) -> list[VbmMove]:
        body = VbmHintRequest(state=view, seat=seat, top=1, budget_ms=BUDGET_MS)
        moves = ok(vbm_hint.sync(client=client, body=body), VbmHintResponse).moves
        return [ranked.move for ranked in moves]

    def apply(self, client: Client, state: VbmState, move: VbmMove) -> tuple[VbmState, TurnModel]:
        body = VbmApplyRequest(state=state, move=move)
        answer = ok(vbm_apply.sync(client=client, body=body), VbmStateResponse)
        return answer.state, answer.turn

    def score(self, client: Client, state: VbmState) -> VbmScoreResponse:
        body = VbmScoreRequest(state=state)
        return ok(vbm_score.sync(client=client, body=body), VbmScoreResponse)


class Monstrolicious:
    """Monstrolicious's routes."""

    def start(self, client: Client) -> tuple[MonstroliciousState, TurnModel]:
        body = MonstroliciousNewRequest(players=PLAYERS, seed=SEED)
        answer = ok(monstrolicious_new.sync(client=client, body=body), MonstroliciousStateResponse)
        return answer.state, answer.turn

    def view(self, client: Client, state: MonstroliciousState, seat: int) -> MonstroliciousView:
        body = MonstroliciousViewRequest(state=state, seat=seat)
        return ok(
            monstrolicious_view.sync(client=client, body=body), MonstroliciousViewResponse
        ).view

    def best(self, client: Client, view: MonstroliciousView, seat: int) -> list[MonstroliciousMove]:
        body = MonstroliciousHintRequest(state=view, seat=seat, top=1, budget_ms=BUDGET_MS)
        answer = monstrolicious_hint.sync(client=client, body=body)
        moves = ok(answer, MonstroliciousHintResponse).moves
        return [ranked.move for ranked in moves]

    def apply(
        self, client: Client, state: MonstroliciousState, move: MonstroliciousMove
    ) -> tuple[MonstroliciousState, TurnModel]:
        body = MonstroliciousApplyRequest(state=state, move=move)
        answer = ok(
            monstrolicious_apply.sync(client=client, body=body), MonstroliciousStateResponse
        )
        return answer.state, answer.turn

    def score(self, client: Client, state: MonstroliciousState) -> MonstroliciousScoreResponse:
        body = MonstroliciousScoreRequest(state=state)
        return ok(monstrolicious_score.sync(client=client, body=body), MonstroliciousScoreResponse)


def play_out(client: Client, name: str, rules: Rules[State, View, Move]) -> bool:
    """Plays one game to its end (or ``MAX_STEPS`` moves), prints how it went; over?"""
    state, turn = rules.start(client)
    steps = 0
    while not turn.terminal and steps < MAX_STEPS:
        if not turn.waiting:
            raise SystemExit(f"{name}: no seat is waiting in the step {turn.phase}")
        seat = turn.waiting[0]
        best = rules.best(client, rules.view(client, state, seat), seat)
        if not best:
            raise SystemExit(f"{name}: the hint offers seat {seat} no move")
        state, turn = rules.apply(client, state, best[0])
        steps += 1
    score = rules.score(client, state)
    totals = ", ".join(f"seat {pad.seat} {pad.total}" for pad in score.scores)
    end = f"winners {' '.join(map(str, score.winners))}" if turn.terminal else "not over"
    print(f"{name}: {steps} moves; {totals}; {end}")
    return turn.terminal


def main(args: list[str]) -> int:
    """Plays the games named (default: all three); 0 when every one reached its end."""
    url = args[0] if args else os.environ.get("MONSTERS_URL", "http://127.0.0.1:8000")
    client = Client(base_url=url, timeout=httpx.Timeout(TIMEOUT_S))
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
