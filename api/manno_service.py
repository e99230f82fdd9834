"""Manno requests from text to JSON, shared by the command line and the HTTP API.

Each function takes what a user types (task text, ``0``/``1`` arrangement
text, an engine name) and returns the contract's JSON object. Bad input raises
a ``MonsterError`` subclass; the caller turns it into exit code 2 or a 422.

>>> solve("PB>=4, PY=0, B>R")["flip"]
[15]
"""

from __future__ import annotations

from typing import Any

from solver.manno.engines import get_engine
from solver.manno.hint import hint as hint_ladder
from solver.manno.task import parse_task
from solver.manno.tokens import Arrangement, TokenSet, standard_tokens
from solver.manno.validate import validate as validate_report


def solve(
    task: str,
    start: str | None = None,
    engine: str = "cpsat",
    tokens: TokenSet | None = None,
) -> dict[str, Any]:
    """``{"task", "solvable", "count", "flips", "arrangement", "flip", "conflict"}``."""
    tokens = tokens or standard_tokens()
    parsed = parse_task(task)
    begin = None if start is None else Arrangement.parse(start, len(tokens))
    return get_engine(engine, tokens).solve(parsed, begin).to_json()


def validate(task: str, arrangement: str, tokens: TokenSet | None = None) -> dict[str, Any]:
    """``{"task", "arrangement", "ok", "conditions": [...]}``."""
    tokens = tokens or standard_tokens()
    report = validate_report(parse_task(task), Arrangement.parse(arrangement, len(tokens)), tokens)
    return report.to_json()


def hint(
    task: str,
    arrangement: str,
    level: int = 1,
    engine: str = "cpsat",
    tokens: TokenSet | None = None,
) -> dict[str, Any]:
    """``{"solved", "flips_left", "level", "text", ...}`` (``"flip"`` at level 3)."""
    tokens = tokens or standard_tokens()
    here = Arrangement.parse(arrangement, len(tokens))
    return hint_ladder(parse_task(task), here, level, get_engine(engine, tokens)).to_json()
