"""Request and response shapes of the HTTP API, with examples for ``/docs``.

What a request may hold is said here, in the models, so the OpenAPI schema
states exactly what validation checks: an arrangement is exactly 15 characters
of ``0``/``1``, a whole number is a JSON integer (``11`` or ``11.0``, never
``11.5``, ``"11"`` or ``true``), and no number is NaN or infinite.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from fastapi import Query
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field
from pydantic_core import PydanticCustomError

from solver.errors import NotationError, quoted
from solver.manno.engines import EngineName
from solver.manno.task import MAX_TEXT
from solver.manno.tokens import Arrangement, standard_tokens
from tasks.grader import Metrics

TOKENS = len(standard_tokens())
"""Tokens in every arrangement a request names (the service plays the standard set)."""
ARRANGEMENT_PATTERN = f"^[01]{{{TOKENS}}}$"
"""What an arrangement in a request is: one ``0`` or ``1`` per token, token 1 first."""


def _arrangement_fault(value: object) -> object:
    """Name the fault of an arrangement that breaks the pattern, in the player's words.

    Runs before the pattern check, so the answer says which character or how
    many tokens, and where, rather than only the pattern.
    """
    if isinstance(value, str) and re.fullmatch(ARRANGEMENT_PATTERN, value) is None:
        try:
            Arrangement.parse(value, TOKENS)
        except NotationError as err:
            fault = err
        else:  # the sides are right, spaced out
            column = next(i for i, c in enumerate(value, start=1) if c not in "01")
            fault = NotationError(
                f"arrangement {quoted(value)} has a space: write only 0 and 1", column
            )
        context = {"message": fault.message, "column": fault.column}
        raise PydanticCustomError("arrangement", "{message}", context)
    return value


def _whole(value: object) -> object:
    """A JSON number with no fraction is the integer it equals (``11.0`` is 11)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


ArrangementText = Annotated[
    str,
    Field(
        pattern=ARRANGEMENT_PATTERN,
        description=f"{TOKENS} characters of 0/1, token 1 first (0: the token's first kind up).",
        examples=["0" * TOKENS],
    ),
    BeforeValidator(_arrangement_fault),
]
ArrangementQuery = Annotated[
    str | None,
    Query(pattern=ARRANGEMENT_PATTERN, examples=["0" * TOKENS]),
    BeforeValidator(_arrangement_fault),
]
"""An arrangement as a query parameter: the same pattern and the same messages."""
Whole = Annotated[int, BeforeValidator(_whole)]
"""A whole number: a JSON integer, however written (``3`` or ``3.0``); not text, not true."""


def whole_in(low: int, high: int) -> Any:
    """A whole number in ``low..high``, its bounds in the schema even inside ``| None``."""
    return Annotated[Annotated[int, Field(ge=low, le=high)], BeforeValidator(_whole)]


TASK = Field(
    min_length=1, max_length=MAX_TEXT, description="Task text.", examples=["PB>=4, PY=0, B>R"]
)
Engine = EngineName


class Request(BaseModel):
    """Every request body: unknown fields are an error, not ignored.

    Strict: a value of the wrong JSON type is an error too, not converted
    (``true`` or ``"3"`` is no level); NaN and infinities are no numbers.
    """

    model_config = ConfigDict(
        extra="forbid", populate_by_name=True, strict=True, allow_inf_nan=False
    )


class SolveRequest(Request):
    task: str = TASK
    from_: ArrangementText | None = Field(
        default=None,
        alias="from",
        description="Arrangement to count flips from (all 0 if omitted).",
    )
    engine: Engine = "cpsat"


class SolveResponse(BaseModel):
    """The contract's object, the same as ``monsters manno solve --json``."""

    task: str
    solvable: bool
    count: int | None
    flips: int | None
    arrangement: str | None
    flip: list[int]
    conflict: list[str]


class ValidateRequest(Request):
    task: str = TASK
    arrangement: ArrangementText


