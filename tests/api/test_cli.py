"""The ``monsters`` command line: the contract's JSON, tables, and one-line errors."""

from __future__ import annotations

import io
import json
import os
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from api.cli.errors import Exit, one_line_errors
from api.cli.manno import run_batch
from solver.errors import MonsterError
from solver.manno.tokens import standard_tokens

Cli = Callable[..., tuple[int, str, str]]
CONTRACT_KEYS = {"task", "solvable", "count", "flips", "arrangement", "flip", "conflict"}
ZERO = "0" * 15


def test_solve_json_is_exactly_the_contract(cli: Cli) -> None:
    code, out, _ = cli(["manno", "solve", "pb>=4; py=0, b>r", "--from", ZERO, "--json"])
    assert code == 0
    data = json.loads(out)
    assert set(data) == CONTRACT_KEYS
    assert data == {
        "task": "PB>=4, PY=0, B>R",
        "solvable": True,
        "count": 222,
        "flips": 1,
        "arrangement": "000000000000001",
        "flip": [15],
        "conflict": [],
    }


def test_unsolvable_json_names_the_clash(cli: Cli) -> None:
    code, out, _ = cli(["manno", "solve", "PB=5, TB=5, R>=1", "--json"])
    assert code == 0
    data = json.loads(out)
    assert data["solvable"] is False and data["count"] == 0
    assert data["flips"] is None and data["arrangement"] is None and data["flip"] == []
    assert data["conflict"] == ["PB=5", "TB=5"]


@pytest.mark.parametrize("engine", ["cpsat", "table", "csp"])
def test_every_engine_prints_the_same_answer(engine: str, cli: Cli) -> None:
    args = ["manno", "solve", "B=R=5, PY=0, Y>P", "--from", "000000000000001", "--json"]
    _, reference, _ = cli(args)
    code, out, _ = cli([*args, "--engine", engine])
    assert code == 0 and json.loads(out) == json.loads(reference)
    assert json.loads(out)["flips"] == 7


def test_solve_table_shows_solution_and_turns(cli: Cli) -> None:
    code, out, _ = cli(["manno", "solve", "PB>=4, PY=0, B>R"])
    assert code == 0
    assert "222 of 32,768" in out and "000000000000001" in out and "15: ● PY → ▮ TY" in out


def test_batch_answers_every_line_in_order(cli: Cli) -> None:
    lines = [
        {"task": "PB>=4, PY=0, B>R"},
        {"task": "PB=5, TB=5", "from": "1" * 15},
        {"task": "B=R=5, PY=0, Y>P", "from": "000000000000001"},
    ]
    stdin = "".join(json.dumps(line) + "\n" for line in lines)
    code, out, _ = cli(["manno", "solve", "--batch"], stdin)
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert [a["task"] for a in answers] == [line["task"] for line in lines]
    assert [a["flips"] for a in answers] == [1, None, 7]
    assert all(set(a) == CONTRACT_KEYS for a in answers)


def test_batch_reports_bad_lines_and_goes_on() -> None:
    stdin = io.StringIO(
        '{"task": "PB>=1"}\nnot json\n{"task": "PX>1"}\n{"from": "0"}\n{"task": "PB>=1"}\n'
    )
    out = io.StringIO()
    assert run_batch(stdin, out, "cpsat", standard_tokens()) is True
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(answers) == 5
    assert answers[0]["flips"] == 0 and answers[4]["flips"] == 0
    assert answers[1]["line"] == 2 and answers[1]["error"].startswith("not JSON")
    assert answers[2] == {
        "error": "unknown group 'PX' (groups are PB TB PR TR PY TY B R Y P T) at column 1",
        "line": 3,
    }
    assert "task" in answers[3]["error"]


def test_validate_json_reports_each_condition(cli: Cli) -> None:
    code, out, _ = cli(["manno", "validate", "PB>=4, PY=0, B>R", ZERO, "--json"])
    data = json.loads(out)
    assert code == 0 and data["ok"] is False
    assert [(c["condition"], c["ok"]) for c in data["conditions"]] == [
        ("PB>=4", True),
        ("PY=0", False),
        ("B>R", True),
    ]
    assert data["conditions"][2]["counts"] == {"B": 9, "R": 5}


