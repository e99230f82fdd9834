"""Checking a box you own: ``monsters manno verify BOX.txt`` and ``monsters manno render``."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.text import Text

from api.render.manno import picture
from solver.errors import quoted
from solver.manno.task import parse_task
from tasks.boxfile import MAX_TASKS, BoxEntry, read_tasks
from tasks.grader import grade

Cli = Callable[..., tuple[int, str, str]]

EXAMPLE = Path(__file__).parents[2] / "docs" / "examples" / "my-box.txt"
ZERO = "0" * 15


def test_verify_the_example_box(cli: Cli) -> None:
    code, out, err = cli(["manno", "verify", str(EXAMPLE), "--json"])
    assert (code, err) == (0, "")
    data = json.loads(out)
    entries = read_tasks(EXAMPLE).entries
    assert all(isinstance(e, BoxEntry) for e in entries)
    assert set(data) == {"tasks", "all_solvable", "engines_agree", "levels_within_one"}
    assert data["all_solvable"] and data["engines_agree"] and data["levels_within_one"]
    assert [row["id"] for row in data["tasks"]] == [e.id for e in entries]
    assert [row["level"] for row in data["tasks"]] == [e.level for e in entries]
    for row, entry in zip(data["tasks"], entries, strict=True):
        assert set(row) == {
            *("id", "level", "task", "solvable", "count", "flips", "agree"),
            *("graded", "within_one"),
        }
        assert row["task"] == str(entry.task) and row["solvable"] and row["agree"]
        assert row["graded"] == grade(entry.task).level
        printed = entry.level
        assert row["within_one"] == (None if printed is None else abs(row["graded"] - printed) <= 1)
    assert [row["id"] for row in data["tasks"] if row["level"] is None] == ["17"]
    code, out, _ = cli(["manno", "verify", str(EXAMPLE)])
    assert code == 0 and "graded" in out and "flips from 0" not in out
    assert f"{len(entries)} tasks: all solvable, engines agree, printed levels within one" in out


def test_a_printed_level_the_grader_misses_fails(cli: Cli, tmp_path: Path) -> None:
    box = tmp_path / "box.txt"
    box.write_text("far 6: PB>=1\nnear 1: PB>=1, TY>=1\nPB>=2\n", encoding="utf-8")
    code, out, _ = cli(["manno", "verify", str(box), "--json"])
    data = json.loads(out)
    assert code == 1 and data["all_solvable"] and data["engines_agree"]
    assert data["levels_within_one"] is False
    rows = {row["id"]: row for row in data["tasks"]}
    assert rows["far"]["graded"] == grade(parse_task("PB>=1")).level <= 4
    assert rows["far"]["within_one"] is False and rows["near"]["within_one"] is True
    assert rows["3"]["level"] is None and rows["3"]["within_one"] is None
    code, out, _ = cli(["manno", "verify", str(box)])
    assert code == 1
    assert "3 tasks: PROBLEMS FOUND: 1 graded more than one level from the printed one" in out


def test_an_unsolvable_box_task_is_not_graded(cli: Cli, tmp_path: Path) -> None:
    box = tmp_path / "box.txt"
    box.write_text("A 2: PB=5, TB=5\n", encoding="utf-8")
    code, out, _ = cli(["manno", "verify", str(box), "--json"])
    [row] = json.loads(out)["tasks"]
    assert code == 1 and (row["solvable"], row["graded"], row["within_one"]) == (False, None, None)
    code, out, _ = cli(["manno", "verify", str(box)])
    assert code == 1 and "1 tasks: PROBLEMS FOUND: 1 unsolvable" in out


def test_a_bad_line_is_one_error_line_with_line_and_column(cli: Cli, tmp_path: Path) -> None:
    box = tmp_path / "box.txt"
    box.write_text("# my box\nL1-01 1: PB>=4\nL1-02 1: PB>=4, PX=1\n", encoding="utf-8")
    code, out, err = cli(["manno", "verify", str(box)])
    assert (code, out) == (2, "")
    assert err == (
        f"error: line 3 of {quoted(str(box))}: unknown group 'PX' "
        "(groups are PB TB PR TR PY TY B R Y P T) at column 17\n"
    )


def test_a_box_of_too_many_tasks_is_refused(cli: Cli, tmp_path: Path) -> None:
    box = tmp_path / "box.txt"
    box.write_text("PB>=1\n" * (MAX_TASKS + 1), encoding="utf-8")
    code, out, err = cli(["manno", "verify", str(box)])
    assert (code, out) == (2, "")
    assert err == (
        f"error: {quoted(str(box))} holds more than 1,000 tasks (line 1001 is task 1,001): "
        "split it into smaller files\n"
    )


def test_a_catalogue_file_is_still_read_as_one(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "mine.txt"  # TOML, whatever the name says
    path.write_text('[[tasks]]\nid = "A"\nlevel = 6\ntask = "PB>=1"\n', encoding="utf-8")
    code, out, _ = cli(["manno", "verify", str(path), "--json"])
    data = json.loads(out)
    assert code == 0 and set(data) == {"tasks", "all_solvable", "engines_agree"}
    assert "graded" not in data["tasks"][0] and data["tasks"][0]["level"] == 6


# render: the card in the terminal


CARD = "PB>=4, PY=0, B>R, PB=PR=TY, T<=6, R=3, PR<TR, TY>=12"


def test_render_text_draws_the_card(cli: Cli) -> None:
    code, out, err = cli(["manno", "render", CARD.lower(), "--text"])
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].strip() == f"task {CARD}"
    rows = [line.strip("│ ").split(" │ ") for line in lines if line.startswith("│")]
    assert [[cell.strip() for cell in row] for row in rows] == [
        ["● ● ● ● PB", "at least 4 plump blue"],
        ["● PY ✗ none", "no plump yellow"],
        ["✱ B > ✱ R", "more blue than red"],
        ["● PB = ● PR = ▮ TY", "as many plump blue as plump red as thin yellow"],
        ["▮ T ≤ 6x", "at most 6 thin"],
        ["✱ R = 3x", "exactly 3 red"],
        ["● PR < ▮ TR", "fewer plump red than thin red"],
        ["▮ TY ≥ 12x", "at least 12 thin yellow"],
    ]


def test_render_text_with_tokens_marks_each_row(cli: Cli) -> None:
    code, out, _ = cli(["manno", "render", "PB>=4, PY=0", ZERO, "--text"])
    assert code == 0
    rows = [line for line in out.splitlines() if line.startswith("│ ●")]
    assert "✓" in rows[0] and "PB 5" in rows[0] and "✗" in rows[1] and "PY 1" in rows[1]
    assert "arrangement" in out and ZERO in out and "B 9  R 5  Y 1  P 9  T 6" in out


def test_render_on_a_terminal_draws_the_card_and_redirected_writes_svg(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, drawn, _ = cli(["manno", "render", CARD, "--text"])
    code, svg, _ = cli(["manno", "render", CARD])
    assert code == 0 and svg == picture(parse_task(CARD), None)  # redirected: as before
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    code, shown, _ = cli(["manno", "render", CARD])
    assert code == 0 and Text.from_ansi(shown).plain == drawn


def test_render_svg_file_and_json_as_before(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "card.svg"
    code, stdout, _ = cli(["manno", "render", "PB>=4", "--svg", str(out), "--json"])
    assert code == 0 and json.loads(stdout) == {
        "task": "PB>=4",
        "arrangement": None,
        "svg": str(out),
        "bytes": out.stat().st_size,
    }
    code, stdout, _ = cli(["manno", "render", "PB>=4", "--svg", str(out), "--force", "--text"])
    unwrapped = stdout.replace("\n", "")  # the console wraps a long path at its width
    assert code == 0 and "● ● ● ● PB" in stdout and f"wrote {out}" in unwrapped
    code, stdout, err = cli(["manno", "render", "PB>=4", "--text", "--json"])
    assert (code, stdout, err) == (2, "", "error: give --text or --json, not both\n")
