"""Generated tasks ready to serve: ``generate(level, POOL_SIZE, POOL_SEED)`` kept as data.

The generator's output for a count is the start of its output for any larger
count, so a request for seed ``POOL_SEED`` and up to ``POOL_SIZE`` tasks is a
slice of the pool, answered at once and identical to generating it. Build the
pool with ``python -m tasks.pool``; a test checks it against the generator.

>>> served(3, 2, POOL_SEED) == [g.to_json() for g in generate(3, 2, POOL_SEED)]
True
>>> served(3, 2, seed=1) is None
True
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from pathlib import Path
from typing import Any

from tasks.generator import generate
from tasks.styles import LEVELS

POOL_SEED = 0
"""The seed the pool was generated with."""
POOL_SIZE = 100
"""Tasks kept per level."""


def served(level: int, count: int, seed: int) -> list[dict[str, Any]] | None:
    """``generate(level, count, seed)`` as JSON, from the pool, if the pool holds it."""
    if seed != POOL_SEED or count > POOL_SIZE:
        return None
    return _pool()[str(level)][:count]


@functools.cache
def _pool() -> dict[str, list[dict[str, Any]]]:
    text = resources.files("tasks").joinpath("data/pool.json").read_text("utf-8")
    pool: dict[str, list[dict[str, Any]]] = json.loads(text)
    return pool


def build(workers: int = 2) -> dict[str, list[dict[str, Any]]]:
    """``generate(level, POOL_SIZE, POOL_SEED)`` for every level, as JSON."""
    return {
        str(level): [g.to_json() for g in generate(level, POOL_SIZE, POOL_SEED, workers)]
        for level in LEVELS
    }


if __name__ == "__main__":
    target = Path(__file__).parent / "data" / "pool.json"
    target.write_text(json.dumps(build(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {target}")