def test_validate_table_marks_conditions(cli: Cli) -> None:
    code, out, _ = cli(["manno", "validate", "PB>=4, PY=0", "000000000000001"])
    assert code == 0 and "no plump yellow" in out and "solved" in out and "✗" not in out


def test_hint_level_three_gives_a_flip(cli: Cli) -> None:
    code, out, _ = cli(["manno", "hint", "PB>=4, PY=0, B>R", ZERO, "--level", "3", "--json"])
    data = json.loads(out)
    assert code == 0
    assert data["flip"] == 15 and data["before"] == "PY" and data["after"] == "TY"
    assert data["flips_left"] == 1 and data["solved"] is False and data["level"] == 3


def test_show_draws_every_token(cli: Cli) -> None:
    code, out, _ = cli(["manno", "show", "101010101010101"])
    assert code == 0 and "TY" in out and "B 5  R 5  Y 5  P 6  T 9" in out
    code, out, _ = cli(["manno", "show", "101010101010101", "--json"])
    data = json.loads(out)
    assert data["up"][:3] == ["TB", "PB", "TR"] and data["counts"]["T"] == 9


def test_custom_token_set(tmp_path: Path, cli: Cli) -> None:
    path = tmp_path / "three.toml"
    path.write_text('tokens = [["PB", "TB"], ["PB", "PR"], ["PR", "TY"]]\n', encoding="utf-8")
    code, out, _ = cli(["manno", "solve", "PB=0, TY>=1", "--tokens", str(path), "--json"])
    data = json.loads(out)
    assert code == 0 and data["arrangement"] == "111" and data["count"] == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["manno", "solve", "PB>=4, PX=2"], "unknown group 'PX'"),
        (["manno", "solve", "PB>=4", "--from", "01x"], "bad side 'x'"),
        (["manno", "solve", "PB>=4", "--engine", "foo"], "unknown engine 'foo'"),
        (["manno", "solve"], "missing TASK"),
        (["manno", "solve", "PB>=4", "--batch"], "either TASK or --batch"),
        (["manno", "validate", "PB>=4", "0101"], "has 4 tokens"),
        (["manno", "hint", "PB>=4", ZERO, "--level", "5"], "--level"),
        (["manno", "frob"], "No such command"),
        (["manno", "solve", "PB>=4", "--tokens", "/no/such.toml"], "cannot read token set"),
    ],
)
def test_bad_input_is_one_line_and_exit_two(args: list[str], message: str, cli: Cli) -> None:
    code, out, err = cli(args)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and message in err
    assert "Traceback" not in err


# through the real console script: hostile input never stops a batch nor prints a traceback

MONSTERS = str(Path(sys.executable).with_name("monsters"))
GOOD = b'{"task": "PB>=4, PY=0, B>R"}\n'


