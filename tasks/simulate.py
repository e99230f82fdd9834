"""A simulated player: how many flips a person needs, tried from many starts.

The player reads the card from the top and works on the first condition that
does not hold yet. They turn a token that brings that condition closer,
choosing, among those, the one that leaves the whole card closest to solved
(ties at random); if no single flip helps that condition they turn one that
does not make the card worse, else any token. Now and then (``LAPSE``) they
turn a token at random, as people do. The walk stops when every condition
holds, or after ``CAP`` flips.

Everything runs on the numpy table (all arrangements at once): the shortfall
of every condition in every arrangement is computed once (and kept for the
next task that shares the condition), and all starts walk in lockstep. Same
seed, same answer.

>>> from solver.manno.table import TableEngine
>>> from solver.manno.task import parse_task
>>> efforts = simulate(TableEngine(), parse_task("PB>=4, PY=0, B>R"), seed=1, starts=16)
>>> efforts.shape, bool((efforts >= 0).all())
((16,), True)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from solver.manno.evaluate import IntArray, condition_shortfall
from solver.manno.table import TableEngine
from solver.manno.task import Condition, Task

LAPSE = 0.1
"""How often the player turns a token without thinking."""
CAP = 60
"""Flips after which a walk counts as given up (and scores ``CAP``)."""
STARTS = 64
"""Random starts per task."""
KEPT_SHORTFALLS = 512
"""Conditions whose shortfalls are kept (64 KiB each on the standard table)."""


def shortfalls(table: TableEngine, task: Task) -> npt.NDArray[np.int16]:
    """Per condition, per arrangement: monsters short of holding (0 = holds)."""
    return np.stack([_shortfall(table, c) for c in task.conditions])


@functools.lru_cache(maxsize=KEPT_SHORTFALLS)
def _shortfall(table: TableEngine, condition: Condition) -> npt.NDArray[np.int16]:
    """One condition's row of ``shortfalls`` (read-only: it is shared)."""
    row = condition_shortfall(condition, table.group_counts, len(table.index)).astype(np.int16)
    row.flags.writeable = False
    return row


def simulate(
    table: TableEngine,
    task: Task,
    seed: int,
    starts: int = STARTS,
    short: npt.NDArray[np.int16] | None = None,
) -> IntArray:
    """Flips the simulated player needs from each of ``starts`` random arrangements.

    Args:
        table: the table engine of the token set.
        task: a solvable task.
        seed: the seed every random choice flows from.
        starts: how many walks.
        short: ``shortfalls(table, task)`` if already computed.

    Returns:
        One flip count per start (``CAP`` where the player gave up).
    """
    flips, walking, _ = _walk(table, task, seed, starts, short)
    flips[walking] = CAP
    return flips


def median_effort(
    table: TableEngine,
    task: Task,
    seed: int,
    starts: int = STARTS,
    short: npt.NDArray[np.int16] | None = None,
    give_up: float = math.inf,
) -> float | None:
    """The median of ``simulate``, found with as few steps as it needs.

    Walks stop once more than half the starts are solved: the others can only
    end later, so the median is known. They also stop, answering ``None``, once
    more than half are still unsolved after ``give_up - 1`` flips: the median
    is then at least ``give_up``.

    >>> from solver.manno.table import TableEngine
    >>> from solver.manno.task import parse_task
    >>> table, task = TableEngine(), parse_task("B=R=5, PY=0, Y>P")
    >>> median_effort(table, task, 1) == float(np.median(simulate(table, task, 1)))
    True
    >>> median_effort(table, task, 1, give_up=2) is None
    True
    """

    def stop(step: int, unsolved: int) -> bool:
        return 2 * unsolved < starts or (2 * unsolved > starts and step + 1 >= give_up)

    flips, walking, steps = _walk(table, task, seed, starts, short, stop)
    if 2 * len(walking) > starts and min(steps + 1, CAP) >= give_up:
        return None  # more than half need more flips than this (or gave up at CAP)
    flips[walking] = CAP  # they end after the median, or gave up
    return float(np.median(flips))


def effort_floor(field: npt.NDArray[np.integer], seed: int, starts: int = STARTS) -> float:
    """A floor under ``median_effort``: the median distance from its starts to a solution.

    Each flip moves a walk at most one flip nearer a solution, and a walk that
    gives up scores ``CAP``, more than any distance; so every walk's count is
    at least its start's distance, and so is the median.

    Args:
        field: the task's distance field (``TableEngine.distance_field``).
        seed: the seed ``median_effort`` is given.
        starts: how many walks it makes.

    >>> from solver.manno.table import TableEngine
    >>> from solver.manno.task import parse_task
    >>> table, task = TableEngine(), parse_task("B=R=5, PY=0, Y>P")
    >>> floor = effort_floor(table.distance_field(task), 1)
    >>> 0 < floor <= median_effort(table, task, 1)
    True
    """
    size = (len(field) - 1).bit_length()
    return float(np.median(field[_starts(seed, starts, size)]))


@functools.lru_cache(maxsize=16)
def _starts(seed: int, starts: int, size: int) -> IntArray:
    """Where ``_walk`` starts: the first draw of its random stream."""
    here = _first_draw(np.random.default_rng(seed), starts, size)
    here.flags.writeable = False
    return here


def _first_draw(rng: np.random.Generator, starts: int, size: int) -> IntArray:
    return rng.integers(0, 1 << size, size=starts, dtype=np.int64)


def _walk(
    table: TableEngine,
    task: Task,
    seed: int,
    starts: int,
    short: npt.NDArray[np.int16] | None,
    stop: Callable[[int, int], bool] | None = None,
) -> tuple[IntArray, IntArray, int]:
    """Walk every start for up to ``CAP`` flips, or until ``stop(step, unsolved)``.

    Returns:
        The flips each start made, the starts still unsolved, and the steps taken.
    """
    rng = np.random.default_rng(seed)
    short = shortfalls(table, task) if short is None else short
    total = short.sum(axis=0, dtype=np.int32)
    flat, rows = short.reshape(-1), short.shape[1]  # short[c, a] is flat[c * rows + a]
    size = table.size
    bits = np.int64(1) << np.arange(size - 1, -1, -1, dtype=np.int64)
    here = _first_draw(rng, starts, size)
    flips = np.zeros(starts, dtype=np.int64)
    walking = np.flatnonzero(total[here] > 0)
    step = 0
    while step < CAP and len(walking) > 0:
        if stop is not None and stop(step, len(walking)):
            break
        at = here[walking]
        focus = np.argmax(short[:, at] > 0, axis=0) * rows  # first unmet condition on the card
        near = at[:, None] ^ bits
        helps = flat[focus[:, None] + near] < flat[focus + at][:, None]
        score = total[near]
        harmless = score <= total[at][:, None]
        allowed = np.where(helps.any(axis=1)[:, None], helps, harmless)
        allowed |= ~allowed.any(axis=1)[:, None]  # nothing helps: any token
        ranked = np.where(allowed, score, np.inf) + rng.random(score.shape)  # ties at random
        choice = np.argmin(ranked, axis=1)
        lapse = rng.random(len(walking)) < LAPSE
        choice[lapse] = rng.integers(0, size, size=np.count_nonzero(lapse))
        at ^= bits[choice]
        here[walking] = at
        flips[walking] += 1
        walking = walking[total[at] > 0]
        step += 1
    return flips, walking, step
