"""The grader's metrics per level over the built-in catalogue, as markdown for docs/grading.md.

Run::

    .venv/bin/python benchmarks/grading_table.py [--calibration]

Every catalogue task is graded with ``tasks.grader.grade``; each column is the
mean over the level's 18 tasks, except "effort median" (the median of the
tasks' efforts). A second table splits the mean composite into its four
terms. Below them, whether the composite and the simulated effort rise from
each level to the next. With ``--calibration``, also the
medians ``tasks.calibrate`` cuts halfway between, and the thresholds that
gives (about 10 s more).
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections.abc import Sequence

import numpy as np

from tasks.calibrate import SAMPLE, SEED, level_scores
from tasks.catalogue import load_catalogue
from tasks.grader import THRESHOLDS, Grade, grade
from tasks.styles import LEVELS

COLUMNS = (
    ("count", "count", 1),
    ("density", "density", 4),
    ("rarity", "rarity (bits)", 2),
    ("mean_flips", "mean flips", 2),
    ("worst_flips", "worst flips", 2),
    ("from_zero", "from zero", 2),
    ("conditions", "conditions", 2),
    ("reading", "reading", 2),
    ("effort", "effort", 2),
    ("composite", "composite", 2),
)
"""Metric, column heading, decimals."""


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


def table(by_level: dict[int, list[Grade]]) -> list[str]:
    """The markdown table: means per level, and the median effort."""
    head = ["level", "tasks", *(title for _, title, _ in COLUMNS), "effort median"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---:|" * len(head)]
    for level, grades in by_level.items():
        cells = [str(level), str(len(grades))]
        for name, _, decimals in COLUMNS:
            cells.append(f"{np.mean(metric(grades, name)):.{decimals}f}")
        cells.append(f"{np.median(metric(grades, 'effort')):.1f}")
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def shares(by_level: dict[int, list[Grade]]) -> list[str]:
    """The composite's four terms, mean per level (``grader.composite``: they add up)."""
    terms = (
        ("rarity", 1.0, "rarity"),
        ("mean_flips", 2.0, "2 x mean flips"),
        ("effort", 1.0, "effort"),
        ("reading", 1.0, "reading"),
    )
    head = ["level", *(title for _, _, title in terms), "composite"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---:|" * len(head)]
    for level, grades in by_level.items():
        cells = [str(level)]
        for name, weight, _ in terms:
            cells.append(f"{weight * np.mean(metric(grades, name)):.2f}")
        cells.append(f"{np.mean(metric(grades, 'composite')):.2f}")
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def rises(values: Sequence[float]) -> bool:
    """Whether each value is larger than the one before."""
    return all(b > a for a, b in itertools.pairwise(values))


def checks(by_level: dict[int, list[Grade]]) -> list[str]:
    """Whether the composite and the effort rise level by level, with the numbers."""
    rows = {
        "composite (mean)": [float(np.mean(metric(g, "composite"))) for g in by_level.values()],
        "effort (mean)": [float(np.mean(metric(g, "effort"))) for g in by_level.values()],
        "effort (median)": [float(np.median(metric(g, "effort"))) for g in by_level.values()],
    }
    lines = []
    for name, values in rows.items():
        shown = " < ".join(f"{v:.2f}" for v in values)
        lines.append(f"- {name} rises with the level: {'yes' if rises(values) else 'NO'} ({shown})")
    lowest = [min(metric(g, "composite")) for g in by_level.values()]
    highest = [max(metric(g, "composite")) for g in by_level.values()]
    bands = ", ".join(
        f"L{level} {lo:.2f}-{hi:.2f}"
        for level, lo, hi in zip(by_level, lowest, highest, strict=True)
    )
    lines.append(f"- composite range per level: {bands}")
    return lines


def calibration() -> list[str]:
    """The medians ``tasks.calibrate`` cuts between, and the thresholds they give."""
    medians = [float(np.median(level_scores(level, SAMPLE, SEED))) for level in LEVELS]
    cuts = tuple(round((a + b) / 2, 2) for a, b in itertools.pairwise(medians))
    lines = [
        f"| level | median composite of the first {SAMPLE} well-made candidates (seed {SEED}) "
        "| level begins at |",
        "|---:|---:|---:|",
    ]
    for level, median in zip(LEVELS, medians, strict=True):
        start = "-" if level == 1 else f"{cuts[level - 2]:.2f}"
        lines.append(f"| {level} | {median:.2f} | {start} |")
    same = "yes" if cuts == THRESHOLDS else f"NO: grader has {THRESHOLDS}"
    lines.append(f"\nthresholds {cuts}; equal to tasks.grader.THRESHOLDS: {same}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--calibration", action="store_true", help="also print the calibration medians"
    )
    args = parser.parse_args(sys.argv[1:] if argv is None else list(argv))
    by_level = graded_levels()
    print("\n".join(table(by_level)))
    print()
    print("\n".join(shares(by_level)))
    print()
    print("\n".join(checks(by_level)))
    if args.calibration:
        print()
        print("\n".join(calibration()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
