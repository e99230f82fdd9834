"""The hint ladder: a nudge, then the tokens, then one exact flip.

* level 1 names the unmet condition worth fixing first: the one furthest from
  holding (largest shortfall), the first on the card among equals;
* level 2 says which tokens the fastest solution turns;
* level 3 gives one flip on a fewest-flip path (the lowest-numbered token the
  fastest solution turns): follow it and ``flips_left`` drops by exactly one.

>>> from solver.manno.task import parse_task
>>> from solver.manno.tokens import Arrangement
>>> task, here = parse_task("PB>=4, PY=0, B>R"), Arrangement.parse("0" * 15)
>>> hint(task, here, level=1).text
'Fix PY=0 first: you need no plump yellow, you have 1 plump yellow.'
>>> step = hint(task, here, level=3)
>>> step.text, step.flips_left
('Turn token 15 from plump yellow to thin yellow.', 1)
>>> hint(task, here.flipped([15])).solved
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.errors import MonsterError
from solver.manno.engine import Engine
from solver.manno.engines import get_engine
from solver.manno.task import Task
from solver.manno.tokens import Arrangement
from solver.manno.validate import validate

LEVELS = (1, 2, 3)


@dataclass(frozen=True)
class Flip:
    """Turn one token: its number and the kinds before and after."""

    token: int
    before: str
    after: str


@dataclass(frozen=True)
class Hint:
    """One rung of the ladder.

    Attributes:
        solved: the arrangement already solves the task.
        flips_left: fewest flips still needed (``None`` when the task is unsolvable).
        level: the rung asked for.
        text: the hint in words.
        condition: level 1: the condition to fix first.
        tokens: level 2: the tokens the fastest solution turns.
        flip: level 3: the one flip to make.
        conflict: when the task is unsolvable, the conditions that clash.
    """

    solved: bool
    flips_left: int | None
    level: int
    text: str
    condition: str | None = None
    tokens: tuple[int, ...] = ()
    flip: Flip | None = None
    conflict: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """``{"solved", "flips_left", "level", "text", ...}`` with the rung's own fields."""
        data: dict[str, Any] = {
            "solved": self.solved,
            "flips_left": self.flips_left,
            "level": self.level,
            "text": self.text,
        }
        if self.condition is not None:
            data["condition"] = self.condition
        if self.level >= 2 and not self.solved and self.flips_left is not None:
            data["tokens"] = list(self.tokens)
        if self.flip is not None:
            data.update(flip=self.flip.token, before=self.flip.before, after=self.flip.after)
        if self.flips_left is None:
            data["conflict"] = list(self.conflict)
        return data


def check_level(level: int) -> None:
    """Go on for a level of the ladder.

    Raises:
        MonsterError: a level other than 1, 2, 3.
    """
    if level not in LEVELS:
        raise MonsterError(f"hint level must be 1, 2 or 3, not {level}")


def hint(
    task: Task, arrangement: Arrangement, level: int = 1, engine: Engine | None = None
) -> Hint:
    """The hint of the given level for ``arrangement``.

    Args:
        task: the task.
        arrangement: the tokens as they lie.
        level: 1, 2 or 3.
        engine: the engine that finds the fastest solution (CP-SAT if omitted).

    Raises:
        MonsterError: a level other than 1, 2, 3.
        NotationError: the arrangement does not fit the token set.
    """
    check_level(level)
    engine = engine or get_engine()
    solution = engine.solve(task, arrangement)
    if not solution.solvable:
        clash = tuple(str(c) for c in solution.conflict)
        text = f"This task cannot be solved: {' and '.join(clash)} cannot hold together."
        return Hint(False, None, level, text, conflict=clash)
    flips = len(solution.flip)
    if flips == 0:
        return Hint(True, 0, level, "Solved: every condition holds.")
    if level == 1:
        report = validate(task, arrangement, engine.tokens)
        worst = max((c for c in report.conditions if not c.ok), key=lambda c: c.shortfall)
        found = " and ".join(f"{n} {_label(task, g)}" for g, n in worst.counts.items())
        text = f"Fix {worst.condition} first: you need {worst.required}, you have {found}."
        return Hint(False, flips, level, text, condition=str(worst.condition))
    if level == 2:
        names = ", ".join(map(str, solution.flip))
        noun = "token" if flips == 1 else "tokens"
        text = f"Turn {noun} {names} ({flips} flip{'s' if flips > 1 else ''})."
        return Hint(False, flips, level, text, tokens=solution.flip)
    number = solution.flip[0]
    token = engine.tokens[number - 1]
    side = arrangement.sides[number - 1]
    before, after = token.up(side), token.up(1 - side)
    text = f"Turn token {number} from {before.label} to {after.label}."
    flip = Flip(number, before.name, after.name)
    return Hint(False, flips, level, text, tokens=solution.flip, flip=flip)


def _label(task: Task, name: str) -> str:
    return next(g.label for g in task.groups() if g.name == name)
