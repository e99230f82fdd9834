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

import functools
from dataclasses import dataclass
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, Field, PlainValidator, RootModel, create_model
from pydantic.config import JsonDict, JsonValue

from api.http.schemas import Request, Whole, whole_in
from solver.documents import GameModels
from solver.facts import SUMMARY_LENGTH
from solver.game import GAMES, get_game
from solver.notation import MAX_NOTATION

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


LABEL = "The move in a player's words, unique among the legal moves of this decision."
NOTATION = (
    "The move as a short line of text (docs/notation.md), which `apply`, `validate` and"
    " a session's `move` also take in place of the move object."
)
Notation = Annotated[str, Field(min_length=1, max_length=MAX_NOTATION, description=NOTATION)]
"""A move's notation, where a request may send it in place of the move object."""


def _listed(prefix: str, move: Any, sent: bool = False) -> Any:
    """The move type of ``legal``'s answer: each kind of move of the union ``move`` with
    its ``label`` and ``notation`` beside its own fields, told apart as ``move`` is;
    ``sent``: as a request may send it back, the two words optional."""
    if get_origin(move) is not Annotated:
        return _with_words(prefix, move, sent)
    kinds, *told = get_args(move)
    if get_origin(kinds) not in (Union, type(int | str)):
        return Annotated[(_with_words(prefix, kinds, sent), *told)]
    worded = tuple(_listed(prefix, kind, sent) for kind in get_args(kinds))
    return Annotated[(_UNION[worded], *told)]


def _with_words(prefix: str, model: type[BaseModel], sent: bool) -> type[BaseModel]:
    kind = model.__name__.removeprefix(prefix)
    if sent:  # not required, and never null: a word left out is simply not there
        return create_model(
            f"{prefix}Sent{kind}",
            __base__=model,
            __doc__=f"{model.__doc__ or 'A move.'} Its label and notation may come with it.",
            label=(str, Field(None, description=LABEL, json_schema_extra=_no_default)),
            notation=(str, Field(None, description=NOTATION, json_schema_extra=_no_default)),
        )
    return create_model(
        f"{prefix}Listed{kind}",
        __base__=model,
        __doc__=f"{model.__doc__ or 'A move.'} With its label and notation.",
        label=(str, Field(description=LABEL)),
        notation=(str, Field(description=NOTATION)),
        **_always_written(model),
    )


def _always_written(model: type[BaseModel]) -> dict[str, Any]:
    """A move's ``action`` (its kind), where its game may leave it out, as required:
    ``legal`` lists every move with it."""
    action = model.model_fields.get("action")
    if action is None or action.is_required():
        return {}
    return {"action": (action.annotation, Field(description=action.description))}


def _no_default(schema: JsonDict) -> None:
    schema.pop("default", None)


class TurnModel(BaseModel):
    to_move: int | None = Field(description="The seat deciding next; null at the end.")
    waiting: list[int] = Field(
        description="Every seat that still has a decision in this step: the seat to move,"
        " or in a simultaneous step every seat that has not chosen yet."
    )
    terminal: bool = Field(description="The game has ended.")
    phase: str = Field(
        description="The game's step (`over` at the end).",
        json_schema_extra=lambda schema: schema.update(enum=_phases()),
    )


def _phases() -> list[JsonValue]:
    """Every step of every registered game, each once."""
    return list(dict.fromkeys(phase for name in GAMES for phase in get_game(name).phases))


class VerdictResponse(BaseModel):
    legal: bool
    reason: str = Field(description="`legal`, or the rule the move breaks.")


