"""Pile, a fifth game added the way a new game is added: one package (here this
module: rules, documents, move labels and players) and one registry line.

Seats take 1 to 3 counters in turn from a pile of 21; each counter is a point, and
the seat that takes the last one scores 3 more. Only the seed is hidden. Its documents
are read with the shared field readers and typed for the OpenAPI schema.

Loaded as a pytest plugin (``pytest -p tests.extra_game``), it adds its registry
line before the tests are collected, so every suite that covers all games covers
Pile too, and only the tests asked of Pile are kept (``tests/test_extra_game.py``
runs them so).
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal, Self

import pytest
from pydantic import Field

from solver.documents import GameModels, PlayedOut, Strict
from solver.drawing.svg import document, text
from solver.errors import IllegalMoveError, NotationError, quoted
from solver.fields import check_document, read_fields, read_int, read_ints
from solver.game import GAMES, Entry, Game, RankedMove, Score, ScorePad, one_seat_waits
from solver.notation import text_of
from solver.players import Roster
from solver.seats import check_players, check_seat
from solver.worlds import Worlds

ENTRY = Entry(__name__, "Pile")
"""The registry line."""
PILE = 21


class PileCounters(Strict):
    game: Literal["pile"] = Field(description="The game: Pile")
    players: int = Field(ge=2, le=3, description="Seats")
    taken: list[int] = Field(min_length=2, max_length=3, description="Counters taken, by seat")
    turn: int = Field(ge=0, le=2, description="The seat taking next")
    last: int | None = Field(ge=0, le=2, description="The seat that took last, if any")


class PileState(PileCounters):
    """The whole game."""

    seed: int = Field(ge=0, description="The seed the game was set up with")


class PileView(PileCounters):
    """What one seat sees: all but the seed."""

    view_of: int = Field(ge=0, le=2, description="Whose view this is")


class PileTake(Strict):
    """A move: counters taken from the pile."""

    take: Literal[1, 2, 3] = Field(description="Counters to take")


class PileHintDetail(PlayedOut):
    """The numbers behind a Pile hint's value."""

    points: float = Field(description="Points the move scores at once")


class PileSettings(Strict):
    """Pile has no rule settings."""


class PileCards(Strict):
    """The pile at the start."""

    game: Literal["pile"] = Field(description="The game: Pile")
    counters: int = Field(description="Counters on the pile at the start")


MODELS = GameModels(PileState, PileView, PileTake, PileHintDetail, PileSettings, PileCards)


@dataclass(frozen=True)
class Pile:
    """The whole game: the counters each seat took, whose turn it is, the seed."""

    seed: int
    taken: tuple[int, ...]
    turn: int
    last: int | None = None

    @property
    def players(self) -> int:
        return len(self.taken)

    @property
    def left(self) -> int:
        return PILE - sum(self.taken)

    @property
    def to_move(self) -> int | None:
        return None if self.left == 0 else self.turn

    @property
    def phase(self) -> str:
        return "over" if self.left == 0 else "take"

    def legal_moves(self) -> tuple[int, ...]:
        return tuple(take for take in (1, 2, 3) if take <= self.left)

    def apply(self, take: int) -> Self:
        self.check(take)
        taken = list(self.taken)
        taken[self.turn] += take
        turn = (self.turn + 1) % self.players
        return replace(self, taken=tuple(taken), turn=turn, last=self.turn)

    def check(self, take: int) -> None:
        if take not in Pile.legal_moves(self):
            raise IllegalMoveError(f"cannot take {take} from a pile of {self.left}")

    def is_terminal(self) -> bool:
        return self.left == 0

    def scores(self) -> tuple[Score, ...]:
        bonus = [3 if seat == self.last and self.left == 0 else 0 for seat in range(self.players)]
        return tuple(Score(s, t + bonus[s], {"counters": t}) for s, t in enumerate(self.taken))

    def winners(self) -> tuple[int, ...]:
        totals = [score.total for score in self.scores()]
        return tuple(s for s, t in enumerate(totals) if t == max(totals))

    def view(self, seat: int) -> Seen:
        return Seen(0, self.taken, self.turn, self.last, check_seat(seat, self.players))

    def to_json(self) -> dict[str, Any]:
        doc = {"game": "pile", "players": self.players, "taken": list(self.taken)}
        return {**doc, "turn": self.turn, "last": self.last, "seed": self.seed}


@dataclass(frozen=True)
class Seen(Pile):
    """What one seat sees: all but the seed (0 here)."""

    seat: int = 0

    def legal_moves(self) -> tuple[int, ...]:
        return super().legal_moves() if self.seat == self.to_move else ()

    def check(self, take: int) -> None:
        if self.seat != self.to_move:
            raise IllegalMoveError(f"it is not seat {self.seat}'s turn")
        super().check(take)

    def to_json(self) -> dict[str, Any]:
        doc = {key: value for key, value in super().to_json().items() if key != "seed"}
        return {**doc, "view_of": self.seat}


