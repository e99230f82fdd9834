"""Service settings, read once from ``MONSTERS_*`` environment variables.

>>> Settings.from_env({"MONSTERS_CORS_ORIGINS": "http://a.test, http://b.test"}).cors_origins
('http://a.test', 'http://b.test')
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    """How the service behaves.

    Attributes:
        max_body_bytes: larger request bodies answer 413 unread (``MONSTERS_MAX_BODY_BYTES``).
        request_seconds: a solver call running longer answers 503 (``MONSTERS_REQUEST_SECONDS``).
        solver_threads: solver calls that run at once per process (``MONSTERS_SOLVER_THREADS``).
        cors_origins: origins a browser front end may call from (``MONSTERS_CORS_ORIGINS``,
            comma-separated; none by default).
        pool_size: generated tasks kept ready per level for seed 0 (``MONSTERS_POOL_SIZE``).
        max_generate: most tasks one generate request may ask for.
    """

    max_body_bytes: int = 16_384
    request_seconds: float = 5.0
    solver_threads: int = 4
    cors_origins: tuple[str, ...] = ()
    pool_size: int = 50
    max_generate: int = 50

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Settings from the environment (defaults where a variable is unset)."""
        env = os.environ if env is None else env
        origins = env.get("MONSTERS_CORS_ORIGINS", "")
        return cls(
            max_body_bytes=int(env.get("MONSTERS_MAX_BODY_BYTES", cls.max_body_bytes)),
            request_seconds=float(env.get("MONSTERS_REQUEST_SECONDS", cls.request_seconds)),
            solver_threads=int(env.get("MONSTERS_SOLVER_THREADS", cls.solver_threads)),
            cors_origins=tuple(o.strip() for o in origins.split(",") if o.strip()),
            pool_size=int(env.get("MONSTERS_POOL_SIZE", cls.pool_size)),
        )
