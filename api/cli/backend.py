"""``--workers``, ``--backend`` and ``--ray-address``: where a batch command runs its work.

``play``, ``generate``, ``verify`` and ``grade --batch`` take the same three
options and open their backend with :func:`opened` (``solver.backends``; the
result never depends on it). Nothing heavy is imported until a command runs,
and Ray only for ``--backend ray``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from api.cli.spec import option

if TYPE_CHECKING:
    from solver.backend import Backend

BACKEND_OPTIONS = (
    option(
        "--workers",
        "Processes (more than 1: --backend process), or the CPUs of a local Ray"
        " (default: 1, or the CPU count for --backend process or ray).",
        kind=int,
        low=1,
        high=1024,
    ),
    option(
        "--backend",
        "Where the work runs: here, in processes, or on Ray (docs/scale.md).",
        metavar="[local|process|ray]",
    ),
    option(
        "--ray-address",
        "The Ray cluster for --backend ray (default: RAY_ADDRESS; without it, a local Ray"
        " for the run).",
        metavar="ADDRESS",
    ),
)
"""``--workers``, ``--backend`` and ``--ray-address``: a command taking them takes
``workers``, ``backend`` and ``ray_address`` and passes them to :func:`opened`."""


@contextmanager
def opened(backend: str | None, workers: int | None, address: str | None) -> Iterator[Backend]:
    """The backend the options name, for the command's work.

    Raises:
        MonsterError: an unknown backend, ``--ray-address`` without ``--backend ray``,
            Ray not installed, or a cluster that cannot be reached (one line, exit 2).
    """
    from solver.backend import BackendError
    from solver.backends import open_backend

    if address is not None and backend != "ray":
        raise BackendError("--ray-address needs --backend ray")
    with open_backend(backend, workers, address) as runner:
        yield runner
