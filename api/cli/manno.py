"""``monsters manno ...``: solve, validate, hint and show on the command line.

Human output is a rich table (drawn by ``api.cli.manno_card``, imported only then);
``--json`` prints the contract's object. The commands are :data:`COMMANDS`, at the end.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, TextIO

from api.cli.errors import EXIT_BAD_INPUT, Exit, fail
from api.cli.spec import Command, argument, option
from api.cli.terminal import FORCE, JSON, check_writable, print_json, print_line, write_svg
from api.services import manno as manno_service
from solver.errors import MonsterError, quoted
from solver.jsonio import read_json
from solver.manno.engines import ENGINE_NAMES
from solver.manno.kinds import GROUPS
from solver.manno.task import Task
from solver.manno.tokens import Arrangement, TokenSet, load_tokens, standard_tokens

if TYPE_CHECKING:
    from solver.backend import Backend


def _tokens(path: Path | None) -> TokenSet:
    return standard_tokens() if path is None else load_tokens(path)


def solve(
    task: str | None,
    start: str | None,
    engine: str,
    as_json: bool,
    batch: bool,
    tokens_file: Path | None,
) -> None:
    """Solve a task: solvable?, how many solutions, the fewest-flip solution, or the clash."""
    tokens = _tokens(tokens_file)
    if batch:
        if task is not None:
            raise fail("give either TASK or --batch, not both")
        if run_batch(getattr(sys.stdin, "buffer", sys.stdin), sys.stdout, engine, tokens):
            raise Exit(EXIT_BAD_INPUT)
        return
    if task is None:
        raise fail("missing TASK (or use --batch)")
    result = manno_service.solve(task, start, engine, tokens)
    if as_json:
        print_json(result)
        return
    from api.cli.manno_card import print_solution

    print_solution(result, start, tokens)


MAX_LINE = 10_000
"""The longest batch line read, in bytes (a task and an arrangement need a few hundred)."""
BATCH_FIELDS = ("task", "from")


def _readline(stream: BinaryIO | TextIO, size: int) -> bytes:
    """At most ``size`` more of the current line, as bytes (text streams are encoded)."""
    line = stream.readline(size)
    return line.encode("utf-8", "surrogateescape") if isinstance(line, str) else line


def batch_lines(stream: BinaryIO | TextIO, limit: int = MAX_LINE) -> Iterator[bytes | None]:
    """Each line of ``stream`` (without its line ending), or None for a line over ``limit``
    bytes, which is skipped to its end without being kept."""
    while line := _readline(stream, limit + 1):
        if len(line) > limit and not line.endswith(b"\n"):
            while (rest := _readline(stream, limit)) and not rest.endswith(b"\n"):
                pass
            yield None
        else:
            yield line.rstrip(b"\r\n")


def _batch_request(
    data: bytes | None, fields: tuple[str, ...] = BATCH_FIELDS
) -> tuple[str, str | None]:
    """The task and start arrangement of one batch line holding ``fields`` at most.

    Raises:
        MonsterError: the line is too long, not JSON, or not ``{"task", "from"?}``.
    """
    if data is None:
        raise MonsterError(f"the line is longer than {MAX_LINE:,} bytes")
    request = read_json(data, "JSON")
    if not isinstance(request, dict) or not isinstance(request.get("task"), str):
        raise MonsterError('each line must be an object with a "task" string')
    unknown = sorted(set(request) - set(fields))
    if unknown:
        holds = " and ".join(f'"{name}"' for name in fields)
        raise MonsterError(f"unknown field {quoted(unknown[0])}: a line holds {holds}")
    start = request.get("from")
    if start is not None and not isinstance(start, str):
        raise MonsterError('"from" must be a string of 0 and 1')
    return request["task"], start


def run_batch(lines: BinaryIO | TextIO, out: TextIO, engine: str, tokens: TokenSet) -> bool:
    """Solve one JSON line after another, answering each in order.

    A bad line, whatever it holds, answers ``{"error": ..., "line": n}`` in its
    place and the rest go on; blank lines are skipped (and counted).

    Returns:
        Whether any line was bad.
    """
    bad = False
    for number, data in enumerate(batch_lines(lines), start=1):
        if data is not None and not data.strip():
            continue
        try:
            task, start = _batch_request(data)
            answer = manno_service.solve(task, start, engine, tokens)
        except MonsterError as err:
            answer, bad = {"error": str(err), "line": number}, True
        print_json(answer, out)
    return bad


def grade_batch(lines: BinaryIO | TextIO, out: TextIO, backend: Backend) -> bool:
    """Grade one JSON line ``{"task"}`` after another on ``backend``, answering each in
    order with ``grade --json``'s object (the same on every backend).

    A bad line, or a task that cannot be graded, answers ``{"error": ..., "line": n}``
    in its place and the rest go on; blank lines are skipped (and counted).

    Returns:
        Whether any line was bad.
    """
    from tasks.batch import Request, grade_requests  # the grader, when a batch runs

    def requests() -> Iterator[Request]:
        for number, data in enumerate(batch_lines(lines), start=1):
            if data is not None and not data.strip():
                continue
            try:
                task, _ = _batch_request(data, ("task",))
            except MonsterError as err:
                yield Request(number, None, str(err))
            else:
                yield Request(number, task)

    bad = False
    for answer in grade_requests(requests(), backend):
        bad = bad or "error" in answer
        print_json(answer, out)
    return bad


def validate(task: str, arrangement: str, as_json: bool, tokens_file: Path | None) -> None:
    """Check an arrangement against a task, condition by condition."""
    report = manno_service.validate(task, arrangement, _tokens(tokens_file))
    if as_json:
        print_json(report)
        return
    from api.cli.manno_card import print_report

    print_report(report)


def hint(
    task: str, arrangement: str, level: int, engine: str, as_json: bool, tokens_file: Path | None
) -> None:
    """A hint: which condition to fix, which tokens to turn, or one exact flip."""
    answer = manno_service.hint(task, arrangement, level, engine, _tokens(tokens_file))
    if as_json:
        print_json(answer)
        return
    from api.cli.manno_card import print_hint

    print_hint(answer)


def show(arrangement: str, as_json: bool, tokens_file: Path | None) -> None:
    """Draw the tokens as they lie, in colour, with the counts of every group."""
    tokens = _tokens(tokens_file)
    here = Arrangement.parse(arrangement, len(tokens))
    if as_json:
        up = [tokens[i].up(s).name for i, s in enumerate(here.sides)]
        print_json({"arrangement": str(here), "up": up, "counts": _counts(here, tokens)})
        return
    from api.cli.manno_card import print_tokens

    print_tokens(here, tokens, _counts(here, tokens))


def _counts(here: Arrangement, tokens: TokenSet) -> dict[str, int]:
    kinds = tokens.kind_counts(here)
    return {name: sum(kinds[k] for k in group.kinds) for name, group in GROUPS.items()}


def render(
    task: str,
    arrangement: str | None,
    svg: Path | None,
    text: bool,
    force: bool,
    as_json: bool,
    tokens_file: Path | None,
) -> None:
    """Draw the task card as the game does (and the tokens, if given): in the terminal,
    or as SVG to a file or a pipe."""
    if text and as_json:
        raise fail("give --text or --json, not both")
    tokens = _tokens(tokens_file)
    parsed = manno_service.task_field(task)
    here = None if arrangement is None else manno_service.arrangement_field(arrangement, tokens)
    if svg is None and (text or (not as_json and sys.stdout.isatty())):
        _print_card(parsed, here, tokens)
        return
    from api.render.manno import picture

    size = write_svg(picture(parsed, here, tokens), svg, force)
    if svg is None:
        return
    if text:
        _print_card(parsed, here, tokens)
    if as_json:
        shown = None if here is None else str(here)
        print_json({"task": str(parsed), "arrangement": shown, "svg": str(svg), "bytes": size})
        return
    print_line(f"wrote {svg} ({size:,} bytes)")


def _print_card(task: Task, here: Arrangement | None, tokens: TokenSet) -> None:
    from api.cli.manno_card import print_card

    print_card(task, here, tokens, None if here is None else _counts(here, tokens))


def stats(svg: Path | None, force: bool, as_json: bool) -> None:
    """The grader's metrics per level over the 108-task catalogue: means, and a plot."""
    from api.render.stats import catalogue_stats, stats_picture  # the grader, numpy

    if svg is not None:
        check_writable(svg, force)  # before the work, not after it
    levels = catalogue_stats()
    if svg is not None:
        write_svg(stats_picture(levels), svg, force)
    if as_json:
        print_json(
            {"levels": [s.to_json() for s in levels], "svg": None if svg is None else str(svg)}
        )
        return
    from rich.table import Table

    from api.cli.terminal import console

    table = Table(title="catalogue metrics: mean over each level's tasks")
    table.add_column("metric")
    for level in levels:
        table.add_column(f"L{level.level} ({level.tasks})", justify="right", no_wrap=True)
    for name in levels[0].mean:
        decimals = 1 if name == "count" else 2
        cells = [f"{level.mean[name]:,.{decimals}f}" for level in levels]
        table.add_row(name.replace("_", " "), *cells)
    console().print(table)
    if svg is not None:
        print_line(f"wrote {svg}")


