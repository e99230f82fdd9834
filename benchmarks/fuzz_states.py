"""Fuzzed states at scale: many more mutated states per game than ``make test`` sends.

Run::

    .venv/bin/python -m benchmarks.fuzz_states [--examples 20000] [--game park]
        [--schemathesis 400] [--json]

Runs the fuzzed-state tests of ``tests/api/test_fuzz_states.py`` (hypothesis and
the seeded generator) with ``MONSTERS_FUZZ_EXAMPLES`` raised: every mutated
state or view through every read path must be answered or refused with a
``NotationError`` naming its JSON path. Then schemathesis over the whole OpenAPI
(``tests/api/test_fuzz.py``, every check) with ``MONSTERS_SCHEMATHESIS_EXAMPLES``
per operation: no server error, no answer outside the schema. Reports whether
each held, how many requests were sent and how long it took.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from typing import Any

from benchmarks.common import emit, environment, require
from solver.game import GAMES

TESTS = "tests/api/test_fuzz_states.py"
SCHEMA_TEST = "tests/api/test_fuzz.py"


def _pytest(args: list[str], env: dict[str, str]) -> tuple[bool, str, float]:
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", *args],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=False,
    )
    return done.returncode == 0, done.stdout, time.perf_counter() - start


def run(game: str, examples: int) -> dict[str, Any]:
    """One game's fuzz run: mutated states (both generators), seconds, passed."""
    env = {"MONSTERS_FUZZ_EXAMPLES": str(examples)}
    passed, out, seconds = _pytest([TESTS, "-k", f"refused_clearly and {game}"], env)
    return {
        "game": game,
        "examples": 2 * examples,
        "seconds": round(seconds, 1),
        "passed": passed,
        "output": [] if passed else out.strip().splitlines()[-1:],
    }


def run_schema(examples: int) -> dict[str, Any]:
    """Schemathesis over every operation: requests sent, seconds, passed."""
    env = {"MONSTERS_SCHEMATHESIS_EXAMPLES": str(examples)}
    passed, out, seconds = _pytest([SCHEMA_TEST], env)
    sent = re.search(r"schemathesis: (\d+) cases over (\d+) operations", out)
    return {
        "game": "schemathesis",
        "examples": int(sent.group(1)) if sent else 0,
        "operations": int(sent.group(2)) if sent else 0,
        "seconds": round(seconds, 1),
        "passed": passed and sent is not None,
        "output": [] if passed else out.strip().splitlines()[-1:],
    }


def _report(result: dict[str, Any]) -> str:
    lines = [f"{'what':<16}{'sent':>8}{'seconds':>9}  held"]
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
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="Only these games.")
    parser.add_argument(
        "--schemathesis", type=int, default=400, help="Schemathesis examples per operation."
    )
    parser.add_argument("--json", action="store_true", help="Print JSON.")
    args = parser.parse_args(argv)
    rows = [run(game, args.examples) for game in args.game or sorted(GAMES)]
    rows.append(run_schema(args.schemathesis))
    emit({"games": rows, "environment": environment()}, args.json, _report)
    require(all(row["passed"] for row in rows), "a fuzzed request was not answered clearly")


if __name__ == "__main__":
    main()
