"""What commands print: JSON lines and SVG on standard output, progress on standard error."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from api.errors import stderr
from solver.errors import MonsterError

SvgOption = typer.Option(
    None, "--svg", help="Write the SVG to this file (default: standard output)."
)


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


def write_svg(svg: str, path: Path | None) -> int:
    """Write ``svg`` to ``path`` (standard output if ``None``); return its size in bytes."""
    data = svg.encode()
    if path is None:
        sys.stdout.write(svg)
    else:
        try:
            path.write_bytes(data)
        except OSError as err:
            raise MonsterError(f"cannot write {str(path)!r}: {err.strerror}") from err
    return len(data)
