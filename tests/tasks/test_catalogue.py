"""The 108-task catalogue: its make-up, its promises, and its TOML format (tasks/catalogue.py)."""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Callable
from importlib import resources
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import MonsterError, NotationError
from solver.manno.table import TableEngine
from solver.manno.task import Task, parse_task
from tasks.build_catalogue import HEADER
from tasks.catalogue import (
    PAIRS,
    PER_LEVEL,
    Catalogue,
    Entry,
    card_of,
    format_catalogue,
    load_catalogue,
    parse_catalogue,
    task_id,
)
from tasks.grader import Grade
from tasks.styles import LEVELS, STYLES, fits

Idle = Callable[[Task], list[int]]
"""The conftest's ``idle_conditions``: indices of conditions that can go unnoticed."""

SETTINGS = settings(derandomize=True, database=None, max_examples=60, deadline=None)
RULEBOOK_EXAMPLE = "PB>=4, PR>=3, TY>=2, PY>=1"
"""The rulebook's at-least example: 4 plump blue, 3 plump red, 2 thin yellow, 1 plump yellow."""


# --- what the catalogue holds ------------------------------------------------------------


def test_catalogue_holds_108_tasks_18_per_level(catalogue: Catalogue) -> None:
    assert len(catalogue.entries) == 108
    assert LEVELS == (1, 2, 3, 4, 5, 6)
    assert {level: len(catalogue.level(level)) for level in LEVELS} == dict.fromkeys(LEVELS, 18)
    assert all(e.level in LEVELS for e in catalogue.entries)


def test_ids_run_l_level_01_to_18_in_order_and_are_unique(catalogue: Catalogue) -> None:
    ids = [e.id for e in catalogue.entries]
    assert len(set(ids)) == 108
    for level in LEVELS:
        assert [e.id for e in catalogue.level(level)] == [f"L{level}-{i:02d}" for i in range(1, 19)]


def test_54_cards_each_carry_two_tasks_of_paired_levels(catalogue: Catalogue) -> None:
    cards = sorted({e.card for e in catalogue.entries if e.card is not None})
    assert cards == list(range(1, 55))
    assert all(e.card is not None for e in catalogue.entries)
    for number in cards:
        front, back = catalogue.card(number)  # exactly two, or this unpacking fails
        expected = (1, 4) if number <= 18 else (2, 5) if number <= 36 else (3, 6)
        assert (front.level, back.level) == expected, number
        assert (front.side, back.side) == ("front", "back")
        # the n-th task of each level sits on the n-th card of its pair
        assert front.id[3:] == back.id[3:] == f"{(number - 1) % 18 + 1:02d}"


def test_card_numbers_follow_the_pairing(catalogue: Catalogue) -> None:
    for entry in catalogue.entries:
        index = int(entry.id.split("-")[1])
        offset = {1: 0, 4: 0, 2: 18, 5: 18, 3: 36, 6: 36}[entry.level]
        assert entry.card == offset + index, entry.id


def test_the_first_level_1_task_is_the_rulebook_example(catalogue: Catalogue) -> None:
    first = catalogue.level(1)[0]
    assert first.id == "L1-01"
    assert first.card == 1
    assert str(first.task) == RULEBOOK_EXAMPLE
    assert catalogue.entries[0] == first


def test_every_task_is_solvable(catalogue: Catalogue, table: TableEngine) -> None:
    unsolvable = [e.id for e in catalogue.entries if not table.mask(e.task).any()]
    assert unsolvable == []


def test_no_two_tasks_accept_the_same_arrangements(
    catalogue: Catalogue, table: TableEngine
) -> None:
    meanings: dict[bytes, str] = {}
    twins = []
    for entry in catalogue.entries:
        meaning = np.packbits(table.mask(entry.task)).tobytes()
        if meaning in meanings:
            twins.append((meanings[meaning], entry.id))
        meanings.setdefault(meaning, entry.id)
    assert twins == []
    assert len(meanings) == 108


def test_every_task_fits_its_level_style(catalogue: Catalogue) -> None:
    misfits = [e.id for e in catalogue.entries if not fits(e.task, STYLES[e.level])]
    assert misfits == []


def test_every_task_grades_at_its_own_level(catalogue: Catalogue, grades: dict[str, Grade]) -> None:
    wrong = [(e.id, grades[e.id].level) for e in catalogue.entries if grades[e.id].level != e.level]
    assert wrong == []


def test_every_condition_of_every_task_matters(catalogue: Catalogue, idle_conditions: Idle) -> None:
    idle = {e.id: idle_conditions(e.task) for e in catalogue.entries}
    assert {k: v for k, v in idle.items() if v} == {}


def test_no_task_repeats_a_condition(catalogue: Catalogue) -> None:
    for entry in catalogue.entries:
        assert len(set(entry.task.conditions)) == len(entry.task.conditions), entry.id


