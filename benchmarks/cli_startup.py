"""Whole-process time of ``monsters`` commands, start-up included, beside bare baselines.

Run::

    .venv/bin/python -m benchmarks.cli_startup [--runs 15] [--warmups 2] [--before DIR] [--json]

Each command runs as a fresh process, as a user's shell runs it, its output read
through a pipe; the figure is the median wall time over ``--runs`` runs after
``--warmups`` unrecorded ones (beside it the fastest run, and the median CPU time,
user and system, which a busy machine inflates less than wall time). Commands
take turns within each round, so a busy moment on a shared machine falls on all
of them alike. The inputs are real and seeded: each game's state from ``new``
with a fixed seed and a move it offers (its first legal move), written to a
temporary folder first; every run's exit code and output are checked.

Three baselines run in the same rounds: ``python -c pass`` (the interpreter and
this environment's ``site``); ``import argparse``, the floor of the command line
(it reads its arguments with the standard library's argparse, ``api/cli/spec.py``);
and ``from ortools.sat.python import cp_model``, the floor of any command that
solves with CP-SAT (``manno solve``). ``--before DIR`` runs every ``monsters``
command a second time in the same rounds with the packages of ``DIR`` (a copy of an
earlier checkout) first on ``PYTHONPATH``, so a change is measured before and after
alike. Bytecode is compiled once, in the warm-ups, into a temporary folder
(``PYTHONPYCACHEPREFIX``), as an installed package has it.

Goals: ``--help``, Manno's ``validate``, ``show`` and ``render`` and each game's
``validate``, ``score``, ``render`` and ``view`` in at most 120 ms; ``manno solve``
in at most 1.3 times the CP-SAT import of the same rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from benchmarks.common import emit, environment, monsters, require

TASK = "PB>=4, PY=0, B>R"
ARRANGEMENT = "000000000000001"
SEED = 7
LIGHT_MS = 120.0
SOLVE_TIMES = 1.3
"""``manno solve``'s goal: this many times the median of ``CP_SAT``."""
CP_SAT = "import cp_model"


@dataclass(frozen=True)
class Case:
    """One command line to time, what it must answer, and its goal (None: a baseline)."""

    name: str
    argv: list[str]
    goal_ms: float | None
    expect: str
    """Text its standard output must hold."""
    relative_to: str | None = None
    """A baseline: the goal is then ``goal_ms`` times that baseline's median."""
    pythonpath: str | None = None
    """Where the packages come from, first (``--before``); None: this checkout."""


def game_inputs(folder: Path) -> dict[str, tuple[Path, Path]]:
    """Each game's seeded new state and its first legal move, as JSON files in ``folder``."""
    from solver.game import GAMES, get_game

    written = {}
    for name in GAMES:
        game = get_game(name)
        state = game.new(game.default_players, SEED, None)
        move = state.legal_moves()[0]
        state_file, move_file = folder / f"{name}.json", folder / f"{name}.move.json"
        state_file.write_text(json.dumps(state.to_json()), encoding="utf-8")
        move_file.write_text(json.dumps(game.move_to_json(move)), encoding="utf-8")
        written[name] = (state_file, move_file)
    return written


def cases(folder: Path, before: str | None = None) -> list[Case]:
    """Every command timed, baselines first; with ``before``, each ``monsters`` command
    again with the packages of that folder, beside it."""
    python = sys.executable
    listed = [
        Case("python -c pass", [python, "-c", "pass"], None, ""),
        Case("import argparse", [python, "-c", "import argparse"], None, ""),
        Case(CP_SAT, [python, "-c", "from ortools.sat.python import cp_model"], None, ""),
        Case("monsters --help", monsters("--help"), LIGHT_MS, "manno"),
        Case(
            "manno validate",
            monsters("manno", "validate", TASK, ARRANGEMENT),
            LIGHT_MS,
            "solved",
        ),
        Case("manno show", monsters("manno", "show", ARRANGEMENT), LIGHT_MS, "arrangement"),
        Case("manno render", monsters("manno", "render", TASK, ARRANGEMENT), LIGHT_MS, "<svg"),
        Case(
            "manno solve",
            monsters("manno", "solve", TASK),
            SOLVE_TIMES,
            "fewest flips",
            relative_to=CP_SAT,
        ),
    ]
    for name, (state, move) in game_inputs(folder).items():
        listed += [
            Case(
                f"{name} validate",
                monsters(name, "validate", str(state), str(move)),
                LIGHT_MS,
                "legal",
            ),
            Case(f"{name} score", monsters(name, "score", str(state)), LIGHT_MS, "total"),
            Case(f"{name} render", monsters(name, "render", str(state)), LIGHT_MS, "<svg"),
            Case(f"{name} view", monsters(name, "view", str(state), "--seat", "0"), LIGHT_MS, "{"),
        ]
    if before is None:
        return listed
    twins = [
        replace(case, name=f"{case.name} (before)", goal_ms=None, pythonpath=before)
        for case in listed
        if case.argv[0] == monsters()[0]
    ]
    return [*listed, *twins]


