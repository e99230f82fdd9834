"""Calibration of the grader's thresholds (tasks/calibrate.py)."""

from __future__ import annotations

import itertools

import numpy as np

from tasks.calibrate import SAMPLE, calibrate, level_scores
from tasks.generator import well_made
from tasks.grader import THRESHOLDS, grade
from tasks.styles import LEVELS


def test_calibrate_reproduces_the_grader_thresholds() -> None:
    """The proof that THRESHOLDS are what the calibration the docs describe gives."""
    assert SAMPLE == 300
    assert calibrate() == THRESHOLDS


def test_thresholds_strictly_increase() -> None:
    assert len(THRESHOLDS) == len(LEVELS) - 1
    assert all(a < b for a, b in itertools.pairwise(THRESHOLDS))
    assert THRESHOLDS[0] > 0


def test_level_scores_are_the_composites_of_the_first_well_made_candidates() -> None:
    scores = level_scores(3, sample=6, seed=4)
    made = [well_made(4, 3, k) for k in range(200)]
    tasks = [m[0] for m in made if m is not None][:6]
    assert scores == [grade(task).metrics.composite for task in tasks]


def test_level_scores_extend_as_the_sample_grows() -> None:
    longer = level_scores(5, sample=12)
    assert len(longer) == 12
    assert level_scores(5, sample=4) == longer[:4]


def test_thresholds_sit_halfway_between_neighbouring_medians() -> None:
    sample = 15
    medians = [float(np.median(level_scores(level, sample, seed=1))) for level in LEVELS]
    cuts = calibrate(sample, seed=1)
    assert len(cuts) == 5
    for cut, (low, high) in zip(cuts, itertools.pairwise(medians), strict=True):
        assert cut == round((low + high) / 2, 2)
        assert low <= cut <= high
