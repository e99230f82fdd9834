"""The hint's reasons, as a player would say them: the tile, the dessert, what
happens there, and how the game ends on average.

>>> from solver.monstrolicious.state import new_state
>>> view = View.of(s := new_state(2, 5), s.current)
>>> print(
...     place_reason(view, BUFFET.index("pie"), 1.0, 3.25, 0.6, exact=False)
... )  # doctest: +NORMALIZE_WHITESPACE
put your 3 on the Pie (9 points): nobody is across, so you take it; you finish 3.2 points ahead
on average and win 60% of the time
>>> print(reveal_reason(BUFFET.index("donuts"), {TRAP: 1, 4: 1}))  # doctest: +NORMALIZE_WHITESPACE
turn up their face-down tile at the Donuts (3 points): it could be any of 2 tiles, their Trap
with chance 50%
"""

from __future__ import annotations

from collections.abc import Mapping

from solver.monstrolicious.cards import BUFFET, TRAP, Value, label
from solver.monstrolicious.rules import holds_lollipop
from solver.monstrolicious.state import View
from solver.monstrolicious.view import HIDDEN


def _points(n: float) -> str:
    text = f"{n:.1f}" if isinstance(n, float) else str(n)
    return f"{text} point{'' if text in ('1', '1.0') else 's'}"


def _dessert(space: int) -> str:
    dessert = BUFFET.desserts[space]
    return f"the {dessert.name} ({_points(dessert.points)})"


def _tile(tile: Value) -> str:
    return "Trap" if tile == TRAP else label(tile)


def place_reason(
    view: View, space: int, take: float, margin: float, win: float, exact: bool
) -> str:
    """Why to put the seat's next tile on the dessert at ``space``.

    Args:
        view: the seat's view (its next tile is the one placed).
        space: the dessert.
        take: the chance that the dessert is the seat's once the placement is resolved.
        margin: the expected final points ahead of the opponent (negative: behind).
        win: the chance of winning (a tie counts half).
        exact: whether every way the hidden tiles can lie was counted.
    """
    tile = view.next_tile
    assert tile is not None
    ahead = round(margin, 1)
    end = (
        "you finish level on average"
        if ahead == 0
        else f"you finish {_points(abs(ahead))} {'ahead' if ahead > 0 else 'behind'} on average"
    )
    odds = (
        "win every time"
        if win >= 1
        else "lose every time"
        if win <= 0
        else f"win {win:.0%} of the time"
    )
    counted = ", counting every way their hidden tiles can lie" if exact else ""
    return (
        f"put your {_tile(tile)} on {_dessert(space)}: {_what_happens(view, space, tile, take)}; "
        f"{end} and {odds}{counted}"
    )


def _what_happens(view: View, space: int, tile: Value, take: float) -> str:
    """What the placement does at the dessert, from what the seat sees there."""
    them = 1 - view.seat
    opposing = view.board[them][space]
    if opposing is None:
        if tile == TRAP and view.stack_counts[them]:
            return "nobody is across: your Trap holds it without scoring and waits for their tile"
        if tile == TRAP:
            return "nobody is across: your Trap holds it but scores nothing"
        return "nobody is across, so you take it"
    if opposing.value == TRAP:
        return f"their Trap lies face up across and takes your {_tile(tile)} with it"
    if opposing.value != HIDDEN:
        theirs = label(opposing.value)
        if tile == TRAP:
            return f"your Trap takes their {theirs} with it"
        if tile > opposing.value:
            return f"your {tile} beats their {theirs}, so you take it"
        if tile < opposing.value:
            return f"their {theirs} beats your {tile}, so they keep it"
        if holds_lollipop(view.board, them):
            return f"their {theirs} holds the tie, since they hold the Lollipop"
        return f"your {tile} beats their {theirs} (equal strength wins), so you take it"
    known = f" (at least {opposing.lo})" if opposing.lo > TRAP else ""
    if tile == TRAP:
        return f"your Trap takes their face-down tile{known} with it"
    if take >= 1:
        return f"your {tile} beats their face-down tile{known} whatever it is"
    if take <= 0:
        return f"your {tile} cannot beat their face-down tile{known}"
    return f"your {tile} beats their face-down tile{known} {take:.0%} of the time"


def reveal_reason(space: int, counts: Mapping[Value, int]) -> str:
    """Why to turn up the opposing face-down tile at ``space`` (the Donuts' power).

    Args:
        space: the dessert the tile lies at.
        counts: for every value the tile may have, the worlds that give it that value.
    """
    head = f"turn up their face-down tile at {_dessert(space)}"
    if len(counts) == 1:
        (only,) = counts
        return f"{head}: it can only be their {_tile(only)}, so it shows nothing new"
    trap = counts.get(TRAP, 0) / sum(counts.values())
    odds = f"their Trap with chance {trap:.0%}" if trap else "but not their Trap"
    return f"{head}: it could be any of {len(counts)} tiles, {odds}"
