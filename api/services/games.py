"""JSON in, JSON out for the rules-engine games: what the CLI and the HTTP routes share.

Every function takes a game's registry name and plain JSON documents, and
answers a plain JSON object. A document may be a full state or one seat's view
(``"view_of"``); everything asked *for a seat* (legal, hint, validate, score,
picture) is answered from that seat's view alone, so two states the seat cannot
tell apart get byte-identical answers. On a full state that seat is the one the
request names, else the seat to move (seat 0 at the end); a view answers only
for its own seat. A move that names another seat is refused as ``"not your
seat: this move is for seat N"``, whatever that seat holds. ``score`` on a full
state without a seat counts only what every seat sees (``Game.public_scores``).

Bad input raises ``FieldError`` naming the field (``state``, ``move``, ``seat``,
``settings``), which the command line prints as one line and the service
answers as a 422 problem; a game that is over, a seat with no decision and a
solver out of time keep their own error kinds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from api.services.errors import FieldError, in_field
from api.services.searched import searched
from solver.deadline import check_due
from solver.errors import (
    GameOverError,
    NotationError,
    NotYourTurnError,
)
from solver.game import DEFAULT_HINT_BUDGET, GAMES, AnyGame, Json, ScorePad, Seat, get_game
from solver.seats import check_seat

if TYPE_CHECKING:
    from solver.backend import Backend

MAX_HINT_SECONDS = 2.0
"""Longest budget a caller may give one hint."""


def load(game: AnyGame, doc: Mapping[str, Any]) -> Any:
    """The game's state, or a seat's view, from JSON; FieldError("state") if it does not read."""
    return in_field("state", lambda: game.read(doc))


def new_seed() -> int:
    """A 64-bit seed from the operating system, for a game set up without one.

    A small seed a person picks can be guessed from what a seat sees; this one cannot.
    """
    import secrets  # with hmac and hashlib: only a game set up without a seed needs it

    return secrets.randbits(64)


def view_for(game: AnyGame, doc: Mapping[str, Any], seat: Seat | None) -> Any:
    """The view of ``seat`` read from a state or a view document (default seat: the
    seat to move, or seat 0 once the game is over). A view answers only for its own seat.
    """
    return _seen_by(game, doc, load(game, doc), seat)


def _seen_by(game: AnyGame, doc: Mapping[str, Any], position: Any, seat: Seat | None) -> Any:
    """``view_for`` of the state or view ``position`` already read from ``doc``."""
    if seat is not None:
        in_field("seat", lambda: check_seat(seat, position.players))
    if "view_of" in doc:
        if seat is not None and seat != position.seat:
            raise FieldError(
                "seat",
                NotationError(f"this is seat {position.seat}'s view: it cannot answer for {seat}"),
            )
        return position
    chosen = seat if seat is not None else position.to_move
    return game.view(position, 0 if chosen is None else chosen)


def deciding(game: AnyGame, seen: Any) -> None:
    """Nothing when the view's seat has a decision in this step (it is ``waiting``);
    else GameOverError at the end, NotYourTurnError before."""
    if seen.seat in game.waiting(seen):
        return
    if seen.is_terminal():
        raise GameOverError("the game is over: there is no move to hint")
    raise NotYourTurnError(f"not your turn: it is seat {seen.to_move}'s")


def games() -> Json:
    """Every registered game, in the registry's order: what a front end needs to offer it
    (its name, title and summary, seats, modes with their player counts and seating, rule
    settings with their defaults, and the players a bot may be)."""
    listed = []
    for name in GAMES:
        game = get_game(name)
        listed.append(
            {
                "name": name,
                "title": game.title,
                "summary": game.summary,
                "min_players": game.min_players,
                "max_players": game.max_players,
                "default_players": game.default_players,
                "modes": {mode: list(counts) for mode, counts in game.mode_players.items()},
                "seating": seating(game),
                "settings": dict(game.settings),
                "setting_details": setting_details(game),
                "players": list(game.players),
            }
        )
    return {"games": listed}


def seating(game: AnyGame) -> list[Json]:
    """Who plays with whom at each player count of each mode (a game without modes: at
    each player count): ``{"mode", "players", "sides"}``, the seats of each side in order.

    >>> from solver.game import get_game
    >>> [s for s in seating(get_game("vbm")) if s["players"] == 4][0]
    {'mode': 'team', 'players': 4, 'sides': [[0, 2], [1, 3]]}
    """
    modes = game.mode_players.items() or [(None, range(game.min_players, game.max_players + 1))]
    return [
        {"mode": mode, "players": count, "sides": [list(side) for side in game.sides(count, mode)]}
        for mode, counts in modes
        for count in counts
    ]


def setting_details(game: AnyGame) -> dict[str, Json]:
    """Each rule setting of ``game`` as a front end offers it: what it means, its default,
    its kind of value and the values it takes, from the game's typed settings document.

    >>> from solver.game import get_game
    >>> setting_details(get_game("park"))["run_gaps"]["values"]
    ['none', 'upgrades', 'any']
    """
    schema = game.document_models().settings.model_json_schema()
    return {name: _detail(field) for name, field in schema.get("properties", {}).items()}


def _detail(field: Json) -> Json:
    kinds = field.get("anyOf", [field])
    kind = next((k for k in kinds if k.get("type") != "null"), field)
    detail: Json = {
        "meaning": field.get("description", ""),
        "default": field.get("default"),
        "kind": kind.get("type", "string"),
        "may_be_null": any(k.get("type") == "null" for k in kinds),
    }
    if "enum" in kind or "const" in kind:
        detail["values"] = kind.get("enum", [kind.get("const")])
    detail |= {bound: kind[bound] for bound in ("minimum", "maximum") if bound in kind}
    return detail


def cards(name: str) -> Json:
    """Every card or tile id of the game with what it prints."""
    return get_game(name).cards()


def _set_up(
    name: str, players: int | None, seed: int | None, settings: Mapping[str, Any] | None
) -> Any:
    game = get_game(name)
    count = game.default_players if players is None else players
    in_field("players", lambda: game.check_players(count))
    chosen = new_seed() if seed is None else seed
    return in_field("settings", lambda: game.new(count, chosen, settings))


def new(
    name: str, players: int | None, seed: int | None, settings: Mapping[str, Any] | None
) -> Json:
    """A new game's state as JSON (``seed`` None: one from the operating system)."""
    doc: Json = _set_up(name, players, seed, settings).to_json()
    return doc


