"""Every test of the Ray backend (solver/backends.py), sharing one local Ray of two CPUs.

The same seeded units give the same results here as in this process and in a
process pool: a match, generated tasks, a catalogue slice checked, tasks graded
in a batch, compared as JSON (timings aside); on the command line too; and
Ctrl-C stops a run cleanly, its local Ray with it.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from solver.arena import play_match
from solver.backend import Backend
from solver.backends import ProcessBackend, open_backend
from solver.errors import NotationError
from solver.game import get_game
from solver.manno.task import parse_task
from solver.ray_backend import RayBackend
from tasks.batch import Request, grade_requests
from tasks.catalogue import load_catalogue
from tasks.generator import generate
from tasks.verify import summary, verify
from tests.api.conftest import Cli, cli  # noqa: F401  (the in-process command line)

LINEUP = ("greedy", "random")


@pytest.fixture(scope="module")
def ray_backend() -> Iterator[Backend]:
    """One local Ray for the whole file, started as a run starts it, shut down after."""
    with open_backend("ray", workers=2) as backend:
        yield backend


def _backends(ray_backend: Backend) -> list[Backend]:
    return [Backend(), ProcessBackend(2), ray_backend]


def _without_times(result: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in result.items() if not k.startswith("hint_ms")}


def test_a_local_ray_has_the_cpus_asked_for(
    long_run: subprocess.Popen[bytes], ray_backend: Backend
) -> None:
    assert isinstance(ray_backend, RayBackend)
    assert ray_backend.workers == 2 and not ray_backend.in_process


def test_a_match_is_the_same_on_every_backend(ray_backend: Backend) -> None:
    game = get_game("monstrolicious")
    results = []
    for backend in _backends(ray_backend):
        seen: list[int] = []
        match = play_match(game, LINEUP, 12, 3, progress=seen.append, backend=backend)
        assert sum(seen) == 12
        results.append(_without_times(match.to_json()))
    assert results[0] == results[1] == results[2]


def test_generated_tasks_are_the_same_on_every_backend(ray_backend: Backend) -> None:
    runs = [
        [g.to_json() for g in generate(2, 4, seed=3, backend=b)] for b in _backends(ray_backend)
    ]
    assert runs[0] == runs[1] == runs[2]
    again = [g.to_json() for g in generate(2, 4, seed=3, backend=ray_backend)]
    assert again == runs[0]  # the workers kept what they learnt of the stream


def test_a_catalogue_slice_checks_the_same_on_every_backend(ray_backend: Backend) -> None:
    entries = load_catalogue().entries[:2]
    ticks: list[None] = []
    on_ray = summary(verify(entries, lambda: ticks.append(None), backend=ray_backend))
    assert len(ticks) == len(entries)
    assert on_ray == summary(verify(entries))  # and the process pool's: tests/tasks


def test_a_grading_batch_answers_the_same_on_every_backend(ray_backend: Backend) -> None:
    texts = ["PB>=3", "PB>=4, PY=0, B>R", "PB>=3, PB<=2", "TY>=2, R=B"] * 3
    requests = [Request(n, t) for n, t in enumerate(texts, start=1)] + [Request(13, None, "bad")]
    answers = [list(grade_requests(requests, b)) for b in _backends(ray_backend)]
    assert answers[0] == answers[1] == answers[2]
    assert answers[2][2] == {"error": "task 'PB>=3, PB<=2' has no solution", "line": 3}


def test_a_unit_s_error_reaches_the_caller_as_raised(ray_backend: Backend) -> None:
    with pytest.raises(NotationError, match="unknown group 'x'") as caught:
        list(ray_backend.map(parse_task, ["PB>=3", "PB>=x"]))
    assert "Traceback" not in str(caught.value) and "ray" not in str(caught.value).lower()


# --- the command line --------------------------------------------------------------------------

MONSTERS = str(Path(sys.executable).with_name("monsters"))
PLAY = ["monstrolicious", "play", "--players", "greedy,random", "--seed", "5", "--json"]


def test_play_prints_the_same_on_ray(cli: Cli, ray_backend: Backend) -> None:  # noqa: F811
    code, alone, _ = cli([*PLAY, "--games", "10"])
    assert code == 0
    code, on_ray, err = cli([*PLAY, "--games", "10", "--backend", "ray"])
    assert code == 0 and err == ""
    assert _without_times(json.loads(on_ray)) == _without_times(json.loads(alone))


def test_grade_batch_answers_the_same_on_ray(cli: Cli, ray_backend: Backend) -> None:  # noqa: F811
    lines = ['{"task": "PB>=3"}', "not json", '{"task": "PB>=3, PB<=2"}', "", '{"task": "TY>=2"}']
    stdin = "\n".join(lines * 3) + "\n"
    code, alone, _ = cli(["manno", "grade", "--batch"], stdin)
    assert code == 2  # a bad line was answered
    code, on_ray, err = cli(["manno", "grade", "--batch", "--backend", "ray"], stdin)
    assert code == 2 and err == ""
    assert on_ray == alone and len(alone.splitlines()) == 12


def _processes() -> dict[int, tuple[int, str]]:
    """Every process: its parent and command line."""
    table = {}
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                stat = Path(entry.path, "stat").read_text()
                args = Path(entry.path, "cmdline").read_bytes().replace(b"\0", b" ")
            except OSError:
                continue
            table[int(entry.name)] = (int(stat.rpartition(")")[2].split()[1]), args.decode())
    return table


def _tree(root: int) -> dict[int, str]:
    """The processes below ``root``, with their command lines."""
    table, found, todo = _processes(), {}, [root]
    while todo:
        parent = todo.pop()
        for pid, (ppid, args) in table.items():
            if ppid == parent and pid not in found:
                found[pid] = args
                todo.append(pid)
    return found


def _alive(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie waiting for its reaper does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return False


@pytest.fixture(scope="module")
def long_run() -> Iterator[subprocess.Popen[bytes]]:
    """A long ``play`` on a local Ray of its own, started first so that its Ray and the
    file's start side by side; the Ctrl-C test stops it."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    run = subprocess.Popen(
        [MONSTERS, *PLAY, "--games", "100000", "--backend", "ray", "--workers", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        start_new_session=True,  # its own process group, as a shell's foreground job
        preexec_fn=lambda: os.nice(10),  # it yields the CPUs to the tests beside it
    )
    yield run
    if run.poll() is None:
        os.killpg(run.pid, signal.SIGKILL)
        run.wait()


