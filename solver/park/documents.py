"""Typed Monster Park documents, as the game writes and ``solver.park.reading`` reads them.

A state holds every card by its id (the decks too, top first); a seat's view
shows the face-up cards as objects with what they print and each face-down
monster as its back (area and size), with the decks as counts. The codec still
reads every document and checks what the rules imply (each card in one place,
the track slid left, the bank adding up...); these models give a client the
fields and their types, and refuse nothing the codec accepts.

>>> from solver.park import GAME
>>> s = GAME.new(2, 1, None)
>>> ParkState.model_validate(s.to_json()).players
2
>>> ParkView.model_validate(s.view(1).to_json()).view_of
1
>>> MOVE.validate_python({"action": "invite", "slot": 2}).slot
2
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import ConfigDict, Field, TypeAdapter
from typing_extensions import TypeAliasType

from solver.documents import DocumentFormat, GameModels, PlayedOut, Strict
from solver.formats import FIRST_FORMAT
from solver.park.board import AREA_ROOM
from solver.park.cards import BUILT_IN, load_deck
from solver.park.moves import MAX_CLAIM
from solver.park.readers import MAX_TOKENS, SEED_RANGE
from solver.park.rules import ROW_LEN, TRACK_LEN
from solver.park.settings import MAX_BANK, MAX_PRICE, MAX_ROUNDS, SETTINGS

_DECKS = [load_deck(name) for name in BUILT_IN]
MOST_MONSTERS = max(len(d.monsters) for d in _DECKS)
"""Most monsters a built-in deck has (the longest a monster pile can be)."""
MOST_TOURISTS = max(len(d.tourists) for d in _DECKS)
"""Most tourists a built-in deck has."""
MOST_UPGRADES = max(len(d.upgrades) for d in _DECKS)
"""Most upgrades a built-in deck has."""
MOST_TURNS = MAX_ROUNDS * 4
"""The last turn of the longest game (the longest round limit, four players)."""

Area = Literal["water", "land", "air"]
"""The three areas of a park, as the park board shows them."""
UpgradeKind = Literal["souvenirs", "balloons", "benches"]
"""The upgrade kinds, in the order of their spaces on the main board."""
Character = Literal["friendly", "nasty"]
"""A monster's character."""
Phase = Literal["action", "tourists", "over"]
"""The step of a turn (``over`` once the game has ended)."""
RunGaps = Literal["none", "upgrades", "any"]
"""What may lie between the monsters of the "in order by size" tourist."""
UpgradeRefill = Literal["own", "any"]
"""How an empty upgrade space is refilled."""

if TYPE_CHECKING:
    MonsterId = str
    UpgradeId = str
    TouristId = str
else:

    def _ids(name: str, kind: str, what: str) -> TypeAliasType:
        ids = tuple(dict.fromkeys(c.id for d in _DECKS for c in getattr(d, kind)))
        return TypeAliasType(name, Annotated[Literal[ids], Field(description=what)])

    MonsterId = _ids("ParkMonsterId", "monsters", "The id of a monster card (GET /v1/park/cards).")
    UpgradeId = _ids("ParkUpgradeId", "upgrades", "The id of an upgrade card (GET /v1/park/cards).")
    TouristId = _ids("ParkTouristId", "tourists", "The id of a tourist card (GET /v1/park/cards).")

Seat = Annotated[int, Field(ge=0, le=3)]
Count = Annotated[int, Field(ge=0, le=MAX_TOKENS)]