def test_levels_rise_in_effort_and_work(catalogue: Catalogue, grades: dict[str, Grade]) -> None:
    effort = {L: [grades[e.id].metrics.effort for e in catalogue.level(L)] for L in LEVELS}
    work = {L: [grades[e.id].metrics.work for e in catalogue.level(L)] for L in LEVELS}
    for low, high in itertools.pairwise(LEVELS):
        assert statistics.mean(effort[low]) < statistics.mean(effort[high]), (low, high)
        assert statistics.mean(work[low]) < statistics.mean(work[high]), (low, high)
        assert statistics.median(effort[low]) < statistics.median(effort[high])
        assert statistics.median(work[low]) < statistics.median(work[high])


def test_the_rulebook_examples_open_their_levels(catalogue: Catalogue) -> None:
    assert str(catalogue.by_id("L4-01").task) == "PR>TR, PB>PY"
    assert str(catalogue.by_id("L6-01").task) == "B=R, PY=0, Y>P"
    assert catalogue.by_id("L4-01").card == 1 and catalogue.by_id("L6-01").card == 37


def test_level_6_holds_short_loose_cards(catalogue: Catalogue, grades: dict[str, Grade]) -> None:
    """Printed level-6 cards can be short and loose: the catalogue's are not all tight."""
    six = [grades[e.id].metrics for e in catalogue.level(6)]
    assert min(m.conditions for m in six) <= 2
    assert max(m.count for m in six) >= 500


def test_the_data_file_is_the_canonical_format_of_its_entries(catalogue: Catalogue) -> None:
    text = resources.files("tasks").joinpath("data/catalogue.toml").read_text("utf-8")
    assert format_catalogue(catalogue.entries, HEADER) == text
    for entry in catalogue.entries:
        assert parse_task(str(entry.task)) == entry.task


# --- lookups --------------------------------------------------------------------------------


def test_by_id_is_case_free_and_names_a_missing_id(catalogue: Catalogue) -> None:
    assert catalogue.by_id("l4-07") == catalogue.by_id("L4-07")
    assert catalogue.by_id("L4-07").level == 4
    assert catalogue.by_id("L4-07").card == 7
    with pytest.raises(MonsterError, match="L7-01"):
        catalogue.by_id("L7-01")


def test_card_of_and_task_id() -> None:
    assert [card_of(level, 1) for level in LEVELS] == [1, 19, 37, 1, 19, 37]
    assert [card_of(level, PER_LEVEL) for level in LEVELS] == [18, 36, 54, 18, 36, 54]
    assert task_id(3, 7) == "L3-07"
    assert task_id(6, 18) == "L6-18"
    assert PAIRS == ((1, 4), (2, 5), (3, 6))


def test_entries_without_a_card_have_no_side() -> None:
    entry = Entry("G1", 2, parse_task("PB=2, TR>=1, TY>=3"))
    assert entry.card is None
    assert entry.side is None


# --- format and parse round-trip ----------------------------------------------------------


def test_format_then_parse_gives_the_same_entries(catalogue: Catalogue) -> None:
    text = format_catalogue(catalogue.entries, "a header\nover two lines")
    assert text.startswith("# a header\n# over two lines\n")
    assert parse_catalogue(text).entries == catalogue.entries


