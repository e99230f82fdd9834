"""Every game's typed schemas (``solver.<game>.documents``) and its codec do not drift apart.

For each game and mode: every state, every seat's view and every legal move of
seeded random games validates against its model and dumps back to the very same
JSON. For each game: the settings model takes the defaults and every variant;
documents mutated so that the codec still reads them are taken by the models too
(a model must never refuse what the game accepts); every schema is JSON, every
object and field in it says what it is, and every name in it carries the game's.
The per-game files ``<game>/test_documents.py`` check what only that game has.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from random import Random
from typing import Any, Literal

import pytest

from solver.anytime import anytime_of
from solver.errors import NotationError
from solver.game import GAMES, AnyGame, Json, get_game
from solver.search import MIN_WORLDS
from tests.modes import every_mode
from tests.solver.document_checks import (
    EXACT_ONLY,
    adapter,
    as_sent,
    hint_keys,
    mutants,
    played,
    refused,
    round_trips,
    trails,
)

NAMES = sorted(GAMES)
PARTS = ("state", "view", "move", "detail", "settings", "cards")


@pytest.mark.parametrize("name", NAMES)
def test_the_registry_finds_each_game_s_models(name: str) -> None:
    game = get_game(name)
    models = game.document_models()
    assert game.documents.startswith(GAMES[name].module)  # the game's own package
    assert models is importlib.import_module(game.documents).MODELS
    assert adapter(models.state).json_schema()["properties"]["game"]["const"] == name


def test_a_game_without_typed_documents_says_so(toy: AnyGame) -> None:
    with pytest.raises(LookupError, match="pile has no typed documents"):
        toy.document_models()


@pytest.mark.parametrize(("name", "players", "settings"), every_mode())
def test_every_document_of_seeded_games_validates_and_round_trips(
    name: str, players: int, settings: Mapping[str, Any]
) -> None:
    seen = played(name, players, settings)
    assert seen.phases and seen.move_fields


@pytest.mark.parametrize("name", NAMES)
def test_the_settings_model_takes_the_defaults_and_every_variant(name: str) -> None:
    game = get_game(name)
    settings = game.document_models().settings
    assert settings().model_dump(mode="json") == dict(game.settings)
    assert set(settings.model_fields) == set(game.settings)
    round_trips(settings, dict(game.settings))
    round_trips(settings, {})
    for players, chosen in game.modes():
        round_trips(settings, dict(chosen))
        game.new(players, 1, dict(chosen) or None)  # the game takes them too
    refused(name, game.default_players, {"colour": "red"})


def _bases(name: str) -> tuple[list[Json], list[Json]]:
    """States and views, and moves, spread over the seeded games of every mode."""
    game = get_game(name)
    positions: list[Json] = []
    moves: list[Json] = []
    for players, settings in game.modes():
        for trail in trails(name, players, settings):
            for state in trail[:: max(1, len(trail) // 6)]:
                positions.append(as_sent(state.to_json()))
                positions += [as_sent(state.view(seat).to_json()) for seat in range(players)]
                moves += [as_sent(game.move_to_json(m)) for m in state.legal_moves()]
    return positions, moves


def _taken(
    read: Callable[[Json], object], model_of: Callable[[Json], Any], docs: Iterable[Json]
) -> int:
    """How many of ``docs`` the codec reads with ``read``; each of those round-trips
    through its model, ``model_of(doc)``."""
    taken = 0
    for doc in docs:
        try:
            read(doc)
        except NotationError:
            continue
        taken += 1
        round_trips(model_of(doc), doc)
    return taken


@pytest.mark.parametrize("name", NAMES)
def test_a_mutated_document_the_codec_reads_fits_the_model_too(name: str) -> None:
    game = get_game(name)
    models = game.document_models()
    positions, moves = _bases(name)
    read = _taken(
        game.read,
        lambda doc: models.view if "view_of" in doc else models.state,
        mutants(positions, Random(f"{name}-models"), 2000),
    )
    taken = _taken(
        game.move_from_json,
        lambda doc: models.move,
        mutants(moves, Random(f"{name}-moves"), 1500),
    )
    assert read >= 20 and taken >= 50, (read, taken)


def _fields_without_description(schema: Any, where: str = "") -> Iterator[str]:
    if isinstance(schema, dict):
        for name, field in schema.get("properties", {}).items():
            if "description" not in field:
                yield f"{where}.{name}"
        for key, value in schema.items():
            yield from _fields_without_description(value, f"{where}/{key}")
    elif isinstance(schema, list):
        for i, value in enumerate(schema):
            yield from _fields_without_description(value, f"{where}[{i}]")


def _objects(schema: Json) -> Iterator[tuple[str, Json]]:
    """Every object schema in ``schema`` and its ``$defs``, by title."""
    for part in [schema, *schema.get("$defs", {}).values()]:
        if "properties" in part:
            yield part.get("title", "?"), part


@pytest.mark.parametrize("mode", ["validation", "serialization"])
@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize("name", NAMES)
def test_each_schema_is_json_and_every_field_says_what_it_is(
    name: str, part: str, mode: Literal["validation", "serialization"]
) -> None:
    schema = adapter(getattr(get_game(name).document_models(), part)).json_schema(mode=mode)
    json.dumps(schema)
    assert not list(_fields_without_description(schema))
    prefix = name.capitalize()
    titles = [title for title, _ in _objects(schema)]
    names = [*schema.get("$defs", {}), schema.get("title", prefix), *titles]
    assert titles and all(n.startswith(prefix) for n in names), names
    bare = [title for title, part in _objects(schema) if not part.get("description")]
    assert bare == [], f"no description for {bare}"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_hint_with_playouts_writes_every_key_they_document(name: str) -> None:
    game = get_game(name)
    state = game.new(2, 3, None)
    greedy = game.players["greedy"](3)
    while len(state.legal_moves()) < 3:
        state = state.apply(greedy.choose(state))
    hint = anytime_of(game)
    budget = hint.budget_for(3 * MIN_WORLDS)
    keys = hint_keys(name, [state], budget)
    assert EXACT_ONLY <= keys <= set(get_game(name).document_models().detail.model_fields)
