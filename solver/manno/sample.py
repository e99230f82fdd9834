"""Seeded random tasks, for tests and benchmarks.

The mix covers every form the grammar has: at least / at most / exactly
(including "none"), equal-count chains, more and fewer, over kinds, colours
and shapes. Numbers stay near what the group can show, so a fair share of
tasks is solvable and a fair share is not.

>>> import random
>>> tasks = random_tasks(random.Random(7), 3)
>>> len(tasks), all(1 <= len(t.conditions) <= 5 for t in tasks)
(3, True)
>>> [str(t) for t in random_tasks(random.Random(7), 3)] == [str(t) for t in tasks]
True
"""

from __future__ import annotations

import random

from solver.manno.kinds import GROUPS, Group
from solver.manno.task import Condition, Op, Task

_GROUPS = tuple(GROUPS.values())


def random_condition(rng: random.Random) -> Condition:
    """One random condition."""
    form = rng.random()
    first = rng.choice(_GROUPS)
    if form < 0.55:
        op = rng.choice([Op.GE, Op.GE, Op.EQ, Op.LE])
        return Condition((first, rng.randint(0, _reach(first))), op)
    others = [g for g in _GROUPS if g != first]
    if form < 0.9:
        return Condition(
            (first, rng.choice(others)), rng.choice([Op.GT, Op.LT, Op.EQ, Op.GE, Op.LE])
        )
    second, third = rng.sample(others, 2)
    return Condition((first, second, third), Op.EQ)


def random_task(rng: random.Random, max_conditions: int = 5) -> Task:
    """A task of 1 to ``max_conditions`` random conditions."""
    return Task(tuple(random_condition(rng) for _ in range(rng.randint(1, max_conditions))))


def random_tasks(rng: random.Random, count: int, max_conditions: int = 5) -> list[Task]:
    """``count`` random tasks, all from the one generator."""
    return [random_task(rng, max_conditions) for _ in range(count)]


def _reach(group: Group) -> int:
    """A little more than a group can show with the standard tokens (5 per kind)."""
    return 5 * len(group.kinds) + 1
