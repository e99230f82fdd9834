"""The session bots' searches a worker runs: a few at once, and one per decision.

A bot's decision may search for the whole of its request's time, on a solver
thread. :class:`BotSearches` keeps the searches a worker is running by the
digest of the token they decide for: a request for a decision already being
searched (a page's retry, a double click) waits for that search's answer
instead of starting another; past ``limit`` searches at once a new one is
refused at once (503), so bots never take every solver thread and a hint or a
solve always finds one.

>>> import asyncio
>>> searches = BotSearches(limit=1)
>>> async def decide() -> str:
...     return "E05"
>>> asyncio.run(searches.once("token", decide))
'E05'
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar, cast

from api.http.problems import RequestTimeoutError

T = TypeVar("T")


def default_limit(threads: int) -> int:
    """Searches at once beside a cheap lane of ``threads`` solver threads: all but one,
    kept free for everything else (one, when the lane has no more).

    >>> default_limit(3), default_limit(1), default_limit(8)
    (2, 1, 7)
    """
    return max(1, threads - 1)


class BotSearches:
    """The bot searches one worker runs, by the digest of their token.

    Args:
        limit: most searches at once.
    """

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError(f"a worker runs at least one bot search, not {limit}")
        self.limit = limit
        self.joined = 0
        """Requests that waited for a search already running (for tests and metrics)."""
        self._running: dict[bytes, asyncio.Future[Any]] = {}

    def __len__(self) -> int:
        return len(self._running)

    async def once(self, token: str, search: Callable[[], Awaitable[T]]) -> T:
        """The answer of ``search()`` for ``token``, started unless one is running for it.

        A request that gives up (its client went away) leaves the search to the
        others waiting for it; the search itself stops by its own deadline.

        Raises:
            RequestTimeoutError: ``limit`` searches are running already.
        """
        key = hashlib.sha256(token.encode()).digest()
        running = self._running.get(key)
        if running is None:
            if len(self._running) >= self.limit:
                raise RequestTimeoutError("every bot is thinking already; try again shortly")
            running = asyncio.ensure_future(search())
            self._running[key] = running
            running.add_done_callback(lambda _: self._running.pop(key, None))
        else:
            self.joined += 1
        return cast(T, await asyncio.shield(running))
