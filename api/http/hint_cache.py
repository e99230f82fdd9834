"""Hint answers kept per worker: a repeated hint answers from memory, not a new search.

A hint is deterministic (the same view, budget and top give the same bytes,
``solver.counted``), so each worker keeps its latest ``entries`` complete
answers, as sent, by ``api.services.games.hint_key``: the digest of the seat's
view and the hint's parameters, never of the full state, so what one seat is
answered cannot depend on what it does not see. An answer the wall-clock guard
cut short (``"complete": false``) is never kept, nor one longer than
``MAX_KEPT_BYTES`` (every move of a large Very Big Monster hand: ask ``top``).

A kept answer takes its body and about 350 bytes besides (its key, its tag, the
book-keeping), so a worker holds at most ``entries * (MAX_KEPT_BYTES + 350)``
bytes of them: 16.2 MiB at the default 512 entries, about 3 MiB of Monster Park
hints (5.4 KB each on average with every move, far less with ``top``).

>>> cache = HintCache(2)
>>> cache.put(b"a", b"{}").tag == etag(b"{}")
True
>>> _ = cache.put(b"b", b"{}")
>>> cache.get(b"a").body  # now the most recently used
b'{}'
>>> _ = cache.put(b"c", b"{}")
>>> cache.get(b"b") is None, len(cache)  # the least recently used went
(True, 2)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from api.http.caching import etag

MAX_KEPT_BYTES = 32_768
"""Longest answer kept (a Monster Park hint of every move takes about 8 KB)."""


@dataclass(frozen=True)
class Kept:
    """One answer as sent: its body and the ``ETag`` made from it."""

    body: bytes
    tag: str


class HintCache:
    """The latest ``entries`` hint answers by key, least recently used out first
    (``0``: none kept). Safe to share between threads."""

    def __init__(self, entries: int) -> None:
        self.entries = entries
        self._kept: OrderedDict[bytes, Kept] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._kept)

    def get(self, key: bytes) -> Kept | None:
        """The answer kept for ``key``, now the most recently used; ``None`` if none."""
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None:
                self._kept.move_to_end(key)
            return kept

    def put(self, key: bytes, body: bytes) -> Kept:
        """Keep ``body`` as the answer for ``key`` (unless it is too long to, or the cache
        is off), dropping the least recently used past ``entries``; the answer, tagged."""
        kept = Kept(body, etag(body))
        if self.entries == 0 or len(body) > MAX_KEPT_BYTES:
            return kept
        with self._lock:
            self._kept[key] = kept
            self._kept.move_to_end(key)
            while len(self._kept) > self.entries:
                self._kept.popitem(last=False)
        return kept
