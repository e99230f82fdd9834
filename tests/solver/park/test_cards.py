from __future__ import annotations

import json
import random
import tomllib
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from solver.errors import NotationError, UnknownDeckError
from solver.files import allow_files
from solver.park import GAME
from solver.park.cards import AREAS, Deck, cards_json, load_deck, parse_deck
from solver.park.state import new_state

RULEBOOK_TOURISTS = [
    ("4 any friendly monsters", 5),
    ("4 any nasty monsters", 5),
    ("3 any upgrades", 5),
    ("4 land monsters", 3),
    ("3 any monsters of size 1", 3),
    ("2 other tourists in the park, including those gained in the current turn", 2),
    (
        "4 monsters from one area, arranged in order by size, sizes 1, 2, 3, 4 or sizes 2, 3, 4, 5",
        6,
    ),
    ("One friendly monster in each area", 3),
    ("2 any friendly monsters", 1),
    ("2 any nasty monsters", 1),
    ("2 any upgrades", 3),
    ("4 air monsters", 3),
    ("4 water monsters", 3),
    ("3 any monsters of size 5", 4),
    ("2 any friendly monsters and 2 any nasty monsters", 2),
    ("One nasty monster in each area", 3),
]


def test_standard_deck_has_the_rulebook_components(deck: Deck) -> None:
    assert Counter(m.area for m in deck.monsters) == {a: 30 for a in AREAS}
    assert {m.size for m in deck.monsters} == {1, 2, 3, 4, 5}
    assert {m.friendly for m in deck.monsters} == {True, False}
    assert Counter(u.kind for u in deck.upgrades) == {"souvenirs": 5, "balloons": 5, "benches": 5}
    assert {u.size for u in deck.upgrades} <= {1, 2, 3}
    assert {(u.kind, u.cost) for u in deck.upgrades} == {
        ("souvenirs", 3),
        ("balloons", 2),
        ("benches", 1),
    }
    assert [(t.text, t.reward) for t in deck.tourists] == RULEBOOK_TOURISTS


def test_every_area_and_size_has_both_characters(deck: Deck) -> None:
    kinds = Counter((m.area, m.size, m.friendly) for m in deck.monsters)
    assert len(kinds) == 3 * 5 * 2
    assert all(points >= 0 for points in (m.points for m in deck.monsters))


def test_bad_decks_are_refused() -> None:
    with pytest.raises(NotationError, match="not valid TOML"):
        parse_deck("[[monster]\n")
    with pytest.raises(NotationError, match="size must be 1-5"):
        parse_deck('[[monster]]\nid="a"\narea="water"\nsize=7\ncharacter="nasty"\npoints=1\n')
    with pytest.raises(NotationError, match="unknown area"):
        parse_deck('[[monster]]\nid="a"\narea="sea"\nsize=1\ncharacter="nasty"\npoints=1\n')
    with pytest.raises(NotationError, match="unknown need"):
        parse_deck('[[tourist]]\nid="t"\ntext="x"\nreward=1\nneed="dance"\n')
    with allow_files(), pytest.raises(NotationError, match="cannot read deck"):
        load_deck("/no/such/deck.toml")


def test_a_deck_nested_too_deep_is_refused() -> None:
    with pytest.raises(NotationError, match="nests its values too deep"):
        parse_deck("a = " + "[" * 5000 + "]" * 5000)
    with pytest.raises(NotationError, match="must be a str, not") as caught:
        parse_deck('[[monster]]\nsize = 1\ncharacter = "nasty"\nid = ' + "[" * 50 + "]" * 50)
    assert len(str(caught.value)) < 200


def test_repeated_ids_are_refused(deck: Deck) -> None:
    text = (Path(__file__).parents[3] / "solver/park/data/deck.toml").read_text()
    with pytest.raises(NotationError, match="repeats card ids: water-01"):
        parse_deck(
            text + '\n[[monster]]\nid="water-01"\narea="water"\nsize=1\n'
            'character="nasty"\npoints=1\n'
        )


def test_a_user_deck_file_plays(tmp_path: Path) -> None:
    text = (Path(__file__).parents[3] / "solver/park/data/deck.toml").read_text()
    doubled = text.replace("points = 3", "points = 9")
    path = tmp_path / "rich.toml"
    path.write_text(doubled)
    with allow_files():
        state = new_state(2, 3, {"deck": str(path)})
    assert state.cards.name == str(path)
    assert max(m.points for m in state.cards.monsters) == 9
    assert state.to_json()["settings"]["deck"] == str(path)


