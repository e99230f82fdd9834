"""Request and response shapes of the HTTP API, with examples for ``/docs``."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tasks.grader import Metrics

TASK = Field(min_length=1, max_length=2000, description="Task text.", examples=["PB>=4, PY=0, B>R"])
ARRANGEMENT = Field(
    min_length=1,
    max_length=200,
    description="15 characters of 0/1, token 1 first.",
    examples=["000000000000000"],
)
Engine = Literal["cpsat", "table", "csp"]


class Request(BaseModel):
    """Every request body: unknown fields are an error, not ignored.

    Strict: a value of the wrong JSON type is an error too, not converted
    (``true`` or ``"3"`` is no level).
    """

    model_config = ConfigDict(extra="forbid", populate_by_name=True, strict=True)


class SolveRequest(Request):
    task: str = TASK
    from_: str | None = Field(
        default=None,
        alias="from",
        min_length=1,
        max_length=200,
        description="Arrangement to count flips from (all 0 if omitted).",
        examples=["000000000000000"],
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
    arrangement: str = ARRANGEMENT


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
    arrangement: str = ARRANGEMENT
    level: int = Field(default=1, ge=1, le=3, description="1 a condition, 2 the tokens, 3 a flip.")
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


class GradeResponse(BaseModel):
    task: str
    level: int
    metrics: Metrics


class GenerateRequest(Request):
    level: int = Field(ge=1, le=6, examples=[3])
    count: int = Field(default=10, ge=1, le=50, examples=[10])
    seed: int = Field(default=0, ge=0, le=2**31 - 1, examples=[0])


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


class Health(BaseModel):
    status: str


class FieldProblem(BaseModel):
    """One fault in a request: the field it is in and what is wrong."""

    field: str = Field(description="The request field at fault (``body`` for the body itself).")
    message: str
    column: int | None = Field(default=None, description="For bad text: the column at fault.")


class Problem(BaseModel):
    """An error, as RFC 9457 problem details (``application/problem+json``)."""

    type: str = Field(default="about:blank", examples=["about:blank"])
    title: str = Field(examples=["Unprocessable input"])
    status: int = Field(examples=[422])
    detail: str = Field(examples=["task: unknown group 'PX' (groups are PB TB ...) at column 8"])
    errors: list[FieldProblem] | None = Field(
        default=None, description="Bad input (422): each field at fault."
    )
