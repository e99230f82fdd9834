"""The ready pool is exactly the generator's output for its seed."""

from __future__ import annotations

import pytest

from tasks.generator import generate
from tasks.pool import POOL_SEED, POOL_SIZE, served
from tasks.styles import LEVELS


@pytest.mark.parametrize("level", LEVELS)
def test_pool_is_the_generator_output(level: int) -> None:
    pool = served(level, POOL_SIZE, POOL_SEED)
    assert pool is not None and len(pool) == POOL_SIZE
    assert pool[:20] == [g.to_json() for g in generate(level, 20, POOL_SEED)]
    assert {t["level"] for t in pool} == {level}
    assert len({t["task"] for t in pool}) == POOL_SIZE


def test_pool_serves_only_its_seed_and_size() -> None:
    assert served(1, POOL_SIZE + 1, POOL_SEED) is None
    assert served(1, 1, POOL_SEED + 1) is None
    assert served(1, 3, POOL_SEED) == served(1, 10, POOL_SEED)[:3]  # type: ignore[index]
