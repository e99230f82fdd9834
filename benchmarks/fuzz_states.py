"""Fuzzed states at scale: many more mutated states per game than ``make test`` sends.

Run::

    .venv/bin/python -m benchmarks.fuzz_states [--examples 20000] [--game park] [--json]

Runs ``tests/api/test_fuzz_states.py::test_mutated_states_are_refused_clearly``
with ``MONSTERS_FUZZ_EXAMPLES`` raised: every mutated state or view through every
read path must be answered or refused with a ``NotationError`` naming its JSON
path. Reports, per game, whether it held and how long it took.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from typing import Any

from benchmarks.common import emit, environment, require

TEST = "tests/api/test_fuzz_states.py::test_mutated_states_are_refused_clearly"
GAMES = ("monstrolicious", "park", "vbm")


def run(game: str, examples: int) -> dict[str, Any]:
    """One game's fuzz run: examples, seconds, passed."""
    env = {**os.environ, "MONSTERS_FUZZ_EXAMPLES": str(examples)}
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"{TEST}[{game}]"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    seconds = time.perf_counter() - start
    return {
        "game": game,
        "examples": examples,
        "seconds": round(seconds, 1),
        "passed": done.returncode == 0,
        "output": done.stdout.strip().splitlines()[-1:] if done.returncode else [],
    }


def _report(result: dict[str, Any]) -> str:
    lines = [f"{'game':<16}{'states':>8}{'seconds':>9}  held"]
    for row in result["games"]:
        lines.append(
            f"{row['game']:<16}{row['examples']:>8}{row['seconds']:>9}  "
            f"{'yes' if row['passed'] else 'NO: ' + ' '.join(row['output'])}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=20_000, help="Mutated states per game.")
    parser.add_argument("--game", action="append", choices=GAMES, help="Only these games.")
    parser.add_argument("--json", action="store_true", help="Print JSON.")
    args = parser.parse_args(argv)
    rows = [run(game, args.examples) for game in args.game or GAMES]
    emit({"games": rows, "environment": environment()}, args.json, _report)
    require(all(row["passed"] for row in rows), "a fuzzed state was not refused clearly")


if __name__ == "__main__":
    main()