TOKENS = option(
    "--tokens",
    "A token-set TOML file (default: the 15 standard tokens).",
    dest="tokens_file",
    kind=Path,
)
ENGINE = option("--engine", f"Engine: {' | '.join(ENGINE_NAMES)}.", default="cpsat", metavar="NAME")
TASK = argument("task", "Task text.")

COMMANDS = (
    Command(
        "solve",
        "Solve a task: solvable?, how many solutions, the fewest-flip solution, or the clash.",
        solve,
        (
            argument("task", 'Task text, e.g. "PB>=4, PY=0, B>R".', required=False),
            option(
                "--from",
                "Arrangement to count flips from (default all 0).",
                dest="start",
                metavar="ARRANGEMENT",
            ),
            ENGINE,
            JSON,
            option(
                "--batch",
                'Read JSON lines {"task", "from"} on stdin.',
                kind=bool,
                default=False,
            ),
            TOKENS,
        ),
    ),
    Command(
        "validate",
        "Check an arrangement against a task, condition by condition.",
        validate,
        (
            TASK,
            argument("arrangement", "Arrangement: 15 characters of 0/1, token 1 first."),
            JSON,
            TOKENS,
        ),
    ),
    Command(
        "hint",
        "A hint: which condition to fix, which tokens to turn, or one exact flip.",
        hint,
        (
            TASK,
            argument("arrangement", "The tokens as they lie: 15 characters of 0/1."),
            option(
                "--level",
                "1: a condition, 2: the tokens, 3: one flip.",
                kind=int,
                default=1,
                low=1,
                high=3,
            ),
            ENGINE,
            JSON,
            TOKENS,
        ),
    ),
    Command(
        "show",
        "Draw the tokens as they lie, in colour, with the counts of every group.",
        show,
        (argument("arrangement", "15 characters of 0/1, token 1 first."), JSON, TOKENS),
    ),
    Command(
        "render",
        "Draw the task card as the game does (and the tokens, if given).",
        render,
        (
            TASK,
            argument(
                "arrangement",
                "The tokens as they lie (15 characters of 0/1): drawn below, rows marked.",
                required=False,
            ),
            option(
                "--svg",
                "Write the SVG to this file (default: standard output if redirected).",
                kind=Path,
            ),
            option(
                "--text",
                "Draw the card in the terminal (the default on a terminal).",
                kind=bool,
                default=False,
            ),
            FORCE,
            JSON,
            TOKENS,
        ),
        more="In the terminal, or as SVG to a file or a pipe.",
    ),
    Command(
        "stats",
        "The grader's metrics per level over the 108-task catalogue: means, and a plot.",
        stats,
        (option("--svg", "Also draw the metrics per level here.", kind=Path), FORCE, JSON),
    ),
)
"""The commands of Manno Monster that play a card (the catalogue's: ``api.cli.manno_tasks``)."""
