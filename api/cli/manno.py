"""``monsters manno ...``: solve, validate, hint and show on the command line.

Human output is a rich table; ``--json`` prints the contract's object.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO, TextIO

import typer
from rich.box import ROUNDED
from rich.console import Console
from rich.table import Table
from rich.text import Text

from api.cli.errors import EXIT_BAD_INPUT, fail, one_line_errors
from api.cli.terminal import ForceOption, check_writable, print_json, write_svg
from api.render.manno import SIGNS, picture
from api.render.monsters import scope
from api.render.stats import catalogue_stats, stats_picture
from api.services import manno as manno_service
from solver.errors import MonsterError, quoted
from solver.jsonio import read_json
from solver.manno.engines import ENGINE_NAMES
from solver.manno.kinds import GROUPS, KINDS, Group, Kind
from solver.manno.task import Condition, Op, Task
from solver.manno.tokens import Arrangement, TokenSet, load_tokens, standard_tokens
from solver.manno.validate import describe
from solver.manno.validate import validate as check_rows

app = typer.Typer(
    help="Manno Monster: solve task cards, check and hint arrangements.", no_args_is_help=True
)
console = Console(highlight=False)

COLOURS = {"B": "bright_blue", "R": "red", "Y": "yellow"}
GLYPHS = {"P": "●", "T": "▮"}
"""A plump and a thin monster; a colour is a blot, a shape a grey monster."""
BLOT, GREY = "✱", "grey70"
DRAWN = range(1, 11)
"""An "at least" row with this many monsters draws them one by one, as the card does."""

TokensOption = typer.Option(
    None, "--tokens", help="A token-set TOML file (default: the 15 standard tokens)."
)
JsonOption = typer.Option(False, "--json", help="Print JSON instead of a table.")
EngineOption = typer.Option("cpsat", "--engine", help=f"Engine: {' | '.join(ENGINE_NAMES)}.")


def _tokens(path: Path | None) -> TokenSet:
    return standard_tokens() if path is None else load_tokens(path)


def kind_text(kind: Kind) -> Text:
    """A kind drawn in its colour, with a plump or thin glyph."""
    return group_text(GROUPS[kind.name])


def group_text(grp: Group, times: int = 1) -> Text:
    """A group as a card draws it, ``times`` over, then its name: a monster in its
    colour (``● PB``), a blot of colour (``✱ B``) or a grey monster (``▮ T``)."""
    where = scope(grp)
    if where == "colour":
        glyph, style = BLOT, COLOURS[grp.name]
    elif where == "kind":
        glyph, style = GLYPHS[grp.kinds[0].shape], COLOURS[grp.kinds[0].colour]
    else:
        glyph, style = GLYPHS[grp.name], GREY
    return Text(" ".join([glyph] * times) + f" {grp.name}", style=f"bold {style}")


def condition_text(condition: Condition) -> Text:
    """One card row: "at least" as that many monsters, "none" crossed out, any other
    count ``= 3x`` (as the rulebook prints it), comparisons as groups and signs.

    >>> from solver.manno.task import parse_condition
    >>> [condition_text(parse_condition(c)).plain for c in ("PB>=3", "PY=0", "B>T", "R=4")]
    ['● ● ● PB', '● PY ✗ none', '✱ B > ▮ T', '✱ R = 4x']
    """
    terms, op = condition.terms, condition.op
    first = terms[0]
    assert isinstance(first, Group)
    if len(terms) == 2 and terms[1] == 0 and op is Op.EQ:
        return Text.assemble(group_text(first), " ", ("✗ none", "bold red"))
    if len(terms) == 2 and isinstance(terms[1], int) and op is Op.GE and terms[1] in DRAWN:
        return group_text(first, terms[1])
    row = Text()
    for i, term in enumerate(terms):
        row.append(f" {SIGNS[op]} " if i else "")
        row.append_text(group_text(term) if isinstance(term, Group) else Text(f"{term}x"))
    return row


def card_table(task: Task, here: Arrangement | None, tokens: TokenSet) -> Table:
    """The card in the terminal: a row per condition as drawn, and what it asks in words;
    given the tokens as they lie, each row marked ✓ or ✗ with the counts found."""
    table = Table(title=f"task {task}", show_header=False, title_style="bold", box=ROUNDED)
    table.add_column("card", no_wrap=True)
    table.add_column("asks", style="dim")
    reports = None if here is None else check_rows(task, here, tokens).conditions
    if reports is not None:
        table.add_column("ok")
        table.add_column("found")
    for i, condition in enumerate(task.conditions):
        cells: list[str | Text] = [condition_text(condition), describe(condition)]
        if reports is not None:
            ok = reports[i].ok
            cells.append(Text("✓", style="bold green") if ok else Text("✗", style="bold red"))
            cells.append(", ".join(f"{name} {n}" for name, n in reports[i].counts.items()))
        table.add_row(*cells)
    return table


@app.command()
@one_line_errors
def solve(
    task: str | None = typer.Argument(None, help='Task text, e.g. "PB>=4, PY=0, B>R".'),
    start: str | None = typer.Option(
        None, "--from", help="Arrangement to count flips from (default all 0)."
    ),
    engine: str = EngineOption,
    as_json: bool = JsonOption,
    batch: bool = typer.Option(False, "--batch", help='Read JSON lines {"task", "from"} on stdin.'),
    tokens_file: Path | None = TokensOption,
) -> None:
    """Solve a task: solvable?, how many solutions, the fewest-flip solution, or the clash."""
    tokens = _tokens(tokens_file)
    if batch:
        if task is not None:
            raise fail("give either TASK or --batch, not both")
        if run_batch(getattr(sys.stdin, "buffer", sys.stdin), sys.stdout, engine, tokens):
            raise typer.Exit(EXIT_BAD_INPUT)
        return
    if task is None:
        raise fail("missing TASK (or use --batch)")
    result = manno_service.solve(task, start, engine, tokens)
    if as_json:
        print_json(result)
        return
    table = Table(show_header=False, box=None)
    table.add_row("task", result["task"])
    total = 2 ** len(tokens)
    if result["solvable"]:
        count = "?" if result["count"] is None else f"{result['count']:,}"
        table.add_row("solvable", f"yes: {count} of {total:,} arrangements")
        begin = start or "0" * len(tokens)
        table.add_row("fewest flips", f"{result['flips']} from {begin}")
        table.add_row("solution", result["arrangement"])
        table.add_row("turn", _turns(result["flip"], Arrangement.parse(begin), tokens))
    else:
        table.add_row("solvable", Text("no", style="bold red"))
        table.add_row("clash", ", ".join(result["conflict"]) + "  (cannot hold together)")
    console.print(table)


def _turns(numbers: list[int], start: Arrangement, tokens: TokenSet) -> Text:
    if not numbers:
        return Text("nothing: already solved")
    text = Text()
    for i, number in enumerate(numbers):
        token, side = tokens[number - 1], start.sides[number - 1]
        text.append(("" if i == 0 else "\n") + f"{number}: ")
        text.append_text(kind_text(token.up(side)))
        text.append(" → ")
        text.append_text(kind_text(token.up(1 - side)))
    return text


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


def _batch_request(data: bytes | None) -> tuple[str, str | None]:
    """The task and start arrangement of one batch line.

    Raises:
        MonsterError: the line is too long, not JSON, or not ``{"task", "from"?}``.
    """
    if data is None:
        raise MonsterError(f"the line is longer than {MAX_LINE:,} bytes")
    request = read_json(data, "JSON")
    if not isinstance(request, dict) or not isinstance(request.get("task"), str):
        raise MonsterError('each line must be an object with a "task" string')
    unknown = sorted(set(request) - set(BATCH_FIELDS))
    if unknown:
        raise MonsterError(f'unknown field {quoted(unknown[0])}: a line holds "task" and "from"')
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


@app.command()
@one_line_errors
def validate(
    task: str = typer.Argument(..., help="Task text."),
    arrangement: str = typer.Argument(
        ..., help="Arrangement: 15 characters of 0/1, token 1 first."
    ),
    as_json: bool = JsonOption,
    tokens_file: Path | None = TokensOption,
) -> None:
    """Check an arrangement against a task, condition by condition."""
    report = manno_service.validate(task, arrangement, _tokens(tokens_file))
    if as_json:
        print_json(report)
        return
    table = Table(title=f"{report['task']}  ·  {report['arrangement']}")
    for column in ("condition", "ok", "found", "required"):
        table.add_column(column)
    for row in report["conditions"]:
        mark = Text("✓", style="bold green") if row["ok"] else Text("✗", style="bold red")
        found = ", ".join(f"{name} {n}" for name, n in row["counts"].items())
        table.add_row(row["condition"], mark, found, row["required"])
    console.print(table)
    verdict = "solved" if report["ok"] else "not solved yet"
    console.print(Text(verdict, style="bold green" if report["ok"] else "bold red"))


@app.command()
@one_line_errors
def hint(
    task: str = typer.Argument(..., help="Task text."),
    arrangement: str = typer.Argument(..., help="The tokens as they lie: 15 characters of 0/1."),
    level: int = typer.Option(
        1, "--level", min=1, max=3, help="1: a condition, 2: the tokens, 3: one flip."
    ),
    engine: str = EngineOption,
    as_json: bool = JsonOption,
    tokens_file: Path | None = TokensOption,
) -> None:
    """A hint: which condition to fix, which tokens to turn, or one exact flip."""
    answer = manno_service.hint(task, arrangement, level, engine, _tokens(tokens_file))
    if as_json:
        print_json(answer)
        return
    console.print(answer["text"])
    if answer["flips_left"]:
        left = answer["flips_left"]
        console.print(Text(f"{left} flip{'' if left == 1 else 's'} left", style="dim"))


@app.command()
@one_line_errors
def show(
    arrangement: str = typer.Argument(..., help="15 characters of 0/1, token 1 first."),
    as_json: bool = JsonOption,
    tokens_file: Path | None = TokensOption,
) -> None:
    """Draw the tokens as they lie, in colour, with the counts of every group."""
    tokens = _tokens(tokens_file)
    here = Arrangement.parse(arrangement, len(tokens))
    if as_json:
        up = [tokens[i].up(s).name for i, s in enumerate(here.sides)]
        print_json({"arrangement": str(here), "up": up, "counts": _counts(here, tokens)})
        return
    _print_tokens(here, tokens)


def _counts(here: Arrangement, tokens: TokenSet) -> dict[str, int]:
    kinds = tokens.kind_counts(here)
    return {name: sum(kinds[k] for k in group.kinds) for name, group in GROUPS.items()}


def _print_tokens(here: Arrangement, tokens: TokenSet) -> None:
    """Each token's side up and under, then the counts of every kind and group."""
    kinds, counts = tokens.kind_counts(here), _counts(here, tokens)
    table = Table(title=f"arrangement {here}", show_lines=False)
    table.add_column("token", justify="right")
    table.add_column("up")
    table.add_column("under", style="dim")
    for number, (token, side) in enumerate(zip(tokens, here.sides, strict=True), start=1):
        under = token.up(1 - side)
        table.add_row(str(number), kind_text(token.up(side)), f"{GLYPHS[under.shape]} {under.name}")
    console.print(table)
    line = Text()
    for kind in KINDS:
        line.append_text(kind_text(kind))
        line.append(f" {kinds[kind]}   ")
    console.print(line)
    console.print("  ".join(f"{g} {counts[g]}" for g in ("B", "R", "Y", "P", "T")))