GRADES = Literal["best", "good", "inaccuracy", "mistake", "blunder"]
"""A reviewed move's grade (``solver.review.GRADES``; thresholds in docs/review.md)."""


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
    apply_response: type[BaseModel]
    view_response: type[BaseModel]
    legal_response: type[BaseModel]
    hint_response: type[BaseModel]
    review: type[BaseModel]
    review_response: type[BaseModel]
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
    listed = type(
        f"{prefix}ListedMove",
        (root[_listed(prefix, models.move)],),
        {"__doc__": "A move as `legal` lists it: its own fields, its label and its notation."},
    )
    sent = type(
        f"{prefix}SentMove",
        (root[_listed(prefix, models.move, sent=True)],),
        {"__doc__": "A move as `legal` lists it, its label and notation sent back or not."},
    )
    move_doc = _described(
        "A move: as the hint's `move` writes it, as `legal` lists it (its `label` is not"
        " read; its `notation` must name the same move), or its `notation` alone.",
        move,
        sent,
        Notation,
    )

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
    named: Any = (Literal[name], ...)
    ranked = response(
        "RankedMove",
        move=(move, ...),
        label=(str, Field(description=LABEL)),
        notation=(str, Field(description=NOTATION)),
        value=(float, Field(description=_value_words(name))),
        summary=(
            str,
            Field(
                max_length=SUMMARY_LENGTH,
                description="Why, in one short sentence a player can read at a glance.",
            ),
        ),
        reason=(str, Field(description="Why, in full, in a player's words.")),
        because=(
            _LIST[fact_model(name, prefix)],
            Field(
                description="The facts behind the reason, to show or translate (docs/reasons.md)."
            ),
        ),
        detail=(models.detail, Field(description="The numbers behind the value.")),
    )
    return GameSchemas(
        apply_response=_apply_response(name, prefix, models),
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
            level=_optional(
                Literal[1, 2, 3],
                "One rung of the hint ladder to the best move (docs/ladder.md): 1 where to"
                " look, 2 what to look at, 3 the move (default: every move ranked).",
            ),
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
            moves=(
                _LIST[listed],
                Field(
                    description="The legal moves of the seat asked about, each with its"
                    " `label` and `notation` beside its own fields."
                ),
            ),
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
            moves=(
                _LIST[ranked],
                Field(description="The legal moves, best first (none for a `level`)."),
            ),
            level=(
                Literal[1, 2, 3] | None,
                Field(default=None, description="The rung of the ladder asked for, if one was."),
            ),
            text=(
                str | None,
                Field(default=None, description="With `level`: that rung, in a player's words."),
            ),
            move=(move | None, Field(default=None, description="Level 3: the best move.")),
            label=(str | None, Field(default=None, description=f"Level 3: {LABEL}")),
            notation=(str | None, Field(default=None, description=f"Level 3: {NOTATION}")),
        ),
        review=request(
            "Review",
            state=(state_or_view, ...),
            move=(move_doc, ...),
            seat=answering,
            budget_ms=_optional(
                Annotated[float, Field(ge=1, le=2000)], "Time the hint may think (default 80 ms)."
            ),
        ),
        review_response=create_model(
            f"{prefix}ReviewResponse",
            __base__=ranked,
            __doc__="The move reviewed as the hint ranks it, and where it stands.",
            game=named,
            seat=(int, ...),
            complete=(bool, Field(description="As in the hint the review is made of.")),
            rank=(int, Field(description="1 + the number of legal moves worth more.")),
            moves=(int, Field(description="How many legal moves the seat had.")),
            best=(ranked, Field(description="The hint's best move.")),
            loss=(
                float,
                Field(description="The hint's value given up against the best move (its unit)."),
            ),
            win_chance_loss=_optional(
                float, "The chance to win given up (0-1), where the hint computes one."
            ),
            grade=(GRADES, Field(description="best, good, inaccuracy, mistake or blunder.")),
            because=(
                _LIST[fact_model(name, prefix, told=True)],
                Field(
                    description="In place of the move's own facts: what the best move gets"
                    " that this one misses, one fact each (docs/reasons.md)."
                ),
            ),
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


def _value_words(name: str) -> str:
    """The ranked move's ``value``: higher is better, and what it counts in this game."""
    unit = get_game(name).value_unit()
    playouts = (
        " With budget left, the best moves are played on in deals the seat cannot tell"
        " apart and their values corrected by what they found (`detail.tried`, `.behind`)."
    )
    return "Higher is better; comparable within one hint." + (f" {unit}" if unit else "") + playouts


@functools.cache
def fact_model(name: str, prefix: str, told: bool = False) -> type[BaseModel]:
    """``<Prefix>Fact`` (``told``: ``<Prefix>ReviewFact``, with its English ``text``): one
    fact behind a reason, its ``code`` one of the game's (``Game.fact_codes``)."""
    codes = tuple(get_game(name).fact_codes())
    code: Any = Literal[codes] if codes else str
    fields: dict[str, Any] = {
        "code": (code, Field(description="What kind of fact: a stable kebab-case code.")),
        "params": (
            dict[str, str | int | float],
            Field(
                description="The names and numbers its English template is filled with"
                " (a chance as a whole `percent`)."
            ),
        ),
    }
    if told:
        fields["text"] = (str, Field(description="The fact in English (its code's template)."))
    return create_model(
        f"{prefix}{'Review' if told else ''}Fact",
        __doc__="One fact behind a reason: a stable code and its params (docs/reasons.md).",
        **fields,
    )


def _score_detail(model: type[BaseModel] | None) -> dict[str, Any]:
    """The score answer's ``detail`` field, for a game whose score gives one."""
    if model is None:
        return {}
    what = "The game's own account of the standing (absent where it has none)."
    return {"detail": (model | None, Field(default=None, description=what))}


EventScalar = str | int | float | bool | None
EventRecord = dict[str, str | int]
"""A thing an event names by its parts (a Park monster's back: its area and size)."""
EventParam = EventScalar | EventRecord | list[EventScalar | EventRecord]
"""One of an event's facts: a name, a number, a record, or a list of them (a position)."""


@functools.cache
def event_model(name: str, prefix: str) -> type[BaseModel]:
    """``<Prefix>Event``: one thing that happened in game ``name``, its ``code`` one of
    the game's (``Game.event_codes``, docs/events.md); one class per game, shared by
    ``apply`` and the sessions."""
    codes = get_game(name).event_codes()
    code: Any = Literal[codes] if codes else str
    return create_model(
        f"{prefix}Event",
        __doc__="What just happened, as the seat told may see it (docs/events.md).",
        code=(code, Field(description="What kind of event: a stable kebab-case code.")),
        params=(
            dict[str, EventParam],
            Field(
                description="Its facts (seats, card ids, points). An event that changes a"
                " seat's score names it as `seat`, the change as `points`."
            ),
        ),
        text=(str, Field(description="One English sentence in a player's words.")),
    )


def _apply_response(name: str, prefix: str, models: GameModels) -> type[BaseModel]:
    """``apply``'s answer: the state, the turn, and what the seat that moved saw happen."""
    return create_model(
        f"{prefix}ApplyResponse",
        state=(models.state, Field(description="The full state: keep it, send views to players.")),
        turn=(TurnModel, ...),
        events=(
            _LIST[event_model(name, prefix)],
            Field(description="What happened, as the seat that moved sees it (docs/events.md)."),
        ),
    )
