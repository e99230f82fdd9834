"""The game protocol shared by Monster Park, Very Big Monster and Monstrolicious.

Every game package ``solver/<name>/`` exposes one :class:`Game` as
``solver.<name>.GAME``; :func:`get_game` finds it by its short name. The command
line, the HTTP service, the benchmarks and the conformance test only ever talk
to a game through this module, so they treat all games alike.

A *state* is a frozen, hashable dataclass that satisfies :class:`State`; a
*move* is a frozen, hashable value the game defines, written to JSON by
``Game.move_to_json`` and read back by ``Game.move_from_json``. JSON documents
are plain ``dict``/``list``/``str``/``int``/``float``/``bool``/``None`` trees.

>>> sorted(GAMES)
['monstrolicious', 'park', 'vbm']
>>> get_game("chess")
Traceback (most recent call last):
...
solver.errors.NotationError: unknown game 'chess' (choose from monstrolicious, park, vbm)
"""

from __future__ import annotations

import functools
import importlib
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeAlias, TypeVar

from solver.errors import IllegalMoveError, NotationError, quoted
from solver.events import Event
from solver.facts import COMMON, Fact, Registry, shorten
from solver.seats import check_players

if TYPE_CHECKING:
    from solver.documents import GameModels

Json: TypeAlias = dict[str, Any]
Move: TypeAlias = Any
Seat: TypeAlias = int


@dataclass(frozen=True)
class Entry:
    """One line of the registry: where a game lives and its printed name.

    The title is here, not only in the game, so that listing the games (``monsters
    --help``, ``GET /v1/games``) need not import every rules engine.

    Args:
        module: the package that defines ``GAME``.
        title: the game's name as printed on its box.
    """

    module: str
    title: str


@dataclass(frozen=True)
class Imported:
    """The function ``name`` of ``module``, imported when it is first called, so that
    what only some commands use (a game's picture) costs the others nothing.

    >>> Imported("solver.errors", "quoted")("x" * 3)
    "'xxx'"
    """

    module: str
    name: str

    def __call__(self, *args: Any) -> Any:
        return self.load()(*args)

    def load(self) -> Any:
        """What ``name`` is in ``module``, imported now."""
        return getattr(importlib.import_module(self.module), self.name)


@dataclass(frozen=True)
class ImportedPlayers(Mapping[str, "PlayerFactory"]):
    """A game's players (``PLAYERS`` of ``module``: name -> factory), imported when first
    looked at: with them come the hint and the searches, which the commands that play
    no game (validate, view, score, a picture) never need.

    >>> players = ImportedPlayers("solver.park.players")
    >>> sorted(players)[:2], "greedy" in players
    (['greedy', 'hint'], True)
    """

    module: str

    def _loaded(self) -> Mapping[str, PlayerFactory]:
        players: Mapping[str, PlayerFactory] = importlib.import_module(self.module).PLAYERS
        return players

    def __getitem__(self, name: str) -> PlayerFactory:
        return self._loaded()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaded())

    def __len__(self) -> int:
        return len(self._loaded())


#: The one place a game is registered: short name -> its entry.
GAMES: dict[str, Entry] = {
    "park": Entry("solver.park", "Monster Park"),
    "vbm": Entry("solver.vbm", "Very Big Monster"),
    "monstrolicious": Entry("solver.monstrolicious", "Monstrolicious"),
}

#: Seconds a hint may take when the caller does not say (the p95 goal is 0.1 s).
DEFAULT_HINT_BUDGET = 0.08


@dataclass(frozen=True)
class Score:
    """One player's final or running score, with every line that made it.

    Args:
        seat: the player's seat, 0-based.
        total: the points that decide the game.
        lines: the score pad, line name -> points, in the rulebook's order.
    """

    seat: Seat
    total: int
    lines: Mapping[str, int] = field(default_factory=dict)

    def to_json(self) -> Json:
        """``{"seat", "total", "lines"}``."""
        return {"seat": self.seat, "total": self.total, "lines": dict(self.lines)}