@app.command()
@one_line_errors
def render(
    task: str = typer.Argument(..., help="Task text."),
    arrangement: str | None = typer.Argument(
        None, help="The tokens as they lie (15 characters of 0/1): drawn below, rows marked."
    ),
    svg: Path | None = typer.Option(
        None, "--svg", help="Write the SVG to this file (default: standard output if redirected)."
    ),
    text: bool = typer.Option(
        False, "--text", help="Draw the card in the terminal (the default on a terminal)."
    ),
    force: bool = ForceOption,
    as_json: bool = JsonOption,
    tokens_file: Path | None = TokensOption,
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
    size = write_svg(picture(parsed, here, tokens), svg, force)
    if svg is None:
        return
    if text:
        _print_card(parsed, here, tokens)
    if as_json:
        shown = None if here is None else str(here)
        print_json({"task": str(parsed), "arrangement": shown, "svg": str(svg), "bytes": size})
        return
    console.print(f"wrote {svg} ({size:,} bytes)")


def _print_card(task: Task, here: Arrangement | None, tokens: TokenSet) -> None:
    console.print(card_table(task, here, tokens))
    if here is not None:
        _print_tokens(here, tokens)


@app.command()
@one_line_errors
def stats(
    svg: Path | None = typer.Option(None, "--svg", help="Also draw the metrics per level here."),
    force: bool = ForceOption,
    as_json: bool = JsonOption,
) -> None:
    """The grader's metrics per level over the 108-task catalogue: means, and a plot."""
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
    table = Table(title="catalogue metrics: mean over each level's tasks")
    table.add_column("metric")
    for level in levels:
        table.add_column(f"L{level.level} ({level.tasks})", justify="right", no_wrap=True)
    for name in levels[0].mean:
        decimals = 1 if name == "count" else 2
        cells = [f"{level.mean[name]:,.{decimals}f}" for level in levels]
        table.add_row(name.replace("_", " "), *cells)
    console.print(table)
    if svg is not None:
        console.print(f"wrote {svg}")
