"""``monsters manno grade | generate | verify | deal`` on the command line."""

from __future__ import annotations

import errno
import json
import os
import resource
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tasks.catalogue import load_catalogue
from tasks.styles import STYLES, fits

Cli = Callable[..., tuple[int, str, str]]


def test_grade_json(cli: Cli) -> None:
    code, out, _ = cli(["manno", "grade", "pb>=4; pr>=3; ty>=2; py>=1", "--json"])
    data = json.loads(out)
    assert code == 0 and set(data) == {"task", "level", "steps", "why", "metrics"}
    assert data["task"] == "PB>=4, PR>=3, TY>=2, PY>=1" and data["level"] == 1
    assert data["metrics"]["count"] == 1314 and data["metrics"]["from_zero"] == 2
    assert data["steps"] == [{"step": "count", "label": "reading a single kind count", "count": 4}]
    assert data["why"] == "level 1: needs only reading single kind counts (at least 4 plump blue)"


def test_grade_table_and_unsolvable(cli: Cli) -> None:
    code, out, _ = cli(["manno", "grade", "B=R=5, PY=0, Y>P"])
    assert code == 0 and "level 6" in out and "effort" in out
    assert "comparing yellow with plump" in out and "shared x" in out  # why, and the steps
    code, out, err = cli(["manno", "grade", "PB>=6"])
    assert code == 2 and out == "" and err == "error: task 'PB>=6' has no solution\n"


def test_generate_json_and_out_file(cli: Cli, tmp_path: Path) -> None:
    target = tmp_path / "level3.toml"
    args = ["manno", "generate", "--level", "3", "--count", "4", "--seed", "5", "--json"]
    code, out, _ = cli([*args, "--out", str(target)])
    tasks = json.loads(out)["tasks"]
    assert code == 0 and len(tasks) == 4
    keys = {"task", "level", "steps", "why", "metrics"}
    assert all(t["level"] == 3 and set(t) == keys for t in tasks)
    written = load_catalogue(target)
    assert [str(e.task) for e in written.entries] == [t["task"] for t in tasks]
    assert [e.id for e in written.entries] == ["L3-01", "L3-02", "L3-03", "L3-04"]
    assert all(fits(e.task, STYLES[3]) for e in written.entries)
    code, again, _ = cli(args)
    assert again == out  # same seed, same output


def test_generate_rejects_bad_options(cli: Cli) -> None:
    code, _, err = cli(["manno", "generate", "--level", "7", "--count", "1"])
    assert code == 2 and err.startswith("error: ") and "--level" in err
    code, _, err = cli(["manno", "generate", "--level", "2", "--out", "/no/such/dir/x.toml"])
    assert code == 2 and "cannot write" in err


def test_verify_builtin_catalogue(cli: Cli) -> None:
    code, out, _ = cli(["manno", "verify", "--json"])
    data = json.loads(out)
    assert code == 0 and data["all_solvable"] is True and data["engines_agree"] is True
    assert len(data["tasks"]) == 108
    assert {"id", "level", "task", "solvable", "count", "agree"} <= set(data["tasks"][0])
    code, out, _ = cli(["manno", "verify"])
    assert code == 0 and "108 tasks: all solvable, engines agree" in out


