"""Reading the user's data files, with errors that say what went wrong in one line.

A file is read only where the user running the program named it: the command
line opens :func:`allow_files` around its work; everywhere else (the HTTP
service above all) :func:`read_user_file` refuses, so no request can make the
server read a path. A file is read only up to ``MAX_FILE_BYTES``.

>>> read_user_file("/etc/hostname", "deck")
Traceback (most recent call last):
...
solver.errors.MonsterError: deck files cannot be named here: choose a built-in one
>>> with allow_files():
...     read_user_file("/no/such/file.toml", "token set")
Traceback (most recent call last):
...
solver.errors.MonsterError: cannot read token set '/no/such/file.toml': No such file or directory
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from solver.errors import MonsterError

MAX_FILE_BYTES = 1_000_000
"""The largest data file (deck, token set, catalogue) read, in bytes."""

_FILES_ALLOWED: ContextVar[bool] = ContextVar("files_allowed", default=False)


@contextmanager
def allow_files(allowed: bool = True) -> Iterator[None]:
    """Within this block, :func:`read_user_file` reads the files it is given
    (or, with ``allowed=False``, refuses them again)."""
    token = _FILES_ALLOWED.set(allowed)
    try:
        yield
    finally:
        _FILES_ALLOWED.reset(token)


def files_allowed() -> bool:
    """True inside :func:`allow_files` (the command line), False elsewhere."""
    return _FILES_ALLOWED.get()


def read_user_file(path: str | Path, what: str, error: type[MonsterError] = MonsterError) -> str:
    """The UTF-8 text of a file the user named, where naming files is allowed.

    Raises:
        MonsterError: (as ``error``) files may not be named here, or the file cannot
            be read, is larger than ``MAX_FILE_BYTES`` or is not UTF-8.
    """
    if not files_allowed():
        raise error(f"{what} files cannot be named here: choose a built-in one")
    return read_text(path, what, error)


def read_text(path: str | Path, what: str, error: type[MonsterError] = MonsterError) -> str:
    """The UTF-8 text of a file, at most ``MAX_FILE_BYTES`` long.

    Args:
        path: the file.
        what: what the file should hold, for the message ("token set", "catalogue").
        error: the ``MonsterError`` subclass to raise.

    Raises:
        MonsterError: (as ``error``) the file cannot be read, is too large or is not UTF-8.
    """
    try:
        with Path(path).open("rb") as stream:
            data = stream.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise error(f"cannot read {what} {str(path)!r}: {err.strerror}") from err
    if len(data) > MAX_FILE_BYTES:
        raise error(f"{what} {str(path)!r} is larger than {MAX_FILE_BYTES:,} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise error(f"{what} {str(path)!r} is not UTF-8 text: {err.reason}") from err
