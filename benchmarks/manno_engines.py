"""Time per task of the Manno engines, side by side with bare baselines.

Run::

    .venv/bin/python -m benchmarks.manno_engines [--tasks 1000] [--seed 0] [--json]

On seeded random tasks (``solver.manno.sample``) and seeded random starts, each
task is solved by:

* ``cpsat``, ``table``, ``csp``: ``get_engine(name).solve(task, start)``, the
  full answer: solvable, count, fewest flips with the deterministic tie-break
  (smallest arrangement text), and on unsolvable tasks a smallest conflict;
* ``bare cpsat``: a CP-SAT model written here from scratch for every task, as
  one would without the engine: a new ``CpModel``, 15 Booleans, group counts
  from the token list below, the task's comparisons, minimise flips, one worker,
  fixed seed, the engine's time limit. Fewest flips only: no count, no
  tie-break, no conflict;
* ``bare table``: every arrangement's kind counts, precomputed once here; per
  task a numpy mask and the smallest popcount distance. Fewest flips only.

Bare and engine run back to back on each task, in alternating order, so noise
falls on both alike; garbage is collected between tasks, outside the timings.
Engines are built and warmed up on a few tasks of another seed first, so their
condition caches start nearly cold (tasks do share conditions: the output says
how many are distinct). Every answer is checked as it is timed: the bare flips
must equal the engine's and the bare CP-SAT solution must hold; ``cpsat`` and
``table`` must give identical solutions, and so must ``csp`` on the tasks it
runs (the first ``--csp-tasks``: it enumerates every solution, so it is slow).

The targets, judged on the ratio of mean times over all tasks: ``cpsat`` at
most 1.2x the bare model, ``table`` at most 2x the bare table; ``monsters manno
solve --batch`` at least 500 tasks/s on CP-SAT, timed as a subprocess on 2,000
JSON lines, start-up included (and also without it, by timing a one-line
batch). The ratios are also given for solvable and unsolvable tasks apart, and
against the bare model's ``CpSolver.solve`` alone, as if its set-up were free.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import operator
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt
from ortools.sat.python import cp_model

from benchmarks.common import emit, environment, monsters, require
from solver.manno.engine import DEFAULT_TIME_LIMIT, Engine, Solution
from solver.manno.engines import get_engine
from solver.manno.kinds import Group
from solver.manno.sample import random_tasks
from solver.manno.task import Op, Task
from solver.manno.tokens import Arrangement

Flips = int | None
"""Fewest flips to a solution; ``None`` when the task is unsolvable."""

KIND_NAMES = ("PB", "TB", "PR", "TR", "PY", "TY")
"""The contract's kinds, in order."""
TOKEN_PAIRS = (
    "PB|TB PB|PR PB|TR PB|PY PB|TY TB|PR TB|TR TB|PY TB|TY PR|TR PR|PY PR|TY TR|PY TR|TY PY|TY"
)
"""The contract's 15 tokens, side 0 first, written out again so the baselines
share no code with the engines."""
TOKENS: tuple[tuple[str, str], ...] = tuple((pair[:2], pair[3:]) for pair in TOKEN_PAIRS.split())
SIZE = len(TOKENS)
COMPARE: dict[Op, Callable[[Any, Any], Any]] = {
    Op.GE: operator.ge,
    Op.LE: operator.le,
    Op.EQ: operator.eq,
    Op.GT: operator.gt,
    Op.LT: operator.lt,
}

CPSAT_TARGET = 1.2
TABLE_TARGET = 2.0
BATCH_TARGET = 500.0
WARM_UP_TASKS = 20
"""Tasks (from another seed) each solver runs before timing starts."""
CSP_TASKS = 200
"""The csp engine enumerates every solution; by default it runs on this many tasks."""
BATCH_LINES = 2000


# The baselines ------------------------------------------------------------


