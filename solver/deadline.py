"""The time a solver call has left: its own limit, or sooner a deadline set around it.

A caller that answers within a time (the HTTP service) sets the moment the
answer is due with ``due_by``; every engine starts its ``Clock`` from its own
time limit and stops at whichever comes first, so a call that waited in a
queue has only what is left. Without ``due_by`` the engine's own limit is the
whole story.

>>> import time
>>> with due_by(time.monotonic() - 1):
...     Clock.start(10.0).check("the search ran out of time")
Traceback (most recent call last):
...
solver.errors.SolverTimeoutError: the search ran out of time
>>> 9.0 < Clock.start(10.0).left() <= 10.0
True
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from solver.errors import SolverTimeoutError

_DUE: ContextVar[float | None] = ContextVar("solver_due", default=None)
"""The ``time.monotonic()`` moment the current call's answer is due, if one is set."""


@contextmanager
def due_by(moment: float | None) -> Iterator[None]:
    """Within the block, every solver clock stops by ``moment`` (``time.monotonic()``)."""
    token = _DUE.set(moment)
    try:
        yield
    finally:
        _DUE.reset(token)


def check_due(message: str) -> None:
    """Go on, unless the answer set by ``due_by`` is due already: a call that waited in
    a queue past it need not start.

    >>> check_due("late")  # no answer is due
    >>> with due_by(time.monotonic() - 1):
    ...     check_due("the request waited its whole time")
    Traceback (most recent call last):
    ...
    solver.errors.SolverTimeoutError: the request waited its whole time
    """
    due = _DUE.get()
    if due is not None and time.monotonic() >= due:
        raise SolverTimeoutError(message)


@dataclass(frozen=True)
class Clock:
    """When one solver call must stop.

    Attributes:
        ends: the ``time.monotonic()`` moment.
    """

    ends: float

    @classmethod
    def start(cls, limit: float) -> Clock:
        """A clock of ``limit`` seconds from now, or less when an earlier answer is due."""
        ends = time.monotonic() + limit
        due = _DUE.get()
        return cls(ends if due is None else min(ends, due))

    def left(self) -> float:
        """Seconds still left (negative once past)."""
        return self.ends - time.monotonic()

    def check(self, message: str) -> None:
        """Go on, or stop once the time is up.

        Raises:
            SolverTimeoutError: the time is up (with ``message``, in player words).
        """
        if time.monotonic() >= self.ends:
            raise SolverTimeoutError(message)