class ParkSettings(Strict):
    """The rule settings for what the rulebook leaves open (docs/rulings.md); every one
    may be left out for its default."""

    deck: str = Field(
        default=SETTINGS["deck"],
        min_length=1,
        max_length=1000,
        description="The deck played with: a built-in deck by name (`standard`).",
    )
    fifth_slot_buyable: bool = Field(
        default=SETTINGS["fifth_slot_buyable"],
        description="May the monster on the fifth track position be invited?",
    )
    fifth_slot_price: int = Field(
        default=SETTINGS["fifth_slot_price"],
        ge=0,
        le=MAX_PRICE,
        description="Tokens the fifth track position costs when it may be bought.",
    )
    run_gaps: RunGaps = Field(
        default=SETTINGS["run_gaps"],
        description="What may lie between the four monsters of the 'in order by size' tourist:"
        " `none` (side by side), `upgrades` (only upgrades), `any` (any cards).",
    )
    bank: int | None = Field(
        default=SETTINGS["bank"],
        ge=0,
        le=MAX_BANK,
        description="Tokens in the bank at set-up; null for a bank that never runs out.",
    )
    upgrade_refill: UpgradeRefill = Field(
        default=SETTINGS["upgrade_refill"],
        description="An empty upgrade space with an empty supply: `own` (it stays empty)"
        " or `any` (refilled from the largest other supply).",
    )
    round_limit: int = Field(
        default=SETTINGS["round_limit"],
        ge=1,
        le=MAX_ROUNDS,
        description="Rounds after which a game in which no park has filled ends anyway.",
    )


def _area() -> Any:
    """The field of one area of a park board (a new one each time)."""
    return Field(max_length=AREA_ROOM, description="The cards of this area, left to right.")


class ParkBoard(Strict):
    """One player's park board in a full state: the card ids of each area, left to right."""

    water: list[MonsterId | UpgradeId] = _area()
    land: list[MonsterId | UpgradeId] = _area()
    air: list[MonsterId | UpgradeId] = _area()


class ParkMonsterCard(Strict):
    """A face-up monster card and what it prints."""

    id: MonsterId = Field(description="The card's id.")
    area: Area = Field(description="The area it lives in.")
    size: int = Field(ge=1, le=5, description="Its size, 1 to 5.")
    character: Character = Field(description="Friendly or nasty.")
    points: int = Field(ge=-99, le=99, description="The points it scores at the end.")


class ParkUpgradeCard(Strict):
    """A face-up upgrade card and what it prints."""

    id: UpgradeId = Field(description="The card's id.")
    kind: UpgradeKind = Field(description="Souvenirs, balloons or benches.")
    size: int = Field(ge=1, le=5, description="Its size (a monster after it may be any size).")
    cost: int = Field(ge=0, le=99, description="Tokens it costs.")


class ParkTouristCard(Strict):
    """A face-up tourist card and what it prints."""

    id: TouristId = Field(description="The card's id.")
    text: str = Field(description="What the tourist wants to see in a park.")
    reward: int = Field(ge=0, le=99, description="Tokens it brings when it comes.")


class ParkBoardView(Strict):
    """One player's park board in a view: every card face up, with what it prints."""

    water: list[ParkMonsterCard | ParkUpgradeCard] = _area()
    land: list[ParkMonsterCard | ParkUpgradeCard] = _area()
    air: list[ParkMonsterCard | ParkUpgradeCard] = _area()


class ParkMonsterBack(Strict):
    """A face-down monster: its back shows only its area and size."""

    area: Area = Field(description="The area the monster lives in.")
    size: int = Field(ge=1, le=5, description="Its size, 1 to 5.")


class ParkTrackBack(ParkMonsterBack):
    """A face-down monster on the track, with what inviting it costs."""

    price: int | None = Field(
        ge=0, le=MAX_PRICE, description="Tokens to invite it; null when it cannot be invited."
    )


class ParkScoreLines(Strict):
    """A player's score pad."""

    model_config = ConfigDict(serialize_by_alias=True)

    tokens: int = Field(description="Tokens the player holds.")
    monster_points: int = Field(
        alias="monster points", description="The points of the monsters in the park."
    )


class ParkScore(Strict):
    """One player's running score (the final one at the end)."""

    seat: Seat = Field(description="The player's seat.")
    total: int = Field(description="Tokens plus monster points: what decides the game.")
    lines: ParkScoreLines = Field(description="The lines that make the total.")


