"""What commands print: JSON lines and SVG on standard output, progress on standard error,
and the files they write, whole or not at all."""

from __future__ import annotations

import contextlib
import functools
import json
import os
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from api.cli.errors import Exit
from api.cli.spec import option
from solver.errors import MonsterError

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress

JSON = option("--json", "Print JSON instead of a table.", dest="as_json", kind=bool, default=False)
SVG = option("--svg", "Write the SVG to this file (default: standard output).", kind=Path)
FORCE = option("--force", "Replace the output file if it exists.", kind=bool, default=False)

EXIT_READER_LEFT = 1
"""The exit code when whoever read standard output stopped reading (``| head``)."""


@functools.cache
def console() -> Console:
    """Standard output, as rich draws tables and colours on it (made when first needed:
    only a command that draws a table or colours loads rich)."""
    from rich.console import Console

    return Console(highlight=False)


@functools.cache
def _stderr_console() -> Console:
    """Standard error, as rich draws a progress bar on it."""
    from rich.console import Console

    return Console(stderr=True, highlight=False, soft_wrap=True)


def write_out(text: str, out: TextIO | None = None) -> None:
    """Write ``text`` to standard output (or ``out``) and flush it.

    Raises:
        MonsterError: the output cannot be written (a full disk, say).
        Exit: the reader has gone (a closed pipe): nothing more is written.
    """
    stream = sys.stdout if out is None else out
    try:
        stream.write(text)
        stream.flush()
    except BrokenPipeError:
        with contextlib.suppress(OSError, ValueError):  # nothing is left to flush at exit
            os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
        raise Exit(EXIT_READER_LEFT) from None
    except OSError as err:
        raise MonsterError(f"cannot write to standard output: {err.strerror or err}") from err


def print_json(data: Any, out: TextIO | None = None) -> None:
    """One JSON document on one line of standard output (or ``out``)."""
    write_out(json.dumps(data) + "\n", out)


def print_line(text: str) -> None:
    """One line of plain text on standard output (no table, so rich is not loaded)."""
    write_out(text + "\n")


@contextmanager
def progress_bar(label: str, total: int) -> Iterator[Progress]:
    """A progress bar on standard error, shown only on a terminal."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    bar = Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=_stderr_console(),
        transient=True,
        disable=not _stderr_console().is_terminal,
    )
    with bar:
        bar.add_task(label, total=total)
        yield bar


NOT_REPLACED = (
    (stat.S_ISLNK, "it is a symbolic link"),
    (stat.S_ISDIR, "it is a directory"),
    (stat.S_ISFIFO, "it is a named pipe"),
    (stat.S_ISCHR, "it is a device"),
    (stat.S_ISBLK, "it is a device"),
    (stat.S_ISSOCK, "it is a socket"),
)
"""What an output file is never written over, even with ``--force``: the new file would
take the name, so a link's target would stay as it was and a device become a file."""


def replace_refusal(found: os.stat_result) -> str | None:
    """Why a file (as ``os.lstat`` found it) is not replaced, or None for a plain file.

    >>> replace_refusal(os.stat_result((stat.S_IFCHR | 0o666, 0, 0, 1, 0, 0, 0, 0, 0, 0)))
    'it is a device'
    >>> replace_refusal(os.stat_result((stat.S_IFREG | 0o644, 0, 0, 2, 0, 0, 0, 0, 0, 0)))
    'it has other names (hard links), which would keep the old contents'
    """
    for kind, reason in NOT_REPLACED:
        if kind(found.st_mode):
            return reason
    if found.st_nlink > 1:
        return "it has other names (hard links), which would keep the old contents"
    return None


def check_writable(path: Path, force: bool = False) -> None:
    """Refuse, before any work is done, a file that :func:`write_file` would refuse.

    Raises:
        MonsterError: ``path`` exists and ``force`` is not given, or it is anything but
            a regular file of one name (``replace_refusal``), ``force`` or not.
    """
    try:
        found = path.lstat()
    except OSError:
        return  # nothing there (or nothing to see): the write itself says what is wrong
    refusal = replace_refusal(found)
    if refusal is not None:
        raise MonsterError(f"cannot write {str(path)!r}: {refusal}")
    if not force:
        raise MonsterError(f"{str(path)!r} exists: give --force to replace it")


def write_file(path: Path, data: bytes, force: bool = False) -> int:
    """Write ``data`` to ``path`` whole or not at all; return its size in bytes.

    The bytes go to a temporary file in the same directory, reach the disk
    (``fsync``), and only then take the file's name (``os.replace``), so a write
    that fails part-way leaves the file as it was and no temporary file behind.

    Args:
        path: the file to write.
        data: all of its bytes.
        force: replace the file if it exists (otherwise that is an error); only a
            regular file of one name is ever replaced (``check_writable``).

    Raises:
        MonsterError: the file exists and ``force`` is not given, is not a regular
            file, or cannot be written.
    """
    import tempfile  # (with shutil and random) only for a command that writes a file

    check_writable(path, force)
    try:
        handle, temporary = tempfile.mkstemp(
            dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"
        )
    except OSError as err:
        raise MonsterError(f"cannot write {str(path)!r}: {err.strerror}") from err
    try:
        with os.fdopen(handle, "wb") as stream:
            os.fchmod(stream.fileno(), _mode(path))
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException as err:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(err, OSError):
            raise MonsterError(f"cannot write {str(path)!r}: {err.strerror or err}") from err
        raise
    _sync_directory(path.parent)
    return len(data)


def _mode(path: Path) -> int:
    """The permissions the written file gets: those of the file it replaces, else the
    usual ones for a new file (what the umask leaves of ``rw-rw-rw-``)."""
    with contextlib.suppress(OSError):
        return path.stat().st_mode & 0o777
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _sync_directory(directory: Path) -> None:
    """Make the rename itself durable, where the system lets a directory be synced."""
    with contextlib.suppress(OSError):
        handle = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def write_svg(svg: str, path: Path | None, force: bool = False) -> int:
    """Write ``svg`` to ``path`` (standard output if ``None``); return its size in bytes.

    A file is written whole or not at all, and replaces one that exists only with ``force``.
    """
    if path is None:
        write_out(svg)
        return len(svg.encode())
    return write_file(path, svg.encode(), force)
