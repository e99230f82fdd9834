"""How a person solves a card: named steps, cheapest first, on real tokens.

The player reads the card, takes the conditions in the order a person would
(``Technique.order``: "none" and "exactly" first, since they fix tokens'
sides, then plain counts, then relations, the hardest last) and meets them
one at a time. Meeting a condition turns the fewest tokens that make it hold
while every condition already met still holds. Two things can go wrong, and
both are recorded as steps of their own:

* **fight**: the quickest way to meet the condition alone would break one
  already met, so the player must take a longer way round;
* **guess**: the player had several equally short ways, took one, and a later
  step had to turn one of those tokens back (trial and error).

The tokens lie as the last round left them, which the grader cannot know, so
the player solves from each of ``starts(table)``: eight fixed arrangements
in which every kind shows two or three times. The run of median work is the
one reported: its steps, fights, guesses and flips. Nothing is random.

>>> from solver.manno.table import TableEngine
>>> from solver.manno.task import parse_task
>>> solved = solve(TableEngine(), parse_task("PB>=4, TY=0, B>Y, PY=TR"))
>>> solved.hardest.value, [s.technique.value for s in solved.steps][:2]
('shared', ['force', 'count'])
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from solver.manno.evaluate import BoolArray, IntArray
from solver.manno.kinds import GROUPS, KINDS
from solver.manno.table import TableEngine
from solver.manno.task import Condition, Task
from tasks.techniques import Technique, technique

STARTS = 8
"""How many fixed arrangements the player solves from."""


@dataclass(frozen=True)
class Step:
    """One reasoning step of a run: the technique, the condition it served, the flips it took."""

    technique: Technique
    condition: Condition
    flips: int


@dataclass(frozen=True)
class Solved:
    """What the player did on one card: the steps of the median run, and its totals.

    Attributes:
        steps: every step in order (a fight or guess follows the step it hit).
        hardest: the highest-ranked technique a condition needed.
        flips: tokens turned in the reported run.
        fights: fight steps in it.
        guesses: guess steps in it.
        start: the arrangement (index) the reported run began from.
        end: the solution (index) it ended on.
    """

    steps: tuple[Step, ...]
    hardest: Technique
    flips: int
    fights: int
    guesses: int
    start: int
    end: int

    @property
    def effort(self) -> int:
        """Each step's weight added up (``Technique.weight``), fights and guesses included."""
        return sum(s.technique.weight for s in self.steps)

    def counts(self) -> list[tuple[Technique, int]]:
        """The techniques used, in the order first used, each with how often."""
        seen: dict[Technique, int] = {}
        for step in self.steps:
            seen[step.technique] = seen.get(step.technique, 0) + 1
        return list(seen.items())


def plan(task: Task) -> list[tuple[Technique, Condition]]:
    """The conditions in the order a person takes them, each with its technique.

    >>> from solver.manno.task import parse_task
    >>> [(t.value, str(c)) for t, c in plan(parse_task("B=R, PY=0, Y>P"))]
    [('force', 'PY=0'), ('shared', 'B=R'), ('shared', 'Y>P')]
    """
    return list(_plan(task))


@functools.lru_cache(maxsize=4096)
def _plan(task: Task) -> tuple[tuple[Technique, Condition], ...]:
    """``plan``, kept for the next call on the same task (the generator asks twice)."""
    marked = [(technique(c, task), i, c) for i, c in enumerate(task.conditions)]
    marked.sort(key=lambda m: (m[0].order, m[1]))
    return tuple((t, c) for t, _, c in marked)


def hardest(task: Task) -> Technique:
    """The hardest technique the card's conditions need (no tokens turned to know it)."""
    return max((t for t, _ in plan(task)), key=lambda t: t.rank)