class ParkTable(Strict):
    """What a state and a view both hold."""

    game: Literal["park"] = Field(description="The game: always `park`.")
    format: DocumentFormat = FIRST_FORMAT
    players: int = Field(ge=2, le=4, description="Number of seats, 2 to 4.")
    settings: ParkSettings = Field(description="The rule settings this game is played with.")
    to_move: Seat | None = Field(description="The seat deciding next; null once the game is over.")
    phase: Phase = Field(
        description="`action` (choose one of the three actions), `tourists` (choose which"
        " tourists to invite after it) or `over`."
    )
    turn: int = Field(ge=0, le=MOST_TURNS, description="Turns taken so far.")
    tokens: list[Count] = Field(
        min_length=2, max_length=4, description="Each seat's tokens (its points, too)."
    )
    tourists_held: list[list[TouristId]] = Field(
        min_length=2,
        max_length=4,
        description="The tourists in each seat's park, in the order they came.",
    )
    reshuffles: int = Field(
        ge=0, le=MOST_TURNS, description="How often the discard pile became the monster deck."
    )
    bank: Count | None = Field(description="Tokens left in the bank; null: it never runs out.")
    final_round: bool = Field(description="A park is full: this round is the last.")


class ParkState(ParkTable):
    """The whole table, hidden cards included: keep it on the server side, send views."""

    seed: int = Field(
        ge=SEED_RANGE[0], le=SEED_RANGE[1], description="Seeds every shuffle of this game."
    )
    parks: list[ParkBoard] = Field(
        min_length=2, max_length=4, description="Each seat's park board."
    )
    track: list[MonsterId | None] = Field(
        min_length=TRACK_LEN,
        max_length=TRACK_LEN,
        description="The monster track, position 0 first (the cheapest); null: empty.",
    )
    monster_deck: list[MonsterId] = Field(
        max_length=MOST_MONSTERS, description="The monster deck, top card first."
    )
    discard: list[MonsterId] = Field(
        max_length=MOST_MONSTERS, description="Monsters discarded from the track, oldest first."
    )
    tourist_row: list[TouristId | None] = Field(
        min_length=ROW_LEN, max_length=ROW_LEN, description="The tourist track; null: empty."
    )
    tourist_deck: list[TouristId] = Field(
        max_length=MOST_TOURISTS, description="The tourist deck, top card first."
    )
    upgrade_row: list[UpgradeId | None] = Field(
        min_length=3,
        max_length=3,
        description="The upgrade on each space (souvenirs, balloons, benches); null: empty.",
    )
    upgrade_supply: list[list[UpgradeId]] = Field(
        min_length=3,
        max_length=3,
        description="The face-down supply under each upgrade space, top card first.",
    )


class ParkView(ParkTable):
    """What one seat sees: face-up cards as they print, face-down monsters by their backs,
    decks and supplies as counts, and no seed."""

    view_of: Seat = Field(description="Whose view this is.")
    parks: list[ParkBoardView] = Field(
        min_length=2, max_length=4, description="Each seat's park board, face up."
    )
    track: list[ParkTrackBack | None] = Field(
        min_length=TRACK_LEN,
        max_length=TRACK_LEN,
        description="The backs of the track's monsters, position 0 first; null: empty.",
    )
    monster_deck: int = Field(ge=0, le=MOST_MONSTERS, description="Cards left in the monster deck.")
    monster_deck_top: ParkMonsterBack | None = Field(
        description="The back of the monster deck's top card; null when the deck is empty."
    )
    discard: list[ParkMonsterBack] = Field(
        max_length=MOST_MONSTERS,
        description="The backs of the monsters discarded from the track, oldest first.",
    )
    tourist_row: list[ParkTouristCard | None] = Field(
        min_length=ROW_LEN, max_length=ROW_LEN, description="The tourist track; null: empty."
    )
    tourist_deck: int = Field(ge=0, le=MOST_TOURISTS, description="Cards left in the tourist deck.")
    upgrade_row: list[ParkUpgradeCard | None] = Field(
        min_length=3,
        max_length=3,
        description="The upgrade on each space (souvenirs, balloons, benches); null: empty.",
    )
    upgrade_supply: list[Annotated[int, Field(ge=0, le=MOST_UPGRADES)]] = Field(
        min_length=3, max_length=3, description="Upgrades left under each upgrade space."
    )
    scores: list[ParkScore] = Field(
        min_length=2, max_length=4, description="Every seat's running score."
    )


