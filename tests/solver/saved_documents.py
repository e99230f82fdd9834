"""Writes the saved documents of a release: states and views of seeded games mid-play,
with the moves and turn that release gave, for ``test_saved_documents`` to read.

Run it with the code of the release to save (it imports only ``solver.game``, whose
registry every release has), from that release's checkout::

    git worktree add --detach /tmp/old-SHA SHA
    cd /tmp/old-SHA && PYTHONPATH=. /work/main/.venv/bin/python \\
        /work/main/tests/solver/saved_documents.py LABEL COMMIT GAME \\
        /work/main/tests/solver/data/documents/LABEL-GAME.json [--no-views]
    cd /work/main && git worktree remove /tmp/old-SHA

(this release's: ``.venv/bin/python tests/solver/saved_documents.py format3 format3 GAME ...``).
Legal moves are saved as their count, the first and a sha256 (:func:`moves_digest`),
so the files stay small; each state's scores as the seats' totals.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Sequence
from typing import Any

#: (players, settings, seed, depth): every player count's mode and the variants, at
#: depths from the set-up to the last round. Plans added later use only settings every
#: release knows; Very Big Monster's last is a team game whose Explorer cards count
#: Reward Mission tokens that the teammate holds too.
PLANS: dict[str, list[tuple[int, dict[str, Any], int, int]]] = {
    "vbm": [
        (2, {}, 1, 8),
        (3, {}, 2, 15),
        (3, {"mode": "free"}, 3, 40),
        (4, {}, 4, 2),
        (5, {}, 5, 50),
        (6, {"mode": "free"}, 6, 12),
        (4, {}, 13, 60),
    ],
    "park": [
        (2, {}, 1, 5),
        (3, {"bank": 40, "upgrade_refill": "any", "run_gaps": "none"}, 2, 17),
        (4, {}, 3, 30),
        (2, {"fifth_slot_buyable": True, "run_gaps": "any"}, 4, 24),
    ],
    "monstrolicious": [(2, {}, 1, 0), (2, {}, 2, 5), (2, {}, 3, 14), (2, {}, 4, 21)],
}


WRITTEN_SINCE = {"vbm": frozenset({"action"}), "monstrolicious": frozenset({"action"})}
"""Fields a game's moves are written with since its documents were saved: their kind,
``action``, which their other fields already say (left out of the digests)."""


def moves_digest(moves: Sequence[dict[str, Any]], name: str) -> dict[str, Any]:
    """``{"count", "first", "sha256"}`` of game ``name``'s moves as JSON, each without
    ``seat`` (moves named no seat before Very Big Monster's simultaneous steps) and the
    fields written since (:data:`WRITTEN_SINCE`)."""
    unsaved = {"seat"} | WRITTEN_SINCE.get(name, frozenset())
    bare = [{k: v for k, v in m.items() if k not in unsaved} for m in moves]
    text = json.dumps(bare, sort_keys=True, separators=(",", ":"))
    first = bare[0] if bare else None
    return {"count": len(bare), "first": first, "sha256": hashlib.sha256(text.encode()).hexdigest()}


def _view(game: Any, state: Any, seat: int) -> dict[str, Any]:
    if not hasattr(game, "view"):  # before the game protocol's View: a plain document
        return {"seat": seat, "view": state.view(seat), "legal": None}
    view = game.view(state, seat)
    legal = [game.move_to_json(m) for m in view.legal_moves()]
    return {"seat": seat, "view": view.to_json(), "legal": moves_digest(legal, game.name)}


def snapshot(game: Any, state: Any, views: bool) -> dict[str, Any]:
    """The state, its turn and legal moves, and (``views``) each seat's view and moves."""
    out: dict[str, Any] = {
        "state": state.to_json(),
        "to_move": state.to_move,
        "terminal": bool(state.is_terminal()),
        "legal": moves_digest([game.move_to_json(m) for m in state.legal_moves()], game.name),
        "scores": [score.total for score in state.scores()],
    }
    if hasattr(game, "waiting"):
        out["waiting"] = list(game.waiting(state))
    out["views"] = [_view(game, state, s) for s in range(state.players)] if views else []
    return out


def write(label: str, commit: str, name: str, path: str, views: bool) -> None:
    """Play each plan of ``name`` with random legal moves and save the snapshots."""
    from solver.game import get_game

    game = get_game(name)
    snapshots = []
    for players, settings, seed, depth in PLANS[name]:
        state = game.new(players, seed, settings or None)
        rng = random.Random(f"{name}-{players}-{seed}")
        for _ in range(depth):
            if state.is_terminal():
                break
            state = state.apply(rng.choice(list(state.legal_moves())))
        snap = snapshot(game, state, views)
        snapshots.append({"players": players, "settings": settings, "seed": seed, **snap})
    doc = {"game": name, "written_by": label, "commit": commit, "snapshots": snapshots}
    with open(path, "w", encoding="utf-8") as out:
        out.write(json.dumps(doc, sort_keys=True, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    label, commit, name, path = sys.argv[1:5]
    write(label, commit, name, path, views="--no-views" not in sys.argv[5:])
