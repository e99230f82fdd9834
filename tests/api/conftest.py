"""Run the ``monsters`` command line in-process, as a user would from a shell."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable

import pytest

from api.cli import main

Cli = Callable[..., tuple[int, str, str]]


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Cli:
    """``cli(args, stdin="")`` runs ``monsters ARGS``; returns (exit code, stdout, stderr)."""

    def run(args: list[str], stdin: str = "") -> tuple[int, str, str]:
        saved = sys.argv, sys.stdin
        sys.argv, sys.stdin = ["monsters", *args], io.StringIO(stdin)
        try:
            with pytest.raises(SystemExit) as exited:
                main()
        finally:
            sys.argv, sys.stdin = saved
        out, err = capsys.readouterr()
        code = exited.value.code
        return code if isinstance(code, int) else 0, out, err

    return run
