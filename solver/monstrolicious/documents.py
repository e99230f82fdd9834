"""Typed Monstrolicious documents: the state, a seat's view, a move, the hint's detail
and the rule settings, exactly as the game writes and ``solver.monstrolicious.reading`` reads them.

The models describe the shapes; the codec still checks every rule (each seat's 13
tiles once, bounds a battle could announce, turns, the Donuts). Where the codec
reads leniently (a dessert or ``"trap"`` in any case, spaces around it), the
models read the same way and the schema shows the written form.

>>> from solver.monstrolicious import GAME
>>> s = GAME.new(2, 3, None)
>>> MonstroliciousState.model_validate(s.to_json()).to_move == s.to_move
True
>>> MOVE.validate_python({"dessert": " Pie"})
MonstroliciousPlace(action='place', dessert='pie')
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BeforeValidator,
    ConfigDict,
    Field,
    Tag,
    TypeAdapter,
    WithJsonSchema,
)

from solver.documents import DocumentFormat, GameModels, PlayedOut, Strict, by_field
from solver.formats import FIRST_FORMAT
from solver.monstrolicious.cards import MAX_SEED, STRONGEST, TILES, TRAP
from solver.monstrolicious.settings import SETTINGS


def _folded(value: object) -> object:
    """Text as the codec compares it: spaces around dropped, any case."""
    return value.strip().lower() if isinstance(value, str) else value


DessertKey = Annotated[
    Literal[
        "lollipop",
        "cookies",
        "donuts",
        "pancakes",
        "ice-cream",
        "cupcakes",
        "macarons",
        "chocolate-fountain",
        "fruit-platter",
        "pie",
        "wedding-cake",
    ],
    BeforeValidator(_folded),
]
"""A dessert of the buffet by its key, left to right (``data/buffet.toml``)."""

Monster = Annotated[int, Field(ge=TRAP + 1, le=STRONGEST)]
Trap = Annotated[
    Literal["trap"],
    BeforeValidator(_folded),
    WithJsonSchema({"type": "string", "enum": ["trap"]}),  # an enum: generators read it
]
Tile = Trap | Monster
"""A tile: ``"trap"`` or a monster's strength 1..12."""
Seat = Annotated[int, Field(ge=0, le=1)]
Bound = Annotated[int, Field(ge=TRAP, le=STRONGEST)]
Count = Annotated[int, Field(ge=0, le=len(TILES))]

_TILE = 'the Trap ("trap") or a monster\'s strength, 1 to 12'
_SEAT = "a seat, 0 or 1"


class MonstroliciousTile(Strict):
    """A tile on the buffet or in a discard pile."""

    tile: Tile | None = Field(
        description=f"What the tile is: {_TILE}; null for an opponent's face-down tile in a "
        "seat's view (that seat cannot see it)"
    )
    up: bool = Field(description="Whether the tile lies face up, for both players to see")
    at_least: Bound = Field(
        default=TRAP,
        description="What battles announced: the face-down tile's strength is at least this "
        "(absent: nothing announced; 1 or more: it is known to be a monster)",
    )
    at_most: Bound = Field(
        default=STRONGEST,
        description="What a lost battle announced: the face-down tile's strength is at most this "
        "(absent: nothing announced)",
    )


def _space(name: str, key: str) -> Any:
    return Field(
        alias=key,
        description=f"This side's tile in front of the {name}, or null when the space is empty",
    )


