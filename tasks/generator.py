"""Generate tasks of a chosen level: drawn in the level's style, graded exactly that level.

Candidate ``k`` of a run is drawn from its own random stream, seeded by
``(seed, level, k)``, so the output depends only on the seed, never on where
the candidates are graded (here, in worker processes or on a Ray cluster:
``solver.backends``, a block of ``BATCH`` at a time) or in which order they finish. A
candidate is kept when it is solvable, every one of its conditions matters
(drop any one and the solutions change), it means something no kept task
means (a different set of solving arrangements), and the grader puts it at
the level asked for.

Speed without changing the output: a candidate whose hardest step (read off
the card, no token turned) has a band without the level is not solved;
condition masks are read as integer bit sets, kept by the table engine;
workers always have the next blocks of candidates queued; and a candidate whose meaning an earlier
candidate of the same stream already took at this level is not graded, since
the earlier one is kept first (or its meaning was already taken) and the later
one would be dropped anyway.

>>> [g.level for g in generate(2, 3, seed=1)]
[2, 2, 2]
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import operator
import random
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass

import numpy as np

from solver.backend import Backend
from solver.backends import pool
from solver.errors import MonsterError
from solver.manno.task import Condition, Task
from tasks.grader import Grade, grade, may_grade, table_engine
from tasks.styles import LEVELS, STYLES, fits, sample

BATCH = 64
"""Candidates handed to a worker at once."""
AHEAD = 2
"""Chunks queued per worker, so none waits for the others between chunks."""
MAX_CANDIDATES_PER_TASK = 400
"""Give up when this many candidates per wanted task found nothing (a clear error)."""

Progress = Callable[[int], None]
"""Called with how many tasks have been kept so far."""


@dataclass(frozen=True)
class _Verdict:
    """What grading one candidate found: the grade when kept, and its meaning."""

    grade: Grade | None
    meaning: bytes


Kept = dict[bytes, int]
"""Meanings of candidates graded at their level, each with the smallest such ``k``."""


def _every() -> int:
    """The bit set of all arrangements."""
    return (1 << len(table_engine().index)) - 1


def candidate(seed: int, level: int, k: int) -> Task:
    """Candidate ``k`` of a run: a task in the level's style from its own stream.

    Each drawn condition must leave the card solvable and cut its solutions
    further, so candidates are rarely wasted on clashes or repeats.
    """
    solutions = _every()

    def keep(condition: Condition) -> bool:
        nonlocal solutions
        narrower = solutions & table_engine().bits(condition)
        if not narrower or narrower == solutions:
            return False
        solutions = narrower
        return True

    return sample(STYLES[level], random.Random(f"{seed}/{level}/{k}"), keep)


def well_made(seed: int, level: int, k: int) -> tuple[Task, bytes] | None:
    """Candidate ``k`` made fit to print, with its meaning; ``None`` if it cannot be.

    A condition that a later one made pointless is dropped (the meaning stays);
    what is left must still fit the level's style.
    """
    task = candidate(seed, level, k)
    every = _every()
    kept = list(task.conditions)
    masks = [table_engine().bits(c) for c in kept]
    full = functools.reduce(operator.and_, masks, every)
    for i in reversed(range(len(kept))):
        rest = masks[:i] + masks[i + 1 :]
        if rest and functools.reduce(operator.and_, rest, every) == full:
            del kept[i], masks[i]
    pruned = Task(tuple(kept))
    if not full or not fits(pruned, STYLES[level]):
        return None
    return pruned, full.to_bytes(len(table_engine().index) // 8, "big")


def judge(seed: int, level: int, k: int, kept: Kept | None = None) -> _Verdict:
    """Grade candidate ``k`` if it is well made, and keep it if it grades ``level``.

    Args:
        seed: the run's seed.
        level: the level asked for.
        k: the candidate's index.
        kept: meanings already kept from this stream (``seed``, ``level``), each
            with the first ``k`` that had it; read to skip grading a candidate
            that ``generate`` would drop, and updated.
    """
    made = well_made(seed, level, k)
    if made is None:
        return _Verdict(None, b"")
    task, meaning = made
    if kept is not None and kept.get(meaning, k) < k:
        return _Verdict(None, meaning)  # an earlier candidate has this meaning at this level
    if not may_grade(task, level):
        return _Verdict(None, meaning)  # its hardest step's band does not hold the level
    graded = grade(task, table_engine())
    if graded.level != level:
        return _Verdict(None, meaning)
    if kept is not None:
        kept[meaning] = min(kept.get(meaning, k), k)
    return _Verdict(graded, meaning)


_KEPT: dict[tuple[int, int], Kept] = {}
"""In a worker: the meanings it has kept from the stream it last graded (a fact of
the stream, so it may outlive a run; only the last stream is kept)."""


def _judge_many(seed: int, level: int, ks: range) -> list[_Verdict]:
    """Verdicts on candidates ``ks`` of one stream: a work unit."""
    stream = (seed, level)
    if stream not in _KEPT:
        _KEPT.clear()
    kept = _KEPT.setdefault(stream, {})
    return [judge(seed, level, k, kept) for k in ks]


def generate(
    level: int,
    count: int,
    seed: int,
    workers: int = 1,
    progress: Progress | None = None,
    exclude: Iterable[Task] = (),
    backend: Backend | None = None,
) -> list[Grade]:
    """``count`` distinct tasks of ``level``, the same for the same seed.

    Args:
        level: 1 to 6.
        count: how many tasks.
        seed: where every random choice flows from.
        workers: processes grading candidates, when no ``backend`` is given
            (the output does not depend on it).
        progress: called as tasks are kept.
        exclude: tasks whose meaning is already taken (e.g. the catalogue's).
        backend: where candidates are graded (``solver.backends``); the output
            does not depend on it.

    Raises:
        MonsterError: a level outside 1-6, a count below 1, or no luck after
            ``MAX_CANDIDATES_PER_TASK`` candidates per task.
    """
    if level not in LEVELS:
        raise MonsterError(f"level must be 1 to 6, not {level}")
    if count < 1 or workers < 1:
        raise MonsterError("count and workers must be at least 1")
    table = table_engine()
    seen = {np.packbits(table.mask(t)).tobytes() for t in exclude}
    kept: list[Grade] = []
    limit = MAX_CANDIDATES_PER_TASK * count
    with contextlib.closing(_verdicts(seed, level, backend or pool(workers))) as verdicts:
        for verdict in itertools.islice(verdicts, limit):
            if verdict.grade is None or verdict.meaning in seen:
                continue
            seen.add(verdict.meaning)
            kept.append(verdict.grade)
            if progress is not None:
                progress(len(kept))
            if len(kept) == count:
                return kept
    raise MonsterError(f"found only {len(kept)} level-{level} tasks in {limit} candidates")


def _verdicts(seed: int, level: int, backend: Backend) -> Generator[_Verdict, None, None]:
    """Verdicts on candidates 0, 1, 2, ... in order: one at a time here, in blocks
    of ``BATCH`` elsewhere, ``AHEAD`` blocks queued per worker."""
    if backend.in_process:
        kept: Kept = {}
        yield from (judge(seed, level, k, kept) for k in itertools.count())
        return
    work = functools.partial(_judge_many, seed, level)
    blocks = (range(s, s + BATCH) for s in itertools.count(0, BATCH))
    with contextlib.closing(backend.map(work, blocks, ahead=AHEAD)) as verdicts:
        for block in verdicts:
            yield from block
