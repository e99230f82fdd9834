"""No module of the project leans on another package's private names.

A name with a leading underscore is its package's to change in any release: a
module of ours neither imports one (``from x import _y``, ``import x._y``,
``importlib.import_module("x._y")``) nor reads one off another package's object
(``pool._processes``, ``getattr(pool, "_processes")``). An attribute counts as
the project's own when a module of the project defines the name (a test: its own
file, or a module of the project).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CODE = ("solver", "api", "tasks", "benchmarks", "clients")
OURS = frozenset({*CODE, "tests"})
"""The project's own top-level packages: their private names are the project's own."""
PUBLIC = frozenset({"_exit", "_replace", "_asdict", "_fields", "_make"})
"""Names with a leading underscore that their package documents as public
(``os._exit``, a named tuple's methods)."""


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and name not in PUBLIC


def _foreign(dotted: str) -> bool:
    """Whether a dotted name is another package's and has a private part."""
    parts = dotted.split(".")
    return parts[0] not in OURS and any(_private(part) for part in parts)


def _defined(tree: ast.AST) -> Iterator[str]:
    """Every name a module defines: functions, classes, variables, attributes, arguments."""
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield node.name
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            yield node.id
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            yield node.attr
        elif isinstance(node, ast.arg):
            yield node.arg
        elif isinstance(node, ast.alias):
            yield node.asname or node.name.rpartition(".")[2]


def _text(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _faults(tree: ast.AST, ours: set[str]) -> Iterator[tuple[int, str]]:
    """Where ``tree`` leans on another package's private name (``ours``: the project's names)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, a.name) for a in node.names if _foreign(a.name))
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = (f"{node.module}.{alias.name}" for alias in node.names)
            yield from ((node.lineno, name) for name in names if _foreign(name))
        elif isinstance(node, ast.Attribute) and _private(node.attr) and node.attr not in ours:
            yield node.lineno, ast.unparse(node)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute):
            called = node.func.id if isinstance(node.func, ast.Name) else node.func.attr
            texts = [_text(arg) for arg in node.args]
            if called == "import_module" and texts and texts[0] and _foreign(texts[0]):
                yield node.lineno, texts[0]
            name = texts[1] if called in ("getattr", "hasattr") and len(texts) > 1 else None
            if name is not None and _private(name) and name not in ours:
                yield node.lineno, ast.unparse(node)


def test_no_module_reads_another_package_s_private_names() -> None:
    trees = {
        path: ast.parse(path.read_text(), str(path))
        for folder in sorted(OURS)
        for path in sorted((ROOT / folder).rglob("*.py"))
        if not any(p.startswith(".") or p == "node_modules" for p in path.relative_to(ROOT).parts)
    }
    code = {
        name
        for path, tree in trees.items()
        if path.relative_to(ROOT).parts[0] in CODE
        for name in _defined(tree)
    }
    found = [
        f"{path.relative_to(ROOT)}:{line}: {name}"
        for path, tree in trees.items()
        for line, name in _faults(tree, code | set(_defined(tree)))
    ]
    assert found == []
