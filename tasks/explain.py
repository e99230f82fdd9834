"""One sentence that says why a card got its level.

The sentence names the hardest step and the condition that needed it, in a
player's words, and, when the work lifted the card to the upper level of its
band, what that work was.

>>> from solver.manno.task import parse_condition
>>> statement(parse_condition("PY=TR")), statement(parse_condition("Y>P"))
('plump yellow must equal thin red', 'more yellow than plump')
"""

from __future__ import annotations

from collections import Counter

from solver.manno.task import Condition, Op, Task
from tasks.reasoning import Solved
from tasks.techniques import Technique, partner


def statement(condition: Condition) -> str:
    """What the condition asks, in words."""
    words = [g.label for g in condition.groups()]
    last = condition.terms[-1]
    if isinstance(last, int):
        if len(words) > 1:
            return f"{_join(words)} must each be exactly {last}"
        if condition.op is Op.EQ:
            return f"no {words[0]}" if last == 0 else f"exactly {last} {words[0]}"
        shown = {Op.GE: "at least", Op.GT: "more than", Op.LE: "at most", Op.LT: "fewer than"}
        return f"{shown[condition.op]} {last} {words[0]}"
    if condition.op is Op.EQ:
        if len(words) == 2:
            return f"{words[0]} must equal {words[1]}"
        return f"{_join(words)} must be equal"
    a, b = words
    shown = {
        Op.GT: f"more {a} than {b}",
        Op.LT: f"fewer {a} than {b}",
        Op.GE: f"at least as many {a} as {b}",
        Op.LE: f"at most as many {a} as {b}",
    }
    return shown[condition.op]


def doing(tech: Technique, condition: Condition, task: Task) -> str:
    """The hardest step, as what the card needs: ``comparing blue with yellow``."""
    words = [g.label for g in condition.groups()]
    numbered = isinstance(condition.terms[-1], int)
    if condition.op is Op.EQ and len(words) > 1:
        head = f"balancing {_join(words)}" + (" at one number" if numbered else "")
    elif not numbered:
        head = f"comparing {words[0]} with {words[1]}"
    elif tech is Technique.COUNT:
        return f"reading single kind counts ({statement(condition)})"
    elif tech is Technique.FORCE:
        return f"forcing tokens' sides for {statement(condition)}"
    else:
        whole = "shape" if words[0] in ("plump", "thin") else "colour"
        return f"counting a whole {whole} ({statement(condition)})"
    if tech is not Technique.SHARED:
        return head
    other = partner(condition, task)
    if other is None or other == condition:
        return f"{head}, which share {_join(_shared(condition))}"
    return f"{head} while {statement(other)}"


def why(level: int, solved: Solved, task: Task, upper: bool) -> str:
    """The sentence: ``level 6: needs comparing blue with yellow while ...``."""
    tops = [s for s in solved.steps if s.technique is solved.hardest]
    step = next((s for s in tops if partner(s.condition, task) == s.condition), tops[0])
    only = "only " if step.technique is Technique.COUNT and not upper else ""
    sentence = f"level {level}: needs {only}{doing(step.technique, step.condition, task)}"
    if upper:
        parts = [
            f"effort {solved.effort}",
            f"{solved.flips} flip{'s' if solved.flips != 1 else ''}",
        ]
        if solved.fights:
            parts.append(f"{solved.fights} fight{'s' if solved.fights > 1 else ''}")
        if solved.guesses:
            parts.append(f"{solved.guesses} guess{'es' if solved.guesses > 1 else ''}")
        sentence += f", and the work ({', '.join(parts)}) puts it at the top of its band"
    return sentence


def _shared(condition: Condition) -> list[str]:
    """The kinds that more than one of the condition's groups counts, in words."""
    seen = Counter(k for g in condition.groups() for k in g.kinds)
    return [k.label for k, n in sorted(seen.items()) if n > 1]


def _join(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
