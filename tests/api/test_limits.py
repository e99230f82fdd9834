"""The solver gate: bounded lanes, answers in time, no thread past the pools.

The checks count (calls started, threads alive, places held) rather than time
answers; where a test must wait, it waits for an event with a wide margin.
"""

from __future__ import annotations

import asyncio
import functools
import multiprocessing
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from typing import Any, TypeVar

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.http.heavy import HEAVY_NICE
from api.http.limits import SolverGate
from api.http.problems import RequestTimeoutError
from api.http.settings import Settings
from api.services import manno as manno_service
from solver.deadline import Clock
from solver.errors import MonsterError, SolverTimeoutError
from solver.manno import hint as manno_hint
from solver.manno.kinds import GROUPS

T = TypeVar("T")
PATIENCE_S = 10.0
"""How long a test waits for something that should happen at once."""
LOOSE = ", ".join([", ".join(f"{g}>=0, {g}<=15" for g in GROUPS)] * 3)
"""True of every arrangement, with 66 comparisons: a long enumeration for the csp engine."""


class Blocker:
    """A solver call that waits until released, counting the calls that started."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.started = 0
        self._lock = threading.Lock()

    def __call__(self) -> str:
        with self._lock:
            self.started += 1
        self.release.wait(PATIENCE_S * 3)
        return "done"


def run(main: Callable[[], Coroutine[Any, Any, T]]) -> T:
    return asyncio.run(main())


async def until(ok: Callable[[], bool]) -> None:
    """Wait until ``ok()`` holds (failing after ``PATIENCE_S``)."""
    began = time.monotonic()
    while not ok():
        assert time.monotonic() - began < PATIENCE_S, "it did not happen"
        await asyncio.sleep(0.005)


@pytest.fixture
def gates() -> Iterator[Callable[..., SolverGate]]:
    """``gates(...)`` makes a ``SolverGate``; every one made is shut down afterwards."""
    made: list[SolverGate] = []

    def make(*args: Any, **kwargs: Any) -> SolverGate:
        made.append(SolverGate(*args, **kwargs))
        return made[-1]

    yield make
    for gate in made:
        gate.shutdown()


def test_a_full_lane_answers_at_once_without_running_the_call(
    gates: Callable[..., SolverGate],
) -> None:
    gate = gates(2, 60.0, queue=1)  # cheap lane: one thread, one place in the queue
    block = Blocker()
    ran: list[int] = []

    async def main() -> None:
        first = asyncio.create_task(gate.run(block))
        second = asyncio.create_task(gate.run(block))
        await until(lambda: block.started == 1 and gate.cheap.held == 2)
        began = time.monotonic()
        with pytest.raises(RequestTimeoutError, match="busy") as refused:
            await gate.run(lambda: ran.append(1))
        assert time.monotonic() - began < PATIENCE_S  # not after the 60 s
        assert refused.value.retry_after >= 1
        block.release.set()
        assert await first == await second == "done"

    run(main)
    assert ran == [] and block.started == 2
    assert gate.cheap.held == 0


def test_heavy_work_cannot_occupy_the_cheap_lane(gates: Callable[..., SolverGate]) -> None:
    gate = gates(4, 60.0, heavy_queue=1)  # heavy lane: one process, one place in the queue
    nap = functools.partial(time.sleep, 2.0)  # heavy work crosses to its process: it pickles

    async def main() -> None:
        heavy = [asyncio.create_task(gate.run(nap, heavy=True)) for _ in range(2)]
        await until(lambda: gate.heavy.held == 2)
        with pytest.raises(RequestTimeoutError, match="busy with heavy work"):
            await gate.run(nap, heavy=True)
        read: list[int] = []

        def reading() -> Callable[[], None]:
            read.append(1)
            return nap

        with pytest.raises(RequestTimeoutError, match="busy with heavy work"):
            await gate.run_read(reading, heavy=True)
        assert read == []  # refused before it was read
        answers = await asyncio.gather(*(gate.run(lambda: "cheap") for _ in range(20)))
        assert answers == ["cheap"] * 20
        assert gate.heavy.held == 2  # the cheap answers came while the heavy lane was full
        assert await asyncio.gather(*heavy) == [None, None]

    run(main)


def test_bad_input_for_heavy_work_gives_its_place_back(gates: Callable[..., SolverGate]) -> None:
    gate = gates(2, 60.0)

    def bad() -> Callable[[], None]:
        raise MonsterError("unknown group 'PX' at column 1")

    for _ in range(5):  # more than the heavy lane holds
        with pytest.raises(MonsterError, match="unknown group"):
            run(lambda: gate.run_read(bad, heavy=True))
    assert gate.heavy.held == 0


def test_heavy_work_runs_in_its_own_process_at_a_lower_priority(
    gates: Callable[..., SolverGate],
) -> None:
    gate = gates(2, 60.0)

    async def main() -> tuple[int, int]:
        pid = await gate.run(os.getpid, heavy=True)
        nice = await gate.run(functools.partial(os.nice, 0), heavy=True)
        return pid, nice

    pid, nice = run(main)
    assert pid != os.getpid()
    assert nice >= min(os.nice(0) + HEAVY_NICE, 19)


def test_a_heavy_call_past_its_time_is_killed(gates: Callable[..., SolverGate]) -> None:
    """A call that does not stop on its own (a sleep reads no clock) dies with its process."""
    gate = gates(2, 5.0)  # time enough for the process to start

    async def main() -> tuple[int, int]:
        first = await gate.run(os.getpid, heavy=True)
        with pytest.raises(RequestTimeoutError, match="more than 5 s"):
            await gate.run(functools.partial(time.sleep, 60.0), heavy=True)
        await until(lambda: gate.heavy.held == 0)  # the sleeper's place is free: it was killed
        return first, await gate.run(os.getpid, heavy=True)

    first, second = run(main)
    assert second != first  # a new process took over


def test_a_heavy_process_that_dies_is_replaced(gates: Callable[..., SolverGate]) -> None:
    gate = gates(2, 60.0)

    async def main() -> int:
        with pytest.raises(RequestTimeoutError, match="process ended") as died:
            await gate.run(functools.partial(os._exit, 1), heavy=True)
        assert died.value.retry_after >= 1
        return await gate.run(os.getpid, heavy=True)

    assert run(main) != os.getpid()


def test_heavy_work_runs_whatever_the_main_module() -> None:
    """A server started from a script on standard input still has its heavy lane."""
    script = (
        "import asyncio, os\n"
        "from api.http.limits import SolverGate\n"
        "gate = SolverGate(2, 60.0)\n"
        "pid = asyncio.run(gate.run(os.getpid, heavy=True))\n"
        "print(pid != os.getpid())\n"
        "gate.shutdown()\n"
    )
    done = subprocess.run(
        [sys.executable, "-"], input=script, capture_output=True, text=True, timeout=120
    )
    assert (done.returncode, done.stdout) == (0, "True\n"), done.stderr[-2000:]


def test_heavy_processes_end_with_their_server() -> None:
    """However the server ends (here at once, no clean-up), its heavy processes follow."""
    script = (
        "import asyncio, os\n"
        "from api.http.limits import SolverGate\n"
        "gate = SolverGate(2, 60.0)\n"
        "print(asyncio.run(gate.run(os.getpid, heavy=True)), flush=True)\n"
        "os._exit(0)\n"
    )
    done = subprocess.run(
        [sys.executable, "-"], input=script, capture_output=True, text=True, timeout=120
    )
    heavy = int(done.stdout)
    began = time.monotonic()
    while os.path.exists(f"/proc/{heavy}") and "Z" not in _state(heavy):
        assert time.monotonic() - began < PATIENCE_S, "the heavy process outlived its server"
        time.sleep(0.05)


def _state(pid: int) -> str:
    """A process's state letter from ``/proc`` (``Z``: ended, not yet reaped)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rpartition(")")[2].split()[0]
    except OSError:
        return "Z"


