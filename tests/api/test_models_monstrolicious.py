"""The Monstrolicious models (``api/http/models/monstrolicious.py``) and the codec do not drift.

Every state, every seat's view and every legal move of seeded games in every mode
validates against its model and dumps back to the same JSON; every hint detail
validates; the settings model takes the defaults and every variant's settings;
documents the codec still accepts after a mutation are accepted by the models
too; and every schema is JSON with a description on every field.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from typing import Any, get_args

import pytest
from pydantic import BaseModel, TypeAdapter, ValidationError

from api.http.models import models_for
from api.http.models.monstrolicious import (
    MODELS,
    DessertKey,
    MonstroliciousRow,
    MonstroliciousState,
    MonstroliciousView,
)
from solver.errors import NotationError
from solver.game import Json
from solver.monstrolicious import GAME, State
from solver.monstrolicious.tiles import BUFFET
from tests.api.mutate import Mutator
from tests.modes import every_mode

MODES = [mode for mode in every_mode() if mode.values[0] == "monstrolicious"]
SEEDS = range(3)
MOVE: TypeAdapter[Any] = TypeAdapter(MODELS.move)


def _round_trips(adapter: TypeAdapter[Any], doc: Json) -> None:
    """``doc`` validates and dumps back to itself."""
    assert adapter.dump_python(adapter.validate_python(doc), mode="json", exclude_unset=True) == doc


def _model(model: type[BaseModel]) -> TypeAdapter[Any]:
    return TypeAdapter(model)


def _games(players: int, settings: Mapping[str, Any]) -> Iterator[list[State]]:
    """The states of a few seeded random games."""
    for seed in SEEDS:
        rng = random.Random(seed)
        trail = [GAME.new(players, seed, dict(settings) or None)]
        while not trail[-1].is_terminal():
            trail.append(trail[-1].apply(rng.choice(trail[-1].legal_moves())))
        yield trail


def _json(doc: Json) -> Json:
    copied: Json = json.loads(json.dumps(doc))
    return copied


def test_the_registry_finds_these_models() -> None:
    assert models_for("monstrolicious") is MODELS


@pytest.mark.parametrize(("name", "players", "settings"), MODES)
def test_every_document_of_seeded_games_validates_and_round_trips(
    name: str, players: int, settings: Mapping[str, Any]
) -> None:
    state_model, view_model = _model(MODELS.state), _model(MODELS.view)
    kinds: set[str] = set()
    for trail in _games(players, settings):
        for state in trail:
            _round_trips(state_model, _json(state.to_json()))
            for seat in range(players):
                _round_trips(view_model, _json(state.view(seat).to_json()))
            for move in state.legal_moves():
                doc = GAME.move_to_json(move)
                _round_trips(MOVE, doc)
                kinds |= set(doc)
    assert kinds == {"dessert", "reveal"}, "the games should hold both kinds of move"


@pytest.mark.parametrize(("name", "players", "settings"), MODES)
def test_every_hint_detail_validates(name: str, players: int, settings: Mapping[str, Any]) -> None:
    detail = _model(MODELS.detail)
    keys: set[str] = set()
    for trail in _games(players, settings):
        for state in trail[:-1]:
            for ranked in GAME.hint(GAME.view(state, state.current), 0.005):
                _round_trips(detail, dict(ranked.detail))
                keys |= set(ranked.detail)
    assert keys == set(MODELS.detail.model_fields), "every documented key appears in some hint"


def test_the_settings_model_takes_the_defaults_and_every_variant() -> None:
    settings = _model(MODELS.settings)
    _round_trips(settings, dict(GAME.settings))
    for _, chosen in GAME.modes():
        _round_trips(settings, dict(chosen))
    _round_trips(settings, {"first_player": 1})
    assert MODELS.settings().model_dump() == dict(GAME.settings)
    for bad in ({"colour": "red"}, {"first_player": 2}):
        with pytest.raises(ValidationError):
            settings.validate_python(bad)


def test_the_models_name_every_dessert_as_the_data_file_does() -> None:
    aliases = [field.alias for field in MonstroliciousRow.model_fields.values()]
    assert aliases == list(BUFFET.keys)
    assert get_args(get_args(DessertKey)[0]) == BUFFET.keys


def test_what_the_codec_reads_leniently_the_models_read_too() -> None:
    state = GAME.new(2, 4, None)
    doc = _json(state.to_json())
    seat = next(s for s in (0, 1) if 0 in state.stacks[s])
    doc["stacks"][seat][state.stacks[seat].index(0)] = " Trap "
    del doc["players"], doc["reveal_pending"]
    assert GAME.from_json(doc) == state
    MonstroliciousState.model_validate(doc)
    view = _json(state.view(state.current).to_json())
    del view["players"]
    assert GAME.view_from_json(view) == state.view(state.current)
    MonstroliciousView.model_validate(view)
    move = {"dessert": " Wedding-CAKE"}
    assert GAME.move_to_json(GAME.move_from_json(move)) == {"dessert": "wedding-cake"}
    assert MOVE.dump_python(MOVE.validate_python(move), mode="json") == {"dessert": "wedding-cake"}


def test_documents_the_codec_accepts_after_a_mutation_validate() -> None:
    bases: list[Json] = []
    for trail in _games(2, {}):
        for state in trail[::5]:
            bases += [_json(state.to_json()), *(_json(state.view(s).to_json()) for s in (0, 1))]
    rng = random.Random("monstrolicious-models")
    mutator = Mutator(rng.randrange)
    accepted = 0
    for _ in range(3000):
        doc = mutator.mutate(bases[rng.randrange(len(bases))], rng.randint(1, 2))
        try:
            GAME.read(doc)
        except NotationError:
            continue
        accepted += 1
        model = MonstroliciousView if "view_of" in doc else MonstroliciousState
        model.model_validate(doc)
    assert accepted >= 20, f"only {accepted} mutated documents were still readable"


def _schemas() -> list[tuple[str, Json]]:
    adapters = {
        "state": _model(MODELS.state),
        "view": _model(MODELS.view),
        "move": MOVE,
        "detail": _model(MODELS.detail),
        "settings": _model(MODELS.settings),
    }
    return [(role, adapter.json_schema()) for role, adapter in adapters.items()]


def _objects(schema: Json) -> Iterator[tuple[str, Json]]:
    """Every object schema in ``schema`` and its ``$defs``, by title."""
    for part in [schema, *schema.get("$defs", {}).values()]:
        if "properties" in part:
            yield part.get("title", "?"), part


@pytest.mark.parametrize(("role", "schema"), _schemas(), ids=[r for r, _ in _schemas()])
def test_every_schema_is_json_with_every_field_described(role: str, schema: Json) -> None:
    json.dumps(schema)
    titles = [title for title, _ in _objects(schema)]
    assert titles and all(t.startswith("Monstrolicious") for t in titles), titles
    for title, part in _objects(schema):
        assert part.get("description"), f"{title} has no description"
        bare = [name for name, field in part["properties"].items() if not field.get("description")]
        assert bare == [], f"{title}: no description for {bare}"
