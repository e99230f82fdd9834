"""Typed Very Big Monster documents: the state, a seat's view, a move, the hint's detail
and the rule settings, as ``solver.vbm.writing`` writes and ``solver.vbm.reading`` reads them.

The models give a client the fields and their types; the codec still reads every
document and checks what the rules imply (cards as whole sets, each in one place,
every card placed against the area as it then was, turns, missions, portals).
A placement ``[row, column, card]`` and a mission claim ``[kind, who, tile]`` are
arrays of three different things, so they are typed as fixed tuples (they read
from and write to JSON arrays); every other sequence is a list.

>>> from solver.vbm import GAME
>>> s = GAME.new(4, 1, None)
>>> VbmState.model_validate(s.to_json()).mode
'team'
>>> VbmView.model_validate(s.view(2).to_json()).view_of
2
>>> MOVE.validate_python({"card": "W07", "at": [2, 1], "pass": 3}).pass_to
3
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import ConfigDict, Field, Tag, TypeAdapter
from typing_extensions import TypeAliasType

from solver.documents import DocumentFormat, GameModels, PlayedOut, Strict, by_field
from solver.formats import FIRST_FORMAT
from solver.vbm.decks import standard_deck
from solver.vbm.invariants import MAX_AREA
from solver.vbm.readers import MAX_ROWS, MAX_TURN
from solver.vbm.rules import SEED_LIMIT
from solver.vbm.settings import MAX_PLAYERS, MIN_PLAYERS, SETTINGS
from solver.vbm.table import HAND

_DECK = standard_deck()
TILES = len(_DECK.missions)
"""Mission tiles on the table (one side of each is up)."""
TOP_TOKEN = max(v for tile in _DECK.missions for side in tile for v in side.rewards)
"""The most a Reward Mission token is worth."""
PYRAMID = max(len(side.rewards) for tile in _DECK.missions for side in tile)
"""Tokens on a full pyramid."""
ROW = 2 * MAX_PLAYERS
"""Most cards in a row of the row draft (two per player)."""
SETS = max(_DECK.sets())
"""Card sets of the deck, numbered from 1."""

if TYPE_CHECKING:
    CardId = str
    ExplorerId = str
else:
    CardId = TypeAliasType(
        "VbmCardId",
        Annotated[
            Literal[tuple(c.id for c in _DECK.cards)],
            Field(description="A monster card's id (GET /v1/vbm/cards)"),
        ],
    )
    ExplorerId = TypeAliasType(
        "VbmExplorerId",
        Annotated[
            Literal[tuple(e.id for e in _DECK.explorers)],
            Field(description="An Explorer card's id (GET /v1/vbm/cards)"),
        ],
    )

Mode = Literal["rows", "team", "free"]
"""``rows``: the row draft (2 players, and the 3-player variant); ``team``: 4 or 6
players, teammates opposite; ``free``: free-for-all, 3 to 6 players."""
SandDirection = Literal["arrow", "both_ways"]
SAND_DIRECTION = (
    "Which cards a Row, Column or Diagonal Sand card counts: arrow, those on the side its "
    "arrow points to (the rulebook's reading); both_ways, both sides of its row or column "
    "and all four diagonal rays (an older reading)"
)
ExplorerTokens = Literal["own", "team"]
EXPLORER_TOKENS = (
    "Which Reward Mission tokens an Explorer card counts in team mode: own, the seat's own "
    "(the rulebook's reading: the team rule counts the cards of both play areas, and tokens "
    "are not cards); team, both teammates' (an older reading, in which the token each "
    "teammate takes for a team mission counts twice)"
)
Phase = Literal["explorer", "draft", "rows", "over"]
Seat = Annotated[int, Field(ge=0, le=MAX_PLAYERS - 1)]
Side = Annotated[int, Field(ge=0, le=1)]
Coordinate = Annotated[int, Field(ge=-MAX_AREA, le=MAX_AREA)]
Placement = tuple[Coordinate, Coordinate, CardId]
Claim = tuple[
    Literal["personal", "team"],
    Annotated[int, Field(ge=0, le=MAX_PLAYERS - 1)],
    Annotated[int, Field(ge=0, le=TILES - 1)],
]
Point = Annotated[
    list[Annotated[int, Field(ge=-MAX_AREA, le=MAX_AREA + 1)]], Field(min_length=2, max_length=2)
]
Token = Annotated[int, Field(ge=1, le=TOP_TOKEN)]


def _per_seat(what: str) -> Any:
    """A field with one entry per seat, seat 0 first."""
    return Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS, description=what)


def _seat() -> Any:
    """The optional seat of a move (a new field each time)."""
    return Field(
        default=None,
        ge=0,
        le=MAX_PLAYERS - 1,
        description="Whose choice this is: in a simultaneous step (the Explorer choice, the "
        "hand draft) any seat still to choose names itself; left out: the seat to move's",
    )


ACTION = (
    "The kind of move, written first on every move the service answers with (`{kind}`; the"
    " other kind is `{other}`), as Monster Park's moves name theirs: a move sent without it"
    " is read by its fields"
)


class VbmPlace(Strict):
    """Keep a card and place it in your play area (the hand draft or the row draft)."""

    model_config = ConfigDict(serialize_by_alias=True)

    action: Literal["place"] = Field(
        default="place", description=ACTION.format(kind="place", other="explorer")
    )
    row: int | None = Field(
        default=None,
        description="Row draft, first player only: which open row (0 or 1) the turn drafts from",
    )
    card: str = Field(description="The card kept (its id, GET /v1/vbm/cards)")
    at: list[int] = Field(
        min_length=2,
        max_length=2,
        description="Where it goes: [row, column] of an empty space edge to edge with your "
        "play area (your Explorer card lies at [0, 0], rows grow downwards)",
    )
    pass_to: int | None = Field(
        default=None,
        alias="pass",
        description="Hand draft: the seat whose free Spaceship takes the rest of your hand "
        "(left out on a round's last turn, when the other card is discarded)",
    )
    discard: str | None = Field(
        default=None,
        description="Row draft, all but the last player: the card of the row you discard",
    )
    seat: int | None = _seat()


class VbmChooseExplorer(Strict):
    """Keep one of the two Explorer cards you were dealt (before the first turn)."""

    action: Literal["explorer"] = Field(
        default="explorer", description=ACTION.format(kind="explorer", other="place")
    )
    explorer: str = Field(description="The Explorer card kept (its id, GET /v1/vbm/cards)")
    seat: int | None = _seat()


VbmMove = Annotated[
    Annotated[VbmChooseExplorer, Tag("explorer")] | Annotated[VbmPlace, Tag("place")],
    by_field("explorer", ("explorer", VbmChooseExplorer), ("place", VbmPlace)),
]
"""A move: ``{"explorer"}`` keeps an Explorer; ``{"card", "at", ...}`` keeps and places a card."""

MOVE: TypeAdapter[VbmChooseExplorer | VbmPlace] = TypeAdapter(VbmMove)
"""Reads and writes a move of either kind."""


class VbmHiddenChoice(Strict):
    """Another player's choice of this turn in the hand draft, as your view shows it: only
    the Spaceship it passed to (its card and cell stay face down until the reveal)."""

    model_config = ConfigDict(serialize_by_alias=True)

    pass_to: int | None = Field(
        default=None,
        alias="pass",
        ge=0,
        le=MAX_PLAYERS - 1,
        description="The seat whose Spaceship took the rest of that hand; null on a round's "
        "last turn (nothing is passed)",
    )


VbmChoice = Annotated[
    Annotated[VbmPlace, Tag("place")] | Annotated[VbmHiddenChoice, Tag("hidden")],
    by_field("card", ("place", VbmPlace), ("hidden", VbmHiddenChoice)),
]
"""A choice made this turn: the card, its cell and where the rest went, or (another
player's, in the hand draft) only where the rest went."""


class VbmTable(Strict):
    """What a state and a view both hold."""

    game: Literal["vbm"] = Field(description='The game: always "vbm"')
    format: DocumentFormat = FIRST_FORMAT
    players: int = Field(ge=MIN_PLAYERS, le=MAX_PLAYERS, description="Number of seats, 2 to 6")
    mode: Mode = Field(
        description="rows: the row draft (2 players, or the 3-player variant); team: 4 or 6 "
        "players, teammates sit opposite; free: free-for-all, 3 to 6 players"
    )
    deck: Literal["standard"] = Field(description="The deck played with (a built-in deck)")
    sides: list[Side] = Field(
        min_length=TILES,
        max_length=TILES,
        description="The side up (0 or 1) of each of the five Mission tiles",
    )
    sand_direction: SandDirection = Field(description=SAND_DIRECTION)
    explorer_tokens: ExplorerTokens = Field(description=EXPLORER_TOKENS)
    phase: Phase = Field(
        description="explorer: each player keeps one of two Explorer cards; draft: the hand "
        "draft (team and free-for-all); rows: the row draft; over: the game has ended"
    )
    round: int = Field(
        ge=0, le=2, description="Hand draft: rounds finished (0 or 1 while playing, 2 at the end)"
    )
    turn: int = Field(
        ge=0, le=MAX_TURN, description="Turns finished this round (the row draft: in the game)"
    )
    first: Seat = Field(description="The first player of this turn")
    to_move: Seat | None = Field(
        description="The seat whose decision is next (the first that has not yet chosen); "
        "null once the game is over"
    )
    explorers: list[ExplorerId | None] = _per_seat(
        "Each seat's kept Explorer card; null until it is chosen (in a view, another seat's "
        "shows once every player has chosen)"
    )
    areas: list[Annotated[list[Placement], Field(max_length=MAX_AREA)]] = _per_seat(
        "Each seat's play area: its placements [row, column, card] in the order made"
    )
    pending: list[VbmChoice | None] = _per_seat(
        "Each seat's choice of this turn, null until it has chosen; revealed together once "
        "every player has chosen"
    )
    rows: list[Annotated[list[CardId], Field(max_length=ROW)]] = Field(
        max_length=MAX_ROWS, description="Row draft: the open rows of face-up cards"
    )
    live: list[CardId] = Field(
        max_length=ROW, description="Row draft: what is left of the row being drafted this turn"
    )
    tokens: list[Annotated[list[Token], Field(max_length=2 * TILES)]] = _per_seat(
        "The values of each seat's Reward Mission tokens"
    )
    pyramids: list[
        Annotated[list[Annotated[int, Field(ge=0, le=TOP_TOKEN)]], Field(max_length=PYRAMID)]
    ] = Field(
        min_length=TILES,
        max_length=TILES,
        description="The tokens left on each Mission tile's pyramid, top first",
    )
    claimed: list[Claim] = Field(
        max_length=2 * MAX_PLAYERS * TILES,
        description="The missions completed: [personal, seat, tile] or [team, team number, tile]",
    )
    portals: list[Annotated[list[Point], Field(max_length=_DECK.portal_tiles)]] = _per_seat(
        "The Portal tiles each seat took: the grid point [row, column] of each completed "
        "portal (below right of the card at [row - 1, column - 1])"
    )
    portal_left: int = Field(ge=0, le=_DECK.portal_tiles, description="Portal tiles not yet taken")
    discards: list[CardId] = Field(
        max_length=len(_DECK.cards),
        description="Discarded cards in the order made (in a view: only those the seat knows)",
    )


class VbmState(VbmTable):
    """The whole game, hidden cards included (what ``new`` and ``apply`` answer): keep it
    on the server side and show each player its view."""

    seed: int = Field(ge=-SEED_LIMIT, le=SEED_LIMIT, description="Seeds every shuffle of this game")
    offers: list[Annotated[list[ExplorerId], Field(max_length=2)]] = _per_seat(
        "The two Explorer cards dealt to each seat"
    )
    hands: list[Annotated[list[CardId], Field(max_length=HAND)]] = _per_seat(
        "The cards on each seat's Spaceship (hand draft)"
    )
    pile: list[CardId] = Field(
        max_length=len(_DECK.cards), description="The cards not yet dealt, in the order dealt"
    )
    passed: list[Annotated[list[CardId], Field(max_length=MAX_PLAYERS * HAND)]] = Field(
        max_length=MAX_PLAYERS,
        description="Hand draft: the cards each seat passed on this round, in id order (empty "
        "in the row draft)",
    )
    seen: list[Annotated[list[CardId], Field(max_length=2 * MAX_PLAYERS)]] = Field(
        max_length=MAX_PLAYERS,
        description="Hand draft: the discards each seat knows (the cards it held that went "
        "back to the box), in id order (empty in the row draft)",
    )


class VbmView(VbmTable):
    """What one seat may see: every play area, token and row, its own hand and choices;
    never the seed, the pile, the other hands or the other seats' hidden choices."""

    view_of: Seat = Field(description="Whose view this is")
    sets: list[Annotated[int, Field(ge=1, le=SETS)]] = Field(
        max_length=SETS, description="The card sets in play, ascending"
    )
    offer: list[ExplorerId] = Field(
        max_length=2, description="The two Explorer cards this seat was dealt"
    )
    kept: list[bool] = _per_seat(
        "Whether each seat has kept its Explorer card (a seat sees that another has chosen, "
        "not what until every player has)"
    )
    hand: Annotated[list[CardId], Field(max_length=HAND)] | None = Field(
        description="The cards on this seat's Spaceship; null while the Explorers are chosen",
    )
    hand_sizes: list[Annotated[int, Field(ge=0, le=HAND)]] = Field(
        max_length=MAX_PLAYERS, description="How many cards each seat's Spaceship holds"
    )
    passed: list[CardId] = Field(
        max_length=MAX_PLAYERS * HAND, description="The cards this seat passed on this round"
    )
    pile: int = Field(
        ge=0, le=len(_DECK.cards), description="How many cards are not yet dealt or revealed"
    )


class VbmHintDetail(PlayedOut):
    """The numbers behind a hint's value. A placement gives ``gain``, ``sand``, ``prospect``,
    ``plan`` and ``others`` (its exact value is their sum, before the playouts' correction); an
    Explorer choice gives ``expected``."""

    gain: float | None = Field(
        default=None,
        description="Points the placement scores now, by the rules (team mode: the rise of "
        "the team's expected lower score)",
    )
    sand: float | None = Field(
        default=None,
        ge=0,
        description="Points a Sand card can expect from cards placed later in its region",
    )
    prospect: float | None = Field(
        default=None,
        description="What the placement changes in the points to come, beyond today's: "
        "the Grassland table at the count to be expected, the chance of mission tokens, "
        "half crystals left open or closed",
    )
    plan: float | None = Field(
        default=None,
        ge=0,
        description="Expected extra points of the cards still to come this round in the "
        "spaces the placement opens (the CP-SAT plan)",
    )
    others: float | None = Field(
        default=None,
        description="What the rest of the move leaves to the other players: negative when "
        "it helps an opponent, positive when it helps your teammate",
    )
    expected: float | None = Field(
        default=None,
        ge=0,
        description="Explorer choice: the points the Explorer card is expected to score at the "
        "end of the game",
    )


class VbmTeamStanding(Strict):
    """One team's numbers for the tie-break steps."""

    seats: list[Seat] = Field(min_length=2, max_length=2, description="The two teammates")
    score: int = Field(description="The team's score: the lower teammate's")
    other: int = Field(description="The other teammate's score (the first tie-break)")
    water: int = Field(description="Both teammates' Water points (the second tie-break)")


class VbmScoreDetail(Strict):
    """Team mode's standing beside the score pad (``detail`` of ``POST /v1/vbm/score``;
    absent in the other modes): at the end, what decided the winners; before it, what
    decides the lead now."""

    teams: list[VbmTeamStanding] = Field(
        min_length=2, max_length=MAX_PLAYERS // 2, description="Every team, seat order"
    )
    steps: list[Literal["team score", "other teammate", "water"]] = Field(
        max_length=3,
        description="The rulebook's steps taken, in order: the team score, then the other "
        "teammates' scores, then the Water points; the last one decided unless shared",
    )
    decided_by: Literal["team score", "other teammate", "water", "shared"] = Field(
        description="The step that decided, or shared when every step left teams level"
    )
    text: str = Field(description="All of it in a player's words")


class VbmSettings(Strict):
    """The rule settings a new game takes (docs/rulings.md); each may be left out."""

    mode: Mode | None = Field(
        default=SETTINGS["mode"],
        description="rows, team or free; null: the rulebook's mode for the player count (rows "
        "for 2 and 3, team for 4 and 6, free for 5)",
    )
    deck: Literal["standard"] = Field(
        default=SETTINGS["deck"], description="The deck played with (a built-in deck)"
    )
    mission_sides: Annotated[list[Side], Field(min_length=TILES, max_length=TILES)] | None = Field(
        default=SETTINGS["mission_sides"],
        description="The side up (0 or 1) of each of the five Mission tiles; null: the seed "
        "turns them",
    )
    sand_direction: SandDirection = Field(
        default=SETTINGS["sand_direction"], description=SAND_DIRECTION
    )
    explorer_tokens: ExplorerTokens = Field(
        default=SETTINGS["explorer_tokens"], description=EXPLORER_TOKENS
    )


Terrain = Literal["water", "lava", "ice", "rock", "grassland", "sand"]
Region = Literal["adjacent", "row", "column", "diagonal"]
Arrow = Literal[
    "around", "left", "right", "up", "down", "up-left", "up-right", "down-left", "down-right"
]
Condition = Literal["any", "same", "different"]


class VbmIce(Strict):
    """An Ice card's half monster."""

    kind: Literal["bear", "penguin", "yeti"] = Field(description="The Ice monster it is half of")
    half: Literal["left", "right"] = Field(description="Which half the card shows")
    beams: int = Field(ge=0, le=9, description="Beams the completed monster needs")
    upgraded: int = Field(ge=0, le=99, description="VP of the completed, upgraded monster")


class VbmSand(Strict):
    """A Sand card's scoring rule (``sand``), or its flipped side's (``flipped``)."""

    region: Region = Field(description="Where the cards it counts lie")
    arrow: Arrow = Field(
        description="The direction its arrow points: around (the 4 cards next to it), left or "
        "right along its row, up or down its column, or along one diagonal ray"
    )
    condition: Condition = Field(
        description="Which of them count: any, the same or another terrain"
    )
    vp: int = Field(ge=0, le=99, description="VP per card counted")


class VbmCard(Strict):
    """One card of the deck and what it prints; a field is absent where the card has none."""

    id: CardId = Field(description="The card's id, as states and moves name it")
    set: int = Field(ge=1, le=SETS, description="The set it belongs to")
    terrain: Terrain = Field(description="Its terrain")
    vp: int = Field(ge=0, le=99, description="The VP it prints")
    mama: Literal["head", "body", "tail"] | None = Field(
        default=None, description="The part of a Big Mama it shows"
    )
    baby: bool | None = Field(default=None, description="It is a Baby monster")
    crystals: list[tuple[Literal["top", "bottom"], Literal["blue", "red", "green"]]] | None = Field(
        default=None, description="Its crystals: where each lies and its colour"
    )
    portals: list[Literal["nw", "ne", "sw", "se"]] | None = Field(
        default=None, description="The corners with a portal"
    )
    ice: VbmIce | None = Field(default=None, description="Its half Ice monster")
    beams: list[Literal["up", "down", "left", "right"]] | None = Field(
        default=None, description="The beams it sends"
    )
    rocks: int | None = Field(default=None, ge=0, le=9, description="Rock symbols")
    grass: int | None = Field(default=None, ge=0, le=9, description="Grassland symbols")
    sand: VbmSand | None = Field(default=None, description="Its Sand scoring rule")
    flipped: VbmSand | None = Field(default=None, description="The rule of its flipped side")


class VbmExplorer(Strict):
    """An Explorer card: VP per thing counted at the end."""

    id: ExplorerId = Field(description="The Explorer's id")
    text: str = Field(description="What it scores, in the card's words")
    terms: list[tuple[str, int]] = Field(description="What it counts, and VP for each")


class VbmMission(Strict):
    """One side of a mission tile."""

    id: str = Field(description="The side's id (`M1A`: tile 1, side A)")
    text: str = Field(description="What it counts")
    counter: str = Field(description="The counter it reads")
    personal: int = Field(ge=0, le=99, description="Count a player needs for a personal reward")
    team: int = Field(ge=0, le=99, description="Count a team needs for a team reward")
    rewards: list[int] = Field(description="The reward pyramid, highest first")


class VbmCards(Strict):
    """Every card, Explorer and mission tile, with what each prints (``GET /v1/vbm/cards``)."""

    game: Literal["vbm"] = Field(description="The game")
    deck: str = Field(description="The deck listed")
    cards: list[VbmCard] = Field(description="Every card")
    explorers: list[VbmExplorer] = Field(description="Every Explorer")
    missions: list[list[VbmMission]] = Field(description="Each mission tile's two sides")
    grassland: list[int] = Field(description="VP for 0, 1, 2... Grassland symbols")
    portal_tiles: int = Field(description="Portal tiles in the game")
    portal_vp: int = Field(description="VP of a Portal tile")
    crystal_vp: dict[str, int] = Field(description="VP of a crystal, by colour")


MODELS = GameModels(
    state=VbmState,
    view=VbmView,
    move=VbmMove,
    detail=VbmHintDetail,
    settings=VbmSettings,
    cards=VbmCards,
    score_detail=VbmScoreDetail,
)