@dataclass(frozen=True)
class ScorePad:
    """What ``score`` answers: every seat's score, the winners once the game is over, and
    the game's own account of the standing where it gives one.

    Args:
        terminal: the game has ended.
        scores: one :class:`Score` per seat, seat 0 first.
        winners: the winning seats at the end; () before.
        detail: more, where the game gives it (Very Big Monster's team standing).
    """

    terminal: bool
    scores: tuple[Score, ...]
    winners: tuple[Seat, ...] = ()
    detail: Json | None = None

    @classmethod
    def of(cls, position: Position) -> ScorePad:
        """The score pad of a state, or of a view as far as its seat knows
        (``detail``: the position's ``score_detail()``, where it has one)."""
        terminal = bool(position.is_terminal())
        more = getattr(position, "score_detail", None)
        return cls(
            terminal,
            tuple(position.scores()),
            tuple(position.winners()) if terminal else (),
            more() if callable(more) else None,
        )

    def to_json(self) -> Json:
        """``{"terminal", "scores", "winners"}``, and ``"detail"`` where there is one."""
        doc: Json = {
            "terminal": self.terminal,
            "scores": [s.to_json() for s in self.scores],
            "winners": list(self.winners),
        }
        if self.detail is not None:
            doc["detail"] = self.detail
        return doc


def not_your_seat(seat: Seat) -> IllegalMoveError:
    """The refusal of a move that names another seat than the one asking: it says
    whose move it is and nothing of what that seat holds."""
    return IllegalMoveError(f"not your seat: this move is for seat {seat}")


@dataclass(frozen=True)
class Turn:
    """Whose decision it is: what ``new``, ``apply`` and ``view`` answer beside the state.

    Args:
        to_move: the seat deciding next, None at the end.
        waiting: every seat that still has a decision in this step: the seat to
            move, and in a simultaneous step (Very Big Monster's draft and Explorer
            choice) every seat that has not chosen yet.
        terminal: the game has ended.
        phase: the game's step (``action``, ``draft``, ``over``...).
    """

    to_move: Seat | None
    waiting: tuple[Seat, ...]
    terminal: bool
    phase: str

    @classmethod
    def of(cls, position: Position, waiting: Sequence[Seat] | None = None) -> Turn:
        """The turn of a state or a view; ``waiting`` defaults to the seat to move."""
        if waiting is None:
            waiting = one_seat_waits(position)
        terminal = bool(position.is_terminal())
        return cls(position.to_move, tuple(waiting), terminal, str(position.phase))

    def to_json(self) -> Json:
        """``{"to_move", "waiting", "terminal", "phase"}``."""
        return {
            "to_move": self.to_move,
            "waiting": list(self.waiting),
            "terminal": self.terminal,
            "phase": self.phase,
        }


@dataclass(frozen=True)
class RankedMove:
    """One entry of a hint: a legal move, what it is worth, and why.

    Args:
        move: the move as JSON (what ``Game.move_to_json`` writes).
        value: the hint's estimate of the move, higher is better (points for the
            player asked about, or the team objective; each game's unit in
            docs/reasons.md); comparable within one hint.
        reason: the full reason a player can read ("invite the size-4 water monster: ...").
        detail: optional numbers behind the value (win chance, expected points...).
        label / notation: the move's label and notation (``Game.label``,
            ``Game.notation``), given by :meth:`Game.ranked`; empty before.
        summary: the reason in one short sentence (``solver.facts.shorten``).
        because: the facts behind the reason, each a registered code and its params
            (``solver.facts``, docs/reasons.md).
    """

    move: Json
    value: float
    reason: str
    detail: Mapping[str, float] = field(default_factory=dict)
    label: str = ""
    notation: str = ""
    summary: str = ""
    because: tuple[Fact, ...] = ()

    def to_json(self) -> Json:
        """``{"move", "label", "notation", "value", "summary", "reason", "because",
        "detail"}`` (``label`` and ``notation`` once given: :meth:`Game.ranked`)."""
        named = {"label": self.label, "notation": self.notation} if self.label else {}
        return {
            "move": self.move,
            **named,
            "value": self.value,
            "summary": self.summary,
            "reason": self.reason,
            "because": [f.to_json() for f in self.because],
            "detail": dict(self.detail),
        }

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> RankedMove:
        """A ranked move as :meth:`to_json` writes it."""
        facts = tuple(Fact.from_json(f) for f in doc.get("because", ()))
        return cls(**{**doc, "because": facts})


