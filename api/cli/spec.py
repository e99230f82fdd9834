"""The commands of ``monsters`` as plain data, read with the standard library's argparse.

A command is a :class:`Command`: its name, a one-line summary, the function that
runs it and its :class:`Param` list; commands come in a :class:`Group` (``manno``,
``park``, ...). :func:`parse` reads one command's arguments with argparse, then
checks every value here (a whole number is ASCII digits within its bounds), so a
fault is one :class:`UsageError` line in a player's words.

The command line was built on typer before; typer's import (click, pydantic, rich)
cost more than most commands' work (``benchmarks/cli_startup.py``), and argparse
costs a few milliseconds.

>>> seat = option("--seat", "The seat whose view to print.", kind=int, low=0)
>>> shown = Command("view", "Print a view.", print, (argument("state", "State."), seat))
>>> parse("monsters park view", shown, ["s.json", "--seat", "1"])
{'state': 's.json', 'seat': 1}
>>> parse("monsters park view", shown, ["s.json", "--seat", "one"])
Traceback (most recent call last):
...
api.cli.spec.UsageError: --seat must be a whole number, not 'one'
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from solver.errors import quoted

__all__ = ["Command", "Group", "Param", "UsageError", "argument", "listing", "option", "parse"]

Kind = type[str] | type[int] | type[float] | type[Path] | type[bool]
"""What a value is read as: text, a whole number, a number, a file name, on or off."""

WHOLE = re.compile(r"[+-]?[0-9]{1,40}")
"""A whole number as a command line takes it: ASCII digits only (``int`` would also
read other scripts' digits), and few enough of them."""
NUMBER = re.compile(r"[+-]?([0-9]{1,20}(\.[0-9]{0,20})?|\.[0-9]{1,20})([eE][+-]?[0-9]{1,3})?")
"""A finite decimal number (no ``nan`` nor ``inf``)."""
METAVARS: dict[Kind, str] = {str: "TEXT", int: "N", float: "NUMBER", Path: "FILE"}


class UsageError(Exception):
    """A command line that does not read: an unknown command or option, a value
    missing or out of bounds (one line; exit code 2)."""


@dataclass(frozen=True)
class Param:
    """One argument or option of a command.

    Attributes:
        dest: the keyword the command's function takes it as.
        help: what it is, for ``--help``.
        option: ``--seat``; None for a positional argument.
        kind: what its value is read as (``bool``: a switch, given or not).
        default: its value when not given.
        required: it must be given.
        many: an option that may be given again; its values as a list.
        low: the least value of a number.
        high: the greatest value of a number.
        metavar: its value's name in the help.
        negatable: a switch that ``--no-...`` turns off.
    """

    dest: str
    help: str
    option: str | None = None
    kind: Kind = str
    default: Any = None
    required: bool = False
    many: bool = False
    low: float | None = None
    high: float | None = None
    metavar: str | None = None
    negatable: bool = False

    @property
    def label(self) -> str:
        """How messages name it: the option, or the argument's metavar."""
        return self.option or self.metavar or self.dest.upper()


def argument(
    dest: str, help: str, *, required: bool = True, kind: Kind = str, metavar: str | None = None
) -> Param:
    """A positional argument (``metavar``: its name in help and messages, default ``DEST``)."""
    return Param(dest, help, None, kind, None, required, metavar=metavar or dest.upper())


def option(name: str, help: str, *, dest: str | None = None, **details: Any) -> Param:
    """An option ``name`` (``--seat``), taken as ``dest`` (default: the name in snake
    case); ``details`` are :class:`Param`'s other fields."""
    return Param(dest or name.lstrip("-").replace("-", "_"), help, name, **details)


@dataclass(frozen=True)
class Command:
    """One command: ``monsters GROUP NAME ...`` runs ``run(**values)``.

    Attributes:
        name: what the user types.
        summary: one line, in the group's list of commands.
        run: the function; it takes every parameter's ``dest`` as a keyword.
        params: its arguments and options, in the order the help lists them.
        more: further text for its own ``--help``.
    """

    name: str
    summary: str
    run: Callable[..., object]
    params: tuple[Param, ...] = ()
    more: str = ""


@dataclass(frozen=True)
class Group:
    """A command group, ``monsters NAME COMMAND ...``: a game's commands."""

    name: str
    help: str
    commands: tuple[Command, ...]

    def command(self, name: str) -> Command | None:
        """The command called ``name``, or None."""
        return next((c for c in self.commands if c.name == name), None)

    def listing(self, prog: str) -> str:
        """``--help``: the group's summary and every command with its one line."""
        rows = [(c.name, c.summary) for c in self.commands]
        return listing(f"{prog} COMMAND [ARGS]...", self.help, rows)


def listing(usage: str, about: str, rows: Sequence[tuple[str, str]]) -> str:
    """A help page listing commands, one line each, after the usage and ``about``.

    >>> print(listing("monsters GROUP ...", "Games.", [("park", "Monster Park."), ("vbm", "VBM.")]))
    usage: monsters GROUP ...
    <BLANKLINE>
    Games.
    <BLANKLINE>
    commands:
      park  Monster Park.
      vbm   VBM.
    <BLANKLINE>
    Add --help after a command for its arguments and options.
    """
    width = max(len(name) for name, _ in rows) + 2
    lines = [f"usage: {usage}", "", about, "", "commands:"]
    lines += [f"  {name:<{width}}{summary}" for name, summary in rows]
    lines += ["", "Add --help after a command for its arguments and options."]
    return "\n".join(lines)


class _Parser(argparse.ArgumentParser):
    """argparse, with a usage error raised as :class:`UsageError` (argparse would
    print the usage, then the message, and exit)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _help(param: Param) -> str:
    """The help of ``param`` as argparse takes it (``%`` doubled), its default after it."""
    text = param.help.replace("%", "%%")
    if param.negatable:
        return f"{text} [default: {'on' if param.default else 'off'}]"
    shown = param.default is not None and param.kind is not bool and not param.many
    return f"{text} [default: {param.default}]" if shown else text


def parser(prog: str, command: Command) -> argparse.ArgumentParser:
    """The argparse parser of ``command``: every value read as text, checked by :func:`parse`."""
    built = _Parser(
        prog=prog, description=f"{command.summary} {command.more}".strip(), allow_abbrev=False
    )
    for param in command.params:
        if param.option is None:
            nargs = None if param.required else "?"
            built.add_argument(param.dest, metavar=param.metavar, nargs=nargs, help=_help(param))
        elif param.kind is bool:
            action = argparse.BooleanOptionalAction if param.negatable else "store_true"
            built.add_argument(
                param.option,
                dest=param.dest,
                action=action,
                default=param.default,
                help=_help(param),
            )
        else:
            built.add_argument(
                param.option,
                dest=param.dest,
                action="append" if param.many else "store",
                required=param.required,
                metavar=param.metavar or METAVARS[param.kind],
                help=_help(param),
            )
    return built


def parse(prog: str, command: Command, argv: Sequence[str]) -> dict[str, Any]:
    """The values of ``command``'s parameters in ``argv``, by ``dest``, checked.

    Raises:
        UsageError: an unknown option, a value missing, not of its kind or out of bounds.
        SystemExit: ``--help`` was given (the help is printed, exit code 0).
    """
    read = vars(parser(prog, command).parse_args(list(argv)))
    return {param.dest: _value(param, read[param.dest]) for param in command.params}


def _value(param: Param, raw: Any) -> Any:
    """``raw`` as argparse read it, as ``param`` takes it (its default when not given)."""
    if param.kind is bool:
        return raw
    if param.many:
        return [convert(param, text) for text in raw or ()]
    return param.default if raw is None else convert(param, raw)


def convert(param: Param, text: str) -> Any:
    """``text`` read as ``param``'s kind, within its bounds.

    >>> convert(option("--level", "Level.", kind=int, low=1, high=3), "5")
    Traceback (most recent call last):
    ...
    api.cli.spec.UsageError: --level must be from 1 to 3, not 5
    >>> convert(option("--budget-ms", "Time.", kind=float, low=1), "2.5e2")
    250.0
    """
    if param.kind is int:
        if not WHOLE.fullmatch(text):
            raise UsageError(f"{param.label} must be a whole number, not {quoted(text)}")
        return _bounded(param, int(text))
    if param.kind is float:
        if not NUMBER.fullmatch(text):
            raise UsageError(f"{param.label} must be a number, not {quoted(text)}")
        return _bounded(param, float(text))
    return Path(text) if param.kind is Path else text


def _bounded(param: Param, number: float) -> Any:
    """``number`` when it lies within ``param``'s bounds."""
    low, high = param.low, param.high
    if (low is None or number >= low) and (high is None or number <= high):
        return number
    shown = _plain(number)
    if low is not None and high is not None:
        raise UsageError(f"{param.label} must be from {_plain(low)} to {_plain(high)}, not {shown}")
    if low is not None:
        raise UsageError(f"{param.label} must be at least {_plain(low)}, not {shown}")
    raise UsageError(f"{param.label} must be at most {_plain(high or 0)}, not {shown}")


def _plain(number: float) -> str:
    """``3`` for 3 and 3.0, ``2.5`` for 2.5."""
    if isinstance(number, int) or not number.is_integer():
        return str(number)
    return str(int(number))
