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

import typer

if TYPE_CHECKING:
    from solver.backends import Backend

WorkersOption = typer.Option(
    None,
    "--workers",
    min=1,
    max=1024,
    help="Processes (more than 1: --backend process), or the CPUs of a local Ray"
    " (default: 1, or the CPU count for --backend process or ray).",
)
BackendOption = typer.Option(
    None,
    "--backend",
    metavar="[local|process|ray]",
    help="Where the work runs: here, in processes, or on Ray (docs/scale.md).",
)
RayAddressOption = typer.Option(
    None,
    "--ray-address",
    help="The Ray cluster for --backend ray (default: RAY_ADDRESS; without it, a local Ray"
    " for the run).",
)


@contextmanager
def opened(backend: str | None, workers: int | None, address: str | None) -> Iterator[Backend]:
    """The backend the options name, for the command's work.

    Raises:
        MonsterError: an unknown backend, ``--ray-address`` without ``--backend ray``,
            Ray not installed, or a cluster that cannot be reached (one line, exit 2).
    """
    from solver.backends import BackendError, open_backend

    if address is not None and backend != "ray":
        raise BackendError("--ray-address needs --backend ray")
    with open_backend(backend, workers, address) as runner:
        yield runner
