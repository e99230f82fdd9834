"""``monsters manno grade | generate | verify | deal`` on the command line."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from tasks.catalogue import load_catalogue
from tasks.styles import STYLES, fits

Cli = Callable[..., tuple[int, str, str]]


def test_grade_json(cli: Cli) -> None:
    code, out, _ = cli(["manno", "grade", "pb>=4; pr>=3; ty>=2; py>=1", "--json"])
    data = json.loads(out)
    assert code == 0 and set(data) == {"task", "level", "metrics"}
    assert data["task"] == "PB>=4, PR>=3, TY>=2, PY>=1" and data["level"] == 1
    assert data["metrics"]["count"] == 1314 and data["metrics"]["from_zero"] == 2


def test_grade_table_and_unsolvable(cli: Cli) -> None:
    code, out, _ = cli(["manno", "grade", "B=R=5, PY=0, Y>P"])
    assert code == 0 and "level" in out and "effort" in out
    code, out, err = cli(["manno", "grade", "PB>=6"])
    assert code == 2 and out == "" and err == "error: task 'PB>=6' has no solution\n"


def test_generate_json_and_out_file(cli: Cli, tmp_path: Path) -> None:
    target = tmp_path / "level3.toml"
    args = ["manno", "generate", "--level", "3", "--count", "4", "--seed", "5", "--json"]
    code, out, _ = cli([*args, "--out", str(target)])
    tasks = json.loads(out)["tasks"]
    assert code == 0 and len(tasks) == 4
    assert all(t["level"] == 3 and set(t) == {"task", "level", "metrics"} for t in tasks)
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