def monsters(args: list[str], stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    """``monsters ARGS`` as a separate process, as a shell runs it."""
    return subprocess.run([MONSTERS, *args], input=stdin, capture_output=True, timeout=300)


def test_a_bad_batch_line_never_stops_the_batch() -> None:
    lines = [
        GOOD,
        b"[" * 1000 + b"]" * 1000 + b"\n",  # nested far deeper than any request
        GOOD,
        b"\xff\xfe\x00 binary \x80junk\n",  # not UTF-8
        GOOD,
        b'{"task": "' + b"PB>=1, " * 150_000 + b'"}\n',  # a line of about 1 MB
        GOOD,
        b'{"task": "PB>=1", "from": 7}\n',
        b'{"task": "PB>=1", "colour": "red"}\n',
        b'["PB>=1"]\n',
        b'{"task": "PB>=1", "from": "' + b"0" * 100_000 + b'"}\r\n',
        b'{"task": "PB>=1", "from": 1' + b"0" * 5000 + b"}\n",  # past Python's digit limit
        GOOD.rstrip(),  # the last line needs no newline
    ]
    done = monsters(["manno", "solve", "--batch"], b"".join(lines))
    assert done.returncode == 2 and done.stderr == b""
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == len(lines)
    for number, (line, answer) in enumerate(zip(lines, answers, strict=True), start=1):
        if line.strip() == GOOD.strip():
            assert answer["flip"] == [15] and set(answer) == CONTRACT_KEYS
        else:
            assert set(answer) == {"error", "line"} and answer["line"] == number
            assert len(answer["error"]) < 200, answer
    errors = [a.get("error", "") for a in answers]
    assert "nested deeper than 64 levels" in errors[1]
    assert "not UTF-8" in errors[3]
    assert "longer than" in errors[5]
    assert errors[7] == '"from" must be a string of 0 and 1'
    assert "'colour'" in errors[8]
    assert "object" in errors[9]
    assert "longer than" in errors[10]
    assert "a number with too many digits" in errors[11]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["manno", "solve", "PB>=" + "9" * 50_000], "longer than 2,000 characters"),
        (["manno", "solve", "PB>=4, " * 5_000], "longer than 2,000 characters"),
        (["manno", "solve", "PB>=\udcff"], "unexpected"),
        (["manno", "grade", "PB>=\u0664"], "is not a digit"),
        (["manno", "solve", "PB>=1", "--from", "0" * 200], "more than 15 tokens"),
        (["manno", "deal", "--levels", "\u0661,\u0664"], "--levels"),
        (["manno", "solve", "PB>=1", "--tokens", "/"], "cannot read token set"),
        (["manno", "verify", "/dev/zero"], "larger than 1,000,000 bytes"),
        (["manno", "show", "0" * 15, "--tokens", "/etc/hostname"], "not valid TOML"),
        (["manno", "hint", "PB>=1", ZERO, "--level", "1e3"], "--level"),
        (["manno", "hint", "PB>=1", ZERO, "--level", "\u0663"], "--level must be a whole number"),
        (["park", "hint", "-", "--budget-ms", "nan"], "--budget-ms must be a number"),
        (["manno", "generate", "--level", "2", "--count", "0"], "--count must be from 1 to"),
        (["manno", "show", ZERO, "--jso"], "unrecognized arguments: --jso"),
    ],
)
def test_hostile_arguments_are_one_line_and_exit_two(args: list[str], message: str) -> None:
    done = monsters(args)
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2 and done.stdout == b""
    assert err.startswith("error: ") and err.count("\n") == 1 and message in err
    assert "Traceback" not in err and len(err) < 300


@pytest.mark.parametrize(
    "args", [["manno", "render", "PB>=4", ZERO, "--svg"], ["manno", "stats", "--svg"]]
)
def test_svg_files_are_replaced_only_with_force(cli: Cli, tmp_path: Path, args: list[str]) -> None:
    target = tmp_path / "picture.svg"
    target.write_text("<svg>mine</svg>", encoding="utf-8")
    code, out, err = cli([*args, str(target)])
    assert (code, out) == (
        2,
        "",
    ) and err == f"error: {str(target)!r} exists: give --force to replace it\n"
    assert target.read_text(encoding="utf-8") == "<svg>mine</svg>"
    code, _, _ = cli([*args, str(target), "--force"])
    assert (
        code == 0
        and target.read_text(encoding="utf-8").startswith("<svg")
        and "mine" not in target.read_text(encoding="utf-8")
    )
    assert [p.name for p in tmp_path.iterdir()] == ["picture.svg"]


def _symlink(path: Path) -> None:
    (path.parent / "kept.toml").write_text("mine")
    path.symlink_to(path.parent / "kept.toml")


def _hard_link(path: Path) -> None:
    (path.parent / "kept.toml").write_text("mine")
    path.hardlink_to(path.parent / "kept.toml")


def _socket(path: Path) -> None:
    listening = socket.socket(socket.AF_UNIX)
    listening.bind(str(path))  # the socket file stays after the socket closes
    listening.close()


NOT_REGULAR = {
    "symlink": (_symlink, "it is a symbolic link"),
    "fifo": (os.mkfifo, "it is a named pipe"),
    "directory": (os.mkdir, "it is a directory"),
    "hard link": (_hard_link, "it has other names (hard links)"),
    "socket": (_socket, "it is a socket"),
}


@pytest.mark.parametrize("kind", NOT_REGULAR)
def test_force_replaces_only_a_regular_file(cli: Cli, tmp_path: Path, kind: str) -> None:
    make, reason = NOT_REGULAR[kind]
    target = tmp_path / "out.toml"
    make(target)
    before = sorted((p.name, p.lstat().st_mode, p.lstat().st_ino) for p in tmp_path.iterdir())
    args = ["manno", "generate", "--level", "1", "--count", "1", "--out", str(target)]
    code, out, err = cli([*args, "--force"])
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"error: cannot write {str(target)!r}: {reason}")
    after = sorted((p.name, p.lstat().st_mode, p.lstat().st_ino) for p in tmp_path.iterdir())
    assert after == before  # nothing written, renamed or left behind
    if (tmp_path / "kept.toml").exists():
        assert (tmp_path / "kept.toml").read_text() == "mine"