@dataclass(frozen=True)
class Verdict:
    """What ``validate`` answers: is the move legal, and if not, the rule it breaks."""

    legal: bool
    reason: str

    def to_json(self) -> Json:
        """``{"legal", "reason"}``."""
        return {"legal": self.legal, "reason": self.reason}


class Position(Protocol):
    """What a full state and a seat's view both offer: the read side of a game."""

    @property
    def players(self) -> int:
        """Number of seats."""

    @property
    def to_move(self) -> Seat | None:
        """The seat whose decision is next, or None when the game is over."""

    @property
    def phase(self) -> str:
        """The step of the game the rulebook names (``over`` once it has ended)."""

    def legal_moves(self) -> Sequence[Move]:
        """Every legal move in a fixed order: a state's are those of ``to_move``; a
        view's are its own seat's, when that seat is waiting (``Game.waiting``), else
        none. Empty when terminal."""

    def is_terminal(self) -> bool:
        """True when the game has ended."""

    def scores(self) -> Sequence[Score]:
        """One score per seat (running totals before the end; a view's as far as its
        seat can know)."""

    def winners(self) -> tuple[Seat, ...]:
        """Seats that won under the rulebook's tie rules (several when shared); a view
        names them only at the end."""

    def to_json(self) -> Json:
        """The position as JSON (a state with its seed; a view with ``"view_of"``)."""


class State(Position, Protocol):
    """A full state. Implementations are frozen dataclasses."""

    def apply(self, move: Move) -> Self:
        """The state after ``move``; never mutates. Raises IllegalMoveError naming the rule."""

    def view(self, seat: Seat) -> View:
        """What ``seat`` may see of the state (the game's ``View.of(state, seat)``)."""


class View(Position, Protocol):
    """What one seat may see of a state, and nothing more: all a hint, a validate,
    a score or a picture for that seat ever reads.

    Two states that look the same to the seat give equal views (and so the same
    answers); its JSON carries ``"view_of": seat`` and reads back with
    ``Game.view_from_json``.
    """

    @property
    def seat(self) -> Seat:
        """Whose view this is."""

    def check(self, move: Move) -> None:
        """None when ``move`` is legal for the seat; else IllegalMoveError naming the rule."""


class Player(Protocol):
    """A strategy: picks one legal move for ``state.to_move``."""

    name: str

    def choose(self, state: Any) -> Move:
        """A legal move for the seat to move."""


PlayerFactory: TypeAlias = Callable[[int], Player]
"""Builds a player from a seed (every random choice it makes flows from it)."""


class RandomPlayer:
    """Any legal move, uniformly: the ``random`` player of every game.

    Args:
        seed: seeds the player's own ``random.Random`` (a number or a text).
    """

    name = "random"

    def __init__(self, seed: int | str) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: Any) -> Move:
        """A uniformly random legal move."""
        return self.rng.choice(list(state.legal_moves()))


class HintPlayer:
    """The top move of a game's hint for the seat to move, asked of that seat's view.
    Hints are deterministic, so it needs no seed.

    Args:
        view: the game's ``view(state, seat)``.
        hint: the game's ``hint(view, budget_seconds)``.
        read_move: the game's move reader (the hint ranks moves as JSON).
        budget: the hint budget in seconds.
    """

    name = "hint"

    def __init__(
        self,
        view: Callable[[Any, Seat], Any],
        hint: Callable[[Any, float], list[RankedMove]],
        read_move: Callable[[Mapping[str, Any]], Move],
        budget: float = DEFAULT_HINT_BUDGET,
    ) -> None:
        self.view = view
        self.hint = hint
        self.read_move = read_move
        self.budget = budget

    def choose(self, state: Any) -> Move:
        """The hint's best move."""
        return self.read_move(self.hint(self.view(state, state.to_move), self.budget)[0].move)


