"""Every read path on near-real documents: real states and views nudged the way a
confused client would (bounds, faces, tiles, turns, counts, tiles moved). A
document either is refused with a NotationError naming its path, or reads and
then answers everywhere: legal moves, scores, views, picture, inference, check,
hint, apply and redeal."""

from __future__ import annotations

import json
import random
from typing import Any

from solver.errors import NotationError
from solver.game import RandomPlayer
from solver.monstrolicious import GAME
from solver.monstrolicious.infer import infer
from solver.monstrolicious.picture import render
from solver.monstrolicious.state import new_state

Doc = dict[str, Any]
TILE_VALUES: list[Any] = [None, "trap", *range(1, 13)]


def _bases() -> list[Doc]:
    docs: list[Doc] = []
    for seed in range(12):
        players = [RandomPlayer(seed), RandomPlayer(seed + 1)]
        state = new_state(2, seed)
        while True:
            docs += [state.to_json(), state.view(0).to_json(), state.view(1).to_json()]
            if state.is_terminal():
                break
            state = state.apply(players[state.current].choose(state))
    return [json.loads(json.dumps(d)) for d in docs]


def _tiles(doc: Doc) -> list[Doc]:
    out = [t for row in doc["board"] for t in row.values() if t is not None]
    return out + [t for pile in doc["discards"] for t in pile]


def _nudge(doc: Doc, rng: random.Random) -> Doc:
    doc = json.loads(json.dumps(doc))
    for _ in range(rng.randint(1, 3)):
        tiles, kind = _tiles(doc), rng.randrange(8)
        seat = rng.randrange(2)
        row = doc["board"][seat]
        if kind < 4 and tiles:
            tile = rng.choice(tiles)
            field, value = [
                ("at_least", rng.randint(0, 12)),
                ("at_most", rng.randint(0, 12)),
                ("up", not tile["up"]),
                ("tile", rng.choice(TILE_VALUES)),
            ][kind]
            tile[field] = value
        elif kind == 4:
            doc["to_move"] = 1 - doc["to_move"]
        elif kind == 5:
            doc["reveal_pending"] = not doc.get("reveal_pending", False)
        elif kind == 6:
            a, b = rng.sample(list(row), 2)
            row[a], row[b] = row[b], row[a]
        elif "view_of" in doc:
            stack = doc["stacks"][seat]
            stack["count"] = max(0, min(13, stack["count"] + rng.choice([-1, 1])))
            stack["next"] = rng.choice([stack["next"], *TILE_VALUES])
        else:
            placed = [k for k, t in row.items() if t is not None]
            if placed:
                key = rng.choice(placed)
                doc["discards"][seat].append(row[key])
                row[key] = None
    return doc


def _answers(position: Any, doc: Doc, k: int) -> None:
    position.legal_moves()
    position.scores()
    position.winners()
    views = [position] if "view_of" in doc else [GAME.view(position, s) for s in (0, 1)]
    for view in views:
        assert GAME.view_from_json(json.loads(json.dumps(view.to_json()))) == view
        assert render(view).startswith("<svg")
        view.scores()
        view.winners()
        infer(view, 10)
        if view.to_move == view.seat:
            ranked = GAME.hint(view, 0.005)
            assert len(ranked) == len(view.legal_moves())
            move = GAME.move_from_json(ranked[0].move)
            assert view.check(move) is None
            view.apply(move)
    if "view_of" not in doc:
        for seat in (0, 1):
            other = GAME.redeal(position, seat, k)
            assert GAME.view(other, seat) == GAME.view(position, seat)
            assert GAME.from_json(json.loads(json.dumps(other.to_json()))) == other
        if not position.is_terminal():
            position.apply(position.legal_moves()[0])


def test_nudged_documents_are_refused_by_path_or_answer_everywhere() -> None:
    rng = random.Random(2026)
    bases = _bases()
    read = refused = 0
    for k in range(600):
        doc = _nudge(rng.choice(bases), rng)
        try:
            position = GAME.read(doc)
        except NotationError as err:
            assert err.path, str(err)
            refused += 1
            continue
        _answers(position, doc, k)
        read += 1
    assert read > 60 and refused > 200