def _table(doc: Any, kind: str) -> tuple[Mapping[str, Any], Pile]:
    """The fields of a ``state`` or a ``view`` and what they agree on, every field checked,
    each fault named by its path."""
    fields = ("game", "players", "taken", "turn", "last", "seed" if kind == "state" else "view_of")
    obj = read_fields(check_document(doc, "pile", kind), "", fields, f"a Pile {kind}")
    players = read_int(obj["players"], "players", 2, 3)
    taken = read_ints(obj["taken"], "taken", players, 0, PILE)
    if len(taken) != players:
        raise NotationError(f"must hold {players} entries, not {len(taken)}", path="taken")
    last = None if obj["last"] is None else read_int(obj["last"], "last", 0, players - 1)
    pile = Pile(0, taken, read_int(obj["turn"], "turn", 0, players - 1), last)
    if pile.left < 0:
        raise NotationError(f"the seats took more than the {PILE} counters", path="taken")
    return obj, pile


def _state(doc: Any) -> Pile:
    obj, pile = _table(doc, "state")
    return replace(pile, seed=read_int(obj["seed"], "seed", 0, 2**64 - 1))


def _view(doc: Any) -> Seen:
    obj, pile = _table(doc, "view")
    return pile.view(read_int(obj["view_of"], "view_of", 0, pile.players - 1))


def _read_move(doc: Any) -> int:
    return read_int(read_fields(doc, "", ("take",), "a move")["take"], "take", 1, 3)


def _new(players: int, seed: int, settings: Mapping[str, Any] | None) -> Pile:
    check_players("Pile", players, 2, 3)
    read_fields(settings if settings is not None else {}, "settings", (), "the settings")
    return Pile(seed, (0,) * players, random.Random(seed).randrange(players))


def _exact(view: Seen, budget: float) -> list[RankedMove]:
    worth = {take: take + (3 if take == view.left else 0) for take in view.legal_moves()}
    ranked = sorted(worth, key=lambda take: -worth[take])
    return [
        RankedMove({"take": t}, worth[t], f"take {t}: {worth[t]} points", {"points": worth[t]})
        for t in ranked
    ]


def label(take: int, position: Pile) -> str:
    """The move in a player's words."""
    return f"Take {take} counter{'s' if take > 1 else ''}"


def notation(take: int) -> str:
    """The move as text: how many counters."""
    return str(take)


def from_notation(text: object) -> int:
    """The move ``text`` names; NotationError unless it is 1, 2 or 3."""
    read = text_of(text, "a move")
    if read not in ("1", "2", "3"):
        raise NotationError(f"a Pile move is 1, 2 or 3, not {quoted(read)}")
    return int(read)


class Greedy:
    """Takes as many counters as it may."""

    name = "greedy"

    def __init__(self, seed: int) -> None:
        pass

    def choose(self, state: Pile) -> int:
        return max(state.legal_moves())


WORLDS = Worlds(
    view=Pile.view,
    sample=lambda view, rng: Pile(rng.getrandbits(64), view.taken, view.turn, view.last),
    waiting=one_seat_waits,
    iterations=20,
    playouts=40,
    scale=5.0,
)
ROSTER = Roster(WORLDS, Greedy, _exact, _read_move, rate=1000, reserve=0.0)


GAME = Game[Pile, int, Seen](
    name="pile",
    min_players=2,
    max_players=3,
    default_players=2,
    new=_new,
    from_json=_state,
    view=Pile.view,
    view_from_json=_view,
    move_from_json=_read_move,
    move_to_json=lambda take: {"take": take},
    hint=ROSTER.hint,
    picture=lambda view: document(90, 20, [text(4, 14, f"{view.left} left")], "Pile"),
    redeal=lambda state, seat, seed: replace(state, seed=random.Random(seed).getrandbits(64)),
    players=ROSTER.players,
    cards=lambda: {"game": "pile", "counters": PILE},
    public_scores=ScorePad.of,
    summary="Take 1 to 3 counters in turn; the last one scores 3 more.",
    documents=__name__,
    labels=__name__,
    phases=("take", "over"),
)


def pytest_configure(config: pytest.Config) -> None:
    """Registers Pile before the tests are collected (only when loaded as a plugin)."""
    GAMES["pile"] = ENTRY


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Keeps the tests asked of Pile: those whose parameters name it."""

    def of_pile(item: pytest.Item) -> bool:
        return re.search(r"[\[/-]pile[\]/-]", item.name) is not None

    config.hook.pytest_deselected(items=[item for item in items if not of_pile(item)])
    items[:] = [item for item in items if of_pile(item)]