class ConditionReport(BaseModel):
    condition: str
    ok: bool
    counts: dict[str, int]
    required: str
    shortfall: int


class ValidateResponse(BaseModel):
    task: str
    arrangement: str
    ok: bool
    conditions: list[ConditionReport]


class HintRequest(Request):
    task: str = TASK
    arrangement: ArrangementText
    level: Whole = Field(
        default=1, ge=1, le=3, description="1 a condition, 2 the tokens, 3 a flip."
    )
    engine: Engine = "cpsat"


class HintResponse(BaseModel):
    """Fields past ``text`` appear on the rungs that give them."""

    solved: bool
    flips_left: int | None
    level: int
    text: str
    condition: str | None = None
    tokens: list[int] | None = None
    flip: int | None = Field(default=None, description="Level 3: the token to turn.")
    before: str | None = None
    after: str | None = None
    conflict: list[str] | None = None


class GradeRequest(Request):
    task: str = TASK


class GradeStep(BaseModel):
    """One named reasoning step the grader's player used, and how often."""

    step: Literal["count", "force", "balance", "compare", "blot", "shared", "fight", "guess"] = (
        Field(description="The step's name (docs/grading.md lists them).")
    )
    label: str = Field(description="The step in words.")
    count: int = Field(ge=1, description="How many times the player used it.")


class GradeResponse(BaseModel):
    """A task's level, the reasoning behind it and the metrics of both axes."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "task": "B>Y, PY=TR, PB>=3",
                    "level": 6,
                    "steps": [
                        {"step": "count", "label": "reading a single kind count", "count": 1},
                        {"step": "shared", "label": "relating groups that share kinds", "count": 2},
                    ],
                    "why": "level 6: needs comparing blue with yellow while plump yellow"
                    " must equal thin red",
                    "metrics": {
                        "count": 2228,
                        "density": 0.0679931640625,
                        "rarity": 3.8785,
                        "mean_flips": 1.8197,
                        "worst_flips": 6,
                        "from_zero": 1,
                        "conditions": 3,
                        "forms": {"at least": 1, "equal": 1, "more": 1},
                        "hardest": "shared",
                        "band": [6, 6],
                        "step_count": 3,
                        "fights": 0,
                        "guesses": 0,
                        "flips": 2,
                        "effort": 73,
                        "work": 76.9392,
                    },
                }
            ]
        }
    )

    task: str
    level: int
    steps: list[GradeStep] = Field(
        description="The named reasoning steps used, in the order first used, with counts."
    )
    why: str = Field(
        description="One sentence: the hardest step needed, and the work if it counted."
    )
    metrics: Metrics


class GenerateRequest(Request):
    level: Whole = Field(ge=1, le=6, examples=[3])
    count: Whole = Field(default=10, ge=1, le=50, examples=[10])
    seed: Whole = Field(default=0, ge=0, le=2**31 - 1, examples=[0])


class GenerateResponse(BaseModel):
    tasks: list[GradeResponse]


class CatalogueTask(BaseModel):
    id: str
    level: int
    card: int | None
    side: str | None
    task: str


class CatalogueResponse(BaseModel):
    tasks: list[CatalogueTask]


KindCode = Literal["PB", "TB", "PR", "TR", "PY", "TY"]


class KindModel(BaseModel):
    kind: KindCode = Field(description="The kind's code, as task text writes it.")
    label: str = Field(description="The kind in words (`plump blue`).")


class TokenModel(BaseModel):
    token: int = Field(ge=1, description="The token's number: arrangement character `token`.")
    side0: KindCode = Field(description="The kind showing when the token's character is `0`.")
    side1: KindCode = Field(description="The kind showing when it is `1`.")


class TokenSetResponse(BaseModel):
    """The token set every Manno route uses, so a front end can draw the tokens."""

    name: str
    kinds: list[KindModel] = Field(description="The six kinds, in the contract's order.")
    tokens: list[TokenModel] = Field(description="Token 1 first: the arrangement's order.")


class Health(BaseModel):
    status: str
