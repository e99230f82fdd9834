"""The hint ladder and the review's words for Monstrolicious (``solver.review.Coach``).

The ladder leads to the hint's best move in three steps, from the view alone:

* level 1, where to look: the desserts worth 1 to 4 points (Lollipop to Pancakes),
  5 to 7 (Ice Cream to Macarons) or 8 to 10 (Chocolate Fountain to Wedding Cake),
  by the points printed on them, which both players read alike (they sit on either
  side of the buffet, so one's left is the other's right); after a Donuts win,
  their face-down tiles;
* level 2, the dessert as a player would look for it: its points and what lies
  across (nobody, their face-down tile, their face-up tile);
* level 3, the move: the tile on its dessert, or the tile to turn up.

A level-1 text never names the move: not the dessert's name nor its key.

>>> from solver.monstrolicious.state import View, new_state
>>> from solver.game import RankedMove
>>> state = new_state(2, 5)
>>> top = RankedMove({"dessert": "pie"}, 0.5, "")
>>> for text in ladder(View.of(state, state.current), top).texts:
...     print(text)
Think about the desserts worth 8 to 10 points.
Put your 3 on a dessert worth 9 points, where nobody is across.
Put your 3 on the Pie (9 points).
"""

from __future__ import annotations

from solver.game import Json, RankedMove
from solver.monstrolicious.cards import BUFFET, label
from solver.monstrolicious.reading import move_from_json
from solver.monstrolicious.state import View
from solver.monstrolicious.view import HIDDEN
from solver.review import Measure, Rungs, Thresholds

FACTS = (
    Measure("win_chance", "chance to win", percent=True),
    Measure("expected_margin", "points ahead at the end, on average"),
    Measure("take_chance", "chance to take the dessert", percent=True),
    Measure("points", "points of the dessert its tile guards"),
    Measure("trap", "chance the tile is their Trap", percent=True),
)
"""The numbers of a ranked move's ``detail`` a review compares."""

PLACING = Thresholds(good=0.03, inaccuracy=0.08, mistake=0.2)
"""Chance to win given up against the best placement (the hint's value is the win
chance, the expected margin deciding only between equal chances)."""
REVEALING = Thresholds(good=1.0, inaccuracy=2.0, mistake=4.0)
"""Points guarded given up against the best tile to turn up."""

GROUPS = (range(0, 4), range(4, 7), range(7, 11))
"""The buffet's desserts in three groups, cheapest first (its points rise left to right)."""


def thresholds(view: View) -> Thresholds:
    """A placement is graded in chance to win; turning a tile up in points guarded."""
    return REVEALING if view.reveal_pending else PLACING


def ladder(view: View, top: RankedMove) -> Rungs:
    """The three rungs that lead to ``top``, the hint's best move."""
    move = move_from_json(top.move)
    if move.reveal is not None:
        dessert = BUFFET.desserts[move.reveal]
        return Rungs(
            (
                "Think about their face-down tiles: which one guards the most?",
                f"Look at their face-down tile at a dessert worth {_points(dessert.points)}.",
                f"Turn up their face-down tile at the {dessert.name}.",
            )
        )
    assert move.dessert is not None and view.next_tile is not None
    dessert, tile = BUFFET.desserts[move.dessert], label(view.next_tile)
    worth, across = _points(dessert.points), _across(view, move.dessert)
    return Rungs(
        (
            f"Think about the desserts {_group(move.dessert)}.",
            f"Put your {tile} on a dessert worth {worth}, {across}.",
            f"Put your {tile} on the {dessert.name} ({worth}).",
        )
    )


def names(view: View, move: Json) -> tuple[str, ...]:
    """The words that name ``move``: its dessert's name and key."""
    read = move_from_json(move)
    space = read.dessert if read.dessert is not None else read.reveal
    assert space is not None
    return BUFFET.desserts[space].name, BUFFET.keys[space]


def _group(space: int) -> str:
    """The points of the group of desserts ``space`` is in: "worth 8 to 10 points"."""
    worth = [BUFFET.desserts[i].points for i in next(g for g in GROUPS if space in g)]
    return f"worth {min(worth)} to {max(worth)} points"


def _points(n: int) -> str:
    return f"{n} point{'s' * (n != 1)}"


def _across(view: View, space: int) -> str:
    """What lies across the dessert, as the seat sees it."""
    opposing = view.board[1 - view.seat][space]
    if opposing is None:
        return "where nobody is across"
    if opposing.value == HIDDEN:
        return "across their face-down tile"
    return f"across their face-up {label(opposing.value)}"
