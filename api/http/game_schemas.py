"""Request and response shapes of ``/v1/<game>/hint | validate | score | render.svg``.

The same for every rules-engine game: the state is the JSON that ``monsters
<game> new`` prints and ``State.to_json()`` writes, or one seat's view of it
(``monsters <game> view``, marked ``"view_of"``); the game reads it and names the
fault by its JSON path when it cannot.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from api.http.schemas import Request, Whole

STATE = Field(
    description="A game state as `monsters <game> new` prints it, or a seat's view of it."
)


class GameHintRequest(Request):
    state: dict[str, Any] = STATE
    seat: Whole | None = Field(
        default=None, ge=0, le=7, description="Seat to hint (default: the seat to move)."
    )
    budget_ms: float | None = Field(
        default=None, ge=1, le=2000, description="Time the hint may think (default 80 ms)."
    )
    top: Whole | None = Field(
        default=None, ge=1, le=1000, description="Only the best N moves (default: every one)."
    )


class GameNewRequest(Request):
    players: Whole | None = Field(
        default=None, ge=1, le=8, description="Seats (default per game).", examples=[2]
    )
    seed: Whole | None = Field(
        default=None,
        ge=0,
        le=2**64 - 1,
        description="Seed of every random choice (default: 64 bits from the system;"
        " a small seed can be guessed from what one seat sees).",
    )
    settings: dict[str, Any] | None = Field(
        default=None, description="Rule settings by name (docs/rulings.md)."
    )


class GameApplyRequest(Request):
    state: dict[str, Any] = Field(description="A full game state (a view cannot be played on).")
    move: dict[str, Any] = Field(description="A move as `legal` or the hint's `move` writes it.")


class GameViewRequest(Request):
    state: dict[str, Any] = Field(description="A full game state.")
    seat: Whole = Field(ge=0, le=7, description="The seat whose view to make.")


class GameLegalRequest(Request):
    state: dict[str, Any] = STATE


class TurnModel(BaseModel):
    to_move: int | None = Field(description="The seat deciding next; null at the end.")
    waiting: list[int] = Field(description="Every seat that still has a decision in this step.")
    terminal: bool
    phase: str = Field(description="The game's step (`over` at the end).")


class GameStateResponse(BaseModel):
    state: dict[str, Any] = Field(description="The full state: keep it, send views to players.")
    turn: TurnModel


class GameViewResponse(BaseModel):
    view: dict[str, Any] = Field(description="What the seat sees, marked `view_of`.")
    turn: TurnModel


class GameLegalResponse(BaseModel):
    moves: list[dict[str, Any]] = Field(description="The legal moves of the seat deciding.")


class GameRenderRequest(Request):
    state: dict[str, Any] = STATE
    seat: Whole | None = Field(
        default=None, ge=0, le=7, description="Seat the board is drawn for (default: to move)."
    )


class GameValidateRequest(Request):
    state: dict[str, Any] = STATE
    move: dict[str, Any] = Field(description="A move as the hint's `move` field writes it.")


class GameScoreRequest(Request):
    state: dict[str, Any] = STATE


class RankedMoveModel(BaseModel):
    move: dict[str, Any]
    value: float = Field(description="Higher is better; comparable within one hint.")
    reason: str
    detail: dict[str, float]


class GameHintResponse(BaseModel):
    game: str
    seat: int
    moves: list[RankedMoveModel] = Field(description="Every legal move, best first.")


class VerdictResponse(BaseModel):
    legal: bool
    reason: str = Field(description="`legal`, or the rule the move breaks.")


class ScoreModel(BaseModel):
    seat: int
    total: int
    lines: dict[str, int] = Field(description="The score pad, line by line.")


class GameScoreResponse(BaseModel):
    game: str
    terminal: bool
    scores: list[ScoreModel]
    winners: list[int] = Field(description="Winning seats at the end (several when shared).")
