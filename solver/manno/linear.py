"""Conditions as linear constraints over the token sides.

With ``x[i]`` = 1 when token ``i + 1`` shows side 1, every group count is
``base + sum(delta[i] * x[i])``, so every comparison of a condition becomes
``sum(coefs[i] * x[i]) <sense> rhs``. CP-SAT and python-constraint both solve
this form; the numpy table does not use it, which keeps it an independent check.

>>> from solver.manno.task import parse_condition
>>> from solver.manno.tokens import standard_tokens
>>> [lin] = compile_condition(parse_condition("PB>=4"), standard_tokens())
>>> lin.coefs[:5], lin.sense, lin.rhs
((-1, -1, -1, -1, -1), '>=', -1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from solver.manno.task import Condition, Op, Task, Term
from solver.manno.tokens import TokenSet

Sense = Literal[">=", "<=", "=="]


@dataclass(frozen=True)
class Linear:
    """``sum(coefs[i] * x[i]) <sense> rhs`` over the token sides ``x``."""

    coefs: tuple[int, ...]
    sense: Sense
    rhs: int

    def holds(self, sides: tuple[int, ...]) -> bool:
        """Evaluate for one assignment of sides."""
        total = sum(c * x for c, x in zip(self.coefs, sides, strict=True))
        if self.sense == ">=":
            return total >= self.rhs
        if self.sense == "<=":
            return total <= self.rhs
        return total == self.rhs


def _affine(term: Term, tokens: TokenSet) -> tuple[int, tuple[int, ...]]:
    """``(constant, per-token coefficients)`` of a term's count."""
    if isinstance(term, int):
        return term, (0,) * len(tokens)
    return tokens.base(term), tokens.delta(term)


_SENSE: dict[Op, tuple[Sense, int]] = {
    Op.GE: (">=", 0),
    Op.LE: ("<=", 0),
    Op.EQ: ("==", 0),
    Op.GT: (">=", 1),
    Op.LT: ("<=", -1),
}


def compile_condition(condition: Condition, tokens: TokenSet) -> tuple[Linear, ...]:
    """One linear constraint per comparison in the condition (``=`` chains give several)."""
    result = []
    sense, shift = _SENSE[condition.op]
    for left, right in condition.pairs():
        left_base, left_delta = _affine(left, tokens)
        right_base, right_delta = _affine(right, tokens)
        coefs = tuple(a - b for a, b in zip(left_delta, right_delta, strict=True))
        result.append(Linear(coefs, sense, right_base - left_base + shift))
    return tuple(result)


def compile_task(task: Task, tokens: TokenSet) -> tuple[tuple[Linear, ...], ...]:
    """The linear constraints of each condition, in the task's order."""
    return tuple(compile_condition(c, tokens) for c in task.conditions)
