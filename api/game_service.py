"""JSON in, JSON out for the rules-engine games: what the CLI and the HTTP routes share.

Every function takes a game's registry name and plain JSON documents, and
answers a plain JSON object; bad input raises ``FieldError`` naming the field
(``state``, ``move``, ``seat``, ``settings``), which the command line prints as
one line and the service answers as a 422 problem.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from api.problems import FieldError
from solver.arena import check_lineup, play_match
from solver.errors import MonsterError, NotationError
from solver.game import DEFAULT_HINT_BUDGET, Game, Json, get_game

MAX_HINT_SECONDS = 2.0
"""Longest budget a caller may give one hint."""


def _field(field: str, call: Callable[[], Any]) -> Any:
    try:
        return call()
    except FieldError:
        raise
    except MonsterError as err:
        raise FieldError(field, err) from err
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError) as err:
        # A document of the right JSON type but the wrong shape deep inside.
        raise FieldError(field, NotationError(f"malformed {field}: {err}")) from err


def load_state(game: Game, doc: Mapping[str, Any]) -> Any:
    """The game's state (or view) from JSON; FieldError("state") if it does not read."""
    if not isinstance(doc, Mapping):
        raise FieldError("state", NotationError("the state must be a JSON object"))
    return _field("state", lambda: game.from_json(doc))


def _seat(state: Any, seat: int | None) -> int:
    if seat is None:
        if state.to_move is None:
            raise FieldError("state", NotationError("the game is over: there is no move to hint"))
        chosen: int = state.to_move
        return chosen
    if not 0 <= seat < state.players:
        raise FieldError("seat", NotationError(f"seat {seat} is not in 0..{state.players - 1}"))
    return seat


def new(name: str, players: int | None, seed: int, settings: Mapping[str, Any] | None) -> Json:
    """A new game's state as JSON."""
    game = get_game(name)
    count = game.default_players if players is None else players
    _field("players", lambda: game.check_players(count))
    state = _field("settings", lambda: game.new(count, seed, settings or None))
    doc: Json = state.to_json()
    return doc


def hint(
    name: str, state_doc: Mapping[str, Any], seat: int | None, budget: float | None = None
) -> Json:
    """Every legal move of ``seat`` (default: the seat to move), ranked best first."""
    game = get_game(name)
    state = load_state(game, state_doc)
    chosen = _seat(state, seat)
    seconds = DEFAULT_HINT_BUDGET if budget is None else min(max(budget, 0.001), MAX_HINT_SECONDS)
    ranked = _field("state", lambda: game.hint(state, chosen, seconds))
    return {"game": name, "seat": chosen, "moves": [r.to_json() for r in ranked]}


def validate(name: str, state_doc: Mapping[str, Any], move_doc: Mapping[str, Any]) -> Json:
    """Is the move legal in the state? If not, the rule it breaks."""
    game = get_game(name)
    state = load_state(game, state_doc)
    if not isinstance(move_doc, Mapping):
        raise FieldError("move", NotationError("the move must be a JSON object"))
    verdict = _field("move", lambda: game.validate(state, move_doc))
    doc: Json = verdict.to_json()
    return doc


def score(name: str, state_doc: Mapping[str, Any]) -> Json:
    """The score pad of every seat; the winners once the game is over."""
    game = get_game(name)
    state = load_state(game, state_doc)
    terminal = bool(state.is_terminal())
    return {
        "game": name,
        "terminal": terminal,
        "scores": [s.to_json() for s in state.scores()],
        "winners": list(state.winners()) if terminal else [],
    }


def render(name: str, state_doc: Mapping[str, Any], seat: int | None) -> str:
    """The board as ``seat`` sees it (default per game), as SVG text."""
    from api.render.games import render_game

    state = load_state(get_game(name), state_doc)
    if seat is not None:
        _seat(state, seat)
    svg: str = _field("seat", lambda: render_game(name, state, seat))
    return svg


def play(
    name: str,
    lineup: Sequence[str],
    games: int,
    seed: int,
    settings: Mapping[str, Any] | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Json:
    """A seeded match with seats rotated: the ``play --json`` object."""
    game = get_game(name)
    _field("players", lambda: check_lineup(game, lineup))
    _field("settings", lambda: game.new(len(lineup), seed, settings or None))
    result = play_match(game, lineup, games, seed, settings or None, workers, progress)
    doc: Json = result.to_json()
    return doc
