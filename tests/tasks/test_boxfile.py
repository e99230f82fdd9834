"""Reading a typed-in box (tasks/boxfile.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from solver.errors import MonsterError, NotationError
from solver.files import MAX_FILE_BYTES
from solver.manno.task import parse_task
from tasks.boxfile import MAX_TASKS, BoxEntry, is_catalogue, parse_box, read_tasks
from tasks.catalogue import Entry

EXAMPLE = Path(__file__).parents[2] / "docs" / "examples" / "my-box.txt"

BOX = """\ufeff# my box, as typed in
L4-07 4: PB>=4, PY=0, B>R
  3: pr = 2 ; ty >= 1     # trailing comment
\t
PB>=2, TY<=3\r
card.12_b: B=P
12 6: B>Y, PY=0
"""


def test_ids_levels_comments_and_blank_lines() -> None:
    assert parse_box(BOX, "box.txt") == (
        BoxEntry("L4-07", 4, parse_task("PB>=4, PY=0, B>R"), 2),
        BoxEntry("3", 3, parse_task("PR=2, TY>=1"), 3),
        BoxEntry("5", None, parse_task("PB>=2, TY<=3"), 5),
        BoxEntry("card.12_b", None, parse_task("B=P"), 6),
        BoxEntry("12", 6, parse_task("B>Y, PY=0"), 7),
    )


@pytest.mark.parametrize(
    ("line", "message", "column"),
    [
        ("L1-01 1: PB>=4, PX=1", "unknown group 'PX'", 17),
        ("  PB>=4,, TY>", "comparison '>' has nothing on its right", 14),
        ("L1-01 7: PB>=4", "level 7 is not a level: levels run from 1 to 6", 7),
        ("L1-01 x: PB>=4", "level 'x' is not a number from 1 to 6", 7),
        ("a b c: PB>=4", "expected [ID] [LEVEL] before ':', found 'a b c'", 5),
        ("L1/01 1: PB>=4", "id 'L1/01' may hold letters, digits and - _ . only", 1),
        ("L1-01 2:   # nothing typed", "no task after ':'", 9),
        (
            "L1-01 4 PB>=4",
            "unexpected '-' in task 'L1-01 4 PB>=4' (an id or level ends with ':')",
            3,
        ),
        ("PB>=4 TY>=1", "expected a comparison (>= <= = > <), found 'TY'", 7),
    ],
)
def test_a_bad_line_names_its_number_and_column(line: str, message: str, column: int) -> None:
    with pytest.raises(NotationError) as raised:
        parse_box(f"# first\n\n{line}\nPB>=1\n", "box.txt")
    err = raised.value
    assert err.message.startswith("line 3 of 'box.txt': ") and message in err.message
    assert err.column == column and str(err).endswith(f" at column {column}")


def test_a_repeated_id_names_the_line_it_repeats() -> None:
    with pytest.raises(NotationError) as raised:
        parse_box("A-1 1: PB>=1\nPB>=2\n  A-1: PB>=3\n")
    assert str(raised.value) == "line 3 of '<text>': id 'A-1' repeats line 1 at column 3"
    with pytest.raises(NotationError) as raised:
        parse_box("2 5: PB>=1\nPB>=2\n")  # the second line's id is its number
    assert str(raised.value) == "line 2 of '<text>': id '2' repeats line 1 at column 1"


def test_no_task_at_all_is_refused() -> None:
    with pytest.raises(NotationError, match=r"'empty.txt' holds no task: write one per line"):
        parse_box("# nothing here\n\n", "empty.txt")


def test_a_file_of_too_many_tasks_is_refused_before_reading_on() -> None:
    text = "PB>=1\n" * MAX_TASKS
    assert len(parse_box(text)) == MAX_TASKS
    with pytest.raises(MonsterError) as raised:
        parse_box(text + "# still fine\nPB>=2\n" + "this is never read\n" * 3, "big.txt")
    assert str(raised.value) == (
        "'big.txt' holds more than 1,000 tasks (line 1002 is task 1,001): "
        "split it into smaller files"
    )


def test_a_file_over_the_size_limit_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    path.write_text("# " + "x" * MAX_FILE_BYTES + "\nPB>=1\n", encoding="utf-8")
    with pytest.raises(MonsterError, match=r"task file .* is larger than 1,000,000 bytes"):
        read_tasks(path)


def test_the_format_is_decided_by_what_the_file_holds(tmp_path: Path) -> None:
    toml = tmp_path / "box.txt"  # catalogue TOML, whatever its name
    toml.write_text('# mine\n\n[[tasks]]\nid = "A"\nlevel = 2\ntask = "PB=2"\n', "utf-8")
    read = read_tasks(toml)
    assert read.box is False and read.entries == (Entry("A", 2, parse_task("PB=2")),)
    text = tmp_path / "box.toml"  # a typed-in box, whatever its name
    text.write_text("A 2: PB=2  # not [TOML]\n", "utf-8")
    read = read_tasks(text)
    assert read.box is True and read.entries == (BoxEntry("A", 2, parse_task("PB=2"), 1),)
    assert is_catalogue("  [[tasks]]") and not is_catalogue("PB>=1\n# [[tasks]]")


def test_the_example_box_reads() -> None:
    read = read_tasks(EXAMPLE)
    assert read.box is True and len(read.entries) >= 6
    levels = {e.level for e in read.entries if isinstance(e, BoxEntry)}
    assert None in levels and levels - {None} == {1, 2, 3, 4, 5, 6}
