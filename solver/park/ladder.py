"""The hint ladder and the review's words for Monster Park (``solver.review.Coach``).

The ladder leads to the hint's best move in three steps, from the view alone:

* level 1, where to look: the park area the move builds ("Look at your water
  area."), the tourists, or what the player can afford;
* level 2, the kind of move there: invite a monster or buy an upgrade for that
  area, how many tourists to invite, save a token;
* level 3, the move itself, with its card, place and price.

A level-1 text never names the move: not its verb (invite, buy, take, pass), the
upgrade's kind, the monster's size or track position, nor a tourist's card.

>>> from solver.park.state import View, new_state
>>> from solver.game import RankedMove
>>> view = View.of(new_state(2, seed=3), 0)
>>> top = RankedMove({"action": "upgrade", "kind": "benches", "area": "land"}, 1.0, "")
>>> for text in ladder(view, top).texts:
...     print(text)
Look at your land area.
Buy an upgrade for your land area.
Buy the size-2 bench for the land area (cost 1).
"""

from __future__ import annotations

from solver.game import Json, RankedMove
from solver.park.cards import UPGRADE_NAME, Area
from solver.park.moves import Move
from solver.park.reading import move_from_json
from solver.park.reasons import action, tourist_name
from solver.park.state import View
from solver.review import Measure, Rungs, Thresholds

FACTS = (
    Measure("this_turn", "points this turn"),
    Measure("tourists", "points from tourists this turn"),
    Measure("reply", "the next player's best reply", higher=False),
    Measure("win_chance", "chance to win", percent=True),
)
"""The numbers of a ranked move's ``detail`` a review compares."""

GRADES = Thresholds(good=0.5, inaccuracy=1.5, mistake=3.0)
"""Points given up against the best move (the action's and the claim's alike)."""


def thresholds(view: View) -> Thresholds:
    """Every decision of Monster Park is graded in points."""
    return GRADES


def ladder(view: View, top: RankedMove) -> Rungs:
    """The three rungs that lead to ``top``, the hint's best move."""
    move = move_from_json(top.move)
    if move.action == "tourists":
        return Rungs(("Look at the tourists.", _how_many(move), _claim(view, move)))
    if move.action in ("invite", "upgrade"):
        area = _area(view, move)
        kind = "Invite a monster" if move.action == "invite" else "Buy an upgrade"
        first = f"Look at your {area} area."
        return Rungs((first, f"{kind} for your {area} area.", _said(action(view.world(), move))))
    if move.action == "token":
        return Rungs(
            (
                "Look at what you can afford, this turn and the next.",
                "Save up this turn rather than place a card.",
                "Take a token.",
            )
        )
    return Rungs(("Look at what you can still do.", "Nothing is open to you.", "Pass."))


def names(view: View, move: Json) -> tuple[str, ...]:
    """The words that name ``move``: its verb, the upgrade kind, the monster's size and
    track position, the tourists' cards."""
    read = move_from_json(move)
    words = {"invite": ("invite",), "upgrade": ("buy",), "token": ("token",), "pass": ("pass",)}
    out = list(words.get(read.action, ("invite",)))
    if read.kind is not None:
        out += [read.kind, UPGRADE_NAME.get(read.kind, read.kind)]
    if read.slot is not None:
        face = view.track[read.slot]
        out.append(f"position {read.slot}")
        if face is not None:
            out.append(f"size-{face[1]}")
    for t in read.tourists:
        out += [t, view.cards.tourist(t).text]
    return tuple(out)


def _area(view: View, move: Move) -> Area:
    """The park area the move builds."""
    if move.area is not None:
        return move.area
    assert move.slot is not None
    face = view.track[move.slot]
    assert face is not None
    return face[0]


def _how_many(move: Move) -> str:
    n = len(move.tourists)
    if n == 0:
        return "No tourist is worth inviting now."
    if n == 1:
        return "Invite one tourist."
    return f"Invite {n} tourists: the order matters."


def _claim(view: View, move: Move) -> str:
    if not move.tourists:
        return "Invite no tourist."
    invited = [tourist_name(view.cards.tourist(t)) for t in move.tourists]
    return _said(f"invite {', then '.join(invited)}")


def _said(words: str) -> str:
    """A move's words as a sentence."""
    return f"{words[0].upper()}{words[1:]}."