def bare_cpsat(task: Task, start: str) -> tuple[Flips, str | None, int, int]:
    """Fewest flips from ``start`` by a CP-SAT model built from scratch.

    Returns:
        ``(flips, sides, build_ns, solve_ns)``: the answer, the solution found
        (``None`` when unsolvable), the time spent building the model and the
        time spent in ``CpSolver.solve``.
    """
    began = time.perf_counter_ns()
    model = cp_model.CpModel()
    x = [model.new_bool_var(f"x{i}") for i in range(SIZE)]

    def count(group: Group) -> cp_model.LinearExpr:
        kinds = {kind.name for kind in group.kinds}
        variables, coefficients, constant = [], [], 0
        for i, (side0, side1) in enumerate(TOKENS):
            if side0 in kinds:
                constant += 1
            shown = (side1 in kinds) - (side0 in kinds)  # change when turned to side 1
            if shown:
                variables.append(x[i])
                coefficients.append(shown)
        return cp_model.LinearExpr.weighted_sum(variables, coefficients) + constant

    for condition in task.conditions:
        values = [t if isinstance(t, int) else count(t) for t in condition.terms]
        for left, right in itertools.pairwise(values):
            model.add(COMPARE[condition.op](left, right))
    model.minimize(sum(1 - v if s == "1" else v for v, s in zip(x, start, strict=True)))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    solver.parameters.max_time_in_seconds = DEFAULT_TIME_LIMIT
    built = time.perf_counter_ns()
    status = solver.solve(model)
    solved = time.perf_counter_ns()
    if status == cp_model.INFEASIBLE:
        return None, None, built - began, solved - built
    if status != cp_model.OPTIMAL:
        raise RuntimeError(f"bare CP-SAT model did not finish on {str(task)!r}")
    sides = "".join(str(int(solver.boolean_value(v))) for v in x)
    return round(solver.objective_value), sides, built - began, solved - built


class BareTable:
    """Every arrangement's kind counts, precomputed once; a numpy mask per task."""

    def __init__(self) -> None:
        index = np.arange(1 << SIZE)
        bits = (index[None, :] >> np.arange(SIZE - 1, -1, -1)[:, None]) & 1  # token 1 = top bit
        self.kind_counts = np.zeros((len(KIND_NAMES), 1 << SIZE), dtype=np.int8)
        for i, (side0, side1) in enumerate(TOKENS):
            self.kind_counts[KIND_NAMES.index(side0)] += (1 - bits[i]).astype(np.int8)
            self.kind_counts[KIND_NAMES.index(side1)] += bits[i].astype(np.int8)
        self.popcount = bits.sum(axis=0).astype(np.int8)

    def flips(self, task: Task, start: int) -> Flips:
        """Fewest flips from the arrangement numbered ``start``."""
        mask = np.ones(1 << SIZE, dtype=np.bool_)
        for condition in task.conditions:
            values = [t if isinstance(t, int) else self._count(t) for t in condition.terms]
            for left, right in itertools.pairwise(values):
                mask &= COMPARE[condition.op](left, right)
        solutions = np.flatnonzero(mask)
        if len(solutions) == 0:
            return None
        return int(self.popcount[solutions ^ start].min())

    def _count(self, group: Group) -> npt.NDArray[np.int8]:
        """The group's count in every arrangement: its kinds' rows added up."""
        first, *rest = (self.kind_counts[KIND_NAMES.index(k.name)] for k in group.kinds)
        total: npt.NDArray[np.int8] = first.copy()
        for row in rest:
            total += row
        return total


def bare_holds(task: Task, sides: str) -> bool:
    """Whether an arrangement satisfies the task, counted from ``TOKENS``."""
    up = [pair[int(side)] for pair, side in zip(TOKENS, sides, strict=True)]
    counts = {
        g: sum(up.count(k.name) for k in g.kinds) for c in task.conditions for g in c.groups()
    }
    return all(c.holds(counts) for c in task.conditions)


# Measuring -------------------------------------------------------------------


@dataclass
class Times:
    """Nanoseconds per task, split by whether the task is solvable."""

    solvable: list[int] = field(default_factory=list)
    unsolvable: list[int] = field(default_factory=list)

    def add(self, solvable: bool, ns: int) -> None:
        (self.solvable if solvable else self.unsolvable).append(ns)

    @property
    def all(self) -> list[int]:
        return self.solvable + self.unsolvable

    def summary(self) -> dict[str, dict[str, float]]:
        """Mean, p50 and p95 in microseconds, for all tasks and each kind."""
        parts = {"all": self.all, "solvable": self.solvable, "unsolvable": self.unsolvable}
        return {name: _stats(ns) for name, ns in parts.items() if ns}


def _stats(ns: Sequence[int]) -> dict[str, float]:
    us = np.asarray(ns, dtype=np.float64) / 1000
    return {
        "tasks": len(us),
        "mean_us": round(float(us.mean()), 1),
        "p50_us": round(float(np.percentile(us, 50)), 1),
        "p95_us": round(float(np.percentile(us, 95)), 1),
    }


