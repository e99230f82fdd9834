"""The catalogue: 54 two-sided task cards, 108 tasks, 18 per level, as TOML.

A card pairs an easy level with a hard one, as the rulebook's level-1 cards
carry level-4 tasks on their backs: cards 1-18 pair levels 1/4, cards 19-36
levels 2/5, cards 37-54 levels 3/6. Every task has a stable id (``L4-07``),
its level and its card. The same format, without cards, holds generated tasks
(``monsters manno generate --out``), and ``monsters manno verify FILE`` reads
either.

>>> catalogue = load_catalogue()
>>> len(catalogue.entries), catalogue.by_id("L1-01").card, str(catalogue.by_id("L1-01").task)
(108, 1, 'PB>=4, PR>=3, TY>=2, PY>=1')
>>> [e.id for e in catalogue.card(1)]
['L1-01', 'L4-01']
"""

from __future__ import annotations

import functools
import json
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from solver.errors import MonsterError, NotationError, quoted
from solver.files import read_text
from solver.manno.task import Task, parse_task
from tasks.styles import LEVELS

PER_LEVEL = 18
"""Tasks of each level in the game."""
PAIRS = ((1, 4), (2, 5), (3, 6))
"""The levels on the two sides of a card, front first."""


@dataclass(frozen=True)
class Entry:
    """One task of a catalogue."""

    id: str
    level: int
    task: Task
    card: int | None = None

    @property
    def side(self) -> str | None:
        """``"front"`` (levels 1-3) or ``"back"`` (levels 4-6) of its card."""
        if self.card is None:
            return None
        return "front" if self.level <= 3 else "back"


@dataclass(frozen=True)
class Catalogue:
    """Tasks in order, each with a unique id."""

    entries: tuple[Entry, ...]

    def by_id(self, task_id: str) -> Entry:
        """The entry with this id.

        Raises:
            MonsterError: no such id.
        """
        for entry in self.entries:
            if entry.id == task_id.upper():
                return entry
        raise MonsterError(f"no task {quoted(task_id)} in the catalogue")

    def level(self, level: int) -> tuple[Entry, ...]:
        """The entries of one level, in order."""
        return tuple(e for e in self.entries if e.level == level)

    def card(self, number: int) -> tuple[Entry, ...]:
        """The entries on one card, front first."""
        return tuple(sorted((e for e in self.entries if e.card == number), key=lambda e: e.level))


def card_of(level: int, index: int) -> int:
    """The card that carries the ``index``-th (1-based) task of ``level``.

    >>> card_of(1, 1), card_of(4, 1), card_of(2, 18), card_of(6, 18)
    (1, 1, 36, 54)
    """
    pair = next(i for i, levels in enumerate(PAIRS) if level in levels)
    return pair * PER_LEVEL + index


def task_id(level: int, index: int) -> str:
    """``L<level>-<index>``, index from 1, two digits."""
    return f"L{level}-{index:02d}"


def parse_catalogue(text: str, source: str = "<text>") -> Catalogue:
    """Read catalogue TOML: ``[[tasks]]`` tables with ``id``, ``level``, ``task``, ``card``?

    Raises:
        MonsterError: not TOML, a missing or wrong field, a repeated id, or a
            task that does not parse (named by its id and the column).
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise MonsterError(f"catalogue {quoted(source)} is not valid TOML: {err}") from err
    rows = data.get("tasks")
    if not isinstance(rows, list) or not rows:
        raise MonsterError(f"catalogue {quoted(source)} needs a non-empty list [[tasks]]")
    entries: list[Entry] = []
    seen: set[str] = set()
    for number, row in enumerate(rows, start=1):
        where = f"task {number} of {quoted(source)}"
        if not isinstance(row, dict):
            raise MonsterError(f"{where} is not a table")
        ident, level, text_, card = (
            row.get("id"),
            row.get("level"),
            row.get("task"),
            row.get("card"),
        )
        if not isinstance(ident, str) or not ident:
            raise MonsterError(f"{where} needs an id")
        where = f"task {quoted(ident)} of {quoted(source)}"
        if ident in seen:
            raise MonsterError(f"{where} repeats an id")
        if not isinstance(level, int) or isinstance(level, bool) or level not in LEVELS:
            raise MonsterError(f"{where} needs a level from 1 to 6")
        if not isinstance(text_, str):
            raise MonsterError(f"{where} needs a task text")
        if card is not None and (not isinstance(card, int) or isinstance(card, bool)):
            raise MonsterError(f"{where} has a card that is not a number")
        try:
            task = parse_task(text_)
        except NotationError as err:
            raise NotationError(f"{where}: {err.message}", err.column) from err
        seen.add(ident)
        entries.append(Entry(ident, level, task, card))
    return Catalogue(tuple(entries))


def format_catalogue(entries: Iterable[Entry], header: str = "") -> str:
    """Catalogue TOML for the entries (``parse_catalogue`` reads it back)."""
    lines = [f"# {line}".rstrip() for line in header.splitlines()]
    for entry in entries:
        lines += ["", "[[tasks]]", f"id = {_string(entry.id)}", f"level = {entry.level}"]
        if entry.card is not None:
            lines.append(f"card = {entry.card}")
        lines.append(f"task = {_string(str(entry.task))}")
    return "\n".join(lines).lstrip("\n") + "\n"


def _string(text: str) -> str:
    """A TOML basic string: JSON's escapes are TOML's."""
    return json.dumps(text, ensure_ascii=False)


def load_catalogue(path: str | Path | None = None) -> Catalogue:
    """The built-in catalogue, or the one in ``path``.

    Raises:
        MonsterError: the file cannot be read or is not a catalogue.
    """
    if path is None:
        return _builtin()
    return parse_catalogue(read_text(path, "catalogue"), str(path))


@functools.cache
def _builtin() -> Catalogue:
    text = resources.files("tasks").joinpath("data/catalogue.toml").read_text("utf-8")
    return parse_catalogue(text, "built-in catalogue")
