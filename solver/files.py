"""Reading the user's data files, with errors that say what went wrong in one line.

>>> read_text("/no/such/file.toml", "token set")
Traceback (most recent call last):
...
solver.errors.MonsterError: cannot read token set '/no/such/file.toml': No such file or directory
"""

from __future__ import annotations

from pathlib import Path

from solver.errors import MonsterError


def read_text(path: str | Path, what: str, error: type[MonsterError] = MonsterError) -> str:
    """The UTF-8 text of a file.

    Args:
        path: the file.
        what: what the file should hold, for the message ("token set", "catalogue").
        error: the ``MonsterError`` subclass to raise.

    Raises:
        MonsterError: (as ``error``) the file cannot be read or is not UTF-8.
    """
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as err:
        raise error(f"cannot read {what} {str(path)!r}: {err.strerror}") from err
    except UnicodeDecodeError as err:
        raise error(f"{what} {str(path)!r} is not UTF-8 text: {err.reason}") from err
