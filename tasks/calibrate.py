"""Set the grader's thresholds from the structure of the game, not from single tasks.

For each level, take the first ``SAMPLE`` well-made candidates the generator
draws in that level's style (solvable, every condition mattering), score them
all with the composite, and cut halfway between the median scores of
neighbouring levels: a typical card of each style then lands in its own level.
``grader.THRESHOLDS`` holds the result; a test checks they still match.

Run ``python -m tasks.calibrate`` to print the thresholds.
"""

from __future__ import annotations

import itertools

import numpy as np

from tasks.generator import well_made
from tasks.grader import grade
from tasks.styles import LEVELS

SAMPLE = 300
"""Well-made tasks scored per level."""
SEED = 0
"""The candidate stream calibration reads."""


def level_scores(level: int, sample: int = SAMPLE, seed: int = SEED) -> list[float]:
    """Composite scores of the first ``sample`` well-made candidates of a level."""
    scores: list[float] = []
    for k in itertools.count():
        made = well_made(seed, level, k)
        if made is not None:
            scores.append(grade(made[0]).metrics.composite)
            if len(scores) == sample:
                return scores
    raise AssertionError("unreachable")


def calibrate(sample: int = SAMPLE, seed: int = SEED) -> tuple[float, ...]:
    """Thresholds halfway between neighbouring levels' median scores."""
    medians = [float(np.median(level_scores(level, sample, seed))) for level in LEVELS]
    return tuple(round((a + b) / 2, 2) for a, b in itertools.pairwise(medians))


if __name__ == "__main__":
    print(calibrate())
