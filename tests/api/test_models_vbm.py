"""The Very Big Monster models (``api/http/models/vbm.py``) and the codec do not drift.

Every state, every seat's view and every legal move of seeded games in every mode
validates against its model and dumps back to the same JSON; the hint details
validate; the settings model takes the defaults and every variant's settings and
refuses what ``new`` refuses by name; documents the codec still accepts after a
mutation are accepted by the models too; and every schema is JSON with a
description on every field.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from typing import Any, get_args

import pytest
from pydantic import BaseModel, TypeAdapter, ValidationError

from api.http.models import models_for
from api.http.models.vbm import MODELS, VbmState, VbmTable, VbmView
from solver.errors import NotationError
from solver.game import Json
from solver.vbm import GAME, State
from solver.vbm.cards import BUILTIN_DECKS, standard_deck
from tests.api.mutate import Mutator
from tests.modes import every_mode

MODES = [mode for mode in every_mode() if mode.values[0] == "vbm"]
SEEDS = range(2)
HINT_EVERY = 6
"""Every how many states of a game the hint details are checked (a hint takes a while)."""
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
    assert models_for("vbm") is MODELS


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
                view = state.view(seat)
                _round_trips(view_model, _json(view.to_json()))
                for move in view.legal_moves():
                    doc = _json(GAME.move_to_json(move))
                    _round_trips(MOVE, doc)
                    kinds |= set(doc)
            for move in state.legal_moves():
                _round_trips(MOVE, _json(GAME.move_to_json(move)))
    draft = {"pass"} if GAME.new(players, 0, dict(settings) or None).mode != "rows" else set()
    rows = {"row", "discard"} if not draft else set()
    assert kinds == {"explorer", "seat", "card", "at"} | draft | rows, kinds


@pytest.mark.parametrize(("name", "players", "settings"), MODES)
def test_hint_details_validate(name: str, players: int, settings: Mapping[str, Any]) -> None:
    detail = _model(MODELS.detail)
    keys: set[str] = set()
    trail = next(_games(players, settings))
    for state in trail[:-1:HINT_EVERY]:
        seat = state.to_move
        assert seat is not None
        for ranked in GAME.hint(GAME.view(state, seat), 0.01):
            _round_trips(detail, dict(ranked.detail))
            keys |= set(ranked.detail)
    assert keys == set(MODELS.detail.model_fields), "every documented key appears in some hint"


def test_the_settings_model_takes_the_defaults_and_every_variant() -> None:
    settings = _model(MODELS.settings)
    _round_trips(settings, dict(GAME.settings))
    for _, chosen in GAME.modes():
        _round_trips(settings, dict(chosen))
    _round_trips(settings, {"mode": "team", "mission_sides": [0, 1, 1, 0, 1]})
    assert MODELS.settings().model_dump() == dict(GAME.settings)
    for bad in (
        {"colour": "red"},
        {"mode": "duel"},
        {"deck": "/etc/passwd"},
        {"mission_sides": [0, 1]},
        {"mission_sides": [0, 1, 2, 0, 1]},
    ):
        with pytest.raises(ValidationError):
            settings.validate_python(bad)
        with pytest.raises(NotationError):
            GAME.new(4, 1, bad)


def test_the_models_name_the_ids_and_decks_the_game_has() -> None:
    deck = standard_deck()
    schema = _model(VbmState).json_schema()
    assert schema["$defs"]["VbmCardId"]["enum"] == [c.id for c in deck.cards]
    assert schema["$defs"]["VbmExplorerId"]["enum"] == [e.id for e in deck.explorers]
    deck_field = VbmTable.model_fields["deck"].annotation
    assert get_args(deck_field) == BUILTIN_DECKS


def test_documents_the_codec_accepts_after_a_mutation_validate() -> None:
    bases: list[Json] = []
    for players, settings in ((2, {}), (4, {}), (3, {"mode": "free"})):
        for state in next(_games(players, settings))[::9]:
            bases += [_json(state.to_json()), *(_json(state.view(s).to_json()) for s in (0, 1))]
    rng = random.Random("vbm-models")
    mutator = Mutator(rng.randrange)
    accepted = 0
    for _ in range(1500):
        doc = mutator.mutate(bases[rng.randrange(len(bases))], rng.randint(1, 2))
        try:
            GAME.read(doc)
        except NotationError:
            continue
        accepted += 1
        model = VbmView if "view_of" in doc else VbmState
        model.model_validate(doc)
    assert accepted >= 20, f"only {accepted} mutated documents were still readable"


def test_moves_the_codec_accepts_after_a_mutation_validate() -> None:
    bases: list[Json] = []
    for players in (2, 4):
        for state in next(_games(players, {}))[::7]:
            bases += [_json(GAME.move_to_json(m)) for m in state.legal_moves()[:3]]
    rng = random.Random("vbm-moves")
    mutator = Mutator(rng.randrange)
    accepted = 0
    for _ in range(1500):
        doc = mutator.mutate(bases[rng.randrange(len(bases))], rng.randint(1, 2))
        try:
            GAME.move_from_json(doc)
        except NotationError:
            continue
        accepted += 1
        MOVE.validate_python(doc)
    assert accepted >= 20, f"only {accepted} mutated moves were still readable"


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
    assert titles and all(t.startswith("Vbm") for t in titles), titles
    assert all(name.startswith("Vbm") for name in schema.get("$defs", {})), schema.get("$defs")
    for title, part in _objects(schema):
        assert part.get("description"), f"{title} has no description"
        bare = [name for name, field in part["properties"].items() if not field.get("description")]
        assert bare == [], f"{title}: no description for {bare}"
