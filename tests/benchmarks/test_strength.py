"""benchmarks/strength.py's backend options: a backend that cannot run is one line and
exit 2, Ctrl-C exit 130, and every match of a run shares the one backend it opened.

The benchmarks are scripts run from the checkout, so each case runs in a fresh
interpreter there.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(code: str) -> subprocess.CompletedProcess[str]:
    script = f"import sys\nfrom benchmarks import strength\n{code}"
    return subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def test_ray_not_installed_is_one_line_and_exit_2() -> None:
    done = _run(
        "sys.modules['ray'] = None  # import ray raises ImportError\n"
        "sys.exit(strength.main(['--game', 'monstrolicious', '--backend', 'ray']))"
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith("error: --backend ray needs Ray")
    assert "monster-solver[ray]" in done.stderr


def test_ctrl_c_is_exit_130() -> None:
    done = _run(
        "def stopped(args, backend):\n"
        "    raise KeyboardInterrupt\n"
        "strength.play_all = stopped\n"
        "sys.exit(strength.main(['--game', 'monstrolicious', '--workers', '1']))"
    )
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "")


def test_every_match_runs_on_the_one_backend_opened() -> None:
    done = _run(
        "used = []\n"
        "def play_setup(setup, seed, backend, hint_ms):\n"
        "    used.append(backend)\n"
        "    return {'met': None}\n"
        "strength.play_setup = play_setup\n"
        "strength.emit = lambda *args: None\n"
        "code = strength.main(['--game', 'monstrolicious', '--backend', 'process'])\n"
        "print(code, len(used), len({id(b) for b in used}), used[0].name)"
    )
    assert done.stdout.split() == ["0", "3", "1", "process"], done.stderr


def test_the_judged_and_the_other_modes_can_be_asked_for_apart() -> None:
    done = _run(
        "def labels(which):\n"
        "    found = strength.setups('park', 1, 1, 1, 1, ('greedy',), which)\n"
        "    return [s.label for s in found]\n"
        "judged, others, every = labels('judged'), labels('others'), labels('all')\n"
        "print(judged == ['2p'], '2p' not in others, every == judged + others, len(others))"
    )
    flags = done.stdout.split()
    assert flags[:3] == ["True", "True", "True"] and int(flags[3]) >= 3, done.stderr


def test_the_hint_meets_the_search_at_each_budget_asked_with_its_target() -> None:
    done = _run(
        "found = strength.setups('park', 1, 1, 7, 3, ('search',), 'all', (100, 1000))\n"
        "for s in found:\n"
        "    print(s.label, s.hint, s.lineup.count(s.hint), s.games, s.target)"
    )
    rows = [line.split() for line in done.stdout.splitlines()]
    assert rows[:3] == [
        ["2p", "hint", "1", "7", "0.5"],
        ["2p", "hint:100", "1", "7", "None"],
        ["2p", "hint:1000", "1", "7", "0.65"],
    ], done.stderr
    three = [r for r in rows if r[0] == "3p" and r[1] == "hint"]
    assert three and three[0][3] == "3" and abs(float(three[0][4]) - 1.3 / 3) < 1e-9