def test_a_heavy_error_crosses_back_in_words(gates: Callable[..., SolverGate]) -> None:
    gate = gates(2, 60.0)
    bad_level = functools.partial(manno_service.hint, "PB>=4", "0" * 15, 7)
    with pytest.raises(MonsterError, match="hint level must be 1, 2 or 3, not 7"):
        run(lambda: gate.run(bad_level, heavy=True))


def test_threads_never_exceed_the_cap_and_late_calls_never_run(
    gates: Callable[..., SolverGate],
) -> None:
    """Calls that outlive their time keep their thread; the calls queued behind never start."""
    before = threading.active_count()
    gate = gates(2, 0.05)
    block = Blocker()

    async def main() -> None:
        for _ in range(8):
            with pytest.raises(RequestTimeoutError):
                await gate.run(block)
        assert threading.active_count() - before <= 2
        block.release.set()
        await until(lambda: gate.cheap.held == 0)

    run(main)
    assert block.started == 1  # the other seven waited out their time in the queue


def test_a_call_sees_when_its_answer_is_due(gates: Callable[..., SolverGate]) -> None:
    gate = gates(2, 3.0)
    left = run(lambda: gate.run(lambda: Clock.start(100.0).left()))
    assert 0 < left <= 3.0


def test_a_solver_out_of_time_is_a_request_out_of_time(gates: Callable[..., SolverGate]) -> None:
    gate = gates(2, 30.0)

    def late() -> None:
        raise SolverTimeoutError("CP-SAT ran out of time looking for the fewest-flip solution")

    with pytest.raises(RequestTimeoutError, match="CP-SAT ran out of time") as late_error:
        run(lambda: gate.run(late))
    assert late_error.value.retry_after >= 1


