"""Pick a Manno engine by name.

>>> engine = get_engine("table")
>>> solution = engine.solve(parse_task("PB>=4, PY=0, B>R"))
>>> solution.count, solution.flips, str(solution.arrangement), solution.flip
(222, 1, '000000000000001', (15,))
"""

from __future__ import annotations

import importlib
from typing import Literal, get_args

from solver.errors import MonsterError
from solver.manno.engine import DEFAULT_TIME_LIMIT, Engine
from solver.manno.task import parse_task
from solver.manno.tokens import TokenSet, standard_tokens

__all__ = ["ENGINE_NAMES", "EngineName", "get_engine", "parse_task"]

EngineName = Literal["cpsat", "table", "csp"]
"""The engines' names: the one list (the command line and the HTTP schema use it)."""
ENGINE_NAMES: tuple[EngineName, ...] = get_args(EngineName)

#: Where each engine lives, imported when it is first asked for: its solver library
#: (OR-tools, numpy, python-constraint) loads only for the engine that needs it, as the
#: game registry (``solver.game.GAMES``) loads only the game asked for.
_ENGINES: dict[EngineName, tuple[str, str]] = {
    "cpsat": ("solver.manno.cpsat", "CpSatEngine"),
    "table": ("solver.manno.table", "TableEngine"),
    "csp": ("solver.manno.csp", "CspEngine"),
}
_CACHE: dict[tuple[EngineName, TokenSet, float], Engine] = {}


def get_engine(
    name: str = "cpsat",
    tokens: TokenSet | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> Engine:
    """An engine by name, built once per token set and time limit and reused.

    Args:
        name: ``cpsat`` (default), ``table`` or ``csp``.
        tokens: the token set (the standard 15 if omitted).
        time_limit: seconds any one solver call may take.

    Raises:
        MonsterError: unknown engine name.
        TokenSetError: the engine cannot take this token set.
    """
    for known in ENGINE_NAMES:
        if name == known:
            key = (known, tokens or standard_tokens(), time_limit)
            if key not in _CACHE:
                _CACHE[key] = _built(known, key[1], time_limit)
            return _CACHE[key]
    raise MonsterError(f"unknown engine {name!r} (engines are {', '.join(ENGINE_NAMES)})")


def _built(name: EngineName, tokens: TokenSet, time_limit: float) -> Engine:
    """A new engine ``name``, its module imported now if it was not yet."""
    module, cls = _ENGINES[name]
    engine: Engine = getattr(importlib.import_module(module), cls)(tokens, time_limit)
    return engine