def test_verify_fails_on_an_unsolvable_task(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(
        '[[tasks]]\nid = "A"\nlevel = 1\ntask = "PB>=4"\n\n'
        '[[tasks]]\nid = "B"\nlevel = 2\ntask = "PB=5, TB=5"\n',
        encoding="utf-8",
    )
    code, out, _ = cli(["manno", "verify", str(path), "--json"])
    data = json.loads(out)
    assert code == 1 and data["all_solvable"] is False and data["engines_agree"] is True
    assert [t["solvable"] for t in data["tasks"]] == [True, False]


def test_verify_bad_file_is_one_line(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('[[tasks]]\nid = "A"\nlevel = 1\ntask = "PB>=4, PX=1"\n', encoding="utf-8")
    code, out, err = cli(["manno", "verify", str(path)])
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "task 'A'" in err and "column 8" in err


def test_deal_piles(cli: Cli) -> None:
    code, out, _ = cli(["manno", "deal", "--levels", "1,4", "--seed", "3", "--json"])
    piles = json.loads(out)["piles"]
    assert code == 0 and [p["level"] for p in piles] == [1, 4]
    assert all(len(p["rounds"]) == 9 for p in piles)
    cards = [{r["card"] for r in p["rounds"]} for p in piles]
    assert not cards[0] & cards[1]
    code, _, err = cli(["manno", "deal", "--levels", "1,x"])
    assert code == 2 and "--levels" in err


GENERATE = ["manno", "generate", "--level", "2", "--count", "3", "--seed", "4"]


def test_generate_never_overwrites_without_force(cli: Cli, tmp_path: Path) -> None:
    target = tmp_path / "mine.toml"
    target.write_text("# my own catalogue\n", encoding="utf-8")
    code, out, err = cli([*GENERATE, "--out", str(target)])
    assert (code, out) == (
        2,
        "",
    ) and err == f"error: {str(target)!r} exists: give --force to replace it\n"
    assert target.read_text(encoding="utf-8") == "# my own catalogue\n"
    code, _, _ = cli([*GENERATE, "--out", str(target), "--force"])
    assert code == 0 and len(load_catalogue(target).entries) == 3


OPEN = os.fdopen


class FullDisk:
    """A file whose writes stop part-way, as on a full disk."""

    def __init__(self, handle: int, mode: str) -> None:
        self.stream = OPEN(handle, mode)

    def __enter__(self) -> FullDisk:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stream.close()

    def fileno(self) -> int:
        return self.stream.fileno()

    def write(self, data: bytes) -> int:
        self.stream.write(data[:256])
        self.stream.flush()
        raise OSError(errno.ENOSPC, "No space left on device")

    def flush(self) -> None:
        self.stream.flush()


def test_a_write_that_fails_part_way_leaves_the_old_file(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "catalogue.toml"
    code, _, _ = cli([*GENERATE, "--count", "8", "--out", str(target)])
    before = target.read_bytes()
    assert code == 0 and len(before) > 256
    monkeypatch.setattr("api.cli.terminal.os.fdopen", FullDisk)
    code, out, err = cli([*GENERATE, "--seed", "5", "--out", str(target), "--force"])
    assert (code, out) == (2, "")
    assert err == f"error: cannot write {str(target)!r}: No space left on device\n"
    assert target.read_bytes() == before and load_catalogue(target).entries
    assert [p.name for p in tmp_path.iterdir()] == ["catalogue.toml"]  # no temporary file left


def _small_files() -> None:
    """In the child process: files stop growing at 100 bytes, and a write past that fails."""
    resource.setrlimit(resource.RLIMIT_FSIZE, (100, 100))
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def test_a_real_write_cut_short_leaves_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "catalogue.toml"
    old = b"# the catalogue as it was\n" * 20
    target.write_bytes(old)
    monsters = str(Path(sys.executable).with_name("monsters"))
    done = subprocess.run(
        [monsters, *GENERATE, "--out", str(target), "--force"],
        capture_output=True,
        timeout=300,
        preexec_fn=_small_files,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},  # no cut-short bytecode files
    )
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr == f"error: cannot write {str(target)!r}: File too large\n".encode()
    assert target.read_bytes() == old
    assert [p.name for p in tmp_path.iterdir()] == ["catalogue.toml"]


def test_an_output_that_will_be_refused_is_refused_before_the_work(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_work(*args: object, **kwargs: object) -> None:
        raise AssertionError("tasks were generated for a file that cannot be written")

    monkeypatch.setattr("api.cli.manno_tasks.generate_tasks", no_work)
    target = tmp_path / "mine.toml"
    target.write_text("# mine\n", encoding="utf-8")
    code, _, err = cli([*GENERATE, "--out", str(target)])
    assert code == 2 and err == f"error: {str(target)!r} exists: give --force to replace it\n"
    code, _, err = cli([*GENERATE, "--out", str(tmp_path), "--force"])
    assert code == 2 and err == f"error: cannot write {str(tmp_path)!r}: it is a directory\n"
