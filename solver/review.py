"""A review of a player's own move, and the hint ladder's rungs: what every game shares.

The hint ranks every legal move (:class:`~solver.game.RankedMove`); a review
finds the player's move among them and says where it stands: its rank (moves
of equal value share one), what it gives up against the best move in the
hint's value unit (and in chance to win where the hint computes one), a grade,
and the facts the best move has that this one lacks (``because``: facts of
``solver.facts``, from the numbers of the hint's ``detail``).

Each game says how to grade and to word this in its ``ladder`` module
(:class:`Coach`, found by :func:`coach_of`): its :class:`Thresholds`, the
:class:`Measure` behind each ``detail`` number, and its ladder of three texts.

>>> from solver.game import RankedMove
>>> ranked = [RankedMove({"m": 1}, 5.0, "a"), RankedMove({"m": 2}, 4.6, "b"),
...           RankedMove({"m": 3}, 4.6, "c"), RankedMove({"m": 4}, 1.0, "d")]
>>> found = review(ranked, {"m": 3}, Thresholds(0.5, 1.5, 3.0), ())
>>> found.rank, found.loss, found.grade
(2, 0.4, 'good')
>>> review(ranked, {"m": 4}, Thresholds(0.5, 1.5, 3.0), ()).grade
'blunder'
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

from solver.errors import IllegalMoveError, NotationError
from solver.facts import BETTER_VALUE, Code, Fact, amount, percent, registry, render
from solver.game import Json, RankedMove, get_game

GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
"""The grades of a move, best first."""
LEVELS = (1, 2, 3)
"""The rungs of the hint ladder: where to look, what to look at, the move."""
SAME = 1e-9
"""Values closer than this are equal: a move that ties with the best is graded best."""


@dataclass(frozen=True)
class Thresholds:
    """The most a move may give up against the best (in the hint's value unit) and still
    be graded ``good``, an ``inaccuracy``, a ``mistake``; more is a ``blunder``, nothing
    is ``best``.

    >>> [Thresholds(1, 2, 4).grade(x) for x in (0, 0.5, 2, 3, 9)]
    ['best', 'good', 'inaccuracy', 'mistake', 'blunder']
    """

    good: float
    inaccuracy: float
    mistake: float

    def grade(self, loss: float) -> str:
        """The grade of a move that gives up ``loss``."""
        if loss <= SAME:
            return "best"
        bounds = (self.good, self.inaccuracy, self.mistake)
        return next((g for g, b in zip(GRADES[1:], bounds, strict=False) if loss <= b), "blunder")


@dataclass(frozen=True)
class Measure:
    """What one number of a hint's ``detail`` means, to compare two moves by it.

    Its fact's code is ``better-`` and the key (``better-this-turn``).

    >>> m = Measure("win_chance", "chance to win", percent=True)
    >>> fact = m.gained({"win_chance": 0.62}, {"win_chance": 0.4})
    >>> fact.to_json()
    {'code': 'better-win-chance', 'params': {'best': 62, 'move': 40}}
    >>> render(fact, registry(m.registered()))
    'Chance to win: 62% against 40%.'

    Args:
        key: the ``detail`` key.
        words: what it counts, in a player's words (``points this turn``).
        higher: a higher number is better for the player (else lower is).
        percent: the number is a chance, shown as a whole percentage.
    """

    key: str
    words: str
    higher: bool = True
    percent: bool = False

    @property
    def code(self) -> str:
        return "better-" + self.key.replace("_", "-")

    def registered(self) -> Code:
        """Its code as a game's registry lists it."""
        unit = "%" if self.percent else ""
        meaning = (
            f"A review: the best move's {self.words} (`detail.{self.key}`) beside this"
            " move's, where the best is better."
        )
        words = self.words[:1].upper() + self.words[1:]
        return Code(self.code, meaning, f"{words}: {{best}}{unit} against {{move}}{unit}")

    def shown(self, x: float) -> int | float:
        """``62`` (a percentage), ``3.5``, ``3.0``: the number as a fact holds it."""
        return percent(x) if self.percent else float(amount(x))

    def gained(self, best: Mapping[str, float], move: Mapping[str, float]) -> Fact | None:
        """``better-<key> {best, move}`` when the best move is better by this number as
        shown; else None."""
        if self.key not in best or self.key not in move:
            return None
        a, b = self.shown(best[self.key]), self.shown(move[self.key])
        if a == b or (a > b) != self.higher:
            return None
        return Fact(self.code, {"best": a, "move": b})


def review_codes(measures: Sequence[Measure]) -> tuple[Code, ...]:
    """Every code a review of a game with these measures may give (its ``because``)."""
    return (*(m.registered() for m in measures), BETTER_VALUE)


@dataclass(frozen=True)
class Rungs:
    """The hint ladder of one top move: ``texts[level - 1]`` is the text of that level."""

    texts: tuple[str, str, str]

    def text(self, level: int) -> str:
        """The text of ``level`` (1, 2 or 3)."""
        return self.texts[level - 1]


class Coach(Protocol):
    """What a game's ``ladder`` module offers: how to grade its moves and word its hints."""

    FACTS: tuple[Measure, ...]

    def thresholds(self, view: Any) -> Thresholds:
        """The grade thresholds of the view's decision (in its hint's value unit)."""

    def ladder(self, view: Any, top: RankedMove) -> Rungs:
        """The three rungs that lead to ``top``, the hint's best move, from the view alone."""

    def names(self, view: Any, move: Json) -> tuple[str, ...]:
        """The words that name ``move`` (its card, dessert, cell...): a level-1 text
        never holds one of them."""


PLAIN = Thresholds(good=0.5, inaccuracy=1.5, mistake=3.0)
"""The thresholds of a game without its own (in its hint's value unit)."""


class Plain:
    """The coach of a game without a ``ladder`` module of its own: its moves graded by
    :data:`PLAIN` in its hint's unit, no ``detail`` compared, a ladder in words that fit
    every game."""

    FACTS: tuple[Measure, ...] = ()

    def thresholds(self, view: Any) -> Thresholds:
        """:data:`PLAIN`, whatever the decision."""
        return PLAIN

    def ladder(self, view: Any, top: RankedMove) -> Rungs:
        """Look at every move; compare what each brings; the move (its label, else its JSON)."""
        move = top.label or json.dumps(top.move, sort_keys=True)
        return Rungs(
            (
                "Look at every move you have before you choose.",
                "One move is worth more than the others: compare what each brings.",
                f"Play {move}.",
            )
        )

    def names(self, view: Any, move: Json) -> tuple[str, ...]:
        """The move's JSON."""
        return (json.dumps(move, sort_keys=True),)


def coach_of(name: str) -> Coach:
    """The ``ladder`` module of the registered game ``name`` (``Game.ladder``), or
    :class:`Plain` for a game without one."""
    module = get_game(name).ladder
    return cast(Coach, importlib.import_module(module)) if module else Plain()


def check_level(level: int) -> None:
    """Nothing for a rung of the ladder; NotationError for any other level.

    >>> check_level(4)
    Traceback (most recent call last):
    ...
    solver.errors.NotationError: a hint level is 1, 2 or 3, not 4
    """
    if level not in LEVELS:
        raise NotationError(f"a hint level is 1, 2 or 3, not {level}")


@dataclass(frozen=True)
class Review:
    """Where one move stands among every legal move the hint ranked.

    Args:
        move: the move reviewed, as the hint ranks it (its value, reason, detail).
        rank: 1 + the number of moves worth more (equal moves share a rank).
        moves: how many legal moves there were.
        best: the hint's best move.
        loss: what the move gives up against the best, in the value's unit.
        win_loss: the chance to win it gives up, where the hint computes one (negative
            when this move's chance is the higher, the best move winning on points).
        grade: one of :data:`GRADES`.
        because: what the best move gets that this one misses, one fact each.
        texts: each of ``because`` in English (``solver.facts.render``).
    """

    move: RankedMove
    rank: int
    moves: int
    best: RankedMove
    loss: float
    win_loss: float | None
    grade: str
    because: tuple[Fact, ...]
    texts: tuple[str, ...] = ()

    def to_json(self) -> Json:
        """The move as the hint writes it (``move``, ``value``, ``reason``, ``detail``...),
        with ``rank``, ``moves``, ``best``, ``loss`` (``win_chance_loss`` where the hint
        computes a chance to win), ``grade`` and ``because`` (in place of the move's own:
        each ``{"code", "params", "text"}``)."""
        chance = {} if self.win_loss is None else {"win_chance_loss": self.win_loss}
        return {
            **self.move.to_json(),
            "rank": self.rank,
            "moves": self.moves,
            "best": self.best.to_json(),
            "loss": self.loss,
            **chance,
            "grade": self.grade,
            "because": [
                {**f.to_json(), "text": text}
                for f, text in zip(self.because, self.texts, strict=True)
            ],
        }


def review(
    ranked: Sequence[RankedMove],
    move: Json,
    thresholds: Thresholds,
    measures: Sequence[Measure],
) -> Review:
    """The review of ``move`` (as the game writes it) among ``ranked``, best first.

    Raises:
        IllegalMoveError: the move is not among the ranked ones.
    """
    this = _find(ranked, move)
    best = ranked[0]
    loss = round(max(best.value - this.value, 0.0), 6)
    rank = 1 + sum(r.value > this.value + SAME for r in ranked)
    win_loss = None
    if "win_chance" in best.detail and "win_chance" in this.detail:
        win_loss = round(best.detail["win_chance"] - this.detail["win_chance"], 6)
    grade = thresholds.grade(loss)
    because = () if grade == "best" else _because(best, this, measures)
    codes = registry(*review_codes(measures))
    texts = tuple(render(f, codes) for f in because)
    return Review(this, rank, len(ranked), best, loss, win_loss, grade, because, texts)


def _because(best: RankedMove, this: RankedMove, measures: Sequence[Measure]) -> tuple[Fact, ...]:
    said = (m.gained(best.detail, this.detail) for m in measures)
    found = tuple(s for s in said if s is not None)
    if found:
        return found
    worth = {"best": float(amount(best.value)), "move": float(amount(this.value))}
    return (Fact(BETTER_VALUE.code, worth),)


def _find(ranked: Sequence[RankedMove], move: Json) -> RankedMove:
    """The ranked entry of ``move``; one naming its own seat matches the same move written
    without it."""
    key = _key(move)
    for entry in ranked:
        if _key(entry.move) == key:
            return entry
    bare = _key({k: v for k, v in move.items() if k != "seat"})
    for entry in ranked:
        if _key({k: v for k, v in entry.move.items() if k != "seat"}) == bare:
            return entry
    raise IllegalMoveError("this move is not among the seat's legal moves")


def _key(move: Mapping[str, Any]) -> str:
    return json.dumps(move, sort_keys=True, separators=(",", ":"))
