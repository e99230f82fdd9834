"""benchmarks/regret.py: every move is judged once in the same worlds, a player's regret is
its move's judged value less the best judged one, and the judged values kept are reused.

The benchmarks are scripts run from the checkout, so the case runs in a fresh
interpreter there.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from benchmarks.regret import lineup_decisions
from solver.game import get_game

ROOT = Path(__file__).resolve().parents[2]


def test_regret_judges_each_move_once_and_a_second_run_reads_what_the_first_kept(
    tmp_path: Path,
) -> None:
    kept = tmp_path / "judged.json"
    args = ["--game", "monstrolicious", "--positions", "3", "--worlds", "4", "--json"]
    args += ["--player", "greedy", "--player", "hint", "--judged", str(kept)]

    def run() -> dict[str, object]:
        done = subprocess.run(
            [sys.executable, "-m", "benchmarks.regret", *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr
        result: dict[str, object] = json.loads(done.stdout)
        return result

    first = run()
    judged = json.loads(kept.read_text())
    assert 3 <= len(judged) <= 6  # one value per position and distinct move
    assert all(key.startswith("monstrolicious/0/4/") for key in judged)
    kept.write_text(json.dumps({key: 0.0 for key in judged}))
    second = run()
    rows = {row["player"]: row for row in first["rows"]}  # type: ignore[attr-defined]
    assert set(rows) == {"greedy", "hint"}
    assert all(-2 <= row["mean_regret"] <= 0 for row in rows.values())
    assert max(row["best_share"] for row in rows.values()) > 0
    assert all(row["mean_regret"] == 0 for row in second["rows"])  # type: ignore[attr-defined]
    assert set(json.loads(kept.read_text()).values()) == {0.0}  # nothing judged anew


def test_decisions_from_a_lineup_are_its_first_players_alone() -> None:
    game = get_game("monstrolicious")
    states = lineup_decisions(game, 30, 5, ["greedy", "random"])
    assert len(states) == 30
    assert all(len(s.legal_moves()) > 1 for s in states)
    # Game i is dealt from seed 5 + i; the lineup's first player sits in seat i % 2.
    seats = {(s.seed, s.to_move) for s in states}
    assert seats == {(5, 0), (6, 1), (7, 0)}
