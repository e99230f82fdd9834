"""The grader's metrics per level, as markdown for docs/grading.md.

Run::

    .venv/bin/python benchmarks/grading_table.py [--generated 1000] [--calibration]

Every catalogue task is graded with ``tasks.grader.grade``. The first table
gives, per level, the mean of each metric over the level's 18 tasks; the
second the median of each reasoning measure and how many tasks stand on each
rung of the ladder; below them, whether each level's median of the effort
measures (``effort``, ``work``) rises with the level. With ``--generated N``
(default 1,000), the same medians over ``tasks.generator.generate(level, N,
seed=0, workers=2)`` for every level, and the same check. With
``--calibration``, the work quantiles ``tasks.calibrate`` puts the cuts at.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections import Counter
from collections.abc import Sequence

import numpy as np

from tasks.calibrate import QUANTILE, RUNGS, SAMPLE, SEED, rung_works
from tasks.catalogue import load_catalogue
from tasks.generator import generate
from tasks.grader import CUTS, Grade, grade
from tasks.styles import LEVELS

EXACT = (
    ("count", "count", 1),
    ("rarity", "rarity (bits)", 2),
    ("mean_flips", "mean flips", 2),
    ("worst_flips", "worst flips", 2),
    ("from_zero", "from zero", 2),
    ("conditions", "conditions", 2),
)
"""The exact axis: metric, column heading, decimals."""
REASONING = (
    ("step_count", "steps", 2),
    ("fights", "fights", 2),
    ("guesses", "guesses", 2),
    ("flips", "flips", 2),
    ("effort", "effort", 2),
    ("work", "work", 2),
)
"""The reasoning axis: metric, column heading, decimals."""
EFFORT_MEASURES = ("effort", "work")
"""Whose median must rise with the level."""
RUNG_NAMES = ("count", "force", "balance", "compare", "blot", "shared")


def graded_levels() -> dict[int, list[Grade]]:
    """The catalogue's tasks graded, by the level the catalogue gives them."""
    by_level: dict[int, list[Grade]] = {level: [] for level in LEVELS}
    for entry in load_catalogue().entries:
        graded = grade(entry.task)
        if graded.level != entry.level:
            raise AssertionError(f"{entry.id} grades {graded.level}, not {entry.level}")
        by_level[entry.level].append(graded)
    return by_level


def metric(grades: list[Grade], name: str) -> list[float]:
    """One metric of every grade."""
    return [float(getattr(g.metrics, name)) for g in grades]


def means(by_level: dict[int, list[Grade]]) -> list[str]:
    """Means per level of both axes."""
    columns = EXACT + REASONING
    head = ["level", "tasks", *(title for _, title, _ in columns)]
    lines = ["| " + " | ".join(head) + " |", "|" + "---:|" * len(head)]
    for level, grades in by_level.items():
        cells = [str(level), str(len(grades))]
        cells += [f"{np.mean(metric(grades, n)):.{d}f}" for n, _, d in columns]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def medians(by_level: dict[int, list[Grade]]) -> list[str]:
    """Medians of the reasoning measures per level, and the hardest steps' rungs."""
    head = ["level", *(f"{title} median" for _, title, _ in REASONING), "hardest steps"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---:|" * (len(head) - 1) + "---|"]
    for level, grades in by_level.items():
        cells = [str(level)]
        cells += [f"{np.median(metric(grades, n)):g}" for n, _, _ in REASONING]
        rungs = Counter(g.metrics.hardest for g in grades)
        cells.append(", ".join(f"{name} {rungs[name]}" for name in RUNG_NAMES if rungs[name]))
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def rises(values: Sequence[float]) -> bool:
    """Whether each value is larger than the one before."""
    return all(b > a for a, b in itertools.pairwise(values))


def checks(by_level: dict[int, list[Grade]], what: str) -> tuple[list[str], bool]:
    """Whether each effort measure's median rises level by level, with the numbers."""
    lines, good = [], True
    for name in EFFORT_MEASURES:
        values = [float(np.median(metric(g, name))) for g in by_level.values()]
        up = rises(values)
        good &= up
        shown = " < ".join(f"{v:g}" for v in values)
        lines.append(
            f"- {what}: median {name} rises with the level: {'yes' if up else 'NO'} ({shown})"
        )
    return lines, good


def generated(count: int) -> dict[int, list[Grade]]:
    """``count`` generated tasks per level (seed 0, two workers)."""
    return {level: generate(level, count, 0, workers=2) for level in LEVELS}


def calibration() -> list[str]:
    """The work quantiles ``tasks.calibrate`` puts the cuts at."""
    lines = [
        f"| rung | work median | work at the {QUANTILE}th percentile (the cut) |",
        "|---:|---:|---:|",
    ]
    cuts = []
    for rung in RUNGS:
        works = rung_works(rung, SAMPLE, SEED)
        cut = round(float(np.percentile(works, QUANTILE)), 2)
        cuts.append(cut)
        lines.append(f"| {rung} | {np.median(works):.2f} | {cut:.2f} |")
    same = "yes" if tuple(cuts) == CUTS else f"NO: grader has {CUTS}"
    lines.append(f"\ncuts {tuple(cuts)}; equal to tasks.grader.CUTS: {same}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--generated", type=int, default=1000, help="tasks per level (0: none)")
    parser.add_argument("--calibration", action="store_true", help="also print the cuts")
    args = parser.parse_args(sys.argv[1:] if argv is None else list(argv))
    by_level = graded_levels()
    print("\n".join(means(by_level)))
    print()
    print("\n".join(medians(by_level)))
    print()
    lines, good = checks(by_level, "catalogue")
    print("\n".join(lines))
    if args.generated > 0:
        made = generated(args.generated)
        print()
        print(f"{args.generated} generated tasks per level (seed 0):")
        print()
        print("\n".join(medians(made)))
        print()
        lines, fine = checks(made, f"{args.generated} generated per level")
        print("\n".join(lines))
        good &= fine
    if args.calibration:
        print()
        print("\n".join(calibration()))
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