def test_no_heavy_processes_is_one_lane(gates: Callable[..., SolverGate]) -> None:
    gate = gates(1, 1.0, heavy_processes=0)
    assert gate.heavy is gate.cheap and gate.cheap.size == 1
    assert run(lambda: gate.run(lambda: "one", heavy=True)) == "one"


# --- through the service --------------------------------------------------------------------


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings(request_seconds=30.0))) as test_client:
        yield test_client


def _is_out_of_time(response: Any) -> bool:
    return (
        response.status_code == 503
        and int(response.headers.get("retry-after", "0")) >= 1
        and response.json()["type"] == "/problems/solver-timeout"
    )


def test_csp_on_a_loose_task_is_refused_up_front(client: TestClient) -> None:
    before = set(multiprocessing.active_children())
    began = time.monotonic()
    response = client.post("/v1/manno/solve", json={"task": LOOSE, "engine": "csp"})
    assert _is_out_of_time(response), response.text
    assert "cpsat" in response.json()["detail"]
    assert time.monotonic() - began < PATIENCE_S  # not after the 30 s
    assert set(multiprocessing.active_children()) <= before  # refused before the heavy lane
    cpsat = client.post("/v1/manno/solve", json={"task": LOOSE, "engine": "cpsat"})
    assert cpsat.status_code == 200 and cpsat.json()["count"] == 32768


def test_grade_out_of_time_is_503_not_a_field(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def late(*args: object) -> None:
        raise SolverTimeoutError("table engine ran out of time on 'PB>=4'")

    monkeypatch.setattr(manno_service, "grade_task", late)
    response = client.post("/v1/manno/grade", json={"task": "PB>=4"})
    assert _is_out_of_time(response), response.text


def test_hint_out_of_time_is_503_not_a_field(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def late(*args: object) -> None:
        raise SolverTimeoutError("CP-SAT ran out of time looking for the fewest-flip solution")

    monkeypatch.setattr(manno_hint, "hint", late)  # the service loads it when first asked
    body = {"task": "PB>=4", "arrangement": "0" * 15, "level": 2}
    response = client.post("/v1/manno/hint", json=body)
    assert _is_out_of_time(response), response.text


def test_csp_work_takes_the_heavy_lane(client: TestClient) -> None:
    before = set(multiprocessing.active_children())
    response = client.post("/v1/manno/solve", json={"task": "PB=4, PR=4", "engine": "csp"})
    assert response.status_code == 200 and response.json()["count"] == 512
    assert set(multiprocessing.active_children()) - before  # the heavy lane's process


def test_pages_and_pictures_take_no_thread_outside_the_gate(client: TestClient) -> None:
    before = set(threading.enumerate())
    for path in ("/play", "/play/manno", "/play/static/play.js", "/v1/manno/render.svg?task=PB>=4"):
        assert client.get(path).status_code == 200, path
    others = [t.name for t in set(threading.enumerate()) - before]
    assert [name for name in others if not name.startswith("solver-")] == []


def test_a_game_is_played_while_every_solver_lane_is_full(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Reading, checking and applying moves never wait behind solver work: only hints do."""
    app = create_app(Settings(request_seconds=30.0))

    async def full(*args: object, **kwargs: object) -> None:
        raise RequestTimeoutError("the solver is busy", retry_after=1)

    with TestClient(app) as client:
        monkeypatch.setattr(app.state.gate, "run", full)
        monkeypatch.setattr(app.state.gate, "run_read", full)
        state = client.post("/v1/park/new", json={"players": 2, "seed": 3}).json()["state"]
        seen = client.post("/v1/park/view", json={"state": state, "seat": 0}).json()["view"]
        move = client.post("/v1/park/legal", json={"state": seen}).json()["moves"][0]
        answers = [
            client.post("/v1/park/validate", json={"state": seen, "move": move}),
            client.post("/v1/park/score", json={"state": seen}),
            client.post("/v1/park/apply", json={"state": state, "move": move}),
        ]
        assert [a.status_code for a in answers] == [200, 200, 200], answers[-1].text
        hint = client.post("/v1/park/hint", json={"state": seen})
        assert hint.status_code == 503 and hint.headers["retry-after"] == "1"
