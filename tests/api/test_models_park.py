"""Monster Park's typed schemas and its codec do not drift apart.

Every state, every seat's view and every legal move of seeded games in every
mode validates against its model and dumps back to the very same JSON; every
hint's detail validates; the settings model takes the defaults and every
variant; and documents mutated so that the codec still reads them are taken by
the models too (a model must never refuse what the game accepts).
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Iterator, Mapping
from typing import Any, Literal, get_args

import pytest
from pydantic import BaseModel, TypeAdapter, ValidationError

from api.http.models import models_for
from api.http.models.park import (
    MODELS,
    Area,
    Character,
    Phase,
    RunGaps,
    UpgradeKind,
    UpgradeRefill,
)
from solver.errors import NotationError
from solver.park import GAME, State
from solver.park.cards import AREAS, UPGRADE_KINDS, load_deck
from solver.park.moves import ACTIONS
from solver.park.settings import RUN_GAPS, SETTINGS, UPGRADE_REFILL
from solver.park.state import PHASES
from tests.api.mutate import Mutator
from tests.modes import every_mode

MODES = [p for p in every_mode() if p.values[0] == "park"]
SEEDS = (1, 2)
MOVE = TypeAdapter(MODELS.move)

Doc = dict[str, Any]


def _json(doc: Mapping[str, Any]) -> Doc:
    """``doc`` as it travels: through JSON text and back."""
    out: Doc = json.loads(json.dumps(doc))
    return out


@functools.cache
def _game(players: int, settings: str, seed: int) -> tuple[State, ...]:
    """Every state of one seeded random game (``settings`` as JSON text, to cache)."""
    rng = random.Random(seed)
    trail = [GAME.new(players, seed, json.loads(settings) or None)]
    while not trail[-1].is_terminal():
        trail.append(trail[-1].apply(rng.choice(trail[-1].legal_moves())))
    return tuple(trail)


def _games(players: int, settings: Mapping[str, Any]) -> Iterator[tuple[State, ...]]:
    for seed in SEEDS:
        yield _game(players, json.dumps(dict(settings), sort_keys=True), seed)


def _round_trip(model: type[BaseModel], doc: Doc) -> None:
    assert model.model_validate(doc).model_dump(mode="json", exclude_unset=True) == doc


@pytest.mark.parametrize(("name", "players", "settings"), MODES)
def test_every_state_view_and_move_of_seeded_games_fits_its_model(
    name: str, players: int, settings: Mapping[str, Any]
) -> None:
    phases = set()
    for trail in _games(players, settings):
        for state in trail:
            phases.add(state.phase)
            _round_trip(MODELS.state, _json(state.to_json()))
            for seat in range(players):
                _round_trip(MODELS.view, _json(state.view(seat).to_json()))
            for move in state.legal_moves():
                doc = _json(GAME.move_to_json(move))
                assert (
                    MOVE.dump_python(MOVE.validate_python(doc), mode="json", exclude_unset=True)
                    == doc
                )
    assert phases == set(PHASES)


@pytest.mark.parametrize(("name", "players", "settings"), MODES)
def test_every_hint_detail_fits_the_detail_model(
    name: str, players: int, settings: Mapping[str, Any]
) -> None:
    trail = next(_games(players, settings))
    seen: set[str] = set()
    # A spread of the game and its last turns, where the win chance counts.
    for state in [*trail[:-8:7], *trail[-8:-1]]:
        assert state.to_move is not None
        for ranked in GAME.hint(GAME.view(state, state.to_move), 0.02):
            detail = _json(ranked.detail)
            _round_trip(MODELS.detail, detail)
            seen |= set(detail)
            MOVE.validate_python(ranked.move)
    assert {"this_turn", "tourists"} <= seen


def test_the_detail_model_names_every_key_the_hint_writes() -> None:
    keys = set()
    for players, settings in GAME.modes():
        trail = _game(players, json.dumps(dict(settings), sort_keys=True), SEEDS[0])
        for state in trail[:-1]:
            if state.phase == "tourists" or state.final_round:
                assert state.to_move is not None
                for ranked in GAME.hint(GAME.view(state, state.to_move), 0.02):
                    keys |= set(ranked.detail)
    assert {"tokens", "win_chance", "reply"} <= keys <= set(MODELS.detail.model_fields)


def test_the_settings_model_takes_the_defaults_and_every_variant() -> None:
    assert MODELS.settings().model_dump(mode="json") == SETTINGS
    _round_trip(MODELS.settings, dict(SETTINGS))
    _round_trip(MODELS.settings, {})
    for _, settings in GAME.modes():
        _round_trip(MODELS.settings, dict(settings))
        GAME.new(2, 1, dict(settings) or None)  # the game takes them too
    assert set(MODELS.settings.model_fields) == set(SETTINGS)


@pytest.mark.parametrize(
    "doc",
    [
        {"fifth_slot": True},
        {"run_gaps": "some"},
        {"upgrade_refill": "none"},
        {"bank": -1},
        {"round_limit": 0},
        {"fifth_slot_price": 100},
    ],
)
def test_the_settings_model_refuses_what_the_game_refuses(doc: Doc) -> None:
    with pytest.raises(ValidationError):
        MODELS.settings.model_validate(doc)
    with pytest.raises(NotationError):
        GAME.new(2, 1, doc)


def test_the_move_kinds_are_the_games() -> None:
    schema = MOVE.json_schema()
    assert set(schema["discriminator"]["mapping"]) == set(ACTIONS)
    with pytest.raises(ValidationError):
        MOVE.validate_python({"action": "dance"})
    with pytest.raises(ValidationError):
        MOVE.validate_python({"action": "token", "slot": 1})


def test_the_choices_are_the_games() -> None:
    assert get_args(Area) == tuple(a.value for a in AREAS)
    assert get_args(UpgradeKind) == UPGRADE_KINDS
    assert get_args(Phase) == PHASES
    assert get_args(RunGaps) == RUN_GAPS
    assert get_args(UpgradeRefill) == UPGRADE_REFILL
    assert set(get_args(Character)) == {m.character for m in load_deck().monsters}


def _mutants(docs: list[Doc], seed: int, count: int) -> Iterator[Doc]:
    rng = random.Random(seed)
    mutator = Mutator(rng.randrange)
    for _ in range(count):
        yield mutator.mutate(docs[rng.randrange(len(docs))], rng.randint(1, 2))


def _bases() -> tuple[list[Doc], list[Doc]]:
    """States and views, and moves, spread over one game of every mode."""
    positions: list[Doc] = []
    moves: list[Doc] = []
    for players, settings in GAME.modes():
        trail = _game(players, json.dumps(dict(settings), sort_keys=True), SEEDS[0])
        for state in trail[:: max(1, len(trail) // 6)]:
            positions.append(_json(state.to_json()))
            positions += [_json(state.view(seat).to_json()) for seat in range(players)]
            moves += [_json(GAME.move_to_json(m)) for m in state.legal_moves()]
    return positions, moves


def test_a_mutated_document_the_codec_reads_fits_the_model_too() -> None:
    positions, moves = _bases()
    read = 0
    for doc in _mutants(positions, 5, 1500):
        try:
            GAME.read(doc)
        except (NotationError, RecursionError):
            continue
        read += 1
        _round_trip(MODELS.view if "view_of" in doc else MODELS.state, doc)
    taken = 0
    for doc in _mutants(moves, 6, 1500):
        try:
            GAME.move_from_json(doc)
        except NotationError:
            continue
        taken += 1
        assert MOVE.dump_python(MOVE.validate_python(doc), mode="json", exclude_unset=True) == doc
    assert read >= 10 and taken >= 50, (read, taken)


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


@pytest.mark.parametrize("mode", ["validation", "serialization"])
@pytest.mark.parametrize("part", ["state", "view", "move", "detail", "settings"])
def test_each_schema_is_json_and_every_field_says_what_it_is(
    part: str, mode: Literal["validation", "serialization"]
) -> None:
    schema = TypeAdapter(getattr(MODELS, part)).json_schema(mode=mode)
    json.dumps(schema)
    assert not list(_fields_without_description(schema))
    names = [*schema.get("$defs", {}), schema.get("title", "Park")]
    assert all(n.startswith("Park") for n in names), names
    assert "monster_points" not in json.dumps(schema)  # the score line as the codec names it


def test_the_registry_finds_the_park_models() -> None:
    assert models_for("park") is MODELS