class MonstroliciousRow(Strict):
    """One side of the buffet: a space before each dessert, left to right."""

    model_config = ConfigDict(serialize_by_alias=True)

    lollipop: MonstroliciousTile | None = _space("Lollipop", "lollipop")
    cookies: MonstroliciousTile | None = _space("Cookies", "cookies")
    donuts: MonstroliciousTile | None = _space("Donuts", "donuts")
    pancakes: MonstroliciousTile | None = _space("Pancakes", "pancakes")
    ice_cream: MonstroliciousTile | None = _space("Ice Cream", "ice-cream")
    cupcakes: MonstroliciousTile | None = _space("Cupcakes", "cupcakes")
    macarons: MonstroliciousTile | None = _space("Macarons", "macarons")
    chocolate_fountain: MonstroliciousTile | None = _space(
        "Chocolate Fountain", "chocolate-fountain"
    )
    fruit_platter: MonstroliciousTile | None = _space("Fruit Platter", "fruit-platter")
    pie: MonstroliciousTile | None = _space("Pie", "pie")
    wedding_cake: MonstroliciousTile | None = _space("Wedding Cake", "wedding-cake")


class MonstroliciousTable(Strict):
    """What a state and a view both hold."""

    game: Literal["monstrolicious"] = Field(description='The game: always "monstrolicious"')
    format: DocumentFormat = FIRST_FORMAT
    players: Annotated[Literal[2], WithJsonSchema({"type": "integer", "enum": [2]})] = Field(
        default=2, description="Number of players: always 2"
    )
    to_move: Seat = Field(
        description=f"The seat whose decision is next ({_SEAT}); at the end, the seat that "
        "would have played next"
    )
    reveal_pending: bool = Field(
        default=False,
        description="The seat to move has just taken the Donuts with the tile it placed and now "
        "turns an opposing face-down tile face up",
    )
    board: list[MonstroliciousRow] = Field(
        min_length=2,
        max_length=2,
        description="Each seat's side of the buffet, seat 0 first",
    )
    discards: list[Annotated[list[MonstroliciousTile], Field(max_length=len(TILES))]] = Field(
        min_length=2,
        max_length=2,
        description="Each seat's discard pile, oldest first, seat 0 first (13 tiles at most)",
    )


class MonstroliciousState(MonstroliciousTable):
    """The whole game, hidden tiles included (what ``new`` and ``apply`` answer)."""

    seed: int = Field(
        ge=-MAX_SEED + 1,
        le=MAX_SEED - 1,
        description="The seed the game was dealt from (a whole number below 2^64 in size)",
    )
    stacks: list[Annotated[list[Tile], Field(max_length=len(TILES))]] = Field(
        min_length=2,
        max_length=2,
        description=f"Each seat's face-down stack, top first, seat 0 first; a tile is {_TILE}",
    )


class MonstroliciousStack(Strict):
    """A stack as one seat sees it."""

    count: Count = Field(description="How many tiles the stack still holds")
    next: Tile | None = Field(
        description="The top tile, shown only to its owner while it is about to place it "
        f"({_TILE}); else null"
    )


class MonstroliciousView(MonstroliciousTable):
    """What one seat may see: its own tiles everywhere, the opponent's face-up tiles and
    what battles announced about its face-down ones; never the seed."""

    view_of: Seat = Field(description=f"Whose view this is ({_SEAT})")
    stacks: list[MonstroliciousStack] = Field(
        min_length=2, max_length=2, description="Both stacks as this seat sees them, seat 0 first"
    )


ACTION = (
    "The kind of move, written first on every move the service answers with (`{kind}`; the"
    " other kind is `{other}`), as Monster Park's moves name theirs: a move sent without it"
    " is read by its field"
)


class MonstroliciousPlace(Strict):
    """Place the tile on top of your stack in front of a dessert."""

    action: Literal["place"] = Field(
        default="place", description=ACTION.format(kind="place", other="reveal")
    )
    dessert: DessertKey = Field(
        description="The dessert whose empty space on your side takes the tile"
    )


class MonstroliciousReveal(Strict):
    """Right after taking the Donuts with the tile you placed: turn an opposing tile face up."""

    action: Literal["reveal"] = Field(
        default="reveal", description=ACTION.format(kind="reveal", other="place")
    )
    reveal: DessertKey = Field(
        description="The dessert in front of which the opponent's face-down tile lies"
    )


