"""Check an arrangement against a task, condition by condition.

Reports, never only raises: each condition with its canonical text, whether
it holds, the counts found and what was required, and how far it is from
holding (its shortfall, which the hint ladder uses).

>>> from solver.manno.task import parse_task
>>> from solver.manno.tokens import Arrangement
>>> report = validate(parse_task("PB>=4, PY=0, B>R"), Arrangement.parse("0" * 15))
>>> report.ok, [c.ok for c in report.conditions]
(False, [True, False, True])
>>> report.conditions[1].required, report.conditions[1].counts
('no plump yellow', {'PY': 1})
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.manno.kinds import Group
from solver.manno.task import Condition, Op, Task, Term
from solver.manno.tokens import Arrangement, TokenSet, standard_tokens


@dataclass(frozen=True)
class ConditionReport:
    """One condition checked against one arrangement.

    Attributes:
        condition: the condition.
        ok: whether it holds.
        counts: each group it names -> how many show.
        required: what it asks, in words.
        shortfall: how many monsters short of holding it is (0 when it holds).
    """

    condition: Condition
    ok: bool
    counts: dict[str, int]
    required: str
    shortfall: int

    def to_json(self) -> dict[str, Any]:
        """``{"condition", "ok", "counts", "required", "shortfall"}``."""
        return {
            "condition": str(self.condition),
            "ok": self.ok,
            "counts": self.counts,
            "required": self.required,
            "shortfall": self.shortfall,
        }


@dataclass(frozen=True)
class Report:
    """A whole task checked: ``ok`` when every condition holds."""

    task: Task
    arrangement: Arrangement
    conditions: tuple[ConditionReport, ...]

    @property
    def ok(self) -> bool:
        """Whether the arrangement solves the task."""
        return all(c.ok for c in self.conditions)

    def to_json(self) -> dict[str, Any]:
        """``{"task", "arrangement", "ok", "conditions": [...]}``."""
        return {
            "task": str(self.task),
            "arrangement": str(self.arrangement),
            "ok": self.ok,
            "conditions": [c.to_json() for c in self.conditions],
        }


def validate(task: Task, arrangement: Arrangement, tokens: TokenSet | None = None) -> Report:
    """Check every condition of ``task`` on ``arrangement``.

    Raises:
        NotationError: the arrangement does not fit the token set.
    """
    tokens = tokens or standard_tokens()
    kinds = tokens.kind_counts(arrangement)
    counts = {g: sum(kinds[k] for k in g.kinds) for g in task.groups()}
    reports = []
    for condition in task.conditions:
        short = shortfall(condition, counts)
        reports.append(
            ConditionReport(
                condition,
                short == 0,
                {g.name: counts[g] for g in condition.groups()},
                describe(condition),
                short,
            )
        )
    return Report(task, arrangement, tuple(reports))


def shortfall(condition: Condition, counts: dict[Group, int]) -> int:
    """How many monsters each comparison is missing, added up (0 when it holds).

    >>> from solver.manno.task import parse_condition
    >>> from solver.manno.kinds import GROUPS
    >>> shortfall(parse_condition("B>R"), {GROUPS["B"]: 3, GROUPS["R"]: 5})
    3
    """

    def value(term: Term) -> int:
        return term if isinstance(term, int) else counts[term]

    return sum(max(condition.op.gap(value(a), value(b)), 0) for a, b in condition.pairs())


def describe(condition: Condition) -> str:
    """What a condition asks, in words.

    >>> from solver.manno.task import parse_condition
    >>> describe(parse_condition("PY=0")), describe(parse_condition("PB=PR=TY"))
    ('no plump yellow', 'as many plump blue as plump red as thin yellow')
    """
    terms = condition.terms
    labels = [t.label for t in condition.groups()]
    number = terms[-1] if isinstance(terms[-1], int) else None
    if number is not None and condition.op is Op.EQ:
        if number == 0:
            return "no " + " and no ".join(labels)
        return f"exactly {number} " + (
            labels[0] if len(labels) == 1 else "each of " + ", ".join(labels)
        )
    if number is not None:
        word = {Op.GE: "at least", Op.LE: "at most", Op.GT: "more than", Op.LT: "fewer than"}
        return f"{word[condition.op]} {number} {labels[0]}"
    if condition.op is Op.EQ:
        return "as many " + " as ".join(labels)
    pattern = {
        Op.GT: "more {} than {}",
        Op.LT: "fewer {} than {}",
        Op.GE: "at least as many {} as {}",
        Op.LE: "at most as many {} as {}",
    }
    return pattern[condition.op].format(*labels)