def test_an_error_message_is_always_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    @one_line_errors
    def command() -> None:
        raise MonsterError("token set 'x.toml' is not valid TOML:\nExpected '=' (at line 1)\n")

    with pytest.raises(Exit) as exited:
        command()
    assert exited.value.code == 2
    assert capsys.readouterr().err == (
        "error: token set 'x.toml' is not valid TOML: Expected '=' (at line 1)\n"
    )


@pytest.mark.parametrize(
    ("args", "stdin"),
    [(["manno", "solve", "PB>=1", "--json"], b""), (["manno", "solve", "--batch"], GOOD * 3)],
)
def test_a_full_standard_output_is_one_line(args: list[str], stdin: bytes) -> None:
    with Path("/dev/full").open("wb") as full:
        done = subprocess.run(
            [MONSTERS, *args], input=stdin, stdout=full, stderr=subprocess.PIPE, timeout=300
        )
    assert done.returncode == 2
    assert done.stderr == b"error: cannot write to standard output: No space left on device\n"


def test_a_reader_that_leaves_ends_the_batch_quietly() -> None:
    reader = subprocess.Popen(["head", "-n", "1"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert reader.stdin is not None
    done = subprocess.run(
        [MONSTERS, "manno", "solve", "--batch"],
        input=GOOD * 2000,
        stdout=reader.stdin,
        stderr=subprocess.PIPE,
        timeout=300,
    )
    reader.stdin.close()
    assert reader.stdout is not None and reader.wait(timeout=60) == 0
    assert json.loads(reader.stdout.read())["flip"] == [15]
    assert done.returncode == 1 and done.stderr == b""


def test_a_key_given_twice_is_refused_in_a_batch_line_and_a_file(cli: Cli, tmp_path: Path) -> None:
    """Python's json keeps the last value: the batch line would have solved PB>=99."""
    code, out, _ = cli(["manno", "solve", "--batch"], '{"task": "PB>=4", "task": "PB>=99"}\n')
    [answer] = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and answer == {
        "error": "task: the key 'task' appears more than once",
        "line": 1,
    }
    state = tmp_path / "state.json"
    code, out, _ = cli(["park", "new", "--players", "2", "--seed", "1"])
    new = json.loads(out)
    key = next(iter(new))
    state.write_text(json.dumps(new)[:-1] + f', "{key}": {json.dumps(new[key])}}}')
    code, out, err = cli(["park", "view", str(state), "--seat", "0"])
    assert code == 2 and out == "" and err.count("\n") == 1
    assert f"the key '{key}' appears more than once" in err


WIDE = {
    "a byte order mark": (b"\xef\xbb\xbf", "utf-8", "byte order mark"),
    "UTF-16": (b"", "utf-16", "not UTF-8"),
    "UTF-16 without a mark": (b"", "utf-16-le", "not UTF-8"),
    "UTF-32": (b"", "utf-32", "not UTF-8"),
}


@pytest.mark.parametrize("kind", WIDE)
def test_json_with_a_byte_order_mark_or_in_utf_16_or_32_is_refused(
    cli: Cli, tmp_path: Path, kind: str
) -> None:
    """The same rule as the HTTP bodies' (tests/api/test_http.py): UTF-8, no mark."""
    mark, encoding, message = WIDE[kind]
    code, out, _ = cli(["park", "new", "--players", "2", "--seed", "1"])
    state = tmp_path / "state.json"
    state.write_bytes(mark + json.dumps(json.loads(out)).encode(encoding))
    code, out, err = cli(["park", "view", str(state), "--seat", "0"])
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err
    line = mark + '{"task": "PB>=4"}'.encode(encoding) + b"\n"
    done = monsters(["manno", "solve", "--batch"], line)
    [answer] = [json.loads(text) for text in done.stdout.splitlines()]
    assert done.returncode == 2 and message in answer["error"]
