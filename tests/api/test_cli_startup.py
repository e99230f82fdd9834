"""The command line starts light: loading it imports no web framework, solver or
array library (each command imports what it needs when it runs), a command that
answers in JSON, SVG or help text loads no parser framework, pydantic nor rich
(argparse reads the command line), a command builds only its own group, and every
command is still listed in the help with its one line. Ctrl-C while it is still
loading exits 130 with no traceback.

Start-up times are measured by ``benchmarks/cli_startup.py``, not asserted here.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from solver.game import GAMES
from tests.api.conftest import Cli

HEAVY = ("fastapi", "starlette", "uvicorn", "ortools", "pandas", "numpy", "constraint")
"""Packages loading the command line must not import (``constraint``: python-constraint)."""

COMMANDS = {
    (): ("manno", "park", "vbm", "monstrolicious", "serve"),
    ("manno",): (
        "solve",
        "validate",
        "hint",
        "show",
        "render",
        "stats",
        "grade",
        "generate",
        "verify",
        "deal",
    ),
    ("park",): ("new", "view", "hint", "validate", "score", "render", "play"),
    ("vbm",): ("new", "view", "hint", "validate", "score", "render", "play"),
    ("monstrolicious",): ("new", "view", "hint", "validate", "score", "render", "play", "infer"),
}

BUILT_BY = {"manno": "api.cli.manno_tasks", "park": "api.cli.games", "vbm": "api.cli.games"}
"""A module each group's ``--help`` loads to list its commands."""

NOT_LOADED_BY = {
    "manno": ("api.cli.games", "api.cli.monstrolicious"),
    "park": ("api.cli.manno", "api.cli.manno_tasks", "api.cli.monstrolicious"),
    "vbm": ("api.cli.manno", "api.cli.manno_tasks", "api.cli.monstrolicious"),
}
"""The command modules of other groups, which a group's commands never build."""

FRAMEWORKS = ("typer", "click", "pydantic", "rich")
"""What a light command never loads: no parser framework (argparse reads the command
line), no model library, and rich only for a command that draws a table or a bar."""

LIGHT = [
    ("--help",),
    ("manno", "--help"),
    ("park", "--help"),
    ("manno", "solve", "--help"),
    ("manno", "validate", "PB>=4", "000000000000000", "--json"),
    ("manno", "show", "000000000000000", "--json"),
    ("manno", "render", "PB>=4", "000000000000000"),
    ("park", "new", "--seed", "1"),
    ("vbm", "new", "--seed", "1", "--json"),
]
"""Commands that answer in JSON, SVG or help text."""

NOT_LOADED_BY_COMMAND = {
    ("manno", "validate", "PB>=4", "000000000000000", "--json"): (
        "solver.game",
        "solver.manno.hint",
    ),
    ("manno", "show", "000000000000000", "--json"): ("solver.game", "solver.manno.hint"),
}
"""What a light Manno command never loads: the games' registry, the hint ladder."""

INTERRUPTED = """import sys
class Interrupt:  # Ctrl-C pressed while the module {module!r} is being imported
    def find_spec(self, name, path=None, target=None):
        if name == {module!r}:
            raise KeyboardInterrupt
sys.meta_path.insert(0, Interrupt())
sys.argv = ["monsters", *{args!r}]
from api.entry import main  # as the console script starts
sys.exit(main())
"""

COMMAND = """import sys
sys.argv = ["monsters", *{args!r}]
from api.entry import main
try:
    main()
except SystemExit:
    pass
"""


def _modules_after(code: str) -> set[str]:
    """The modules in ``sys.modules`` after running ``code`` in a fresh interpreter."""
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    run = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
    )
    return set(json.loads(run.stdout.splitlines()[-1]))


def _top_level(modules: set[str]) -> set[str]:
    """The top-level packages of ``modules``."""
    return {name.partition(".")[0] for name in modules}