def new_game(
    name: str, players: int | None, seed: int | None, settings: Mapping[str, Any] | None
) -> Json:
    """``{"state", "turn"}`` of a new game."""
    game = get_game(name)
    state = _set_up(name, players, seed, settings)
    return {"state": state.to_json(), "turn": game.turn(state).to_json()}


def apply(name: str, state_doc: Mapping[str, Any], move_doc: object) -> Json:
    """The full state after the move, whose decision is next, and what happened:
    ``{"state", "turn", "events"}``, the events as the seat that moved sees them
    (``Game.happened``; that seat: the one the move names, else the seat to move).

    The move is its JSON object, a move as ``legal`` lists it, or its notation
    (``Game.read_move``). A view cannot be played on (it does not know what the
    move turns up); an illegal move raises IllegalMoveError naming the rule.
    """
    game = get_game(name)
    if isinstance(state_doc, Mapping) and "view_of" in state_doc:
        raise FieldError(
            "state", NotationError("a move is played on the full state, not a seat's view")
        )
    state = load(game, state_doc)
    move = in_field("move", lambda: game.read_move(move_doc))
    after = in_field("move", lambda: state.apply(move))
    seat = getattr(move, "seat", None)
    seat = state.to_move if seat is None else seat
    told = game.happened(game.view(state, seat), game.view(after, seat))
    return {
        "state": after.to_json(),
        "turn": game.turn(after).to_json(),
        "events": [event.to_json() for event in told],
    }


def legal(name: str, state_doc: Mapping[str, Any], seat: Seat | None = None) -> Json:
    """The legal moves of ``seat`` (default: the seat to move; a view: its own seat),
    none while it has no decision: each move's JSON with its ``label`` and
    ``notation``, worded from that seat's view (``Game.listed``)."""
    game = get_game(name)
    seen = view_for(game, state_doc, seat)
    return {"moves": game.listed(seen, seen.legal_moves())}


def view(name: str, state_doc: Mapping[str, Any], seat: Seat) -> Json:
    """What ``seat`` sees of the state, as JSON."""
    doc: Json = view_for(get_game(name), state_doc, seat).to_json()
    return doc


def view_with_turn(name: str, state_doc: Mapping[str, Any], seat: Seat) -> Json:
    """``{"view", "turn"}``: what ``seat`` sees, and whose decision it is."""
    game = get_game(name)
    seen = view_for(game, state_doc, seat)
    return {"view": seen.to_json(), "turn": game.turn(seen).to_json()}


def hint(
    name: str,
    state_doc: Mapping[str, Any],
    seat: Seat | None,
    budget: float | None = None,
    top: int | None = None,
) -> Json:
    """Every legal move of ``seat`` (default: the seat to move), ranked best first
    (the best ``top`` of them when given), each with its ``label`` and ``notation``.
    ``complete`` is false when the wall-clock guard (the request's deadline, or many
    times the budget) stopped a search before it did the work the budget buys
    (``solver.counted``): a repeat may differ."""
    game = get_game(name)
    seen = view_for(game, state_doc, seat)
    deciding(game, seen)
    asked = _hint_budget(budget)
    check_due("the hint's time ran out before it could start")
    # the game gets the budget asked, not what a queue left of it: the same view and
    # budget give the same hint (the request's deadline only guards the work)
    ranked, complete = searched(game.name, seen, asked)
    shown = game.ranked(seen, ranked if top is None else ranked[:top])
    moves = [r.to_json() for r in shown]
    return {"game": name, "seat": seen.seat, "complete": complete, "moves": moves}


