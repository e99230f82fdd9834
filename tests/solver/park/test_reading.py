"""Reading states: every invariant the rules imply is checked, and a fault names its
JSON path in player words (never an assert, never Python's own words)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from solver.errors import NotationError
from solver.park import GAME

Doc = dict[str, Any]


def _mid_game() -> Doc:
    """A 2-player state 40 random moves in: cards in both parks, a long discard."""
    s = GAME.new(2, 3, None)
    rng = random.Random(3)
    for _ in range(40):
        s = s.apply(rng.choice(s.legal_moves()))
    doc: Doc = json.loads(json.dumps(s.to_json()))
    return doc


def _take(doc: Doc, card: str) -> None:
    """Remove ``card`` from wherever it lies (so a test can put it elsewhere)."""
    for key in ("monster_deck", "discard", "tourist_deck"):
        if card in doc[key]:
            doc[key].remove(card)
    for key in ("track", "tourist_row", "upgrade_row"):
        doc[key] = [None if c == card else c for c in doc[key]]
    for pile in doc["upgrade_supply"]:
        if card in pile:
            pile.remove(card)


def _set(path: str, value: Any) -> Callable[[Doc], None]:
    """A mutation: set the value at a dotted path (``parks.0.water``)."""

    def mutate(doc: Doc) -> None:
        *parents, last = path.split(".")
        node: Any = doc
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return mutate


def _tourist_in_park(doc: Doc) -> None:
    doc["parks"][1]["water"].append("tourists-2")
    _take(doc, "tourists-2")


def _land_in_water(doc: Doc) -> None:
    doc["parks"][1]["water"] = ["land-17"]
    doc["track"][1] = "water-14"


def _six_in_an_area(doc: Doc) -> None:
    doc["parks"][1]["land"] += ["land-29", "land-20", "land-11"]
    for c in ("land-29", "land-20", "land-11"):
        _take(doc, c)


def _smaller_after_larger(doc: Doc) -> None:
    doc["parks"][0]["land"] = ["land-28", "land-22"]


def _monster_held(doc: Doc) -> None:
    doc["tourists_held"][1] = ["land-29"]
    _take(doc, "land-29")


def _bench_on_souvenirs(doc: Doc) -> None:
    bench = doc["parks"][1]["water"].pop(1)
    doc["upgrade_supply"][0].append(doc["upgrade_row"][0])
    doc["upgrade_row"][0] = bench


def _card_twice(doc: Doc) -> None:
    doc["discard"].append(doc["track"][0])


def _card_missing(doc: Doc) -> None:
    doc["discard"].pop()


def _tourist_on_track(doc: Doc) -> None:
    doc["monster_deck"].append(doc["track"][0])
    doc["track"][0] = "friendly-4"
    _take(doc, "friendly-4")
    doc["track"][0] = "friendly-4"


def _upgrade_in_monster_deck(doc: Doc) -> None:
    doc["monster_deck"].append(doc["upgrade_supply"][0].pop())


def _balloons_in_souvenir_supply(doc: Doc) -> None:
    doc["upgrade_supply"][0].append(doc["upgrade_row"][1])
    doc["upgrade_row"][1] = None


def _monster_in_tourist_deck(doc: Doc) -> None:
    doc["tourist_deck"].append(doc["discard"].pop())


def _gap_in_track(doc: Doc) -> None:
    doc["discard"].append(doc["track"][2])
    doc["track"][2] = None


def _unmet_tourist_held(doc: Doc) -> None:
    doc["tourist_row"][2] = doc["tourist_deck"].pop(0)
    doc["tourists_held"][1] = ["land-4"]


def _discard_early(doc: Doc) -> None:
    s = GAME.new(2, 5, None).apply(GAME.move_from_json({"action": "token"}))
    doc.clear()
    doc.update(json.loads(json.dumps(s.to_json())))
    doc["discard"].append(doc["monster_deck"].pop())


def _long_deck(doc: Doc) -> None:
    doc["monster_deck"] = ["water-01"] * 100_000


def _deep(levels: int) -> list[Any]:
    """A list nested ``levels`` deep (more than ``repr`` can recurse through)."""
    value: list[Any] = []
    for _ in range(levels):
        value = [value]
    return value


CASES: list[tuple[str, Callable[[Doc], None], str]] = [
    ("a tourist in a park area", _tourist_in_park, "parks[1].water[3]"),
    ("a land monster in the water area", _land_in_water, "parks[1].water[0]"),
    ("six cards in an area", _six_in_an_area, "parks[1].land"),
    ("a smaller monster after a larger one", _smaller_after_larger, "parks[0].land[1]"),
    ("a monster among held tourists", _monster_held, "tourists_held[1][0]"),
    ("negative tokens", _set("tokens.0", -1), "tokens[0]"),
    ("fractional tokens", _set("tokens.1", 2.5), "tokens[1]"),
    ("to_move true", _set("to_move", True), "to_move"),
    ("a bench on the souvenirs space", _bench_on_souvenirs, "upgrade_row[0]"),
    ("a card in two places", _card_twice, "discard[31]"),
    ("a card missing", _card_missing, "monster_deck"),
    ("a tourist on the monster track", _tourist_on_track, "track[0]"),
    ("an upgrade in the monster deck", _upgrade_in_monster_deck, "monster_deck[43]"),
    ("balloons in the souvenirs supply", _balloons_in_souvenir_supply, "upgrade_supply[0][1]"),
    ("a monster in the tourist deck", _monster_in_tourist_deck, "tourist_deck[12]"),
    ("a gap in the track while the deck lasts", _gap_in_track, "track[2]"),
    ("a monster deck longer than the deck", _long_deck, "monster_deck"),
    ("a held tourist whose wish the park misses", _unmet_tourist_held, "tourists_held[1][0]"),
    ("a tourist step with no tourist to come", _set("phase", "tourists"), "phase"),
    ("more park cards than turns", _set("turn", 9), "parks[0]"),
    ("more discards than turns", _discard_early, "discard"),
    ("five players", _set("players", 5), "players"),
    ("players as text", _set("players", "2"), "players"),
    ("a negative turn", _set("turn", -1), "turn"),
    ("the wrong seat for the turn", _set("to_move", 0), "to_move"),
    ("negative reshuffles", _set("reshuffles", -2), "reshuffles"),
    ("more reshuffles than turns", _set("reshuffles", 40), "reshuffles"),
    ("an unknown phase", _set("phase", "dance"), "phase"),
    ("over with a seat to move", _set("phase", "over"), "to_move"),
    ("final_round as text", _set("final_round", "yes"), "final_round"),
    ("a final round with no full park", _set("final_round", True), "final_round"),
    ("a bank the settings do not have", _set("bank", 3), "bank"),
    ("a negative bank", _set("bank", -3), "bank"),
    ("a huge round limit", _set("settings.round_limit", 10**9), "settings.round_limit"),
    ("a negative fifth price", _set("settings.fifth_slot_price", -1), "settings.fifth_slot_price"),
    ("an unknown setting", _set("settings.speed", 1), "settings.speed"),
    ("a deck path", _set("settings.deck", "/etc/passwd"), "settings.deck"),
    ("a park with a fourth area", _set("parks.0.sea", []), "parks[0].sea"),
    ("a park that is not an object", _set("parks.0", []), "parks[0]"),
    ("one tokens entry for two players", _set("tokens", [3]), "tokens"),
    ("a six-position track", _set("track", ["air-16"] * 6), "track"),
    ("an unknown card id", _set("track.0", "air-99"), "track[0]"),
    ("a card id that is a number", _set("track.0", 7), "track[0]"),
    ("an unknown field", _set("colour", "red"), "colour"),
    ("a huge seed", _set("seed", 2**80), "seed"),
    ("a seat nested deeper than Python can print", _set("to_move", _deep(5000)), "to_move"),
    ("a turn too long to print", _set("turn", 10**5000), "turn"),
    ("a setting nested deep", _set("settings.run_gaps", _deep(5000)), "settings.run_gaps"),
]


@pytest.mark.parametrize(("name", "mutate", "path"), CASES, ids=[c[0] for c in CASES])
def test_a_broken_state_is_refused_naming_its_path(
    name: str, mutate: Callable[[Doc], None], path: str
) -> None:
    doc = _mid_game()
    mutate(doc)
    with pytest.raises(NotationError) as caught:
        GAME.from_json(doc)
    assert caught.value.path == path, str(caught.value)
    words = str(caught.value)
    assert len(words) < 300
    for python in ("index out of range", "Traceback", "object has no attribute", "NoneType"):
        assert python not in words


def test_the_mid_game_state_itself_reads() -> None:
    doc = _mid_game()
    assert GAME.from_json(doc).to_json() == doc


def test_another_game_says_so() -> None:
    doc = _mid_game() | {"game": "vbm"}
    with pytest.raises(NotationError, match="this is a vbm state, not a park state"):
        GAME.from_json(doc)


def test_a_limited_bank_adds_up_with_the_tokens() -> None:
    s = GAME.new(2, 4, {"bank": 30})
    s = s.apply(s.legal_moves()[0])
    doc = s.to_json()
    assert GAME.from_json(doc) == s
    doc["bank"] += 1
    with pytest.raises(NotationError, match="must add up to 40") as caught:
        GAME.from_json(doc)
    assert caught.value.path == "bank"


def test_every_state_of_seeded_games_reads_back() -> None:
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        rng = random.Random(seed)
        settings = {"bank": 40, "upgrade_refill": "any"} if players == 3 else None
        s = GAME.new(players, seed, settings)
        while not s.is_terminal():
            assert GAME.from_json(json.loads(json.dumps(s.to_json()))) == s
            s = s.apply(rng.choice(s.legal_moves()))
        assert GAME.from_json(s.to_json()) == s
