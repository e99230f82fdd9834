"""A review of the player's own move, and one rung of the hint ladder: JSON in, JSON out.

Both are answered from the seat's view alone, like the hint they are made of
(``api.services.games.hint``, at the same budget): two states the seat cannot
tell apart get byte-identical answers. A move that names another seat is
refused as ``validate`` refuses it ("not your seat: ..."), an illegal move with
the rule it breaks, both as a fault of the ``move`` field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from api.services import games as game_service
from api.services.errors import FieldError, in_field
from solver.errors import IllegalMoveError
from solver.game import Json, RankedMove, Seat, get_game
from solver.review import check_level, coach_of
from solver.review import review as review_move


def review(
    name: str,
    state_doc: Mapping[str, Any],
    move_doc: object,
    seat: Seat | None = None,
    budget: float | None = None,
) -> Json:
    """``{"game", "seat", "complete", "move", "value", "rank", "moves", "best", "loss",
    "grade", "because", ...}``: where ``move`` stands among every legal move the hint
    ranks for ``seat`` (default: the seat to move; a view: its own seat)."""
    game = get_game(name)
    seen = game_service.view_for(game, state_doc, seat)
    verdict = in_field("move", lambda: game.validate(seen, move_doc))
    if not verdict.legal:
        raise FieldError("move", IllegalMoveError(verdict.reason))
    hinted = game_service.hint(name, state_doc, seat, budget)
    ranked = [_ranked(entry) for entry in hinted["moves"]]
    coach = coach_of(game.name)
    written = game.move_to_json(game.read_move(move_doc))
    found = in_field(
        "move", lambda: review_move(ranked, written, coach.thresholds(seen), coach.FACTS)
    )
    return {key: hinted[key] for key in ("game", "seat", "complete")} | found.to_json()


def hint_level(
    name: str,
    state_doc: Mapping[str, Any],
    seat: Seat | None,
    budget: float | None,
    level: int,
) -> Json:
    """``{"game", "seat", "complete", "moves": [], "level", "text"}``, and at level 3 the
    ``move`` (with its ``label`` and ``notation``): one rung of the ladder to the hint's
    best move for ``seat``. ``moves`` stays empty, so that the answer is a hint's."""
    in_field("level", lambda: check_level(level))
    game = get_game(name)
    seen = game_service.view_for(game, state_doc, seat)
    hinted = game_service.hint(name, state_doc, seat, budget, top=1)
    (entry,) = hinted["moves"]
    rungs = coach_of(game.name).ladder(seen, _ranked(entry))
    answer = {key: hinted[key] for key in ("game", "seat", "complete")}
    answer |= {"moves": [], "level": level, "text": rungs.text(level)}
    if level == 3:
        answer |= {key: entry[key] for key in ("move", "label", "notation") if key in entry}
    return answer


def _ranked(entry: Mapping[str, Any]) -> RankedMove:
    """A hint's entry read back (``RankedMove.to_json`` writes each field)."""
    return RankedMove.from_json(entry)
