"""Request and response shapes of ``/v1/<game>/hint | validate | score | render.svg``.

The same for every rules-engine game: the state is the JSON that ``monsters
<game> new`` prints and ``State.to_json()`` writes, or one seat's view of it
(``monsters <game> view``, marked ``"view_of"``); the game reads it and names the
fault by its JSON path when it cannot.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from api.schemas import Request, Whole

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