S = TypeVar("S", bound=State)
M = TypeVar("M")
V = TypeVar("V", bound=View)


def one_seat_waits(position: Position) -> tuple[Seat, ...]:
    """The seats with a decision in a game without simultaneous steps: the seat to move."""
    seat = position.to_move
    return () if seat is None else (seat,)


def each_alone(players: int, mode: str | None) -> tuple[tuple[Seat, ...], ...]:
    """The sides of a game without teams: every seat plays for itself.

    >>> each_alone(3, None)
    ((0,), (1,), (2,))
    """
    return tuple((seat,) for seat in range(players))


@dataclass(frozen=True)
class Game(Generic[S, M, V]):
    """A registered game over its state ``S``, move ``M`` and view ``V`` types: how to
    start, read, write, hint and play it. ``mypy --strict`` checks each game's
    functions against these fields.

    Args:
        name: registry name (``park``); the printed name is the registry's
            (:attr:`title`).
        min_players / max_players / default_players: seats the rules allow.
        new: ``new(players, seed, settings)`` -> the set-up state; ``settings``
            overrides named rule settings (unknown names raise NotationError).
        from_json: reads ``State.to_json()`` output, checking every invariant the
            rules imply; raises NotationError naming the JSON path.
        view: ``view(state, seat)`` -> what ``seat`` may see (a :class:`View`).
        view_from_json: reads ``View.to_json()`` output, checked like a state.
        move_from_json / move_to_json: a move and its JSON, a round trip.
        hint: ``hint(view, budget)`` -> every legal move of the view's seat ranked
            best first, within ``budget`` seconds; it reads nothing but the view.
        picture: ``picture(view)`` -> the board as the view's seat sees it, a whole
            SVG document (the package's ``picture.render``, :class:`Imported` when
            first drawn); it draws nothing but the view, the same bytes for the same view.
        public_scores: ``public_scores(state)`` -> the score pad as every seat sees
            it, counting only what lies face up to all (a finished game shows
            all): what ``score`` answers for a full state when no seat is named.
        redeal: ``redeal(state, seat, seed)`` -> a state ``seat`` cannot tell from
            ``state`` (the same view) whose hidden content is drawn anew from
            ``seed``: decks reshuffled, face-down cards, other hands and hidden
            tiles swapped for unseen ones of the same visible face, a new seed.
        players: ``random``, ``greedy``, ``hint`` -> factories taking a seed.
        settings: the named rule settings and their defaults (docs/rulings.md).
        variants: ``(players, settings)`` pairs beyond each player count with
            default settings that the conformance test must also play (modes).
        cards: every card or tile id with its printed contents, as JSON (what a
            front end needs to draw its own cards).
        waiting: the seats that still have a decision in the position's step.
        summary: what the game is, in one line a front end can show beside its title.
        mode_players: the game's modes (its ``mode`` setting) -> the player counts
            each takes, in the rulebook's order; empty for a game without modes.
        documents: the module whose ``MODELS`` types the game's documents
            (``solver.park.documents``), read by :meth:`document_models`; a name, so
            that playing a game never loads pydantic. Empty for a game without them.
        labels: the module that words the game's moves (``solver.park.labels``):
            ``label(move, position)``, ``notation(move)`` and ``from_notation(text)``,
            read by :meth:`label`, :meth:`notation` and :meth:`from_notation`.
        ladder: the module that coaches the seat (``solver.park.ladder``): the hint
            ladder's rungs and how a review grades a move (``solver.review.Coach``,
            read by ``solver.review.coach_of``). Empty: plain words for every game.
        events: the module that tells what just happened (``solver.park.events``):
            ``events(before, after)`` from two views of one seat and its ``CODES``,
            read by :meth:`happened` and :meth:`event_codes` (``solver.events``,
            docs/events.md). Empty: nothing is told.
        facts: the module whose ``CODES`` registers every fact its hint and review
            give (``solver.park.facts``; ``solver.facts``, docs/reasons.md) and whose
            ``VALUE`` says what a ranked move's value counts. Empty: none.
        phases: every step a position of the game may be in (``State.phase``), ``over``
            last.
        sides: ``sides(players, mode)`` -> the seats that play as one side (teammates),
            each side's seats in order, for a player count and a mode (None: a game
            without modes); every seat alone (:func:`each_alone`) but in a team mode.
    """

    name: str
    min_players: int
    max_players: int
    default_players: int
    new: Callable[[int, int, Mapping[str, Any] | None], S]
    from_json: Callable[[Mapping[str, Any]], S]
    view: Callable[[S, Seat], V]
    view_from_json: Callable[[Mapping[str, Any]], V]
    move_from_json: Callable[[Mapping[str, Any]], M]
    move_to_json: Callable[[M], Json]
    hint: Callable[[V, float], list[RankedMove]]
    picture: Callable[[V], str]
    redeal: Callable[[S, Seat, int], S]
    players: Mapping[str, PlayerFactory]
    cards: Callable[[], Json]
    public_scores: Callable[[S], ScorePad]
    settings: Mapping[str, Any] = field(default_factory=dict)
    variants: tuple[tuple[int, Mapping[str, Any]], ...] = ()
    waiting: Callable[[Position], tuple[Seat, ...]] = one_seat_waits
    summary: str = ""
    mode_players: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    documents: str = ""
    labels: str = ""
    ladder: str = ""
    events: str = ""
    phases: tuple[str, ...] = ("over",)
    facts: str = ""
    sides: Callable[[int, str | None], tuple[tuple[Seat, ...], ...]] = each_alone

    @property
    def title(self) -> str:
        """The game's name as printed (``Monster Park``), from the registry."""
        entry = GAMES.get(self.name)
        return self.name if entry is None else entry.title

    def document_models(self) -> GameModels:
        """The typed shapes of the game's state, view, move, hint detail, settings and cards
        (the ``MODELS`` of the module :attr:`documents` names)."""
        if not self.documents:
            raise LookupError(f"{self.title} has no typed documents")
        models: GameModels = importlib.import_module(self.documents).MODELS
        return models

    def happened(self, before: V, after: V) -> list[Event]:
        """What the seat of two of its views sees happen between them (before and after
        a move, or a bot's moves): read from the views alone, so nothing it may not see."""
        if not self.events:
            return []
        told: list[Event] = importlib.import_module(self.events).events(before, after)
        return told

    def event_codes(self) -> tuple[str, ...]:
        """Every code :meth:`happened` may answer (docs/events.md)."""
        if not self.events:
            return ()
        return tuple(importlib.import_module(self.events).CODES)

    def fact_codes(self) -> Registry:
        """Every code of the facts the game's hint and review give (docs/reasons.md);
        a game without its own, the codes every game has."""
        codes: Registry = importlib.import_module(self.facts).CODES if self.facts else COMMON
        return codes

    def value_unit(self) -> str:
        """What a ranked move's value counts, in the game's words (docs/reasons.md)."""
        unit: str = importlib.import_module(self.facts).VALUE if self.facts else ""
        return unit

    @functools.cached_property
    def _wording(self) -> Any:
        """The module :attr:`labels` names, imported once."""
        if not self.labels:
            raise LookupError(f"{self.title} has no move labels")
        return importlib.import_module(self.labels)

    def label(self, move: M, position: Position) -> str:
        """The move in a player's words, unique among the legal moves of one decision,
        from what the deciding seat sees (on a full state, the view of that seat)."""
        text: str = self._wording.label(move, position)
        return text

    def notation(self, move: M) -> str:
        """The move as a short line of text (docs/notation.md) that :meth:`from_notation`
        reads back to the same move."""
        text: str = self._wording.notation(move)
        return text

    def from_notation(self, text: object) -> M:
        """The move a notation names; NotationError says, in a player's words, what does
        not read."""
        move: M = self._wording.from_notation(text)
        return move

    def listed(self, position: Position, moves: Sequence[M]) -> list[Json]:
        """Moves as ``legal`` lists them: each move's JSON with its ``label`` and
        ``notation`` (:meth:`read_move` reads one back)."""
        wording = self._wording
        return [
            self.move_to_json(move)
            | {"label": wording.label(move, position), "notation": wording.notation(move)}
            for move in moves
        ]

    def ranked(self, position: Position, moves: Sequence[RankedMove]) -> list[RankedMove]:
        """A hint's moves, each given its label and notation (and, where the hint gives no
        summary, the first sentence of its reason cut to fit)."""
        wording, out = self._wording, []
        for entry in moves:
            move = self.move_from_json(entry.move)
            label, notation = wording.label(move, position), wording.notation(move)
            said = entry.summary or shorten([entry.reason.split(". ")[0]])
            out.append(replace(entry, label=label, notation=notation, summary=said))
        return out

    def read_move(self, doc: object) -> M:
        """A move as a request sends it: its JSON, a move as ``legal`` lists it (the
        ``label`` is not read; a ``notation`` must name the same move), or its notation.

        Raises:
            NotationError: none of these, or a notation that names another move.
        """
        if isinstance(doc, str):
            return self.from_notation(doc)
        if not isinstance(doc, Mapping):
            raise NotationError(
                f"a move is a JSON object or its notation (text), not {quoted(doc)}"
            )
        if not isinstance(doc.get("label", ""), str):
            raise NotationError(f"a move's label is text, not {quoted(doc['label'])}")
        fields = {k: v for k, v in doc.items() if k not in ("label", "notation")}
        move = self.move_from_json(fields)
        if "notation" in doc and self.from_notation(doc["notation"]) != move:
            raise NotationError(
                f"the move's notation {quoted(doc['notation'])} names another move than its"
                f" fields ({quoted(self.notation(move))})"
            )
        return move

    def turn(self, position: Position) -> Turn:
        """Whose decision it is in a state or a view."""
        return Turn.of(position, self.waiting(position))

    def check_players(self, count: int) -> None:
        """NotationError unless the rules take ``count`` players."""
        check_players(self.title, count, self.min_players, self.max_players)

    def modes(self) -> tuple[tuple[int, Mapping[str, Any]], ...]:
        """The set-ups that cover the game: each player count with default settings,
        then each of ``variants``, as ``(players, settings)``."""
        counts: tuple[tuple[int, Mapping[str, Any]], ...] = tuple(
            (n, {}) for n in range(self.min_players, self.max_players + 1)
        )
        return counts + tuple(self.variants)

    def read(self, doc: Mapping[str, Any]) -> S | V:
        """A full state, or a seat's view when the document says ``"view_of"``."""
        if not isinstance(doc, Mapping):
            raise NotationError("a state must be a JSON object", path="")
        if "view_of" in doc:
            return self.view_from_json(doc)
        return self.from_json(doc)

    def validate(self, view: V, move_doc: object) -> Verdict:
        """Is ``move_doc`` (read by :meth:`read_move`) legal for the view's seat? The
        reason names the rule when not.

        A move that does not parse raises NotationError (bad input, not an
        illegal move).
        """
        move = self.read_move(move_doc)
        try:
            view.check(move)
        except IllegalMoveError as err:
            return Verdict(False, str(err))
        return Verdict(True, "legal")


AnyGame: TypeAlias = Game[Any, Any, Any]
"""A game whose types the caller does not know (one picked by name)."""


def get_game(name: str) -> AnyGame:
    """The registered game called ``name``; NotationError for an unknown name."""
    entry = GAMES.get(name.strip().lower())
    if entry is None:
        raise NotationError(f"unknown game {name!r} (choose from {', '.join(sorted(GAMES))})")
    game: AnyGame = importlib.import_module(entry.module).GAME
    return game
