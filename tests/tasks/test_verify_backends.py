"""Verifying a catalogue a slice at a time on a backend (tasks/verify.py)."""

from __future__ import annotations

from solver.backends import ProcessBackend
from tasks.catalogue import Catalogue
from tasks.verify import SLICE, summary, verify


def test_a_process_backend_gives_the_same_checks(catalogue: Catalogue) -> None:
    entries = catalogue.entries[:9]
    assert len(entries) > 2 * SLICE
    ticks: list[None] = []
    pooled = verify(entries, lambda: ticks.append(None), backend=ProcessBackend(2))
    assert summary(pooled) == summary(verify(entries))
    assert len(ticks) == len(entries)


def test_graded_checks_are_the_same_on_a_process_backend(catalogue: Catalogue) -> None:
    entries = catalogue.entries[40:46]
    alone = verify(entries, grade=True)
    assert verify(entries, grade=True, backend=ProcessBackend(2)) == alone