class ParkTokenMove(Strict):
    """Take one token from the bank."""

    action: Literal["token"] = Field(description="Take a token.")


class ParkUpgradeMove(Strict):
    """Buy the upgrade on one space and place it in an area of the park."""

    action: Literal["upgrade"] = Field(description="Buy an upgrade.")
    kind: UpgradeKind = Field(description="Which upgrade space to buy from.")
    area: Area = Field(description="The area of the park it goes to.")


class ParkInviteMove(Strict):
    """Invite the monster on one track position into the park."""

    action: Literal["invite"] = Field(description="Invite a monster.")
    slot: int = Field(ge=0, le=TRACK_LEN - 1, description="The track position, 0 to 4.")
    area: Area | None = Field(
        default=None, description="Its area (it may only live there; default: its own)."
    )


class ParkTouristsMove(Strict):
    """After the action: which tourists come, in the order they are invited."""

    action: Literal["tourists"] = Field(description="Invite tourists (or none).")
    tourists: list[str] = Field(
        default_factory=list,
        max_length=MAX_CLAIM,
        description="The tourist ids invited, in order; empty or left out: none.",
    )


class ParkPassMove(Strict):
    """Pass: only when none of the three actions is possible."""

    action: Literal["pass"] = Field(description="Pass.")


ParkMove = Annotated[
    ParkTokenMove | ParkUpgradeMove | ParkInviteMove | ParkTouristsMove | ParkPassMove,
    Field(discriminator="action"),
]
"""A move, by its ``action``."""
MOVE: TypeAdapter[
    ParkTokenMove | ParkUpgradeMove | ParkInviteMove | ParkTouristsMove | ParkPassMove
] = TypeAdapter(ParkMove)
"""Reads and dumps a :data:`ParkMove`."""


class ParkHintDetail(PlayedOut):
    """The numbers behind a hint's value; each key appears where it applies."""

    this_turn: float | None = Field(
        default=None, description="Points the action gains this turn, in expectation."
    )
    tourists: float | None = Field(
        default=None, description="Tokens the tourists it brings pay, in expectation."
    )
    tokens: float | None = Field(
        default=None, description="Tokens the tourists invited in the tourist step pay."
    )
    reply: float | None = Field(
        default=None, description="Points the next player's best reply would gain after it."
    )
    to_come: float | None = Field(
        default=None,
        description="A card placed: what it adds toward the tourists still in the tourist deck.",
    )
    room: float | None = Field(
        default=None,
        description=(
            "A card placed: what it does to the monster sizes its area can still take"
            " (negative when it closes the area to smaller monsters)."
        ),
    )
    win_chance: float | None = Field(
        default=None,
        ge=0,
        le=1,
        description="On the player's last turn: the chance it wins the game, 0 to 1.",
    )


class ParkCards(Strict):
    """Every card of the standard deck with what it prints (``GET /v1/park/cards``)."""

    game: Literal["park"] = Field(description="The game.")
    deck: str = Field(description="The deck listed.")
    monsters: list[ParkMonsterCard] = Field(description="Every monster card.")
    upgrades: list[ParkUpgradeCard] = Field(description="Every upgrade card.")
    tourists: list[ParkTouristCard] = Field(description="Every tourist card.")


MODELS = GameModels(
    state=ParkState,
    view=ParkView,
    move=ParkMove,
    detail=ParkHintDetail,
    settings=ParkSettings,
    cards=ParkCards,
)
