"""Dependencies point one way: api -> tasks -> solver; the command line (``api.cli``)
and the HTTP service (``api.http``) never import each other, and what both call
(``api.services``) imports neither, nor any web framework; the Manno pictures and
plots (``api.render``) import no service, and each game's board picture lives in
its package (``solver/<game>/picture.py``), drawn from a view alone.

Only ``api.entry`` (the console script) knows both, to add ``serve``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: package -> imports its modules must not make (a prefix matches the module and below).
FORBIDDEN: dict[str, tuple[str, ...]] = {
    "solver": ("tasks", "api"),
    "tasks": ("api",),
    "api.services": ("api.http", "api.cli", "api.entry", "fastapi", "starlette", "typer"),
    "api.render": ("api.http", "api.cli", "api.entry", "api.services", "fastapi", "typer"),
    "api.http": ("api.cli", "api.entry", "typer"),
    "api.cli": ("api.http", "api.entry", "fastapi", "starlette", "uvicorn"),
}


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def _modules(package: str) -> list[Path]:
    return sorted((ROOT / package.replace(".", "/")).rglob("*.py"))


def _breaks(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_no_import_points_the_wrong_way(package: str) -> None:
    modules = _modules(package)
    assert modules, f"no modules under {package}"
    wrong = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in modules
        for name in sorted(_imports(path))
        if _breaks(name, FORBIDDEN[package])
    ]
    assert wrong == []
