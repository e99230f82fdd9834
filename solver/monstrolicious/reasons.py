"""The hint's reasons, as a player would say them: the tile, the dessert, what
happens there, and how the game ends on average.

>>> from solver.monstrolicious.state import new_state
>>> view = View.of(s := new_state(2, 5), s.current)

Each comes with its facts (``solver.monstrolicious.facts``) and its words for
the summary (``solver.facts.Reason``).

>>> said = place_reason(view, BUFFET.index("pie"), 1.0, 3.25, 0.6, exact=False)
>>> print(said.text)  # doctest: +NORMALIZE_WHITESPACE
put your 3 on the Pie (9 points): nobody is across, so you take it; you finish 3.2 points ahead
on average and win 60% of the time
>>> said.summary
'Nobody is across, so you take it and you win 60% of the time.'
>>> said = reveal_reason(BUFFET.index("donuts"), {TRAP: 1, 4: 1})
>>> print(said.text)  # doctest: +NORMALIZE_WHITESPACE
turn up their face-down tile at the Donuts (3 points): it could be any of 2 tiles, their Trap
with chance 50%
"""

from __future__ import annotations

from collections.abc import Mapping

from solver.facts import Fact, Reason, percent
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
) -> Reason:
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
    if ahead == 0:
        end, finish = "you finish level on average", Fact("finish-level")
    else:
        side = "ahead" if ahead > 0 else "behind"
        end = f"you finish {_points(abs(ahead))} {side} on average"
        finish = Fact(f"finish-{side}", {"points": abs(ahead)})
    odds = (
        "win every time"
        if win >= 1
        else "lose every time"
        if win <= 0
        else f"win {win:.0%} of the time"
    )
    counted = ", counting every way their hidden tiles can lie" if exact else ""
    happens = _what_happens(view, space, tile, take)
    text = f"put your {_tile(tile)} on {_dessert(space)}: {happens.text}; {end} and {odds}{counted}"
    facts = (*happens.facts, finish, Fact("chance-to-win", {"percent": percent(win)}))
    facts += (Fact("every-way-counted"),) if exact else ()
    return Reason(text, facts, (happens.text, f"you {odds}"))


def _what_happens(view: View, space: int, tile: Value, take: float) -> Reason:
    """What the placement does at the dessert, from what the seat sees there."""
    them = 1 - view.seat
    opposing = view.board[them][space]
    mine = {"tile": _tile(tile)}
    if opposing is None:
        if tile == TRAP and view.stack_counts[them]:
            text = "nobody is across: your Trap holds it without scoring and waits for their tile"
            return Reason(text, (Fact("trap-waits"),))
        if tile == TRAP:
            return Reason(
                "nobody is across: your Trap holds it but scores nothing", (Fact("trap-holds"),)
            )
        return Reason("nobody is across, so you take it", (Fact("takes-empty"),))
    if opposing.value == TRAP:
        text = f"their Trap lies face up across and takes your {_tile(tile)} with it"
        return Reason(text, (Fact("their-trap-takes", mine),))
    if opposing.value != HIDDEN:
        return _against_shown(view, tile, opposing.value)
    said = Reason()
    known = ""
    if opposing.lo > TRAP:
        known = f" (at least {opposing.lo})"
        said = Reason(facts=(Fact("hidden-at-least", {"tile": opposing.lo}),))
    if tile == TRAP:
        text, fact = (
            f"your Trap takes their face-down tile{known} with it",
            Fact("trap-takes-hidden"),
        )
    elif take >= 1:
        text = f"your {tile} beats their face-down tile{known} whatever it is"
        fact = Fact("beats-hidden-always", mine)
    elif take <= 0:
        text = f"your {tile} cannot beat their face-down tile{known}"
        fact = Fact("cannot-beat-hidden", mine)
    else:
        text = f"your {tile} beats their face-down tile{known} {take:.0%} of the time"
        fact = Fact("beats-hidden-sometimes", {**mine, "percent": percent(take)})
    return Reason(text, (fact,)) + said


def _against_shown(view: View, tile: Value, value: Value) -> Reason:
    """The placement against the opponent's face-up tile ``value``."""
    both = {"tile": _tile(tile), "theirs": label(value)}
    theirs = both["theirs"]
    if tile == TRAP:
        return Reason(f"your Trap takes their {theirs} with it", (Fact("trap-takes-shown", both),))
    if tile > value:
        text, code = f"your {tile} beats their {theirs}, so you take it", "beats-shown"
    elif tile < value:
        text, code = f"their {theirs} beats your {tile}, so they keep it", "loses-to-shown"
    elif holds_lollipop(view.board, 1 - view.seat):
        text, code = f"their {theirs} holds the tie, since they hold the Lollipop", "tie-to-them"
    else:
        text = f"your {tile} beats their {theirs} (equal strength wins), so you take it"
        code = "tie-to-you"
    return Reason(text, (Fact(code, both),))


def reveal_reason(space: int, counts: Mapping[Value, int]) -> Reason:
    """Why to turn up the opposing face-down tile at ``space`` (the Donuts' power).

    Args:
        space: the dessert the tile lies at.
        counts: for every value the tile may have, the worlds that give it that value.
    """
    head = f"turn up their face-down tile at {_dessert(space)}"
    if len(counts) == 1:
        (only,) = counts
        text = f"it can only be their {_tile(only)}, so it shows nothing new"
        return Reason(f"{head}: {text}", (Fact("reveal-known", {"tile": _tile(only)}),), (text,))
    trap = counts.get(TRAP, 0) / sum(counts.values())
    odds = f"their Trap with chance {trap:.0%}" if trap else "but not their Trap"
    text = f"it could be any of {len(counts)} tiles, {odds}"
    facts = [Fact("reveal-could-be", {"tiles": len(counts)})]
    facts += [Fact("reveal-trap-chance", {"percent": percent(trap)})] if trap else []
    return Reason(f"{head}: {text}", tuple(facts), (text,))