def ratio(ours: Sequence[int], bare: Sequence[int]) -> float:
    """Total engine time over total bare time (the ratio of the means)."""
    return round(sum(ours) / sum(bare), 3)


def timed(call: Callable[..., Any], *args: Any) -> tuple[Any, int]:
    """``call(*args)`` and the nanoseconds it took."""
    began = time.perf_counter_ns()
    result = call(*args)
    return result, time.perf_counter_ns() - began


@dataclass
class Run:
    """The tasks, their starts, and what the CP-SAT engine answered."""

    tasks: list[Task]
    starts: list[Arrangement]
    answers: list[Solution] = field(default_factory=list)


def make_tasks(seed: int, count: int) -> tuple[list[Task], list[Arrangement]]:
    """``count`` random tasks and random starts, all from ``seed``."""
    rng = random.Random(seed)
    tasks = random_tasks(rng, count)
    starts = [Arrangement.from_index(rng.getrandbits(SIZE), SIZE) for _ in tasks]
    return tasks, starts


def construct(names: Sequence[str]) -> tuple[dict[str, Engine], dict[str, float]]:
    """Build each engine (first use of ``get_engine``) and time it in milliseconds."""
    engines, ms = {}, {}
    for name in names:
        began = time.perf_counter_ns()
        engines[name] = get_engine(name)
        ms[name] = round((time.perf_counter_ns() - began) / 1e6, 1)
    return engines, ms


def warm_up(engines: Sequence[Engine], table: BareTable, seed: int) -> None:
    """Run every solver on a few tasks from another seed (first calls, lazy set-up)."""
    tasks, starts = make_tasks(seed + 1, WARM_UP_TASKS)
    for task, start in zip(tasks, starts, strict=True):
        bare_cpsat(task, str(start))
        table.flips(task, start.index)
        for engine in engines:
            engine.solve(task, start)


Bare = Callable[[Task, Arrangement], tuple[Flips, str | None]]
"""A baseline: fewest flips, and the solution it found when it gives one."""


def compare(run: Run, ours: Engine, bare: Bare) -> tuple[Times, Times, list[Solution]]:
    """Time the engine and the baseline on every task, alternating which goes first.

    Raises:
        AssertionError: they disagree on the fewest flips, or the baseline's
            solution does not satisfy the task.
    """
    ours_times, bare_times, answers = Times(), Times(), []
    gc.collect()
    gc.disable()  # collected between tasks: neither side pays for the other's garbage
    try:
        for i, (task, start) in enumerate(zip(run.tasks, run.starts, strict=True)):
            if i % 2 == 0:
                answer, ours_ns = timed(ours.solve, task, start)
                (flips, sides), bare_ns = timed(bare, task, start)
            else:
                (flips, sides), bare_ns = timed(bare, task, start)
                answer, ours_ns = timed(ours.solve, task, start)
            gc.collect(1)
            _check_pair(ours.name, task, start, answer, flips, sides)
            ours_times.add(answer.solvable, ours_ns)
            bare_times.add(answer.solvable, bare_ns)
            answers.append(answer)
    finally:
        gc.enable()
    return ours_times, bare_times, answers


def _check_pair(
    name: str, task: Task, start: Arrangement, answer: Solution, flips: Flips, sides: str | None
) -> None:
    """The engine and the baseline agree on the fewest flips; the baseline's solution holds."""
    where = f"{str(task)!r} from {start}"
    require(answer.flips == flips, f"{name}: {answer.flips} flips, bare {flips}: {where}")
    require(sides is None or bare_holds(task, sides), f"bare {sides} fails {where}")