def test_round_trip_through_a_file(catalogue: Catalogue, tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    entries = catalogue.level(5)
    path.write_text(format_catalogue(entries), encoding="utf-8")
    assert load_catalogue(path).entries == entries
    assert load_catalogue(str(path)).entries == entries


_ALL = load_catalogue().entries


@st.composite
def entry_lists(draw: st.DrawFn) -> list[Entry]:
    """A random subset of the catalogue, in random order, some entries without their card."""
    picked = draw(
        st.lists(st.sampled_from(_ALL), min_size=1, max_size=20, unique_by=lambda e: e.id)
    )
    carded = draw(st.lists(st.booleans(), min_size=len(picked), max_size=len(picked)))
    return [
        e if keep else Entry(e.id, e.level, e.task) for e, keep in zip(picked, carded, strict=True)
    ]


@SETTINGS
@given(entry_lists(), st.sampled_from(["", "generated tasks", "two\nlines"]))
def test_round_trip_property(entries: list[Entry], header: str) -> None:
    assert parse_catalogue(format_catalogue(entries, header)).entries == tuple(entries)


def test_round_trip_of_an_id_that_needs_escaping() -> None:
    """parse_catalogue accepts any non-empty id; format_catalogue must write it back readably."""
    text = '[[tasks]]\nid = \'say "hi" \\ there\'\nlevel = 2\ntask = "PB=2, TR>=1, TY>=3"\n'
    parsed = parse_catalogue(text)
    assert parsed.entries[0].id == 'say "hi" \\ there'
    assert parse_catalogue(format_catalogue(parsed.entries)).entries == parsed.entries


# --- errors -----------------------------------------------------------------------------------

GOOD = '[[tasks]]\nid = "L1-01"\nlevel = 1\ncard = 1\ntask = "PB>=4, PR>=3, TY>=2, PY>=1"\n'


def test_the_good_text_parses() -> None:
    entry = parse_catalogue(GOOD).entries[0]
    assert (entry.id, entry.level, entry.card, str(entry.task)) == ("L1-01", 1, 1, RULEBOOK_EXAMPLE)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[[tasks]\nid = 1\n", "not valid TOML"),
        ('title = "no tasks"\n', r"\[\[tasks\]\]"),
        ("tasks = []\n", r"\[\[tasks\]\]"),
        ('tasks = "PB>=1"\n', r"\[\[tasks\]\]"),
        ("tasks = [1, 2]\n", "not a table"),
        (GOOD.replace('id = "L1-01"\n', ""), "needs an id"),
        (GOOD.replace('id = "L1-01"', 'id = ""'), "needs an id"),
        (GOOD.replace('id = "L1-01"', "id = 5"), "needs an id"),
        (GOOD.replace("level = 1\n", ""), "level"),
        (GOOD.replace("level = 1", "level = 7"), "level"),
        (GOOD.replace("level = 1", "level = 0"), "level"),
        (GOOD.replace("level = 1", 'level = "1"'), "level"),
        (GOOD.replace("level = 1", "level = 1.0"), "level"),
        (GOOD.replace('task = "PB>=4, PR>=3, TY>=2, PY>=1"\n', ""), "task text"),
        (GOOD.replace('task = "PB>=4, PR>=3, TY>=2, PY>=1"', "task = 4"), "task text"),
        (GOOD.replace("card = 1", 'card = "one"'), "card"),
        (GOOD + GOOD, "repeats an id"),
    ],
)
def test_bad_catalogues_raise_monster_errors(text: str, words: str) -> None:
    with pytest.raises(MonsterError, match=words):
        parse_catalogue(text, "mine.toml")


def test_errors_name_the_source_and_the_task() -> None:
    with pytest.raises(MonsterError, match=r"'L1-01' of 'mine.toml'"):
        parse_catalogue(GOOD.replace("level = 1", "level = 7"), "mine.toml")
    with pytest.raises(MonsterError, match=r"task 2 of 'mine.toml'"):
        parse_catalogue(GOOD + "[[tasks]]\nlevel = 1\n", "mine.toml")


def test_a_boolean_is_not_a_level() -> None:
    """TOML ``true`` is a bool, which Python counts as the int 1; it is no level."""
    with pytest.raises(MonsterError, match="level"):
        parse_catalogue(GOOD.replace("level = 1", "level = true"))


def test_a_boolean_is_not_a_card() -> None:
    with pytest.raises(MonsterError, match="card"):
        parse_catalogue(GOOD.replace("card = 1", "card = true"))


def test_bad_task_text_is_a_notation_error_naming_the_id_and_column() -> None:
    text = GOOD.replace("PB>=4, PR>=3, TY>=2, PY>=1", "PB>=4, PX=2").replace("L1-01", "L2-03")
    with pytest.raises(NotationError) as caught:
        parse_catalogue(text, "mine.toml")
    assert isinstance(caught.value, MonsterError)
    assert "'L2-03'" in str(caught.value)
    assert "PX" in str(caught.value)
    assert caught.value.column == 8
    assert str(caught.value).endswith("at column 8")


def test_loading_a_missing_file_is_a_monster_error(tmp_path: Path) -> None:
    missing = tmp_path / "nothing-here.toml"
    with pytest.raises(MonsterError, match=r"nothing-here\.toml"):
        load_catalogue(missing)


def test_loading_a_directory_is_a_monster_error(tmp_path: Path) -> None:
    with pytest.raises(MonsterError):
        load_catalogue(tmp_path)


def test_loading_a_file_that_is_not_utf8_is_a_monster_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes(GOOD.replace("L1-01", "L1-\xe9").encode("latin-1"))
    with pytest.raises(MonsterError):
        load_catalogue(path)


def test_messages_quote_a_long_id_short(catalogue: Catalogue) -> None:
    with pytest.raises(MonsterError) as missing:
        catalogue.by_id("L1-" + "9" * 10_000)
    assert len(str(missing.value)) < 120 and "L1-999" in str(missing.value)
    long_id = GOOD.replace('id = "L1-01"', 'id = "' + "X" * 10_000 + '"')
    with pytest.raises(MonsterError, match="repeats an id") as repeated:
        parse_catalogue(long_id + long_id, "mine.toml")
    assert len(str(repeated.value)) < 120