def test_ctrl_c_stops_a_ray_run_and_its_local_ray(long_run: subprocess.Popen[bytes]) -> None:
    run = long_run
    seen: dict[int, str] = {}
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and not any("ray::_apply" in a for a in seen.values()):
        seen.update(_tree(run.pid))
        time.sleep(0.2)
    assert any("ray::_apply" in a for a in seen.values()), "no Ray task ever ran"
    assert any("raylet" in a for a in seen.values())
    os.killpg(run.pid, signal.SIGINT)  # Ctrl-C reaches the whole foreground group
    try:
        out, err = run.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(run.pid, signal.SIGKILL)
        raise
    assert run.returncode == 130, err[-3000:]
    assert out == b"" and b"Traceback" not in err
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and (
        left := [p for p in seen if Path(f"/proc/{p}").exists()]
    ):
        time.sleep(0.2)
    assert left == [], [seen[p][:80] for p in left]


def test_a_run_joins_a_cluster_by_its_address(ray_backend: Backend) -> None:
    import ray

    address = ray.get_runtime_context().gcs_address
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}  # the token stays
    joined = subprocess.run(
        [MONSTERS, *PLAY, "--games", "6", "--backend", "ray", "--ray-address", address],
        capture_output=True,
        timeout=120,
        env=env,
    )
    assert joined.returncode == 0 and joined.stderr == b"", joined.stderr[-500:]
    alone = play_match(get_game("monstrolicious"), LINEUP, 6, 5).to_json()
    assert _without_times(json.loads(joined.stdout)) == _without_times(alone)
