"""``--workers``, ``--backend`` and ``--ray-address`` on the batch commands, and
``manno grade --batch`` (api/cli/backend.py). The Ray runs themselves are in
tests/solver/test_ray_backend.py, beside one shared local Ray."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.api.conftest import Cli

PLAY = ["monstrolicious", "play", "--players", "greedy,random", "--games", "6", "--json"]
GENERATE = ["manno", "generate", "--level", "3", "--count", "3", "--seed", "2", "--json"]
BOX = "L1-01 1: PB>=4, PR>=3, TY>=2, PY>=1\nL2-01 2: PB=2, TR>=1, TY>=3\nX 3: PB>=3, PB<=2\n"
RAY_COMMANDS = [
    PLAY,
    GENERATE,
    ["manno", "verify", "--json"],
    ["manno", "grade", "--batch"],
]


def _without_times(out: str) -> dict[str, object]:
    return {k: v for k, v in json.loads(out).items() if not k.startswith("hint_ms")}


@pytest.mark.parametrize("args", RAY_COMMANDS, ids=lambda a: a[1])
def test_ray_not_installed_is_one_line_and_exit_2(
    args: list[str], cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    code, out, err = cli([*args, "--backend", "ray"], '{"task": "PB>=3"}\n')
    assert (code, out) == (2, "")
    assert err == (
        "error: --backend ray needs Ray, which is not installed: pip install monster-solver[ray]\n"
    )


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--backend", "dask"], "unknown backend 'dask' (choose from local, process, ray)"),
        (["--backend", "local", "--workers", "2"], "the local backend runs in this one process"),
        (["--ray-address", "10.0.0.1:6379"], "--ray-address needs --backend ray"),
    ],
)
def test_a_backend_that_cannot_be_is_one_line(extra: list[str], message: str, cli: Cli) -> None:
    for args in (PLAY, GENERATE):
        code, out, err = cli([*args, *extra])
        assert (code, out) == (2, "")
        assert err.count("\n") == 1 and err.startswith("error: ") and message in err


def test_play_is_the_same_on_every_backend(cli: Cli) -> None:
    runs = [cli([*PLAY, *extra]) for extra in ([], ["--workers", "2"], ["--backend", "process"])]
    assert all(code == 0 for code, _, _ in runs)
    assert len({json.dumps(_without_times(out)) for _, out, _ in runs}) == 1


def test_generate_is_the_same_on_a_process_backend(cli: Cli) -> None:
    code, alone, _ = cli(GENERATE)
    code2, pooled, _ = cli([*GENERATE, "--backend", "process", "--workers", "2"])
    assert code == code2 == 0 and pooled == alone


def test_verify_is_the_same_on_a_process_backend(cli: Cli, tmp_path: Path) -> None:
    box = tmp_path / "box.txt"
    box.write_text(BOX)
    code, alone, _ = cli(["manno", "verify", str(box), "--json"])
    code2, pooled, _ = cli(["manno", "verify", str(box), "--json", "--workers", "2"])
    assert code == code2 == 1  # the clash is unsolvable
    assert pooled == alone and len(json.loads(alone)["tasks"]) == 3


def test_grade_batch_answers_each_line_in_order(cli: Cli) -> None:
    stdin = '{"task": "PB>=3"}\n\n{"task": "PB>=4, PY=0, B>R"}\n'
    code, out, err = cli(["manno", "grade", "--batch"], stdin)
    assert (code, err) == (0, "")
    answers = [json.loads(line) for line in out.splitlines()]
    _, single, _ = cli(["manno", "grade", "PB>=4, PY=0, B>R", "--json"])
    assert len(answers) == 2 and answers[1] == json.loads(single)
    assert answers[0]["task"] == "PB>=3" and answers[0]["level"] == 1


def test_grade_batch_answers_a_bad_line_and_goes_on(cli: Cli) -> None:
    lines = [
        "not json",
        '{"task": "PB>=3", "from": "0"}',
        '{"task": "PB>=3, PB<=2"}',
        '["PB>=3"]',
        "x" * 20_000,
        '{"task": "TY>=2"}',
    ]
    code, out, err = cli(["manno", "grade", "--batch", "--workers", "2"], "\n".join(lines))
    assert (code, err) == (2, "")
    answers = [json.loads(line) for line in out.splitlines()]
    assert [a.get("line") for a in answers] == [1, 2, 3, 4, 5, None]
    assert answers[0]["error"].startswith("not JSON")
    assert answers[1]["error"] == "unknown field 'from': a line holds \"task\""
    assert answers[2]["error"] == "task 'PB>=3, PB<=2' has no solution"
    assert answers[3]["error"] == 'each line must be an object with a "task" string'
    assert "longer than" in answers[4]["error"]
    assert answers[5]["task"] == "TY>=2"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["manno", "grade", "PB>=3", "--batch"], "either TASK or --batch"),
        (["manno", "grade"], "missing TASK (or use --batch)"),
    ],
)
def test_grade_takes_a_task_or_a_batch(args: list[str], message: str, cli: Cli) -> None:
    code, out, err = cli(args)
    assert (code, out) == (2, "") and message in err and err.count("\n") == 1
