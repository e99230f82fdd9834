"""Request and response shapes of ``/v1/<game>/...``, typed per game.

:func:`schemas_for` builds each game's models from its document models
(``solver/<game>/documents.py``): ``ParkNewRequest``, ``ParkStateResponse``,
``ParkHintResponse``... Responses are the typed models themselves. A request's
``state`` and ``move`` are *described* by the same models (the OpenAPI document
and a generated client see ``ParkState | ParkView`` and ``ParkMove``) but passed
on as they came to the game's codec, which checks every
invariant the rules imply and names a fault by its JSON path;
``tests/solver/<game>/test_documents.py`` keeps codec and models in step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, Field, PlainValidator, RootModel, create_model

from api.http.schemas import Request, Whole, whole_in
from solver.documents import GameModels

_UNION: Any = Union
"""``Union``, indexed by model classes made at run time."""
_LIST: Any = list
"""``list``, indexed by model classes made at run time."""


def _described(description: str, *models: Any) -> Any:
    """A JSON value passed on as it came (the codec reads it), documented as one of
    ``models`` (by reference, so a generated client has one type per model)."""
    documented = models[0] if len(models) == 1 else _UNION[models]
    return Annotated[_skipped(documented), Field(description=description)]


def _as_it_came(value: Any) -> Any:
    return value


def _skipped(kind: Any) -> Any:
    """``kind`` in the schema, but the value passed on as it came (the codec reads it)."""
    return Annotated[Any, PlainValidator(_as_it_came, json_schema_input_type=kind)]


class TurnModel(BaseModel):
    to_move: int | None = Field(description="The seat deciding next; null at the end.")
    waiting: list[int] = Field(
        description="Every seat that still has a decision in this step: the seat to move,"
        " or in a simultaneous step every seat that has not chosen yet."
    )
    terminal: bool = Field(description="The game has ended.")
    phase: str = Field(description="The game's step (`over` at the end).")


class VerdictResponse(BaseModel):
    legal: bool
    reason: str = Field(description="`legal`, or the rule the move breaks.")


class ScoreModel(BaseModel):
    seat: int
    total: int
    lines: dict[str, int] = Field(description="The score pad, line by line.")


def _optional(kind: Any, description: str) -> tuple[Any, Any]:
    """An optional request field of ``kind`` (null or absent: the default)."""
    return kind | None, Field(default=None, description=description)


@dataclass(frozen=True)
class GameSchemas:
    """The request and response models of one game's routes."""

    new: type[BaseModel]
    apply: type[BaseModel]
    view: type[BaseModel]
    legal: type[BaseModel]
    hint: type[BaseModel]
    validate: type[BaseModel]
    score: type[BaseModel]
    render: type[BaseModel]
    state_response: type[BaseModel]
    view_response: type[BaseModel]
    legal_response: type[BaseModel]
    hint_response: type[BaseModel]
    score_response: type[BaseModel]
    cards_response: type[BaseModel]


def schemas_for(name: str, prefix: str, models: GameModels) -> GameSchemas:
    """Every request and response model of game ``name``, named ``<prefix>...``."""
    root: Any = RootModel  # parametrised at run time by the game's move type
    move = type(f"{prefix}Move", (root[models.move],), {"__doc__": "A move."})
    state_or_view = _described(
        "A full state, or one seat's view of it (marked `view_of`).", models.state, models.view
    )
    full_state = _described("A full game state (a view cannot be played on).", models.state)
    move_doc = _described("A move as `legal` or the hint's `move` writes it.", move)

    def request(suffix: str, **fields: Any) -> type[BaseModel]:
        return create_model(f"{prefix}{suffix}Request", __base__=Request, **fields)

    def response(suffix: str, **fields: Any) -> type[BaseModel]:
        return create_model(f"{prefix}{suffix}", **fields)

    seat_field = _optional(whole_in(0, 7), "Seat (default: the seat to move).")
    answering = _optional(
        whole_in(0, 7),
        "Answer as this seat, from its view alone (default: the seat to move;"
        " a view answers only for its own seat).",
    )
    ranked = response(
        "RankedMove",
        move=(move, ...),
        value=(float, Field(description="Higher is better; comparable within one hint.")),
        reason=(str, Field(description="Why, in a player's words.")),
        detail=(models.detail, Field(description="The numbers behind the value.")),
    )
    return GameSchemas(
        new=request(
            "New",
            players=_optional(whole_in(1, 8), "Seats (default per game)."),
            seed=_optional(
                whole_in(0, 2**64 - 1),
                "Seed of every random choice (default: 64 bits from the system;"
                " a small seed can be guessed from what one seat sees).",
            ),
            settings=(
                _skipped(models.settings | None),
                Field(default=None, description="Rule settings by name (docs/rulings.md)."),
            ),
        ),
        apply=request("Apply", state=(full_state, ...), move=(move_doc, ...)),
        view=request(
            "View",
            state=(full_state, ...),
            seat=(Whole, Field(ge=0, le=7, description="The seat whose view to make.")),
        ),
        legal=request("Legal", state=(state_or_view, ...), seat=answering),
        hint=request(
            "Hint",
            state=(state_or_view, ...),
            seat=seat_field,
            budget_ms=_optional(
                Annotated[float, Field(ge=1, le=2000)], "Time the hint may think (default 80 ms)."
            ),
            top=_optional(whole_in(1, 1000), "Only the best N moves (default: every one)."),
        ),
        validate=request(
            "Validate", state=(state_or_view, ...), move=(move_doc, ...), seat=answering
        ),
        score=request(
            "Score",
            state=(state_or_view, ...),
            seat=_optional(
                whole_in(0, 7),
                "Count as this seat sees (default: on a full state only what every seat"
                " sees; a view counts as its own seat).",
            ),
        ),
        render=request("Render", state=(state_or_view, ...), seat=seat_field),
        state_response=response(
            "StateResponse",
            state=(
                models.state,
                Field(description="The full state: keep it, send views to players."),
            ),
            turn=(TurnModel, ...),
        ),
        view_response=response(
            "ViewResponse",
            view=(models.view, Field(description="What the seat sees, marked `view_of`.")),
            turn=(TurnModel, ...),
        ),
        legal_response=response(
            "LegalResponse",
            moves=(_LIST[move], Field(description="The legal moves of the seat asked about.")),
        ),
        hint_response=response(
            "HintResponse",
            game=(Literal[name], ...),
            seat=(int, ...),
            complete=(
                bool,
                Field(
                    description="False when the clock (the request's deadline, or many times"
                    " the budget) stopped the hint before it did the work its budget buys:"
                    " a repeat may rank differently. True: the same request gives the same"
                    " answer on any machine."
                ),
            ),
            moves=(_LIST[ranked], Field(description="The legal moves, best first.")),
        ),
        score_response=response(
            "ScoreResponse",
            game=(Literal[name], ...),
            terminal=(bool, ...),
            scores=(list[ScoreModel], ...),
            winners=(
                list[int],
                Field(description="Winning seats at the end (several when shared)."),
            ),
            **_score_detail(models.score_detail),
        ),
        cards_response=models.cards,
    )


def _score_detail(model: type[BaseModel] | None) -> dict[str, Any]:
    """The score answer's ``detail`` field, for a game whose score gives one."""
    if model is None:
        return {}
    what = "The game's own account of the standing (absent where it has none)."
    return {"detail": (model | None, Field(default=None, description=what))}