@pytest.mark.parametrize("name", ["/etc/passwd", "/proc/self/environ", ".", "standard.toml"])
def test_a_request_names_only_built_in_decks(name: str) -> None:
    with pytest.raises(UnknownDeckError) as caught:
        new_state(2, 1, {"deck": name})
    assert str(caught.value) == (
        f"settings.deck: unknown deck {name!r}: the built-in decks are standard"
    )
    assert caught.value.path == "settings.deck"


def test_an_empty_deck_name_reads_no_directory() -> None:
    with pytest.raises(NotationError, match=r"settings\.deck: setting 'deck' must be a deck name"):
        new_state(2, 1, {"deck": ""})


def test_a_state_naming_a_file_deck_is_refused_outside_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text((Path(__file__).parents[3] / "solver/park/data/deck.toml").read_text())
    with allow_files():
        doc = new_state(2, 3, {"deck": str(path)}).to_json()
        assert GAME.from_json(doc).cards.name == str(path)
    with pytest.raises(UnknownDeckError, match="the built-in decks are standard"):
        GAME.from_json(doc)


def test_a_deck_file_is_read_anew_not_cached_by_its_spelling(tmp_path: Path) -> None:
    text = (Path(__file__).parents[3] / "solver/park/data/deck.toml").read_text()
    path = tmp_path / "mine.toml"
    path.write_text(text)
    with allow_files():
        first = load_deck(str(path))
        path.write_text(text.replace("points = 3", "points = 7"))
        second = load_deck(str(path))
    assert max(m.points for m in first.monsters) == 3
    assert max(m.points for m in second.monsters) == 7
    assert load_deck("standard") is load_deck("standard")


def test_a_deck_file_larger_than_the_limit_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    path.write_text("# " + "x" * 1_100_000)
    with allow_files(), pytest.raises(NotationError, match="larger than 1,000,000 bytes"):
        load_deck(str(path))


def _data_file() -> dict[str, Any]:
    """The standard deck file itself, read without the deck reader."""
    text = resources.files("solver.park").joinpath("data/deck.toml").read_text("utf-8")
    return tomllib.loads(text)


def test_the_card_list_prints_what_the_deck_file_says() -> None:
    listed = GAME.cards()
    data = _data_file()
    assert listed["game"] == "park" and listed["deck"] == "standard"
    keys = {
        "monster": ("id", "area", "size", "character", "points"),
        "upgrade": ("id", "kind", "size", "cost"),
        "tourist": ("id", "text", "reward"),
    }
    for table, fields in keys.items():
        want = [{k: card[k] for k in fields} for card in data[table]]
        assert listed[f"{table}s"] == want


def test_the_card_list_names_every_card_a_state_or_a_view_can_hold() -> None:
    listed = GAME.cards()
    by_id = {c["id"]: c for kind in ("monsters", "upgrades", "tourists") for c in listed[kind]}
    assert set(by_id) == set(load_deck().by_id)
    rng = random.Random(4)
    s = new_state(3, 4, {"fifth_slot_buyable": True})
    while not s.is_terminal():
        doc = s.to_json()
        ids = [c for p in doc["parks"] for cards in p.values() for c in cards]
        ids += [c for h in doc["tourists_held"] for c in h]
        ids += [*doc["monster_deck"], *doc["discard"], *doc["tourist_deck"]]
        ids += [c for row in ("track", "tourist_row", "upgrade_row") for c in doc[row] if c]
        ids += [c for pile in doc["upgrade_supply"] for c in pile]
        assert set(ids) <= set(by_id)
        view = s.view(rng.randrange(3)).to_json()
        shown = [c for p in view["parks"] for cards in p.values() for c in cards]
        shown += [c for row in ("tourist_row", "upgrade_row") for c in view[row] if c]
        assert all(by_id[c["id"]] == c for c in shown)
        s = s.apply(rng.choice(s.legal_moves()))


def test_the_card_list_is_the_same_every_time_and_small() -> None:
    text = json.dumps(cards_json(), sort_keys=True)
    assert text == json.dumps(cards_json(), sort_keys=True)
    assert len(text) < 20_000