def bytecode_cached(folder: Path) -> dict[str, str]:
    """The environment the commands run in: this one, with compiled bytecode kept in
    ``folder`` (as an installed package keeps it beside its sources), so the warm-ups
    compile and the timed runs start as a user's do, whether or not this environment
    says not to write bytecode, and nothing is written into the checkout."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(folder)
    return env


def _children_cpu() -> float:
    """CPU seconds (user and system) of every finished child process so far."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run_once(case: Case, env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU milliseconds of one whole run of ``case``, checked."""
    if case.pythonpath is not None:
        env = {**env, "PYTHONPATH": case.pythonpath}
    cpu, began = _children_cpu(), time.perf_counter()
    done = subprocess.run(case.argv, capture_output=True, text=True, timeout=120, env=env)
    took = (time.perf_counter() - began) * 1000
    used = (_children_cpu() - cpu) * 1000
    require(done.returncode == 0, f"{case.name}: exit code {done.returncode}: {done.stderr}")
    require(case.expect in done.stdout, f"{case.name}: {case.expect!r} not in its output")
    return took, used


def measure(runs: int, warmups: int, before: str | None = None) -> dict[str, Any]:
    """Every case's median, fastest and slowest run, and whether it met its goal."""
    began = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="cli-startup-") as folder:
        listed = cases(Path(folder), before)
        env = bytecode_cached(Path(folder) / "pycache")
        times: dict[str, list[float]] = {case.name: [] for case in listed}
        cpu: dict[str, list[float]] = {case.name: [] for case in listed}
        for round_ in range(warmups + runs):
            for case in listed:
                took, used = run_once(case, env)
                if round_ >= warmups:
                    times[case.name].append(took)
                    cpu[case.name].append(used)
    rows = []
    medians = {name: statistics.median(taken) for name, taken in times.items()}
    for case in listed:
        median = medians[case.name]
        goal = case.goal_ms
        if goal is not None and case.relative_to is not None:
            goal *= medians[case.relative_to]
        rows.append(
            {
                "command": case.name,
                "argv": [Path(case.argv[0]).name, *case.argv[1:]],
                "median_ms": round(median, 1),
                "min_ms": round(min(times[case.name]), 1),
                "max_ms": round(max(times[case.name]), 1),
                "cpu_median_ms": round(statistics.median(cpu[case.name]), 1),
                "goal_ms": None if goal is None else round(goal, 1),
                "met": None if goal is None else median <= goal,
                "before": case.pythonpath is not None,
            }
        )
    return {
        "benchmark": "cli_startup",
        "runs": runs,
        "warmups": warmups,
        "commands": rows,
        "environment": environment(),
        "seconds": round(time.perf_counter() - began, 1),
    }


def report(result: dict[str, Any]) -> str:
    """The table: command, median and fastest wall time, median CPU time, goal, verdict."""
    lines = [
        f"whole-process wall time, median of {result['runs']} runs"
        f" (after {result['warmups']} warm-ups); the goal is on the median wall time",
        "",
        f"{'command':<34} {'median ms':>9} {'min ms':>7} {'cpu ms':>7} {'goal ms':>7}  verdict",
    ]
    for row in result["commands"]:
        goal = "-" if row["goal_ms"] is None else f"{row['goal_ms']:.0f}"
        verdict = "baseline" if row["met"] is None else ("met" if row["met"] else "MISSED")
        verdict = "before" if row["before"] else verdict
        lines.append(
            f"{row['command']:<34} {row['median_ms']:>9.1f} {row['min_ms']:>7.1f}"
            f" {row['cpu_median_ms']:>7.1f} {goal:>7}  {verdict}"
        )
    return "\n".join(lines)


def main() -> None:
    """Parse the options, time every command, print the table or JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="timed runs of each command")
    parser.add_argument("--warmups", type=int, default=2, help="untimed runs first")
    parser.add_argument(
        "--before", metavar="DIR", help="also run each command with the packages of DIR"
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    require(args.runs >= 1 and args.warmups >= 0, "--runs must be at least 1, --warmups 0 or more")
    require(args.before is None or Path(args.before).is_dir(), f"no folder {args.before!r}")
    emit(measure(args.runs, args.warmups, args.before), args.json, report)


if __name__ == "__main__":
    main()
