"""What every command prints through: JSON lines on standard output, progress on standard error."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from api.errors import stderr


def print_json(data: Any) -> None:
    """One JSON document on one line of standard output."""
    sys.stdout.write(json.dumps(data) + "\n")


@contextmanager
def progress_bar(label: str, total: int) -> Iterator[Progress]:
    """A progress bar on standard error, shown only on a terminal."""
    bar = Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=stderr,
        transient=True,
        disable=not stderr.is_terminal,
    )
    with bar:
        bar.add_task(label, total=total)
        yield bar
