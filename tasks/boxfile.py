"""A box typed in: the tasks of your own cards, one per line of plain text.

A person who owns the printed game types its cards in to check them
(``monsters manno verify FILE``). Each line holds one task, with an optional
id and an optional printed level before a colon::

    # my box
    L4-07 4: PB>=4, PY=0, B>R      # id, printed level, task
    4: PB=TY, TR=0                 # level and task: the id is the line number
    PB>=2, TY<=3                   # the task only

Blank lines are skipped and ``#`` starts a comment, on its own line or after a
task. A lone number before the colon is the level; an id is letters, digits
and ``- _ .``. A file holds at most ``MAX_TASKS`` tasks. ``read_tasks`` reads
either this format or catalogue TOML, deciding by what the file holds.

>>> box = parse_box("L4-07 4: PB>=4, PY=0, B>R\\n# a comment\\nPB>=2, TY<=3\\n")
>>> [(e.id, e.level, str(e.task), e.line) for e in box]
[('L4-07', 4, 'PB>=4, PY=0, B>R', 1), ('3', None, 'PB>=2, TY<=3', 3)]
>>> parse_box("L1-01 1: PB>=4, PX=1")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
solver.errors.NotationError: line 1 of '<text>': unknown group 'PX' (...) at column 17
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from solver.errors import MonsterError, NotationError, quoted
from solver.files import read_text
from solver.manno.task import Task, parse_task
from tasks.catalogue import Entry, parse_catalogue
from tasks.styles import LEVELS

MAX_TASKS = 1000
"""The most tasks one file may hold (a box has 108; each task is solved three times)."""
EXAMPLE = "L4-07 4: PB>=4, PY=0, B>R"
"""A line as the format wants it, for messages."""

_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,39}")
_NUMBER = re.compile(r"[0-9]{1,3}")
_WORD = re.compile(r"\S+")


@dataclass(frozen=True)
class BoxEntry:
    """One task typed in: its id, the level printed on its card (if given) and its line."""

    id: str
    level: int | None
    task: Task
    line: int


@dataclass(frozen=True)
class TaskFile:
    """What a file named to ``verify`` holds.

    Attributes:
        entries: its tasks, in order.
        box: True for a typed-in box (plain text), whose levels are the printed
            ones to compare with the grader's; False for catalogue TOML.
    """

    entries: tuple[Entry | BoxEntry, ...]
    box: bool


def is_catalogue(text: str) -> bool:
    """Whether ``text`` is catalogue TOML: a line opens a table (``[[tasks]]``).

    A task, an id or a level never holds ``[``, so no box line starts with one.

    >>> is_catalogue('# mine\\n[[tasks]]\\nid = "A"'), is_catalogue("PB>=4 # [x]")
    (True, False)
    """
    return any(line.lstrip().startswith("[") for line in text.split("\n"))


def read_tasks(path: str | Path) -> TaskFile:
    """The tasks of a catalogue TOML file or of a typed-in box, whichever it holds.

    Raises:
        MonsterError: the file cannot be read, is too large, or does not read
            (a box line is named with its number and column).
    """
    text = read_text(path, "task file")
    if is_catalogue(text):
        return TaskFile(parse_catalogue(text, str(path)).entries, box=False)
    return TaskFile(parse_box(text, str(path)), box=True)


def parse_box(text: str, source: str = "<text>") -> tuple[BoxEntry, ...]:
    """Read a typed-in box (see the module docstring for the format).

    Args:
        text: the file's text.
        source: the file's name, for messages.

    Raises:
        NotationError: a line that does not read, naming its number and column;
            a repeated id; no task at all.
        MonsterError: more than ``MAX_TASKS`` tasks.
    """
    entries: list[BoxEntry] = []
    seen: dict[str, int] = {}
    for number, raw in enumerate(text.removeprefix("\ufeff").split("\n"), start=1):
        where = f"line {number} of {quoted(source)}"
        line = raw.rstrip("\r").split("#", 1)[0]
        if not line.strip():
            continue
        if len(entries) == MAX_TASKS:
            raise MonsterError(
                f"{quoted(source)} holds more than {MAX_TASKS:,} tasks (line {number} is "
                f"task {MAX_TASKS + 1:,}): split it into smaller files"
            )
        try:
            entry, column = _entry(line, number)
            if entry.id in seen:
                raise NotationError(f"id {quoted(entry.id)} repeats line {seen[entry.id]}", column)
        except NotationError as err:
            raise NotationError(f"{where}: {err.message}", err.column) from err
        seen[entry.id] = number
        entries.append(entry)
    if not entries:
        raise NotationError(
            f"{quoted(source)} holds no task: write one per line, e.g. {quoted(EXAMPLE)}"
        )
    return tuple(entries)


def _entry(line: str, number: int) -> tuple[BoxEntry, int]:
    """One line (comment removed): ``[ID] [LEVEL]: TASK`` or ``TASK``; and the id's
    column (1 when the id is the line number).

    Raises:
        NotationError: with the column in the line.
    """
    head, colon, body = line.partition(":")
    if not colon:
        try:
            return BoxEntry(str(number), None, _task(line, 0), number), 1
        except NotationError as err:
            if _colon_forgotten(line):
                raise NotationError(
                    f"{err.message} (an id or level ends with ':')", err.column
                ) from err
            raise
    words = list(_WORD.finditer(head))
    if len(words) > 2:
        raise NotationError(
            f"expected [ID] [LEVEL] before ':', found {quoted(head.strip())}", words[2].start() + 1
        )
    ident, column, level = str(number), 1, None
    if words and _NUMBER.fullmatch(words[-1].group()):
        level = _level(words.pop())
    if len(words) == 2:
        raise NotationError(
            f"level {quoted(words[1].group())} is not a number from 1 to 6", words[1].start() + 1
        )
    if words:
        ident, column = words[0].group(), words[0].start() + 1
        if not _ID.fullmatch(ident):
            raise NotationError(
                f"id {quoted(ident)} may hold letters, digits and - _ . only (at most 40)",
                column,
            )
    if not body.strip():
        raise NotationError("no task after ':'", len(head) + 2)
    return BoxEntry(ident, level, _task(body, len(head) + 1), number), column


def _colon_forgotten(line: str) -> bool:
    """Whether the line reads once its first word or two are taken for an id and level."""
    words = line.split()
    for taken in (1, 2):
        rest = " ".join(words[taken:])
        if rest and all(_ID.fullmatch(w) for w in words[:taken]):
            try:
                parse_task(rest)
            except NotationError:
                continue
            return True
    return False


def _level(word: re.Match[str]) -> int:
    level = int(word.group())
    if level not in LEVELS:
        raise NotationError(
            f"level {level} is not a level: levels run from 1 to 6", word.start() + 1
        )
    return level


def _task(text: str, offset: int) -> Task:
    """``parse_task``, its column counted from the start of the line."""
    try:
        return parse_task(text)
    except NotationError as err:
        column = None if err.column is None else err.column + offset
        raise NotationError(err.message, column) from err
