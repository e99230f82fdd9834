"""Typed JSON schemas of each game's state, view, move, hint detail and settings.

Each game package ``solver/<name>/`` has a module ``documents`` that defines
``MODELS``, a :class:`GameModels`, and names it in its ``Game``
(``Game.documents``, read by ``Game.document_models()``). The HTTP service uses
them as request and response types, so the OpenAPI document (and a client
generated from it) knows every field; the game's own codec still reads every
document and checks every invariant the rules imply, and a test keeps the models
and the codec in step (every state, view and move of seeded games validates, and
dumps back to the same JSON).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Discriminator, Field

from solver.formats import FIRST_FORMAT, FORMAT

DocumentFormat = Annotated[
    int,
    Field(
        ge=FIRST_FORMAT,
        le=FORMAT,
        description=f"The document's format: {FORMAT} in what this release writes; left out, "
        f"{FIRST_FORMAT} (written before format numbers). Every release reads the documents "
        "of earlier releases, and refuses a later format it cannot know",
    ),
]
"""The ``format`` of a state or a view (:mod:`solver.formats`)."""


class Strict(BaseModel):
    """A part of a game document: unknown fields are an error, as the codecs say."""

    model_config = ConfigDict(extra="forbid")


class PlayedOut(Strict):
    """What the hint's playouts found (``solver.anytime``), on the moves it played out:
    every game's hint detail has these."""

    tried: float | None = Field(
        default=None,
        ge=0,
        description="Shuffles of what the seat cannot see in which the move was played on",
    )
    behind: float | None = Field(
        default=None,
        le=0,
        description="How far the move came out behind the best move played out, in the unit "
        "of the value (0: the best)",
    )


def by_field(
    field: str, named: tuple[str, type[BaseModel]], other: tuple[str, type[BaseModel]]
) -> Discriminator:
    """The discriminator of a union of two kinds of document told apart by one field.

    Args:
        field: the field only the first kind has.
        named: the first kind's tag and model: a document naming ``field`` is of it.
        other: the second kind's tag and model: any other document is of it.

    Returns:
        A discriminator that reads a JSON object by ``field`` and a model by its class
        (anything else is of neither kind).

    >>> class Reveal(Strict):
    ...     reveal: str
    >>> class Place(Strict):
    ...     dessert: str
    >>> kind = by_field("reveal", ("reveal", Reveal), ("dessert", Place)).discriminator
    >>> kind({"reveal": "pie"}), kind({"dessert": "pie"}), kind(Place(dessert="pie")), kind(3)
    ('reveal', 'dessert', 'dessert', None)
    """
    (tag, model), (other_tag, other_model) = named, other

    def kind(doc: Any) -> str | None:
        if isinstance(doc, dict):
            return tag if field in doc else other_tag
        if isinstance(doc, model):
            return tag
        return other_tag if isinstance(doc, other_model) else None

    return Discriminator(kind)


@dataclass(frozen=True)
class GameModels:
    """The typed shapes of one game's documents.

    Args:
        state: the full state (``State.to_json()``), e.g. ``ParkState``.
        view: one seat's view (``View.to_json()``, with ``view_of``), e.g. ``ParkView``.
        move: a move (``Game.move_to_json``): a union discriminated by ``action``
            where the game has several kinds, e.g. ``ParkMove``.
        detail: the numbers behind a hint's value (``RankedMove.detail``), each key
            documented, e.g. ``ParkHintDetail``.
        settings: the rule settings ``new`` takes, each optional and documented,
            e.g. ``ParkSettings``.
        cards: every card or tile with what it prints (``GET /v1/<game>/cards``).
        score_detail: what the score answer's ``detail`` holds, where the game gives
            one (``score_detail()`` of a state or view), e.g. ``VbmScoreDetail``.
    """

    state: type[BaseModel]
    view: type[BaseModel]
    move: Any
    detail: type[BaseModel]
    settings: type[BaseModel]
    cards: type[BaseModel]
    score_detail: type[BaseModel] | None = None
