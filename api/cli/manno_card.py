"""Manno Monster drawn in the terminal with rich: the task card as the game prints it,
the tokens as they lie, and the tables of ``solve``, ``validate`` and ``hint``.

``api.cli.manno`` imports this module only when a command prints for people, so a
command that answers in JSON or SVG never loads rich.
"""

from __future__ import annotations

from typing import Any

from rich.box import ROUNDED
from rich.table import Table
from rich.text import Text

from api.cli.terminal import console
from api.render.manno import SIGNS
from api.render.monsters import scope
from solver.manno.kinds import GROUPS, KINDS, Group, Kind
from solver.manno.task import Condition, Op, Task
from solver.manno.tokens import Arrangement, TokenSet
from solver.manno.validate import describe
from solver.manno.validate import validate as check_rows

COLOURS = {"B": "bright_blue", "R": "red", "Y": "yellow"}
GLYPHS = {"P": "●", "T": "▮"}
"""A plump and a thin monster; a colour is a blot, a shape a grey monster."""
BLOT, GREY = "✱", "grey70"
DRAWN = range(1, 11)
"""An "at least" row with this many monsters draws them one by one, as the card does."""


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


def print_solution(result: dict[str, Any], start: str | None, tokens: TokenSet) -> None:
    """``solve``'s answer for people: the count, the fewest flips and the tokens to turn,
    or the clash of conditions."""
    table = Table(show_header=False, box=None)
    table.add_row("task", result["task"])
    total = 2 ** len(tokens)
    if result["solvable"]:
        count = "?" if result["count"] is None else f"{result['count']:,}"
        table.add_row("solvable", f"yes: {count} of {total:,} arrangements")
        begin = start or "0" * len(tokens)
        table.add_row("fewest flips", f"{result['flips']} from {begin}")
        table.add_row("solution", result["arrangement"])
        table.add_row("turn", turns(result["flip"], Arrangement.parse(begin), tokens))
    else:
        table.add_row("solvable", Text("no", style="bold red"))
        table.add_row("clash", ", ".join(result["conflict"]) + "  (cannot hold together)")
    console().print(table)


def turns(numbers: list[int], start: Arrangement, tokens: TokenSet) -> Text:
    """The tokens to turn, one a line: its number, the kind up now and the kind it shows."""
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


def print_hint(answer: dict[str, Any]) -> None:
    """``hint``'s answer for people: the hint, then the flips left (dimmed)."""
    console().print(answer["text"])
    if answer["flips_left"]:
        left = answer["flips_left"]
        console().print(Text(f"{left} flip{'' if left == 1 else 's'} left", style="dim"))


def print_report(report: dict[str, Any]) -> None:
    """``validate``'s report for people: each condition, ✓ or ✗, then the verdict."""
    table = Table(title=f"{report['task']}  ·  {report['arrangement']}")
    for column in ("condition", "ok", "found", "required"):
        table.add_column(column)
    for row in report["conditions"]:
        mark = Text("✓", style="bold green") if row["ok"] else Text("✗", style="bold red")
        found = ", ".join(f"{name} {n}" for name, n in row["counts"].items())
        table.add_row(row["condition"], mark, found, row["required"])
    console().print(table)
    verdict = "solved" if report["ok"] else "not solved yet"
    console().print(Text(verdict, style="bold green" if report["ok"] else "bold red"))


def print_tokens(here: Arrangement, tokens: TokenSet, counts: dict[str, int]) -> None:
    """Each token's side up and under, then the counts of every kind and the ``counts``
    of every group."""
    kinds = tokens.kind_counts(here)
    table = Table(title=f"arrangement {here}", show_lines=False)
    table.add_column("token", justify="right")
    table.add_column("up")
    table.add_column("under", style="dim")
    for number, (token, side) in enumerate(zip(tokens, here.sides, strict=True), start=1):
        under = token.up(1 - side)
        table.add_row(str(number), kind_text(token.up(side)), f"{GLYPHS[under.shape]} {under.name}")
    console().print(table)
    line = Text()
    for kind in KINDS:
        line.append_text(kind_text(kind))
        line.append(f" {kinds[kind]}   ")
    console().print(line)
    console().print("  ".join(f"{g} {counts[g]}" for g in ("B", "R", "Y", "P", "T")))


def print_card(
    task: Task, here: Arrangement | None, tokens: TokenSet, counts: dict[str, int] | None
) -> None:
    """The card, and below it the tokens as they lie when given (``counts``: their groups')."""
    console().print(card_table(task, here, tokens))
    if here is not None and counts is not None:
        print_tokens(here, tokens, counts)
