"""What every game's typed models (``solver.<game>.documents``) must do with its documents.

The seeded random games each mode plays, the checks ``tests/solver/test_documents.py``
runs on every game and the ones the per-game files build on: a document validates
and dumps back to itself, each hint's detail and move fit their models, a setting
the models refuse the game refuses too.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from random import Random
from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

from solver.documents import PlayedOut
from solver.errors import NotationError
from solver.game import Json, get_game
from tests.api.mutate import Mutator

SEEDS: Mapping[str, tuple[int, ...]] = {"park": (1, 2), "vbm": (0, 1)}
"""The seeds of the random games each game's documents are drawn from, where not
``DEFAULT_SEEDS`` (a Very Big Monster game of six holds thousands of moves, so fewer
of those)."""
DEFAULT_SEEDS = (0, 1, 2)


def as_sent(doc: Mapping[str, Any]) -> Json:
    """``doc`` as it travels: through JSON text and back."""
    out: Json = json.loads(json.dumps(doc))
    return out


@functools.cache
def adapter(model: Any) -> TypeAdapter[Any]:
    """Reads and dumps ``model`` (a model class or an annotated union)."""
    return TypeAdapter(model)


def round_trips(model: Any, doc: Json) -> None:
    """``doc`` validates against ``model`` and dumps back to itself."""
    _round_trips(adapter(model), doc)


def _round_trips(read: TypeAdapter[Any], doc: Json) -> None:
    back = read.dump_python(read.validate_python(doc), mode="json", exclude_unset=True)
    assert back == doc, f"{doc!r} dumps back as {back!r}"


@functools.cache
def _trail(name: str, players: int, settings: str, seed: int) -> tuple[Any, ...]:
    """Every state of one seeded random game (``settings`` as JSON text, to cache)."""
    rng = Random(seed)
    trail = [get_game(name).new(players, seed, json.loads(settings) or None)]
    while not trail[-1].is_terminal():
        trail.append(trail[-1].apply(rng.choice(trail[-1].legal_moves())))
    return tuple(trail)


def trails(name: str, players: int, settings: Mapping[str, Any]) -> Iterator[tuple[Any, ...]]:
    """The states of each seeded random game of one mode, first seed first."""
    text = json.dumps(dict(settings), sort_keys=True)
    for seed in SEEDS.get(name, DEFAULT_SEEDS):
        yield _trail(name, players, text, seed)


@dataclass(frozen=True)
class Seen:
    """What the seeded games of one mode held."""

    phases: frozenset[str]
    """Every phase a state was in."""
    move_fields: frozenset[str]
    """Every field a legal move (of a state or of a seat's view) named."""


@functools.cache
def _played(name: str, players: int, settings: str) -> Seen:
    game = get_game(name)
    models = game.document_models()
    state_model, view_model = adapter(models.state), adapter(models.view)
    move_model = adapter(models.move)
    phases: set[str] = set()
    moves: dict[Any, None] = {}  # each move once: most recur from position to position
    for trail in trails(name, players, json.loads(settings)):
        for state in trail:
            phases.add(state.phase)
            _round_trips(state_model, as_sent(state.to_json()))
            views = [state.view(seat) for seat in range(players)]
            for view in views:
                _round_trips(view_model, as_sent(view.to_json()))
            for position in [state, *views]:
                moves.update(dict.fromkeys(position.legal_moves()))
    fields: set[str] = set()
    for move in moves:
        doc = as_sent(game.move_to_json(move))
        _round_trips(move_model, doc)
        fields |= set(doc)
    return Seen(frozenset(phases), frozenset(fields))


def played(name: str, players: int, settings: Mapping[str, Any]) -> Seen:
    """Round-trips every state, every seat's view and every legal move of both of the
    seeded games of one mode through the models (once a run), and says what they held."""
    return _played(name, players, json.dumps(dict(settings), sort_keys=True))


EXACT_ONLY = frozenset(PlayedOut.model_fields)
"""Detail keys only the playouts write (``solver.anytime``): not in an exact hint."""


def exact_keys(name: str) -> set[str]:
    """The detail keys ``name``'s exact hint documents (its model less :data:`EXACT_ONLY`)."""
    return set(get_game(name).document_models().detail.model_fields) - EXACT_ONLY


def hint_keys(name: str, states: Iterable[Any], budget: float) -> set[str]:
    """The detail keys of the hints for the seat to move in ``states``; each detail and
    each hinted move round-trips through its model."""
    game = get_game(name)
    models = game.document_models()
    keys: set[str] = set()
    for state in states:
        assert state.to_move is not None
        for ranked in game.hint(game.view(state, state.to_move), budget):
            round_trips(models.detail, as_sent(ranked.detail))
            round_trips(models.move, as_sent(ranked.move))
            keys |= set(ranked.detail)
    return keys


def refused(name: str, players: int, doc: Json) -> None:
    """The settings model refuses ``doc`` and so does a new game."""
    with pytest.raises(ValidationError):
        get_game(name).document_models().settings.model_validate(doc)
    with pytest.raises(NotationError):
        get_game(name).new(players, 1, doc)


def mutants(docs: list[Json], rng: Random, count: int) -> Iterator[Json]:
    """``count`` documents, each one of ``docs`` mutated once or twice."""
    mutator = Mutator(rng.randrange)
    for _ in range(count):
        yield mutator.mutate(docs[rng.randrange(len(docs))], rng.randint(1, 2))