def solve(table: TableEngine, task: Task) -> Solved:
    """Solve from every start; the run whose work is the median is the one reported.

    All starts walk in lockstep on the table. The task must be solvable
    (every set of its conditions then is).
    """
    steps = plan(task)
    begin = starts(table)
    here = begin.copy()
    runs = len(here)
    moved = np.zeros((len(steps), runs), dtype=np.int64)  # tokens each step turned, as bits
    turned = np.zeros((len(steps), runs), dtype=np.int64)
    fought = np.zeros((len(steps), runs), dtype=np.bool_)
    choice = np.zeros((len(steps), runs), dtype=np.bool_)  # another equally short way existed
    met: BoolArray | None = None
    for j, (_, condition) in enumerate(steps):
        alone = _condition_mask(table, condition)
        met = alone if met is None else met & alone
        need = np.flatnonzero(~met[here])
        if len(need) == 0:
            continue
        at = here[need]
        near, best, ties = nearest(table, met, at)
        choice[j, need] = ties > 1
        if j > 0:
            fought[j, need] = best > nearest(table, alone, at)[1]
        moved[j, need] = at ^ near
        turned[j, need] = best
        here[need] = near
    undone = np.zeros_like(choice)  # a step whose choice a later step turned back
    for j in range(1, len(steps)):
        undone[:j] |= (moved[:j] & moved[j]) != 0
    guessed = choice & undone
    weights = sum(t.weight for t, _ in steps)
    fight, guess = Technique.FIGHT.weight, Technique.GUESS.weight
    work = weights + fight * fought.sum(axis=0) + guess * guessed.sum(axis=0)
    order = np.argsort(work + turned.sum(axis=0), kind="stable")
    pick = int(order[(runs - 1) // 2])
    ends = (int(begin[pick]), int(here[pick]))
    return _report(steps, turned[:, pick], fought[:, pick], guessed[:, pick], ends)


def _report(
    steps: list[tuple[Technique, Condition]],
    turned: IntArray,
    fought: BoolArray,
    guessed: BoolArray,
    ends: tuple[int, int],
) -> Solved:
    """The steps of one run, a fight or a guess right after the step it hit."""
    done: list[Step] = []
    for j, (tech, condition) in enumerate(steps):
        done.append(Step(tech, condition, int(turned[j])))
        if fought[j]:
            done.append(Step(Technique.FIGHT, condition, 0))
        if guessed[j]:
            done.append(Step(Technique.GUESS, condition, 0))
    top = max((t for t, _ in steps), key=lambda t: t.rank)
    totals = int(turned.sum()), int(fought.sum()), int(guessed.sum())
    return Solved(tuple(done), top, *totals, *ends)


def _condition_mask(table: TableEngine, condition: Condition) -> BoolArray:
    return table.mask(Task((condition,)))


def nearest(
    table: TableEngine, mask: BoolArray, at: IntArray
) -> tuple[IntArray, IntArray, IntArray]:
    """For each start in ``at``: the nearest arrangement in ``mask``, its distance, how many tie.

    Of the arrangements at the least distance the one of smallest index is
    taken. The search walks out from each start one flip at a time (all
    arrangements at distance 1, then 2...), so a near solution is found
    without reading the whole table. ``mask`` must hold something.

    >>> from solver.manno.table import TableEngine
    >>> from solver.manno.task import parse_task
    >>> table = TableEngine()
    >>> mask, at = table.mask(parse_task("PB=5")), np.array([1 << 14, 3 << 13])
    >>> near, best, ties = nearest(table, mask, at)
    >>> near.tolist(), best.tolist(), ties.tolist()
    ([0, 0], [1, 2], [1, 1])
    """
    near = np.full(len(at), -1, dtype=np.int64)
    best = np.zeros(len(at), dtype=np.int64)
    ties = np.zeros(len(at), dtype=np.int64)
    inside = mask[at]
    near[inside] = at[inside]
    ties[inside] = 1
    left = np.flatnonzero(~inside)
    for distance, patterns in enumerate(_shells(table.size), start=1):
        if len(left) == 0:
            break
        around = at[left][None, :] ^ patterns[:, None]
        hits = mask[around]
        found = hits.any(axis=0)
        if not found.any():
            continue
        rows = left[found]
        candidates = np.where(hits[:, found], around[:, found], np.iinfo(np.int64).max)
        near[rows] = candidates.min(axis=0)
        best[rows] = distance
        ties[rows] = hits[:, found].sum(axis=0)
        left = left[~found]
    return near, best, ties


@functools.cache
def _shells(size: int) -> tuple[IntArray, ...]:
    """For each distance 1..size, every flip pattern of that many tokens."""
    patterns = np.arange(1 << size, dtype=np.int64)
    counts = np.bitwise_count(patterns)
    return tuple(patterns[counts == d] for d in range(1, size + 1))


def starts(table: TableEngine) -> IntArray:
    """The player's fixed starts: ``STARTS`` arrangements, every kind showing 2 or 3 times.

    Of all such arrangements (in index order) the ones evenly spread over the list.

    >>> from solver.manno.table import TableEngine
    >>> len(starts(TableEngine()))
    8
    """
    return _starts(table)


@functools.cache
def _starts(table: TableEngine) -> IntArray:
    kinds = [table.group_counts(GROUPS[k.name]) for k in KINDS]
    even = np.logical_and.reduce([(k >= 2) & (k <= 3) for k in kinds])
    balanced = np.flatnonzero(even)
    picks = np.linspace(0, len(balanced) - 1, STARTS).round().astype(np.int64)
    chosen: IntArray = balanced[picks]
    chosen.flags.writeable = False
    return chosen
