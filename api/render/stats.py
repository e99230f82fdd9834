"""The grader's metrics over the catalogue, level by level, as numbers and as a picture.

``catalogue_stats`` grades every catalogue task (``tasks.grader.grade``) and
groups the metrics by the level the catalogue gives each task;
``stats_picture`` draws them with ``api.render.plot``: one panel per metric,
every task a dot, the level means joined.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from api.render.plot import Panel, panels
from tasks.catalogue import Catalogue, load_catalogue
from tasks.grader import Metrics, grade

METRICS = (
    "count",
    "rarity",
    "mean_flips",
    "worst_flips",
    "from_zero",
    "conditions",
    "step_count",
    "fights",
    "guesses",
    "flips",
    "effort",
    "work",
)
"""The numeric metrics, in the order tables and the plot show them."""
PLOTTED = ("work", "effort", "flips", "rarity", "mean_flips", "step_count")
"""The plot's panels: the work that places a card in its band, its three terms
(effort, the player's flips, tightness as rarity), the exact mean distance, and
the steps taken."""


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
        title = name.replace("_", " ")
        specs.append(Panel(title, {s.level: s.values(name) for s in levels}))
    total = sum(s.tasks for s in levels)
    label = f"Grader metrics per level over the catalogue's {total} tasks"
    return panels(specs, label)
