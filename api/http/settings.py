"""Service settings, read once from ``MONSTERS_*`` environment variables.

>>> Settings.from_env({"MONSTERS_CORS_ORIGINS": "http://a.test, http://b.test"}).cors_origins
('http://a.test', 'http://b.test')
>>> Settings.from_env({"MONSTERS_HEAD_SECONDS": "2.5"}).head_seconds
2.5
>>> Settings.from_env({"MONSTERS_CONNECTIONS_PER_CLIENT": "0"}).connections_per_client
0
>>> Settings.from_env({"MONSTERS_HINT_CACHE": "0"}).hint_cache, Settings().hint_cache
(0, 512)
>>> with_origins({"MONSTERS_CORS_ORIGINS": "http://a.test"}, ["https://b.test:8443"])
'http://a.test,https://b.test:8443'
>>> settings = Settings.from_env({"MONSTERS_SESSIONS": "0", "MONSTERS_ACCESS_LOG": "1"})
>>> settings.sessions, settings.access_log
(False, True)
>>> "xxxx" in repr(Settings.from_env({"MONSTERS_SECRET": "x" * 40}))  # never shown
False
>>> Settings.from_env({"MONSTERS_GRACE_SECONDS": "soon"})
Traceback (most recent call last):
...
api.http.settings.SettingError: MONSTERS_GRACE_SECONDS must be a whole number above 0, not 'soon'
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping, MutableMapping
from dataclasses import dataclass, field
from typing import TypeVar

from api.services.sealed import MIN_SECRET_CHARS, new_secret
from solver.errors import MonsterError

N = TypeVar("N", int, float)

CORS_VARIABLE = "MONSTERS_CORS_ORIGINS"
ACCESS_LOG_VARIABLE = "MONSTERS_ACCESS_LOG"
SECRET_VARIABLE = "MONSTERS_SECRET"
FLAGS = {"1": True, "true": True, "on": True, "yes": True}
FLAGS |= {"0": False, "false": False, "off": False, "no": False}
"""How a yes-or-no variable may be written (case-free)."""
ORIGIN = re.compile(r"https?://[A-Za-z0-9.\-\[\]:]+")
"""What a browser sends as ``Origin``: scheme, host and maybe port, nothing after."""


class SettingError(MonsterError):
    """A ``MONSTERS_*`` variable that does not hold what its setting needs."""


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
        head_seconds: a request's line and headers must all arrive this soon after the
            connection opens or the previous answer ends, or the connection is closed
            (``MONSTERS_HEAD_SECONDS``).
        body_seconds: a request's body must all arrive this soon after its headers, or
            it answers 408 and the connection is closed (``MONSTERS_BODY_SECONDS``).
        send_seconds: a client that takes none of an answer waiting to be sent for this
            long is cut off (``MONSTERS_SEND_SECONDS``).
        keep_alive_seconds: an idle connection between requests is closed after this
            (``MONSTERS_KEEP_ALIVE_SECONDS``).
        max_connections: open connections per worker process; past it requests answer
            503 (``MONSTERS_MAX_CONNECTIONS``).
        connections_per_client: open connections per worker process from one client
            address; past it a new connection is closed at once, unanswered
            (``MONSTERS_CONNECTIONS_PER_CLIENT``; ``0``: no bound, for a service behind
            a proxy, whose connections all come from the proxy's address).
        backlog: connections the system queues before a worker takes them
            (``MONSTERS_BACKLOG``).
        grace_seconds: on SIGTERM or SIGINT, how long requests in flight may take to
            finish before they are cut off (``MONSTERS_GRACE_SECONDS``).
        sessions: the game pages' games against the bots, ``/v1/sessions``
            (``MONSTERS_SESSIONS``, ``1`` or ``0``: off, the routes are gone).
        secret: the key the sessions' tokens are sealed with (``MONSTERS_SECRET``, at
            least 32 characters); every worker and replica that serves the same
            games shares it. Unset, ``monsters serve`` makes one for its workers
            (:func:`with_secret`), and an app made alone makes its own.
        access_log: one JSON line per request on standard error (``MONSTERS_ACCESS_LOG``,
            ``1`` or ``0``; ``monsters serve`` sets it from ``--access-log``).
        hint_cache: hint answers each worker process keeps, to answer a repeat from
            memory (``MONSTERS_HINT_CACHE``, entries; ``0``: none, and no hint search
            is kept either, ``api.services.searched``: every hint searches anew;
            ``api.http.hint_cache`` states the memory it bounds).
    """

    max_body_bytes: int = 16_384
    request_seconds: float = 5.0
    solver_threads: int = 4
    cors_origins: tuple[str, ...] = ()
    pool_size: int = 50
    max_generate: int = 50
    head_seconds: float = 10.0
    body_seconds: float = 10.0
    send_seconds: float = 10.0
    keep_alive_seconds: int = 5
    max_connections: int = 100
    connections_per_client: int = 32
    backlog: int = 128
    grace_seconds: int = 10
    sessions: bool = True
    access_log: bool = False
    hint_cache: int = 512
    secret: str | None = field(default=None, repr=False)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Settings from the environment (defaults where a variable is unset).

        Raises:
            SettingError: a variable that is not a number above 0 where one is needed.
        """
        # Read by hand, not by pydantic-settings: a draft on it had to keep every check
        # as a validator of its own to keep these messages (pydantic's say "Input should be
        # greater than 0", not which variable), needed a settings source class to read a
        # mapping given here, and made Settings() read the environment; measured, it was
        # 55 lines against these 52 and a dependency more, answering 143 of 145 sample
        # values alike (it refused digits such as '٣' in pydantic's words).
        values: Mapping[str, str] = os.environ if env is None else env
        origins = values.get(CORS_VARIABLE, "")

        def number(name: str, default: N) -> N:
            text = values.get(f"MONSTERS_{name.upper()}")
            if text is None:
                return default
            kind = "a whole number" if isinstance(default, int) else "a number"
            try:
                value = type(default)(text)
            except ValueError:
                value = type(default)(0)
            if not 0 < value < float("inf"):
                raise SettingError(f"MONSTERS_{name.upper()} must be {kind} above 0, not {text!r}")
            return value

        def count(name: str, default: int) -> int:
            text = values.get(f"MONSTERS_{name.upper()}")
            if text is None:
                return default
            if not text.strip().isdigit():
                raise SettingError(f"MONSTERS_{name.upper()} must be a whole number, not {text!r}")
            return int(text)

        def flag(name: str, default: bool) -> bool:
            text = values.get(f"MONSTERS_{name.upper()}")
            if text is None:
                return default
            if text.strip().lower() not in FLAGS:
                raise SettingError(f"MONSTERS_{name.upper()} must be 1 or 0, not {text!r}")
            return FLAGS[text.strip().lower()]

        return cls(
            max_body_bytes=number("max_body_bytes", cls.max_body_bytes),
            request_seconds=number("request_seconds", cls.request_seconds),
            solver_threads=number("solver_threads", cls.solver_threads),
            cors_origins=tuple(_origin(o.strip()) for o in origins.split(",") if o.strip()),
            pool_size=number("pool_size", cls.pool_size),
            head_seconds=number("head_seconds", cls.head_seconds),
            body_seconds=number("body_seconds", cls.body_seconds),
            send_seconds=number("send_seconds", cls.send_seconds),
            keep_alive_seconds=number("keep_alive_seconds", cls.keep_alive_seconds),
            max_connections=number("max_connections", cls.max_connections),
            connections_per_client=count("connections_per_client", cls.connections_per_client),
            backlog=number("backlog", cls.backlog),
            grace_seconds=number("grace_seconds", cls.grace_seconds),
            sessions=flag("sessions", cls.sessions),
            access_log=flag("access_log", cls.access_log),
            hint_cache=count("hint_cache", cls.hint_cache),
            secret=_secret(values.get(SECRET_VARIABLE)),
        )


def _secret(text: str | None) -> str | None:
    """``MONSTERS_SECRET`` if set, and long enough to be a key.

    Raises:
        SettingError: it is set and shorter.
    """
    if text is None:
        return None
    if len(text.strip()) < MIN_SECRET_CHARS:
        raise SettingError(
            f"{SECRET_VARIABLE} must be {MIN_SECRET_CHARS} characters or more"
            f" (it has {len(text.strip())}); e.g. python -c 'import secrets;"
            f" print(secrets.token_urlsafe(32))'"
        )
    return text.strip()


def with_secret(env: MutableMapping[str, str]) -> None:
    """Gives ``env`` a new ``MONSTERS_SECRET`` unless it has one: the workers ``monsters
    serve`` starts inherit it, so each reads the session tokens of the others."""
    if not env.get(SECRET_VARIABLE):
        env[SECRET_VARIABLE] = new_secret()


def _origin(text: str) -> str:
    """``text`` if it is an origin a browser sends (or ``*``, any origin).

    Raises:
        SettingError: it is not.
    """
    if text != "*" and not ORIGIN.fullmatch(text):
        raise SettingError(
            f"a CORS origin is a scheme, a host and maybe a port, like http://example.org:8080,"
            f" not {text!r}"
        )
    return text


def with_origins(env: Mapping[str, str], origins: Iterable[str]) -> str:
    """``MONSTERS_CORS_ORIGINS`` of ``env`` with ``origins`` added (``monsters serve --cors``).

    Raises:
        SettingError: one of ``origins`` is not an origin.
    """
    known = [o.strip() for o in env.get(CORS_VARIABLE, "").split(",") if o.strip()]
    return ",".join([*known, *(_origin(o) for o in origins if o not in known)])
