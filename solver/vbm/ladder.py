"""The hint ladder and the review's words for Very Big Monster (``solver.review.Coach``).

The ladder leads to the hint's best move in three steps, from the view alone:

* level 1, where to look: the part of the play area the card goes to ("Look at
  the top left of your play area."), and what a card can complete or win there;
  for an Explorer choice, the cards still to come;
* level 2, the card: which card to place, and in which part of the area; for an
  Explorer, what it should score;
* level 3, the move: the card, its cell, and what becomes of the other cards
  (passed on, kept, discarded); the Explorer kept.

A level-1 text never names the move: not a card's id (the one placed, the one
discarded), the cell, nor the Explorer's id or text.
"""

from __future__ import annotations

from solver.game import Json, RankedMove
from solver.review import Measure, Rungs, Thresholds
from solver.vbm.cards import Pos
from solver.vbm.evaluate import Evaluator
from solver.vbm.moves import Move
from solver.vbm.reading import move_from_json
from solver.vbm.reasons import describe, effects
from solver.vbm.state import View

FACTS = (
    Measure("gain", "points it scores now"),
    Measure("sand", "points its Sand card can expect later"),
    Measure("plan", "points it sets up for cards still to come"),
    Measure("others", "what the cards left to the others count for you"),
    Measure("expected", "VP its Explorer can expect by the end"),
)
"""The numbers of a ranked move's ``detail`` a review compares."""

PLACING = Thresholds(good=1.0, inaccuracy=3.0, mistake=6.0)
"""Points given up against the best placement."""
CHOOSING = Thresholds(good=2.0, inaccuracy=5.0, mistake=10.0)
"""Expected end-of-game VP given up against the best Explorer."""


def thresholds(view: View) -> Thresholds:
    """Placements are graded in points now and planned; an Explorer in VP expected."""
    return CHOOSING if view.phase == "explorer" else PLACING


def ladder(view: View, top: RankedMove) -> Rungs:
    """The three rungs that lead to ``top``, the hint's best move."""
    move = move_from_json(top.move)
    if move.explorer is not None:
        explorer = view.deck.explorer(move.explorer)
        scores = ", ".join(f"{vp} VP per {what.replace('_', ' ')}" for what, vp in explorer.terms)
        return Rungs(
            (
                "Look at the cards still to come: what will your play area hold most of?",
                f"Keep the Explorer that scores {scores}.",
                f"Keep Explorer {explorer.id} ({explorer.text}).",
            )
        )
    assert move.card is not None and move.at is not None
    part = f"the {_part(move.at)} of your play area"
    done = effects(view.world, Evaluator(view.world, view.seat), view.seat, (move.card, move.at))
    first = f"Look at {part}." + (f" A card there {done}." if done else "")
    card = describe(view.deck.card(move.card), view.sand_direction)
    placed = f"Place {card} at ({move.at[0]},{move.at[1]})"
    return Rungs((first, f"Place {card} at {part}.", placed + _rest(view, move) + "."))


def names(view: View, move: Json) -> tuple[str, ...]:
    """The words that name ``move``: its cards' ids, its cell, its Explorer."""
    read = move_from_json(move)
    out = [c for c in (read.card, read.discard) if c is not None]
    if read.at is not None:
        r, c = read.at
        out += [f"({r},{c})", f"row {r}, column {c}"]
    if read.explorer is not None:
        out += [read.explorer, view.deck.explorer(read.explorer).text]
    return tuple(out)


def _part(cell: Pos) -> str:
    """Where ``cell`` lies from the Explorer at (0,0): ``top left``, ``right``...

    >>> _part((-1, -2)), _part((0, 3)), _part((2, 0))
    ('top left', 'right', 'bottom')
    """
    r, c = cell
    words = ("top" if r < 0 else "bottom" if r > 0 else "", "left" if c < 0 else "right" * (c > 0))
    return " ".join(w for w in words if w)


def _rest(view: View, move: Move) -> str:
    """What becomes of the cards the move does not place."""
    row = "" if move.row is None else f" (from row {move.row})"
    if move.discard is not None:
        return f"{row}; discard {describe(view.deck.card(move.discard), view.sand_direction)}"
    if move.pass_to is None:
        return row
    if move.pass_to == view.seat:
        return "; keep the other cards on your own Spaceship"
    if move.pass_to == view.world.mate(view.seat):
        return f"; pass the other cards to your teammate (seat {move.pass_to})"
    return f"; pass the other cards to seat {move.pass_to}"
