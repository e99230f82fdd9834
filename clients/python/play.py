"""Plays Monster Park, Very Big Monster and Monstrolicious over the HTTP API alone,
typed by the client ``openapi-python-client`` generates from the service's OpenAPI
document: every seat in turn gets its own view, asks for a hint and plays the best
move, until the game ends; then the score pad.

``team`` plays one seat of a Very Big Monster team game against bots through
``/v1/sessions``, its mode and player count read from ``GET /v1/games``: it plays the
first move ``legal`` lists by its notation, climbs the hint ladder and reviews its own
move at its first decisions, and prints what each answer says happened.

    clients/.venv/bin/openapi-python-client generate --url BASE_URL/openapi.json \
        --config clients/python/config.yaml --meta none \
        --output-path clients/python/monster_solver_client
    clients/.venv/bin/python clients/python/play.py [BASE_URL] [GAME ...]

BASE_URL: the service (default $MONSTERS_URL, else http://127.0.0.1:8000).
GAME: park, vbm, monstrolicious or team (default: all four).
"""

from __future__ import annotations

import os
import sys
from typing import Protocol, TypeVar

import httpx
from monster_solver_client import Client
from monster_solver_client.api.games import games_list
from monster_solver_client.api.monstrolicious import (
    monstrolicious_apply,
    monstrolicious_hint,
    monstrolicious_new,
    monstrolicious_score,
    monstrolicious_view,
)
from monster_solver_client.api.park import park_apply, park_hint, park_new, park_score, park_view
from monster_solver_client.api.sessions import sessions_bot, sessions_move, sessions_start
from monster_solver_client.api.vbm import (
    vbm_apply,
    vbm_hint,
    vbm_legal,
    vbm_new,
    vbm_review,
    vbm_score,
    vbm_view,
)
from monster_solver_client.models import (
    GamesResponse,
    MonstroliciousApplyRequest,
    MonstroliciousApplyResponse,
    MonstroliciousHintRequest,
    MonstroliciousHintResponse,
    MonstroliciousNewRequest,
    MonstroliciousPlace,
    MonstroliciousReveal,
    MonstroliciousScoreRequest,
    MonstroliciousScoreResponse,
    MonstroliciousSessionAnswer,
    MonstroliciousState,
    MonstroliciousStateResponse,
    MonstroliciousView,
    MonstroliciousViewRequest,
    MonstroliciousViewResponse,
    MoveBody,
    ParkApplyRequest,
    ParkApplyResponse,
    ParkHintRequest,
    ParkHintResponse,
    ParkInviteMove,
    ParkNewRequest,
    ParkPassMove,
    ParkScoreRequest,
    ParkScoreResponse,
    ParkSessionAnswer,
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
    SessionBody,
    StartBody,
    StartBodyGame,
    StartBodySettingsType0,
    TurnModel,
    VbmApplyRequest,
    VbmApplyResponse,
    VbmChooseExplorer,
    VbmHintRequest,
    VbmHintRequestLevelType0,
    VbmHintResponse,
    VbmLegalRequest,
    VbmLegalResponse,
    VbmNewRequest,
    VbmPlace,
    VbmReviewRequest,
    VbmReviewResponse,
    VbmScoreRequest,
    VbmScoreResponse,
    VbmSessionAnswer,
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
        answer = ok(park_apply.sync(client=client, body=body), ParkApplyResponse)
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
        answer = ok(vbm_apply.sync(client=client, body=body), VbmApplyResponse)
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
            monstrolicious_apply.sync(client=client, body=body), MonstroliciousApplyResponse
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


TEAM_MODE = "team"
COACHED = 2
"""The decisions of the seat played at which it climbs the hint ladder and reviews its move."""


def team_set_up(client: Client) -> tuple[str, int, list[int]]:
    """Very Big Monster's title, the fewest players its team mode takes and the seats of
    seat 0's side at that count (``GET /v1/games``)."""
    for entry in ok(games_list.sync(client=client), GamesResponse).games:
        if entry.name != "vbm":
            continue
        mode = entry.setting_details.additional_properties.get("mode")
        values = mode.values if mode is not None and isinstance(mode.values, list) else []
        counts = entry.modes.additional_properties.get(TEAM_MODE, [])
        if TEAM_MODE in values and counts:
            players = min(counts)
            seated = [s for s in entry.seating if s.mode == TEAM_MODE and s.players == players]
            sides = [side for s in seated for side in s.sides if 0 in side]
            if sides:
                return entry.title, players, sides[0]
    raise SystemExit("Very Big Monster offers no team mode")


SessionAnswer = ParkSessionAnswer | VbmSessionAnswer | MonstroliciousSessionAnswer | Problem | None
"""What a session route answers: one game's answer (its ``game`` tells them apart)."""


def told(answer: SessionAnswer) -> VbmSessionAnswer:
    """The answer, as Very Big Monster's; prints what it says happened, as the seat played
    may see it."""
    if isinstance(answer, (ParkSessionAnswer, MonstroliciousSessionAnswer)):
        raise SystemExit(f"the session plays {answer.game}, not vbm")
    vbm = ok(answer, VbmSessionAnswer)
    for event in vbm.events:
        print(f"team: event {event.code}: {event.text}")
    return vbm


def climb_ladder(client: Client, view: VbmView) -> None:
    """The three rungs of the hint ladder for the view's seat, each printed."""
    for level in VbmHintRequestLevelType0:
        body = VbmHintRequest(state=view, level=level, budget_ms=BUDGET_MS)
        rung = ok(vbm_hint.sync(client=client, body=body), VbmHintResponse)
        print(f"team: hint {level}: {rung.text if isinstance(rung.text, str) else ''}")


def review(client: Client, view: VbmView, notation: str) -> None:
    """The review of a move the seat played from the view, printed."""
    body = VbmReviewRequest(state=view, move=notation, budget_ms=BUDGET_MS)
    answer = ok(vbm_review.sync(client=client, body=body), VbmReviewResponse)
    rank = f"rank {answer.rank} of {answer.moves}"
    better = f"best: {answer.best.label} ({answer.best.summary})"
    print(f"team: review: {answer.label}: {answer.grade} ({rank}); {better}")
    for fact in answer.because:
        print(f"team: because {fact.code}: {fact.text}")


def play_team(client: Client) -> bool:
    """Plays one seat of a Very Big Monster team game to its end against the service's bots,
    prints how it went; over?"""
    title, players, side = team_set_up(client)
    settings = StartBodySettingsType0.from_dict({"mode": TEAM_MODE})
    start = StartBody(game=StartBodyGame.VBM, players=players, seat=0, seed=SEED, settings=settings)
    answer = told(sessions_start.sync(client=client, body=start))
    mates = " ".join(str(seat) for seat in side if seat != answer.seat)
    print(f"team: {title}, {TEAM_MODE} mode, {players} players; seat {answer.seat} with {mates}")
    mine = steps = 0
    while not answer.turn.terminal and steps < MAX_STEPS:
        if answer.you_decide:
            view = answer.view
            legal = vbm_legal.sync(client=client, body=VbmLegalRequest(state=view))
            listed = ok(legal, VbmLegalResponse).moves
            if not listed:
                raise SystemExit(f"team: seat {answer.seat} has no legal move")
            move = listed[0]
            if mine < COACHED:
                climb_ladder(client, view)
                review(client, view, move.notation)
            print(f"team: you play {move.notation}: {move.label}")
            body = MoveBody(session=answer.session, move=move.notation)
            answer = told(sessions_move.sync(client=client, body=body))
            mine += 1
        elif answer.bot_decides:
            asked = SessionBody(session=answer.session)
            answer = told(sessions_bot.sync(client=client, body=asked))
        else:
            raise SystemExit(f"team: nobody decides in the step {answer.turn.phase}")
        steps += 1
    score = vbm_score.sync(client=client, body=VbmScoreRequest(state=answer.view))
    winners = " ".join(map(str, ok(score, VbmScoreResponse).winners))
    end = f"winners {winners}" if answer.turn.terminal else "not over"
    print(f"team: {steps} decisions, {mine} yours; {end}")
    return answer.turn.terminal


def main(args: list[str]) -> int:
    """Plays the games named (default: all four); 0 when every one reached its end."""
    url = args[0] if args else os.environ.get("MONSTERS_URL", "http://127.0.0.1:8000")
    client = Client(base_url=url, timeout=httpx.Timeout(TIMEOUT_S))
    over = True
    for name in args[1:] or ["park", "vbm", "monstrolicious", "team"]:
        if name == "park":
            over &= play_out(client, name, Park())
        elif name == "vbm":
            over &= play_out(client, name, Vbm())
        elif name == "monstrolicious":
            over &= play_out(client, name, Monstrolicious())
        elif name == "team":
            over &= play_team(client)
        else:
            raise SystemExit(f"no game {name!r}: park, vbm, monstrolicious or team")
    return 0 if over else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