MonstroliciousMove = Annotated[
    Annotated[MonstroliciousPlace, Tag("dessert")] | Annotated[MonstroliciousReveal, Tag("reveal")],
    by_field("reveal", ("reveal", MonstroliciousReveal), ("dessert", MonstroliciousPlace)),
]
"""A move: ``{"dessert": key}`` (place) or ``{"reveal": key}`` (the Donuts' reveal)."""

MOVE: TypeAdapter[MonstroliciousPlace | MonstroliciousReveal] = TypeAdapter(MonstroliciousMove)
"""Reads and writes a move of either kind."""


class MonstroliciousHintDetail(PlayedOut):
    """The numbers behind a hint's value. A placement gives the first six (all but
    ``expected_points`` when the answer is exact); a Donuts reveal gives ``points`` and
    ``trap``."""

    expected_margin: float | None = Field(
        default=None,
        description="Your final points minus the opponent's, expected over the hidden tiles",
    )
    win_chance: float | None = Field(
        default=None,
        ge=0,
        le=1,
        description="The chance of winning the game after this move (a tie counts half)",
    )
    take_chance: float | None = Field(
        default=None,
        ge=0,
        le=1,
        description="The chance that the dessert is yours once this placement is resolved",
    )
    worlds: float | None = Field(
        default=None,
        ge=0,
        description="How many arrangements of the opponent's hidden tiles the hint weighed "
        "(when exact: the arrangements that can change the end, each for all that share it)",
    )
    exact: float | None = Field(
        default=None,
        ge=0,
        le=1,
        description="1 when the hint searched every arrangement and every reply to the end "
        "(the values are exact), 0 when it sampled",
    )
    expected_points: float | None = Field(
        default=None,
        description="Your final points, expected over the sampled arrangements",
    )
    points: float | None = Field(
        default=None,
        description="The points of the dessert the revealed tile guards",
    )
    trap: float | None = Field(
        default=None,
        ge=0,
        le=1,
        description="The chance that the tile to reveal is the opponent's Trap",
    )


class MonstroliciousSettings(Strict):
    """The rule settings a new game takes; each may be left out."""

    first_player: Literal[0, 1] | None = Field(
        default=SETTINGS["first_player"],
        description="The seat that plays first (0 or 1); null: drawn by lot from the seed",
    )


class MonstroliciousTileCard(Strict):
    """One tile of a player's stack and what it shows."""

    id: Tile = Field(description=f"The tile: {_TILE}")
    kind: Literal["trap", "monster"] = Field(description="A Trap or a monster")
    strength: int | None = Field(description="A monster's strength; null for the Trap")
    label: str = Field(description="What the tile's face shows")


class MonstroliciousDessertCard(Strict):
    """One dessert of the buffet and what it prints."""

    key: DessertKey = Field(description="The dessert's key, as states and moves name it")
    name: str = Field(description="The dessert's name")
    points: int = Field(ge=0, le=99, description="The points its controller scores")
    role: str = Field(description="The special power it has (empty: none)")
    power: str | None = Field(description="What the power does, in the rulebook's words")


class MonstroliciousCards(Strict):
    """Every tile and dessert with what it prints (``GET /v1/monstrolicious/cards``)."""

    game: Literal["monstrolicious"] = Field(description="The game")
    tiles_per_seat: int = Field(description="Tiles in each player's stack")
    tiles: list[MonstroliciousTileCard] = Field(description="Every tile of a stack")
    desserts: list[MonstroliciousDessertCard] = Field(description="The buffet, left to right")
    pair_bonus: int = Field(description="Points for controlling both desserts of a pair")


MODELS = GameModels(
    state=MonstroliciousState,
    view=MonstroliciousView,
    move=MonstroliciousMove,
    detail=MonstroliciousHintDetail,
    settings=MonstroliciousSettings,
    cards=MonstroliciousCards,
)
