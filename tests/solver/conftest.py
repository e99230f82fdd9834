"""A tiny game that keeps the protocol, to test the arena apart from any real game.

Pile: seats take 1 or 2 counters in turn from a pile of 7; each counter is a
point and the seat that takes the last one scores 3 more. The seed picks who
starts. ``first`` always takes 2, ``second`` takes 1, ``hint`` ranks by points.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pytest

from solver.drawing.svg import document, text
from solver.errors import IllegalMoveError, NotationError
from solver.game import AnyGame, Game, Json, RankedMove, Score, ScorePad

# The shared checks of every game's typed documents show pytest's diffs.
pytest.register_assert_rewrite("tests.solver.document_checks")

PILE = 7


@dataclass(frozen=True)
class Pile:
    taken: tuple[int, ...]
    left: int
    turn: int
    last: int | None = None

    @property
    def players(self) -> int:
        return len(self.taken)

    @property
    def to_move(self) -> int | None:
        return None if self.is_terminal() else self.turn

    @property
    def phase(self) -> str:
        return "over" if self.is_terminal() else "take"

    def legal_moves(self) -> tuple[int, ...]:
        return tuple(m for m in (1, 2) if m <= self.left)

    def apply(self, move: int) -> Pile:
        if move not in self.legal_moves():
            raise IllegalMoveError(f"cannot take {move} from a pile of {self.left}")
        taken = list(self.taken)
        taken[self.turn] += move
        return Pile(tuple(taken), self.left - move, (self.turn + 1) % self.players, self.turn)

    def is_terminal(self) -> bool:
        return self.left == 0

    def scores(self) -> tuple[Score, ...]:
        return tuple(
            Score(s, t + (3 if s == self.last and self.left == 0 else 0), {"counters": t})
            for s, t in enumerate(self.taken)
        )

    def winners(self) -> tuple[int, ...]:
        totals = [s.total for s in self.scores()]
        return tuple(s for s, t in enumerate(totals) if t == max(totals))

    def to_json(self) -> Json:
        return {"taken": list(self.taken), "left": self.left, "turn": self.turn, "last": self.last}

    def view(self, seat: int) -> PileView:
        return PileView(self, seat)


@dataclass(frozen=True)
class PileView:
    """Nothing is hidden in Pile: a view is the state and whose view it is."""

    pile: Pile
    seat: int

    @property
    def players(self) -> int:
        return self.pile.players

    @property
    def to_move(self) -> int | None:
        return self.pile.to_move

    @property
    def phase(self) -> str:
        return self.pile.phase

    def legal_moves(self) -> tuple[int, ...]:
        return self.pile.legal_moves() if self.seat == self.to_move else ()

    def check(self, move: int) -> None:
        if self.seat != self.to_move:
            raise IllegalMoveError(f"it is not seat {self.seat}'s turn")
        self.pile.apply(move)

    def is_terminal(self) -> bool:
        return self.pile.is_terminal()

    def scores(self) -> tuple[Score, ...]:
        return self.pile.scores()

    def winners(self) -> tuple[int, ...]:
        return self.pile.winners()

    def to_json(self) -> Json:
        return {**self.pile.to_json(), "view_of": self.seat}


def _new(players: int, seed: int, settings: Mapping[str, Any] | None) -> Pile:
    if settings:
        raise NotationError(f"unknown setting {next(iter(settings))!r}")
    return Pile((0,) * players, PILE, random.Random(seed).randrange(players))


def _from_json(doc: Mapping[str, Any]) -> Pile:
    try:
        return Pile(tuple(doc["taken"]), doc["left"], doc["turn"], doc["last"])
    except KeyError as err:
        raise NotationError(f"missing {err}") from err


@dataclass
class Fixed:
    name: str
    take: int

    def choose(self, state: Pile) -> int:
        return min(self.take, state.left)


def _view_from_json(doc: Mapping[str, Any]) -> PileView:
    return PileView(_from_json(doc), int(doc["view_of"]))


def _hint(view: PileView, budget: float) -> list[RankedMove]:
    left = view.pile.left
    ranked = [
        RankedMove({"take": m}, m + (3 if m == left else 0), f"take {m}")
        for m in view.legal_moves()
    ]
    return sorted(ranked, key=lambda r: -r.value)


@dataclass
class Hinted:
    name: str = "hint"

    def choose(self, state: Pile) -> int:
        best: int = _hint(PileView(state, state.turn), 0.1)[0].move["take"]
        return best


TOY = Game[Pile, int, PileView](
    name="pile",
    min_players=2,
    max_players=3,
    default_players=2,
    new=_new,
    from_json=_from_json,
    view=PileView,
    view_from_json=_view_from_json,
    move_from_json=lambda doc: int(doc["take"]),
    move_to_json=lambda move: {"take": move},
    hint=_hint,
    picture=lambda view: document(90, 20, [text(4, 14, f"{view.pile.left} left")], "Pile"),
    redeal=lambda state, seat, seed: state,
    players={
        "first": lambda seed: Fixed("first", 2),
        "second": lambda seed: Fixed("second", 1),
        "hint": lambda seed: Hinted(),
    },
    cards=lambda: {"game": "pile", "counters": PILE},
    public_scores=ScorePad.of,  # nothing is hidden in Pile
)


@pytest.fixture
def toy() -> AnyGame:
    """The Pile game."""
    return TOY
