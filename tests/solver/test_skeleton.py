"""Every game package has the file of every role in solver/README.md's skeleton
table, and each game's own modules beyond it are named in that README, so a
module found in one game is found under the same name in the others."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solver.game import GAMES

SOLVER = Path(__file__).resolve().parents[2] / "solver"
README = (SOLVER / "README.md").read_text(encoding="utf-8")

ROLES = re.findall(r"^\| `([a-z_]+(?:\.py|/))` \|", README, re.MULTILINE)
"""The skeleton table's files, in its order."""


PACKAGES = sorted(name for name, entry in GAMES.items() if entry.module.startswith("solver."))
"""The games whose package is in ``solver/`` (a game registered from elsewhere, as the
tests' extra game, keeps its own layout)."""


def package(name: str) -> Path:
    """The directory of the registered game ``name``."""
    return SOLVER.joinpath(*GAMES[name].module.split(".")[1:])


def test_the_table_lists_the_roles() -> None:
    assert "__init__.py" in ROLES and "table.py" in ROLES and len(ROLES) > 20


@pytest.mark.parametrize("name", PACKAGES)
def test_every_game_has_every_file_of_the_skeleton(name: str) -> None:
    missing = [f for f in ROLES if not package(name).joinpath(f.rstrip("/")).exists()]
    assert missing == []


@pytest.mark.parametrize("name", PACKAGES)
def test_every_other_module_of_a_game_is_named_in_the_readme(name: str) -> None:
    own = sorted(p.name for p in package(name).glob("*.py") if p.name not in ROLES)
    line = re.search(rf"^\* `{name}`:(.*?)(?=^\* |^\n)", README, re.MULTILINE | re.DOTALL)
    assert line is not None
    assert [f for f in own if f"`{f}`" not in line.group(1)] == []
