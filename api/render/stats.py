"""The grader's metrics over the catalogue, level by level, as numbers and as a picture.

``catalogue_stats`` grades every catalogue task (``tasks.grader.grade``) and
groups the metrics by the level the catalogue gives each task;
``stats_picture`` draws them with ``api.render.plot``: one panel per metric,
every task a dot, the level means joined, and the grader's thresholds across
the composite.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from api.render.plot import Panel, panels
from tasks.catalogue import Catalogue, load_catalogue
from tasks.grader import THRESHOLDS, Metrics, grade

METRICS = (
    "count",
    "rarity",
    "mean_flips",
    "worst_flips",
    "from_zero",
    "conditions",
    "reading",
    "effort",
    "composite",
)
"""The numeric metrics, in the order tables and the plot show them."""
PLOTTED = ("composite", "rarity", "mean_flips", "effort", "reading", "worst_flips")
"""The plot's panels: the composite, its four terms, and the worst distance."""


@dataclass(frozen=True)
class LevelStats:
    """One level of the catalogue: its tasks' metrics.

    Attributes:
        level: the level.
        metrics: each task's metrics, in catalogue order.
    """

    level: int
    metrics: tuple[Metrics, ...]

    @property
    def tasks(self) -> int:
        """How many tasks the level has."""
        return len(self.metrics)

    def values(self, name: str) -> list[float]:
        """One metric of every task."""
        return [float(getattr(m, name)) for m in self.metrics]

    @property
    def mean(self) -> dict[str, float]:
        """Each metric's mean over the level, rounded to 4 decimals."""
        return {name: round(statistics.fmean(self.values(name)), 4) for name in METRICS}

    @property
    def median(self) -> dict[str, float]:
        """Each metric's median over the level."""
        return {name: float(statistics.median(self.values(name))) for name in METRICS}

    def to_json(self) -> dict[str, Any]:
        """``{"level", "tasks", "mean", "median"}``."""
        return {"level": self.level, "tasks": self.tasks, "mean": self.mean, "median": self.median}


def catalogue_stats(catalogue: Catalogue | None = None) -> list[LevelStats]:
    """Grade every task of ``catalogue`` (the built-in one if omitted), by level."""
    catalogue = catalogue or load_catalogue()
    levels = sorted({e.level for e in catalogue.entries})
    return [
        LevelStats(level, tuple(grade(e.task).metrics for e in catalogue.level(level)))
        for level in levels
    ]


def stats_picture(levels: Sequence[LevelStats]) -> str:
    """The metrics per level as small-multiple dot plots (SVG)."""
    specs = []
    for name in PLOTTED:
        rules = THRESHOLDS if name == "composite" else ()
        title = name.replace("_", " ") + (" (level thresholds dashed)" if rules else "")
        specs.append(Panel(title, {s.level: s.values(name) for s in levels}, rules))
    total = sum(s.tasks for s in levels)
    label = f"Grader metrics per level over the catalogue's {total} tasks"
    return panels(specs, label, note="grader's level thresholds")
