"""The command line starts light: loading it imports no web framework, solver or
array library (each command imports what it needs when it runs), and every
command is still listed in the help.

Start-up times are measured by ``benchmarks/cli_startup.py``, not asserted here.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

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


def _loaded_by(code: str) -> set[str]:
    """The top-level packages in ``sys.modules`` after running ``code`` in a fresh interpreter."""
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    run = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
    )
    return {name.partition(".")[0] for name in json.loads(run.stdout.splitlines()[-1])}


@pytest.mark.parametrize("module", ["api.entry", "api.cli.app"])
def test_loading_the_command_line_imports_nothing_heavy(module: str) -> None:
    loaded = _loaded_by(f"import {module}")
    assert sorted(loaded & set(HEAVY)) == []


def test_the_probe_sees_a_heavy_import() -> None:
    assert {"numpy", "ortools"} <= _loaded_by("from ortools.sat.python import cp_model")


@pytest.mark.parametrize("group", sorted(COMMANDS), ids=lambda g: " ".join(g) or "monsters")
def test_help_lists_every_command(cli: Cli, group: tuple[str, ...]) -> None:
    code, out, _ = cli([*group, "--help"])
    assert code == 0
    listed = {
        line.strip("│ ").split()[0]
        for line in out.splitlines()
        if line.startswith("│ ") and line.strip("│ ")
    }
    assert set(COMMANDS[group]) <= listed, out
