"""Which release wrote a state or a view: the document's ``format`` number.

Every state and view this release writes says ``"format": FORMAT``. Documents
written before format numbers existed carry none and are format 1. The formats:

* 1: no ``format`` field, every document written before format numbers;
* 2: the ``format`` field; from it on every Very Big Monster document holds
  ``sand_direction``, ``seen`` (states) and ``kept`` (views), which came in the last
  releases of format 1, so that some documents of format 1 lack them;
* 3: Very Big Monster's setting ``explorer_tokens``.

Every release reads the documents of earlier releases: a game names the fields each
format added, and its reader gives each field added after the document's format the
value that keeps the old game's meaning (docs/rulings.md lists them), then reads the
document as one of its own. A field the document's own format has is never filled
in: missing, it is a fault. A document from a later release is refused, naming
``format``, since this release cannot know what its fields mean.

>>> read_format({"game": "vbm"}, "Very Big Monster state")
1
>>> added = {
...     2: {"sand_direction": lambda doc: "both_ways"},
...     3: {"explorer_tokens": lambda doc: "team"},
... }
>>> upgraded({"game": "vbm"}, "state", added)
{'game': 'vbm', 'sand_direction': 'both_ways', 'explorer_tokens': 'team', 'format': 3}
>>> upgraded({"game": "vbm", "format": 2}, "state", added)
{'game': 'vbm', 'format': 3, 'explorer_tokens': 'team'}
>>> try:
...     read_format({"format": 4}, "state")
... except NotationError as err:
...     print(err.path, "|", err.message)
format | this state is from a newer version of the game (format 4); this one reads formats up to 3
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from solver.errors import NotationError, quoted

FORMAT = 3
"""The format of the states and views this release writes (the same for every game)."""

FIRST_FORMAT = 1
"""The format of a document without a ``format`` field: written before the field existed."""

Default = Callable[[Mapping[str, Any]], Any]
"""The value an older document's missing field takes, from the rest of the document.
It must not trust the document: the reader checks every field afterwards."""

Added = Mapping[int, Mapping[str, Default]]
"""The fields each format added (by its number), each with its :data:`Default`."""


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


def upgraded(doc: Any, what: str, added: Added) -> Any:
    """``doc`` as this release writes it: a document of an earlier format gains every
    field a later format ``added`` that it lacks, and this release's ``format``.

    Anything but a JSON object is returned as it is, for the reader to refuse in
    its own words; so is a document of this release's format, which must hold
    every field itself.

    Raises:
        NotationError: from :func:`read_format`.
    """
    if not isinstance(doc, Mapping):
        return doc
    written = read_format(doc, what)
    if written == FORMAT:
        return doc
    out = dict(doc)
    for since in sorted(f for f in added if f > written):
        for key, default in added[since].items():
            if key not in out:
                out[key] = default(out)
    out["format"] = FORMAT
    return out
