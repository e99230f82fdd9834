"""The backends batch work runs on (solver/backends.py), here and in a process pool.

The Ray backend's tests share one local Ray in tests/solver/test_ray_backend.py.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from solver import ray_backend
from solver.backend import Backend, BackendError
from solver.backends import ProcessBackend, open_backend, pool
from solver.errors import NotationError
from solver.ray_backend import RAY_MISSING

ROOT = Path(__file__).resolve().parents[2]


def _slow_square(x: int) -> int:
    time.sleep(0.3 if x == 0 else 0.0)  # the first unit finishes last
    return x * x


def _refuse(x: int) -> int:
    if x == 3:
        raise NotationError(f"bad unit {x}")
    return x


@pytest.mark.parametrize("backend", [Backend(), ProcessBackend(2)], ids=["local", "process"])
def test_results_come_in_the_units_order(backend: Backend) -> None:
    done: list[int] = []
    assert list(backend.map(_slow_square, range(6), done.append)) == [0, 1, 4, 9, 16, 25]
    assert sorted(done) == list(range(6))


def test_a_unit_is_reported_done_as_it_finishes_not_in_order() -> None:
    events: list[str] = []
    results = ProcessBackend(2).map(_slow_square, range(4), lambda u: events.append(f"done {u}"))
    for result in results:
        events.append(f"result {result}")
    assert events.index("done 1") < events.index("done 0") < events.index("result 0")


@pytest.mark.parametrize("backend", [Backend(), ProcessBackend(2)], ids=["local", "process"])
def test_units_are_read_lazily_and_the_rest_dropped(backend: Backend) -> None:
    read: list[int] = []

    def units() -> Iterator[int]:
        for unit in itertools.count():
            read.append(unit)
            yield unit

    results = backend.map(abs, units(), ahead=2)
    assert list(itertools.islice(results, 5)) == [0, 1, 2, 3, 4]
    results.close()
    assert len(read) <= 5 + 2 * backend.workers


@pytest.mark.parametrize("backend", [Backend(), ProcessBackend(2)], ids=["local", "process"])
def test_a_unit_s_error_reaches_the_caller_as_raised(backend: Backend) -> None:
    with pytest.raises(NotationError, match="bad unit 3"):
        list(backend.map(_refuse, range(8)))


def test_open_backend_picks_by_name_and_workers() -> None:
    with open_backend() as plain:
        assert plain.name == "local" and plain.in_process
    with open_backend(None, 3) as three:
        assert isinstance(three, ProcessBackend) and three.workers == 3
    with open_backend("process") as every:
        assert every.workers == (os.cpu_count() or 1)
    assert pool(1).in_process and pool(4).workers == 4


def test_open_backend_refuses_what_it_cannot_do() -> None:
    with pytest.raises(BackendError, match="unknown backend 'dask'"), open_backend("dask"):
        pass
    with pytest.raises(BackendError, match="drop --workers"), open_backend("local", 2):
        pass


def test_ray_not_installed_is_one_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    with pytest.raises(BackendError) as caught, open_backend("ray"):
        pass
    assert str(caught.value) == RAY_MISSING
    assert "pip install monster-solver[ray]" in RAY_MISSING
    assert ray_backend.ADDRESS_VARIABLE == "RAY_ADDRESS"


def test_the_default_path_never_imports_ray() -> None:
    script = (
        "import sys\n"
        "from solver.arena import play_match\n"
        "from solver.game import get_game\n"
        "from tasks.generator import generate\n"
        "from tasks.verify import verify\n"
        "from tasks.batch import Request, grade_requests\n"
        "from tasks.catalogue import load_catalogue\n"
        "play_match(get_game('monstrolicious'), ('greedy', 'random'), 4, 0, workers=2)\n"
        "generate(2, 2, seed=1, workers=2)\n"
        "verify(load_catalogue().entries[:2])\n"
        "list(grade_requests([Request(1, 'PB>=3')]))\n"
        "print('ray' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"


def test_a_stopped_process_run_ends_its_workers() -> None:
    def stop(unit: int) -> None:
        raise KeyboardInterrupt  # Ctrl-C while a unit is reported

    before = set(multiprocessing.active_children())
    with pytest.raises(KeyboardInterrupt):
        list(ProcessBackend(2).map(_slow_square, range(100), stop))
    until = time.monotonic() + 10  # a busy machine ends a stopped process late, not never
    while set(multiprocessing.active_children()) - before and time.monotonic() < until:
        time.sleep(0.1)
    assert set(multiprocessing.active_children()) - before == set()