def _loaded_by(code: str) -> set[str]:
    """The top-level packages in ``sys.modules`` after running ``code`` in a fresh interpreter."""
    return _top_level(_modules_after(code))


def _command(*args: str) -> str:
    """Code running ``monsters ARGS`` as the console script does, its exit caught."""
    return COMMAND.format(args=list(args))


@pytest.mark.parametrize("module", ["api.entry", "api.cli.app"])
def test_loading_the_command_line_imports_nothing_heavy(module: str) -> None:
    loaded = _loaded_by(f"import {module}")
    assert sorted(loaded & set(HEAVY)) == []


def test_loading_the_console_script_loads_no_command_line() -> None:
    assert sorted(_loaded_by("import api.entry") & {"typer", "rich", "pydantic"}) == []


@pytest.mark.parametrize("group", sorted(NOT_LOADED_BY))
def test_a_command_builds_only_its_own_group(group: str) -> None:
    loaded = _modules_after(_command(group, "--help"))
    assert BUILT_BY[group] in loaded  # the command ran
    assert sorted(loaded & set(NOT_LOADED_BY[group])) == []


@pytest.mark.parametrize("args", LIGHT, ids=" ".join)
def test_a_light_command_loads_no_framework(args: tuple[str, ...]) -> None:
    loaded = _modules_after(_command(*args))
    assert "api.cli.spec" in loaded  # the command ran
    assert sorted(_top_level(loaded) & set(FRAMEWORKS)) == []


def test_a_table_loads_rich() -> None:
    assert "rich" in _top_level(_modules_after(_command("manno", "show", "000000000000000")))


@pytest.mark.parametrize("args", sorted(NOT_LOADED_BY_COMMAND), ids=" ".join)
def test_a_light_command_loads_only_what_it_uses(args: tuple[str, ...]) -> None:
    loaded = _modules_after(_command(*args))
    assert "solver.manno.validate" in loaded  # the command ran
    assert sorted(loaded & set(NOT_LOADED_BY_COMMAND[args])) == []


@pytest.mark.parametrize(
    ("module", "args"),
    [
        ("argparse", ["--help"]),
        ("solver.game", ["--help"]),
        ("api.cli.games", ["park", "--help"]),
        ("rich", ["manno", "show", "000000000000000"]),
        ("api.cli.manno", ["manno", "show", "000000000000000"]),
        ("solver.manno.task", ["manno", "--help"]),
    ],
    ids=lambda value: value if isinstance(value, str) else " ".join(value),
)
def test_ctrl_c_while_loading_exits_130_without_a_traceback(module: str, args: list[str]) -> None:
    program = INTERRUPTED.format(module=module, args=args)
    run = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=120
    )
    assert (run.returncode, run.stdout) == (130, "")
    assert "Traceback" not in run.stderr and len(run.stderr.splitlines()) <= 1, run.stderr


def test_the_probe_sees_a_heavy_import() -> None:
    assert {"numpy", "ortools"} <= _loaded_by("from ortools.sat.python import cp_model")


@pytest.mark.parametrize("group", sorted(COMMANDS), ids=lambda g: " ".join(g) or "monsters")
def test_help_lists_every_command(cli: Cli, group: tuple[str, ...]) -> None:
    code, out, _ = cli([*group, "--help"])
    assert code == 0
    rows = [
        line.split(maxsplit=1) for line in out.split("commands:\n")[1].split("\n\n")[0].splitlines()
    ]
    listed = {row[0] for row in rows}
    assert set(COMMANDS[group]) <= listed, out
    assert all(len(row) == 2 for row in rows), out  # each with its one-line description


@pytest.mark.parametrize("game", sorted(GAMES))
def test_only_a_picture_loads_the_drawing(game: str) -> None:
    loaded = _modules_after(_command(game, "new", "--seed", "1"))
    assert GAMES[game].module in loaded  # the command ran
    assert sorted(name for name in loaded if "picture" in name or "drawing" in name) == []