def measure(tasks_count: int, seed: int, csp_tasks: int) -> dict[str, Any]:
    """Everything but the batch run, as one JSON-ready dict."""
    tasks, starts = make_tasks(seed, tasks_count)
    run = Run(tasks, starts)
    engines, construction = construct(["cpsat", "table", "csp"])
    table, table_ns = timed(BareTable)
    construction["bare table"] = round(table_ns / 1e6, 1)
    warm_up([engines["cpsat"], engines["table"]], table, seed)
    build, solve = Times(), Times()

    def bare_cp(task: Task, start: Arrangement) -> tuple[Flips, str | None]:
        flips, sides, build_ns, solve_ns = bare_cpsat(task, str(start))
        build.add(flips is not None, build_ns)
        solve.add(flips is not None, solve_ns)
        return flips, sides

    def bare_table(task: Task, start: Arrangement) -> tuple[Flips, str | None]:
        return table.flips(task, start.index), None

    cp_ours, cp_bare, run.answers = compare(run, engines["cpsat"], bare_cp)
    tb_ours, tb_bare, table_answers = compare(run, engines["table"], bare_table)
    for task, a, b in zip(tasks, run.answers, table_answers, strict=True):
        require(a == b, f"cpsat and table disagree on {str(task)!r}: {a} vs {b}")
    csp_times = Times()
    for task, start, expected in list(zip(tasks, starts, run.answers, strict=True))[:csp_tasks]:
        began = time.perf_counter_ns()
        answer = engines["csp"].solve(task, start)
        csp_times.add(answer.solvable, time.perf_counter_ns() - began)
        require(answer == expected, f"csp and cpsat disagree on {str(task)!r}")

    conditions = [c for t in tasks for c in t.conditions]
    return {
        "tasks": len(tasks),
        "seed": seed,
        "solvable": len(cp_ours.solvable),
        "unsolvable": len(cp_ours.unsolvable),
        "conditions": len(conditions),
        "distinct_conditions": len(set(conditions)),
        "warm_up_tasks": WARM_UP_TASKS,
        "construction_ms": construction,
        "per_task": {
            "cpsat": cp_ours.summary(),
            "bare cpsat": cp_bare.summary(),
            "bare cpsat: build": build.summary(),
            "bare cpsat: solve": solve.summary(),
            "table": tb_ours.summary(),
            "bare table": tb_bare.summary(),
            "csp": csp_times.summary(),
        },
        "ratios": {
            "cpsat": _ratios(cp_ours, cp_bare, CPSAT_TARGET),
            "table": _ratios(tb_ours, tb_bare, TABLE_TARGET),
            "cpsat vs bare solve only": _ratios(cp_ours, solve, None),
        },
    }


def _ratios(ours: Times, bare: Times, target: float | None) -> dict[str, Any]:
    """Engine over bare, for all tasks (what the target judges) and each kind."""
    result: dict[str, Any] = {"all": ratio(ours.all, bare.all)}
    for part in ("solvable", "unsolvable"):
        mine, theirs = getattr(ours, part), getattr(bare, part)
        if mine:
            result[part] = ratio(mine, theirs)
    result["target"] = target
    result["pass"] = None if target is None else result["all"] <= target
    return result


# The command line, as a subprocess ---------------------------------------------


def batch(seed: int, lines: int, check: Engine) -> dict[str, Any]:
    """Time ``monsters manno solve --batch`` on ``lines`` JSON lines, and on one line.

    The answers are checked against ``check`` (the in-process CP-SAT engine).
    """
    command = monsters("manno", "solve", "--batch")
    command += ["--engine", "cpsat"]
    tasks, starts = make_tasks(seed + 2, lines)
    text = "".join(
        json.dumps({"task": str(t), "from": str(s)}) + "\n"
        for t, s in zip(tasks, starts, strict=True)
    )
    try:
        one, one_ns = timed(_run, command, text.partition("\n")[0] + "\n")
        full, full_ns = timed(_run, command, text)
    except (OSError, RuntimeError) as err:
        return {"measured": False, "reason": str(err)}
    answers = [json.loads(line) for line in full.splitlines()]
    require(len(answers) == lines and len(one.splitlines()) == 1, "batch: wrong line count")
    for task, start, answer in zip(tasks, starts, answers, strict=True):
        require(answer == check.solve(task, start).to_json(), f"batch differs on {task}")
    wall, start_s = full_ns / 1e9, one_ns / 1e9
    rate = lines / wall
    return {
        "measured": True,
        "command": " ".join(["monsters", *command[1:]]),
        "lines": lines,
        "wall_s": round(wall, 3),
        "one_line_s": round(start_s, 3),
        "tasks_per_s": round(rate, 1),
        "tasks_per_s_excluding_start": round((lines - 1) / max(wall - start_s, 1e-9), 1),
        "target": BATCH_TARGET,
        "pass": rate >= BATCH_TARGET,
    }


