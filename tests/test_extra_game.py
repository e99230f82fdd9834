"""A new game is a package plus one registry line, and nothing else is edited: with
Pile (``tests/extra_game.py``) registered, every suite that covers all games runs
for it and passes — the command line, every HTTP route and its OpenAPI schema,
``GET /v1/games``, the play index and page, the sessions, the fuzzers, the
conformance suite and the same-view suite.

Left out are the suites that start a service or a command line in a process of
their own (which does not load the test's registry line) and the golden play,
which a new game records once (``MONSTERS_RECORD_GOLDEN=1``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OWN_PROCESS = (
    "tests/api/test_browser.py",
    "tests/api/test_browser_games.py",
    "tests/api/test_full_games.py",
    "tests/api/test_cli_startup.py",
)
RECORDED = ("tests/solver/test_golden_play.py",)
MUST_COVER = {
    "tests/api/test_fuzz.py",
    "tests/api/test_game_cli.py",
    "tests/api/test_game_http.py",
    "tests/api/test_game_listing.py",
    "tests/api/test_game_routes.py",
    "tests/api/test_game_schemas.py",
    "tests/api/test_hidden.py",
    "tests/api/test_play.py",
    "tests/api/test_sessions.py",
    "tests/solver/test_conformance.py",
    "tests/solver/test_documents.py",
    "tests/solver/test_search.py",
}
"""The suites that must have run for Pile: one per place a game used to be named."""


def test_every_suite_over_all_games_covers_a_game_added_by_one_registry_line() -> None:
    ignored = [f"--ignore={path}" for path in (*OWN_PROCESS, *RECORDED)]
    command = [sys.executable, "-m", "pytest", "-p", "tests.extra_game", "-p", "no:cacheprovider"]
    run = subprocess.run(
        [*command, "-rA", "-W", "ignore", "tests", *ignored],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-4000:]
    passed = [line.split()[1] for line in run.stdout.splitlines() if line.startswith("PASSED ")]
    covered = {test.split("::")[0] for test in passed}
    assert not MUST_COVER - covered, run.stdout[-4000:]
