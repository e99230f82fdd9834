"""Set the grader's cuts from the structure of the game, not from single tasks.

A band holds two levels: the rung of the hardest step needed, and the one
above for the most laborious cards of that rung. For each rung 1-5, take the
first ``SAMPLE`` well-made candidates the generator draws in that level's
style (solvable, every condition mattering) whose hardest step stands on that
rung, and put the cut at the upper ``QUANTILE`` of their work: the most
laborious quarter of a rung's typical cards reach the level above.
``grader.CUTS`` holds the result; a test checks they still match.

Run ``python -m tasks.calibrate`` to print the cuts.
"""

from __future__ import annotations

import itertools
import math

import numpy as np

from tasks.generator import well_made
from tasks.grader import table_engine, work_of
from tasks.reasoning import hardest, solve

SAMPLE = 300
"""Well-made tasks measured per rung."""
SEED = 0
"""The candidate stream calibration reads."""
QUANTILE = 75
"""The percentile of a rung's work where its cards move to the level above."""
RUNGS = (1, 2, 3, 4, 5)
"""The rungs whose band holds two levels."""


def rung_works(rung: int, sample: int = SAMPLE, seed: int = SEED) -> list[float]:
    """The work of the first ``sample`` well-made candidates of style ``rung`` on that rung."""
    works: list[float] = []
    for k in itertools.count():
        made = well_made(seed, rung, k)
        if made is None or hardest(made[0]).rank != rung:
            continue
        task = made[0]
        field = table_engine().distance_field(task)
        rarity = math.log2(len(field) / int((field == 0).sum()))
        works.append(work_of(solve(table_engine(), task), rarity))
        if len(works) == sample:
            return works
    raise AssertionError("unreachable")


def calibrate(sample: int = SAMPLE, seed: int = SEED) -> tuple[float, ...]:
    """The cut of each rung 1-5: the ``QUANTILE``-th percentile of its work, 2 decimals."""
    return tuple(
        round(float(np.percentile(rung_works(rung, sample, seed), QUANTILE)), 2) for rung in RUNGS
    )


if __name__ == "__main__":
    print(calibrate())
