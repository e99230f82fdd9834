"""A pool whose workers can be killed (solver/workers.py), by public means only."""

from __future__ import annotations

import multiprocessing
import os
import time
from concurrent.futures.process import BrokenProcessPool

import pytest

from solver.workers import Workers

SEEN = "MONSTERS_TEST_WORKER"


def _mark(value: str) -> None:
    os.environ[SEEN] = value


def _seen(_: object) -> str | None:
    return os.environ.get(SEEN)


def _pid(_: object) -> int:
    return os.getpid()


def _sleep(seconds: float) -> None:
    time.sleep(seconds)


def test_the_pool_s_own_initializer_runs_in_each_worker() -> None:
    with Workers(2, initializer=_mark, initargs=("started",)) as pool:
        assert list(pool.map(_seen, range(4))) == ["started"] * 4


@pytest.mark.parametrize("method", ["fork", "forkserver"])
def test_killed_workers_end_and_their_calls_fail(method: str) -> None:
    pool = Workers(2, multiprocessing.get_context(method))
    try:
        workers = {pool.submit(_pid, n).result() for n in range(2)}
        stuck = pool.submit(_sleep, 600)
        pool.kill_workers()
        with pytest.raises(BrokenProcessPool):
            stuck.result(timeout=60)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
    until = time.monotonic() + 10  # a busy machine ends a killed process late, not never
    while workers & {p.pid for p in multiprocessing.active_children()}:
        assert time.monotonic() < until, "a killed worker still runs"
        time.sleep(0.1)


def test_only_the_pool_s_own_workers_are_killed() -> None:
    other = multiprocessing.get_context("fork").Process(target=_sleep, args=(600,))
    other.start()
    try:
        with Workers(1) as pool:
            pool.submit(_pid, 0).result()
            pool.kill_workers()
        assert other.is_alive()
    finally:
        other.kill()
        other.join()
