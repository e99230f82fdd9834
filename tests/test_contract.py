"""``docs/contract.md`` is the contract other tools test against; the code keeps it.

The repo's copy must be the shared design word for word (when the shared copy is
at hand, as it is where the product is developed), and what it fixes is checked
against the code here: the kinds and token order, the problem types, the game
routes, the turn's keys and the ``play --json`` keys.
"""

from __future__ import annotations

import re
from pathlib import Path

from api.http.app import create_app
from api.http.problems import KINDS as PROBLEM_KINDS
from api.http.settings import Settings
from solver.arena import MatchResult
from solver.game import GAMES, Turn
from solver.manno.kinds import KINDS
from solver.manno.tokens import standard_tokens

ROOT = Path(__file__).resolve().parents[1]
CONTRACT = (ROOT / "docs" / "contract.md").read_text()
SHARED = ROOT.parent / "shared" / "DESIGN.md"


def test_the_repo_copy_is_the_shared_design() -> None:
    body = CONTRACT.split("\n", 2)[2]  # after the note on the first line
    if SHARED.exists():  # the shared copy lives beside the repo where it is developed
        assert body == SHARED.read_text(), "docs/contract.md is out of step with DESIGN.md"
    assert body.startswith("# monster-solver — design and contracts")


def test_kinds_and_tokens_are_in_the_contract_order() -> None:
    assert "Kinds, in this order: `PB TB PR TR PY TY`" in CONTRACT
    assert [k.name for k in KINDS] == ["PB", "TB", "PR", "TR", "PY", "TY"]
    order = re.search(r"the n-th pair in the order\n(.*?)\. The first kind", CONTRACT, re.S)
    assert order is not None
    pairs = [p.strip().split("|") for p in order.group(1).replace("\n", " ").split(",")]
    assert [[t.side0.name, t.side1.name] for t in standard_tokens()] == pairs


def test_every_problem_type_of_the_contract_is_served() -> None:
    listed = set(re.findall(r"`(/problems/[a-z-]+)`", CONTRACT))
    served = {kind.type for kind in PROBLEM_KINDS}
    assert listed and listed <= served


def test_every_game_route_of_the_contract_is_served() -> None:
    block = CONTRACT[CONTRACT.index("### Game routes") :].split("```")[1]
    routes = re.findall(r"^(GET|POST)\s+(/v1/\{game\}/\S+)", block, re.M)
    assert len(routes) >= 9
    paths = create_app(Settings()).openapi()["paths"]
    served = {(method.upper(), path) for path, item in paths.items() for method in item}
    for name in GAMES:
        for method, path in routes:
            assert (method, path.replace("{game}", name)) in served, (method, path, name)


def test_the_turn_and_play_keys_are_the_contract_ones() -> None:
    turn = re.search(r"turn = \{(.*)\}", CONTRACT)
    assert turn is not None
    keys = re.findall(r'"(\w+)"', turn.group(1))
    assert list(Turn(0, (0,), False, "action").to_json()) == keys
    play = re.search(r"`play --json` prints `(\{.*?\})`", CONTRACT, re.S)
    assert play is not None
    expected = re.findall(r'"(\w+)":', play.group(1))
    assert list(MatchResult(1, {}, 0, {}, ()).to_json()) == expected
