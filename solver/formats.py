"""Which release wrote a state or a view: the document's ``format`` number.

Every state and view this release writes says ``"format": FORMAT``. Documents
written before format numbers existed carry none and are format 1. Every release
reads the documents of earlier releases: a game's reader gives each field added
since the value that keeps the old game's meaning (docs/rulings.md lists them),
then reads the document as one of its own. A document from a later release is
refused, naming ``format``, since this release cannot know what its fields mean.

>>> read_format({"game": "vbm"}, "Very Big Monster state")
1
>>> upgraded({"game": "vbm"}, "state", {"sand_direction": lambda doc: "both_ways"})
{'game': 'vbm', 'sand_direction': 'both_ways', 'format': 2}
>>> try:
...     read_format({"format": 3}, "state")
... except NotationError as err:
...     print(err.path, "|", err.message)
format | this state is from a newer version of the game (format 3); this one reads formats up to 2
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from solver.errors import NotationError, quoted

FORMAT = 2
"""The format of the states and views this release writes (the same for every game)."""

FIRST_FORMAT = 1
"""The format of a document without a ``format`` field: written before the field existed."""

Default = Callable[[Mapping[str, Any]], Any]
"""The value an older document's missing field takes, from the rest of the document.
It must not trust the document: the reader checks every field afterwards."""


def read_format(doc: Mapping[str, Any], what: str) -> int:
    """The format ``doc`` was written in (1 without the field).

    Args:
        doc: a state or a view.
        what: the document as a player names it (``Very Big Monster state``).

    Raises:
        NotationError: at ``format``, for anything but a whole number from 1 to
            :data:`FORMAT` (a later format names itself).
    """
    value = doc.get("format", FIRST_FORMAT)
    if isinstance(value, bool) or not isinstance(value, int) or value < FIRST_FORMAT:
        raise NotationError(
            f"the format is a whole number from {FIRST_FORMAT} to {FORMAT}, not {quoted(value)}",
            path="format",
        )
    if value > FORMAT:
        shown = value if value < 10**6 else "unknown"
        raise NotationError(
            f"this {what} is from a newer version of the game (format {shown}); this one "
            f"reads formats up to {FORMAT}",
            path="format",
        )
    return value


def upgraded(doc: Any, what: str, defaults: Mapping[str, Default]) -> Any:
    """``doc`` as this release writes it: a document of an earlier format gains every
    field of ``defaults`` it lacks, and this release's ``format``.

    Anything but a JSON object is returned as it is, for the reader to refuse in
    its own words; so is a document of this release's format, which must hold
    every field itself.

    Raises:
        NotationError: from :func:`read_format`.
    """
    if not isinstance(doc, Mapping) or read_format(doc, what) == FORMAT:
        return doc
    out = dict(doc)
    for key, default in defaults.items():
        if key not in out:
            out[key] = default(out)
    out["format"] = FORMAT
    return out
