"""Calibration of the grader's cuts (tasks/calibrate.py)."""

from __future__ import annotations

import itertools
import math

import numpy as np

from tasks.calibrate import QUANTILE, RUNGS, SAMPLE, calibrate, rung_works
from tasks.generator import well_made
from tasks.grader import CUTS, grade
from tasks.reasoning import hardest


def test_calibrate_reproduces_the_grader_cuts() -> None:
    """The proof that CUTS are what the calibration the docs describe gives."""
    assert (SAMPLE, QUANTILE, RUNGS) == (300, 75, (1, 2, 3, 4, 5))
    assert calibrate() == CUTS


def test_one_cut_per_band_of_two_levels() -> None:
    assert len(CUTS) == 5
    assert all(cut > 0 for cut in CUTS)


def test_rung_works_are_the_work_of_the_first_well_made_candidates_on_the_rung() -> None:
    works = rung_works(3, sample=6, seed=4)
    made = [well_made(4, 3, k) for k in range(200)]
    tasks = [m[0] for m in made if m is not None and hardest(m[0]).rank == 3][:6]
    assert works == [grade(task).metrics.work for task in tasks]


def test_rung_works_extend_as_the_sample_grows() -> None:
    longer = rung_works(5, sample=12)
    assert len(longer) == 12
    assert rung_works(5, sample=4) == longer[:4]


def test_cuts_are_the_upper_quartile_of_each_rung() -> None:
    sample = 15
    cuts = calibrate(sample, seed=1)
    for rung, cut in zip(RUNGS, cuts, strict=True):
        works = rung_works(rung, sample, seed=1)
        assert cut == round(float(np.percentile(works, QUANTILE)), 2)
        above = sum(w >= cut for w in works)
        assert math.floor(sample / 4) - 1 <= above <= math.ceil(sample / 4) + 1
    assert len(list(itertools.pairwise(cuts))) == 4
