"""One interface for the three Manno engines, and the answer they give.

Every engine answers the same question for a task and a starting arrangement:
is it solvable, how many arrangements satisfy it, and which solution is
fastest to reach (fewest flips; among those, the smallest arrangement text, so
every engine picks the same one). When unsolvable, a smallest conflict.

The engines themselves live in ``cpsat``, ``table`` and ``csp``; ``engines``
picks one by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from solver.manno.task import Condition, Task
from solver.manno.tokens import Arrangement, TokenSet

DEFAULT_TIME_LIMIT = 10.0
"""Seconds any one solver call may run before it gives up."""


@dataclass(frozen=True)
class Solution:
    """What an engine found for one task from one starting arrangement.

    Attributes:
        task: the task as parsed.
        start: the arrangement the flips are counted from.
        solvable: whether any arrangement satisfies the task.
        count: how many arrangements do (``None`` only for token sets too large to count).
        flips: fewest flips from ``start`` (``None`` when unsolvable).
        arrangement: the fastest solution (``None`` when unsolvable).
        flip: token numbers to turn to reach it, ascending.
        conflict: when unsolvable, a smallest set of conditions that clash.
    """

    task: Task
    start: Arrangement
    solvable: bool
    count: int | None
    flips: int | None
    arrangement: Arrangement | None
    flip: tuple[int, ...]
    conflict: tuple[Condition, ...]

    def to_json(self) -> dict[str, Any]:
        """The contract's JSON object."""
        return {
            "task": str(self.task),
            "solvable": self.solvable,
            "count": self.count,
            "flips": self.flips,
            "arrangement": None if self.arrangement is None else str(self.arrangement),
            "flip": list(self.flip),
            "conflict": [str(c) for c in self.conflict],
        }

    @classmethod
    def found(
        cls, task: Task, start: Arrangement, count: int | None, best: Arrangement
    ) -> Solution:
        """A solvable answer: ``best`` is the fastest solution from ``start``."""
        flip = best.diff(start)
        return cls(task, start, True, count, len(flip), best, flip, ())

    @classmethod
    def clash(cls, task: Task, start: Arrangement, conflict: tuple[int, ...]) -> Solution:
        """An unsolvable answer with the indices of the clashing conditions."""
        conditions = tuple(task.conditions[i] for i in conflict)
        return cls(task, start, False, 0, None, None, (), conditions)


class Engine(Protocol):
    """What every engine offers."""

    name: str
    tokens: TokenSet

    def check_work(self, task: Task) -> None:
        """Refuse, before any search, a task whose search would take too long.

        Raises:
            SolverTimeoutError: the engine would not answer in its time.
        """
        ...

    def solve(self, task: Task, start: Arrangement | None = None) -> Solution:
        """Solve ``task`` counting flips from ``start`` (all side 0 if omitted).

        Raises:
            NotationError: ``start`` does not fit the token set.
            SolverTimeoutError: the engine ran out of its time limit.
        """
        ...
