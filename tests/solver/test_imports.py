"""The modules of ``solver/`` import one another without a cycle, and only at their top.

Every import statement of every module is read with ``ast``, wherever it stands (at
the top, under ``if TYPE_CHECKING:``, inside a function), so an import put off into
a function, or kept for the type checker alone, still counts as an edge of the graph.
"""

from __future__ import annotations

import ast
import graphlib
from collections.abc import Mapping, Set
from dataclasses import dataclass
from pathlib import Path

import solver

PACKAGE = Path(solver.__file__).parent
ROOT = PACKAGE.parent
PROJECT = ("solver", "tasks", "api")
"""The project's own top-level packages: one imported inside a function hides an edge."""


@dataclass(frozen=True)
class Import:
    """One module an import statement loads, its line, and whether a function holds it."""

    module: str
    line: int
    in_function: bool


def _name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _base(node: ast.ImportFrom, importer: str) -> str:
    """The module a ``from ... import`` names, a relative one resolved from ``importer``."""
    if not node.level:
        return node.module or ""
    package = importer if MODULES[importer].name == "__init__.py" else importer.rpartition(".")[0]
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{node.module}" if node.module else package


def _targets(node: ast.Import | ast.ImportFrom, importer: str) -> list[str]:
    """The modules one statement loads: ``from p import m`` loads ``p.m`` when that is a
    module, else ``p``."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = _base(node, importer)
    named = [f"{base}.{alias.name}" for alias in node.names]
    return list(dict.fromkeys(name if name in MODULES else base for name in named))


def imports(source: str, importer: str) -> list[Import]:
    """Every import in ``source`` (the text of module ``importer``), in the order written."""
    found: list[Import] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.extend(Import(t, node.lineno, in_function) for t in _targets(node, importer))
        inner = in_function or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        for child in ast.iter_child_nodes(node):
            visit(child, inner)

    visit(ast.parse(source), False)
    return found


def a_cycle(graph: Mapping[str, Set[str]]) -> list[str]:
    """One cycle of ``graph`` (module -> the modules it imports) as its modules, the
    first repeated at the end; [] when there is none."""
    try:
        graphlib.TopologicalSorter(graph).prepare()
    except graphlib.CycleError as error:
        cycle: list[str] = error.args[1]
        return cycle
    return []


IMPORTS = {module: imports(path.read_text(), module) for module, path in MODULES.items()}
GRAPH = {
    module: {i.module for i in found if i.module in MODULES} for module, found in IMPORTS.items()
}


def test_every_import_statement_is_read() -> None:
    source = """
import solver.game, json
from typing import TYPE_CHECKING
from . import state
from ..errors import NotationError
from solver.vbm import rules, settings
if TYPE_CHECKING:
    from solver.vbm.view import SeatView
class Checker:
    def check(self) -> None:
        from solver.vbm.writing import view_to_json
"""
    assert imports(source, "solver.vbm.cards") == [
        Import("solver.game", 2, False),
        Import("json", 2, False),
        Import("typing", 3, False),
        Import("solver.vbm.state", 4, False),
        Import("solver.errors", 5, False),
        Import("solver.vbm.rules", 6, False),
        Import("solver.vbm.settings", 6, False),
        Import("solver.vbm.view", 8, False),
        Import("solver.vbm.writing", 11, True),
    ]
    assert imports("from solver.park import GAME", "solver.arena") == [
        Import("solver.park", 1, False)
    ]


def test_a_cycle_is_found_and_named() -> None:
    assert a_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) == []
    assert sorted(a_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}})[1:]) == ["a", "b", "c"]
    assert a_cycle({"a": {"a"}}) == ["a", "a"]


def test_no_module_of_solver_imports_itself_back() -> None:
    cycle = a_cycle(GRAPH)
    assert not cycle, f"import cycle: {' -> '.join(cycle)}"


def test_project_modules_are_imported_at_the_top() -> None:
    hidden = sorted(
        {
            f"{MODULES[module].relative_to(ROOT)}:{i.line} imports {i.module}"
            for module, found in IMPORTS.items()
            for i in found
            if i.in_function and i.module.partition(".")[0] in PROJECT
        }
    )
    assert not hidden, "imports inside a function:\n" + "\n".join(hidden)
