"""What every benchmark shares: checks that survive ``python -O``, the machine, the CLI.

Run the benchmarks as modules from the repository root, e.g.
``.venv/bin/python -m benchmarks.manno_engines``.
"""

from __future__ import annotations

import json
import os
import platform
import sys
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import Any

import numpy as np


def require(ok: bool, message: str) -> None:
    """A check that survives ``python -O``: a benchmark checks answers as it times them."""
    if not ok:
        raise AssertionError(message)


def environment() -> dict[str, Any]:
    """Versions and CPUs, printed with every result so figures can be compared."""
    return {
        "versions": {
            "python": platform.python_version(),
            "ortools": version("ortools"),
            "numpy": np.__version__,
        },
        "cpus": os.cpu_count(),
    }


def emit(result: dict[str, Any], as_json: bool, report: Callable[[dict[str, Any]], str]) -> None:
    """Print the result: JSON for machines, else the report and the run's length."""
    if as_json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
    else:
        print(report(result))
        print(f"\n(whole run {result['seconds']} s)")


def monsters(*args: str) -> list[str]:
    """The ``monsters`` command of this interpreter's environment, with arguments."""
    return [str(Path(sys.executable).with_name("monsters")), *args]