def _run(command: list[str], text: str) -> str:
    done = subprocess.run(command, input=text, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        message = (done.stderr.strip() or done.stdout.strip()).splitlines()
        raise RuntimeError(f"exit {done.returncode}: {message[-1] if message else ''}")
    return done.stdout


# Output --------------------------------------------------------------------------

WHAT = {
    "cpsat": "engine: reused model, cached conditions; flips + tie-break + count + conflict",
    "bare cpsat": "new CpModel per task, minimise flips only (build + solve below)",
    "bare cpsat: build": "  of which: CpModel(), variables, constraints, objective",
    "bare cpsat: solve": "  of which: CpSolver.solve (default parameters)",
    "table": "engine: cached condition masks; flips + tie-break + count + conflict",
    "bare table": "precomputed kind counts; mask + smallest popcount distance only",
    "csp": "engine: python-constraint enumeration (first --csp-tasks tasks)",
}


def report(result: dict[str, Any]) -> str:
    """The results as a plain-text table."""
    lines = [
        f"$ {result['command']}",
        f"python {result['versions']['python']}, ortools {result['versions']['ortools']}, "
        f"numpy {result['versions']['numpy']}, {result['cpus']} CPUs",
        "",
        f"Manno engines: {result['tasks']} random tasks (seed {result['seed']}), "
        f"{result['solvable']} solvable, {result['unsolvable']} unsolvable; "
        f"{result['distinct_conditions']} distinct of {result['conditions']} conditions; "
        f"warm-up {result['warm_up_tasks']} tasks from seed {result['seed'] + 1}",
        "",
        f"{'solver':<18} {'tasks':>5} {'mean µs':>9} {'p50 µs':>8} {'p95 µs':>8}"
        f" {'solvable':>9} {'unsolv.':>9}  what it does",
    ]
    for name, parts in result["per_task"].items():
        if not parts:
            continue
        row, yes, no = parts["all"], parts.get("solvable", {}), parts.get("unsolvable", {})
        lines.append(
            f"{name:<18} {row['tasks']:>5} {row['mean_us']:>9.1f} {row['p50_us']:>8.1f}"
            f" {row['p95_us']:>8.1f} {yes.get('mean_us', 0):>9.1f} {no.get('mean_us', 0):>9.1f}"
            f"  {WHAT[name]}"
        )
    lines += ["", "(solvable / unsolv.: mean µs over those tasks)", ""]
    lines.append(f"{'ratio of mean µs':<26} {'all':>7} {'solvable':>9} {'unsolv.':>9}  target")
    for name, r in result["ratios"].items():
        verdict = "(no target)" if r["pass"] is None else f"<= {r['target']}  "
        verdict += "" if r["pass"] is None else "PASS" if r["pass"] else "FAIL"
        lines.append(
            f"{name:<26} {r['all']:>7.3f} {r.get('solvable', 0):>9.3f}"
            f" {r.get('unsolvable', 0):>9.3f}  {verdict}"
        )
    built = ", ".join(f"{k} {v} ms" for k, v in result["construction_ms"].items())
    lines += ["", f"construction (excluded above): {built}", ""]
    b = result.get("batch")
    if b is None:
        lines.append("batch: skipped")
    elif not b["measured"]:
        lines.append(f"batch: not measured ({b['reason']})")
    else:
        verdict = "PASS" if b["pass"] else "FAIL"
        lines.append(
            f"batch: {b['command']}, {b['lines']} lines in {b['wall_s']} s = "
            f"{b['tasks_per_s']} tasks/s (>= {b['target']:.0f}: {verdict}); one line takes "
            f"{b['one_line_s']} s, so {b['tasks_per_s_excluding_start']} tasks/s "
            "excluding start-up"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tasks", type=int, default=1000, help="random tasks (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="seed for tasks and starts")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument(
        "--csp-tasks", type=int, default=CSP_TASKS, help=f"tasks for csp (default {CSP_TASKS})"
    )
    parser.add_argument(
        "--batch-lines", type=int, default=BATCH_LINES, help="lines for the batch run (0: skip)"
    )
    argv = sys.argv[1:] if argv is None else list(argv)
    args = parser.parse_args(argv)
    if args.tasks < 1:
        parser.error("--tasks must be at least 1")
    began = time.perf_counter()
    result: dict[str, Any] = {
        "command": " ".join([".venv/bin/python", "-m", "benchmarks.manno_engines", *argv]),
        **environment(),
    }
    result |= measure(args.tasks, args.seed, args.csp_tasks)
    if args.batch_lines > 0:
        result["batch"] = batch(args.seed, args.batch_lines, get_engine("cpsat"))
    result["seconds"] = round(time.perf_counter() - began, 1)
    emit(result, args.json, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