def hint_key(
    name: str,
    state_doc: Mapping[str, Any],
    seat: Seat | None,
    budget: float | None = None,
    top: int | None = None,
) -> bytes:
    """What a ``hint`` answer depends on, digested: the canonical bytes of the seat's
    view (never the full state) with the game and every parameter that changes the
    answer (the view names its seat). A state and its seat's view, or two states that
    seat cannot tell apart, have the same key; bad input and a seat with no decision
    raise as ``hint`` does.

    >>> from solver.game import get_game
    >>> game = get_game("park")
    >>> state = game.new(2, 5, None)
    >>> seen = game.view(state, 0).to_json()
    >>> hint_key("park", state.to_json(), 0) == hint_key("park", seen, None, 0.08)
    True
    >>> hint_key("park", seen, None) == hint_key("park", seen, None, top=3)
    False
    """
    game = get_game(name)
    seen = view_for(game, state_doc, seat)
    deciding(game, seen)
    return _digest(game.name, _hint_budget(budget), top, seen.to_json())


def view_key(
    name: str,
    state_doc: Any,
    seat: Seat | None,
    budget: float | None = None,
    top: int | None = None,
) -> bytes | None:
    """``hint_key`` of a view document taken as it stands, unread: the same key when it
    is a view exactly as the service writes them (``View.to_json``, as ``view``
    answers), else a key no view has. ``None`` for a full state, or a seat not the view's.

    >>> from solver.game import get_game
    >>> seen = get_game("park").view(get_game("park").new(2, 5, None), 0).to_json()
    >>> view_key("park", seen, None, None, 1) == hint_key("park", seen, 0, None, 1)
    True
    >>> view_key("park", seen, 1) is None
    True
    """
    if not isinstance(state_doc, Mapping) or "view_of" not in state_doc:
        return None  # not a view (or no object at all: reading it will say so)
    if seat not in (None, state_doc["view_of"]):
        return None
    return _digest(get_game(name).name, _hint_budget(budget), top, state_doc)


def _digest(name: str, budget: float, top: int | None, view_doc: Mapping[str, Any]) -> bytes:
    import hashlib  # only the service keeps hints: the command line need not load these
    import json

    asked = [name, budget, top, view_doc]
    text = json.dumps(asked, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).digest()


def _hint_budget(budget: float | None) -> float:
    """The seconds a hint asked with ``budget`` is given (the default, or within bounds)."""
    return DEFAULT_HINT_BUDGET if budget is None else min(max(budget, 0.001), MAX_HINT_SECONDS)


def validate(
    name: str, state_doc: Mapping[str, Any], move_doc: object, seat: Seat | None = None
) -> Json:
    """Is the move (its JSON, as ``legal`` lists it, or its notation) legal for ``seat``
    (default: the seat to move; a view: its own seat)? If not, the rule it breaks, in
    what that seat sees.

    A move that names another seat (Very Big Monster's Explorer choice and hand
    draft) answers ``{"legal": false, "reason": "not your seat: this move is for
    seat N"}``, the same whatever that seat holds. A seat with no decision now
    raises NotYourTurnError; once the game is over every move is illegal.
    """
    game = get_game(name)
    seen = view_for(game, state_doc, seat)
    verdict = in_field("move", lambda: game.validate(seen, move_doc))
    doc: Json = verdict.to_json()
    return doc


def score(name: str, state_doc: Mapping[str, Any], seat: Seat | None = None) -> Json:
    """The score pad of every seat; the winners at the end; ``detail`` where the game
    gives more (e.g. Very Big Monster's team scores and tie-break steps).

    Counted as ``seat`` sees it (a view: its own seat); on a full state without
    a seat, only what every seat sees (``Game.public_scores``: a face-down tile
    counts as a seat counts the opponent's; a finished game shows all).
    """
    game = get_game(name)
    position = load(game, state_doc)
    if seat is None and "view_of" not in state_doc:
        pad = game.public_scores(position)
    else:
        pad = ScorePad.of(_seen_by(game, state_doc, position, seat))
    return {"game": name, **pad.to_json()}


def render(name: str, state_doc: Mapping[str, Any], seat: Seat | None) -> str:
    """The board as ``seat`` sees it (default: the seat to move), as SVG text: the
    game's ``picture`` of that seat's view."""
    game = get_game(name)
    seen = view_for(game, state_doc, seat)
    svg: str = in_field("state", lambda: game.picture(seen))
    return svg


def play(
    name: str,
    lineup: Sequence[str],
    games: int,
    seed: int,
    settings: Mapping[str, Any] | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    backend: Callable[[], AbstractContextManager[Backend]] | None = None,
) -> Json:
    """A seeded match with seats rotated: the ``play --json`` object.

    ``backend`` opens where the games run (``solver.backends``; default:
    ``workers`` processes), once the lineup and settings are known to be good.
    """
    from solver.arena import check_lineup, play_match  # numpy and the search players

    game = get_game(name)
    in_field("players", lambda: check_lineup(game, lineup))
    in_field("settings", lambda: game.new(len(lineup), seed, settings or None))
    if backend is None:
        result = play_match(game, lineup, games, seed, settings or None, workers, progress)
    else:
        with backend() as runner:
            result = play_match(
                game, lineup, games, seed, settings or None, progress=progress, backend=runner
            )
    doc: Json = result.to_json()
    return doc
