"""Words for the hint: what a card is, what placing it does, and why it is worth that.

A placement's reason names the card and the cell, what it completes or wins, the
points it scores now line by line where they are not only the card's printed VP
("+12 points now: 10 printed on the card, 2 from your Sand cards"), and in team
mode why it counts differently for the team (the team scores its lower
teammate). Where the same card would read the same in several cells, each says
where it lies. Each part comes with its facts (``solver.vbm.facts``) and its
words for the summary (``solver.facts.Reason``).

>>> from solver.vbm.decks import standard_deck
>>> deck = standard_deck()
>>> describe(deck.card("W03")), describe(deck.card("I01"))
('the Big Mama tail W03', "the yeti's left half I01")
>>> describe(deck.card("S02"))
'the Sand card S02 (1 VP per card to its left)'
>>> describe(deck.card("S02"), "both_ways")
'the Sand card S02 (1 VP per card in its row)'
"""

from __future__ import annotations

from collections.abc import Mapping

from solver.facts import Fact, Reason
from solver.vbm.area import EXPLORER_POS
from solver.vbm.cards import STEPS, Card, Pos, SandRule
from solver.vbm.evaluate import Evaluator
from solver.vbm.state import State
from solver.vbm.table import tally

#: Counter that went up -> what the reason says, and its fact's code.
_DONE = (
    ("big_mamas", "completes a Big Mama", "completes-big-mama"),
    ("ice_monsters", "completes an Ice monster", "completes-ice-monster"),
    ("flipped_ice", "flips an Ice monster", "flips-ice-monster"),
    ("crystals", "completes a crystal", "completes-crystal"),
)
#: Where a Sand card looks, by its arrow (and by region when it counts both ways).
_ARROW_WORDS = {
    "around": "next to it",
    "left": "to its left",
    "right": "to its right",
    "up": "above it",
    "down": "below it",
    "up-left": "diagonally up-left of it",
    "up-right": "diagonally up-right of it",
    "down-left": "diagonally down-left of it",
    "down-right": "diagonally down-right of it",
}
_BOTH_WAYS_WORDS = {"row": "in its row", "column": "in its column", "diagonal": "on its diagonals"}
#: Score-pad line -> where its points come from, in words.
_LINE_WORDS = {
    "portals": "a Portal tile",
    "ice": "Ice monsters",
    "water": "Water cards",
    "grassland": "Grassland symbols",
    "sand": "your Sand cards",
    "lava": "Lava cards",
    "rock": "Rock cards",
    "crystals": "crystals",
    "rewards": "mission tokens",
    "explorer": "your Explorer card",
}
#: A neighbour's step -> where the cell lies next to it.
_SIDE_WORDS = {"up": "below", "down": "above", "left": "right of", "right": "left of"}


def sand_words(rule: SandRule, reach: str = "arrow") -> str:
    """What a Sand rule scores, in words (``reach``: the setting ``sand_direction``)."""
    where = _ARROW_WORDS[rule.arrow]
    if reach == "both_ways" and rule.region in _BOTH_WAYS_WORDS:
        where = _BOTH_WAYS_WORDS[rule.region]
    if rule.condition == "same":
        return f"{rule.vp} VP per card of the same terrain {where}"
    if rule.condition == "different":
        return f"{rule.vp} VP per different terrain {where}"
    return f"{rule.vp} VP per card {where}"


def describe(card: Card, reach: str = "arrow") -> str:
    """A short name for a card: what it shows and its id."""
    if card.mama:
        return f"the Big Mama {card.mama} {card.id}"
    if card.baby:
        return f"the Baby monster {card.id}"
    if card.ice:
        return f"the {card.ice.kind}'s {card.ice.half} half {card.id}"
    if card.beams:
        return f"the Mutagen card {card.id} (beam {'+'.join(card.beams)})"
    if card.rocks:
        return f"the Rock card {card.id} ({card.rocks} Rock monster{'s' * (card.rocks > 1)})"
    if card.grass:
        return f"the Grassland card {card.id} ({card.grass} symbol{'s' * (card.grass > 1)})"
    if card.sand:
        return f"the Sand card {card.id} ({sand_words(card.sand, reach)})"
    return f"the {card.terrain.value.capitalize()} card {card.id}"


def effects(state: State, ev: Evaluator, seat: int, pair: tuple[str, Pos]) -> str:
    """What placing ``pair`` completes, flips, activates or wins, in words ('' if nothing)."""
    return _effects(state, ev, seat, pair).text


def _effects(state: State, ev: Evaluator, seat: int, pair: tuple[str, Pos]) -> Reason:
    """What placing ``pair`` completes, flips, activates or wins, with its facts."""
    card, cell = pair
    reach = state.sand_direction
    before = tally(state.deck_name, state.areas[seat], reach).counts
    after = tally(state.deck_name, (*state.areas[seat], (cell[0], cell[1], card)), reach).counts
    done = [(text, Fact(code)) for name, text, code in _DONE if after[name] > before[name]]
    outcome = ev.outcome(card, cell)
    if outcome.portals:
        done.append(("activates a portal", Fact("activates-portal")))
    if outcome.tokens:
        tokens = Fact("wins-mission-tokens", {"points": outcome.tokens})
        done.append((f"wins mission tokens worth {outcome.tokens}", tokens))
    said = tuple(text for text, _ in done)
    return Reason(", ".join(said), tuple(fact for _, fact in done), said)


def points_now(state: State, ev: Evaluator, pair: tuple[str, Pos]) -> Reason:
    """``+N points now``, and where they come from when not only from the card's print."""
    card = state.deck.card(pair[0])
    before: Mapping[str, int] = ev.sheets[ev.seat]
    after = ev.outcome(*pair).lines
    rise = {line: after[line] - before[line] for line in after}
    rise[card.terrain.value] -= card.vp
    parts = [f"{card.vp} printed on the card"] if card.vp else []
    parts += [f"{n} from {_LINE_WORDS[line]}" for line, n in rise.items() if n]
    own = ev.own_gain(*pair)
    text = f"+{own} points now" if own >= 0 else f"{own} points now"
    facts = [Fact("points-now", {"points": own})]
    if any(n for n in rise.values()):
        text += ": " + ", ".join(parts)
        facts += [Fact("points-printed", {"points": card.vp})] if card.vp else []
        facts += [Fact("points-from", {"line": line, "points": n}) for line, n in rise.items() if n]
    return Reason(text, tuple(facts), (text.split(":")[0],))


def team_words(state: State, ev: Evaluator, pair: tuple[str, Pos]) -> Reason:
    """Team mode: how the team's score moves, and why the move counts as it does for the
    team when that is not the seat's own points (the teammate likelier to end lower
    counts more)."""
    mate = ev.mate
    if mate is None:
        return Reason()
    lower = ev.lower_gain(*pair)
    text = f"; the team's score (the lower of you and seat {mate}) rises by {lower}"
    said = Reason(text, (Fact("team-score", {"mate": mate, "points": lower}),))
    own, counted = ev.own_gain(*pair), ev.team_gain(*pair)
    if abs(counted - own) < 0.05:
        return said
    me, other = ev.totals[ev.seat], ev.totals[mate]
    if me > other:
        standing = f"you are {me - other} ahead of seat {mate}, so seat {mate}'s points count more"
        fact = Fact("team-ahead", {"mate": mate, "lead": me - other})
    elif me < other:
        standing = f"you are {other - me} behind seat {mate}, so your own points count more"
        fact = Fact("team-behind", {"mate": mate, "lead": other - me})
    else:
        standing = f"you and seat {mate} are level, so both your points count alike"
        fact = Fact("team-level", {"mate": mate})
    text = f"; {standing}: it counts {counted:.1f} for the team"
    facts: tuple[Fact, ...] = (fact, Fact("team-counted", {"points": round(counted, 1)}))
    theirs = ev.mate_gain(*pair)
    if theirs:
        text += f" (seat {mate} gets {theirs:+d} from this card)"
        facts += (Fact("mate-gets", {"mate": mate, "points": theirs}),)
    return said + Reason(text, facts, (f"worth {counted:.1f} to your team",))


def placement(
    state: State,
    ev: Evaluator,
    pair: tuple[str, Pos],
    sand: float,
    planned: float,
    later: Mapping[str, float],
) -> Reason:
    """The reason for placing ``pair``: the card, the cell, what it does and is worth
    (``later``: :meth:`solver.vbm.prospect.Prospect.value`'s parts)."""
    card = state.deck.card(pair[0])
    done = _effects(state, ev, ev.seat, pair)
    text = f"place {describe(card, state.sand_direction)} at ({pair[1][0]},{pair[1][1]}): "
    now = points_now(state, ev, pair)
    head = text + (f"{done.text}; " if done.text else "") + now.text
    said = Reason(head, done.facts + now.facts, now.short + done.short)
    if state.mode == "team":
        said += team_words(state, ev, pair)
    if sand > 0:
        fact = Fact("sand-later", {"points": round(sand, 1)})
        more = f"about {sand:.1f} more"
        short = (more + " later",) if round(sand, 1) else ()
        said += Reason(
            f"; {more} later, from cards placed where it looks and its flip", (fact,), short
        )
    said += _later(later)
    if planned > 0:
        fact = Fact("plan-next-turns", {"points": round(planned, 1)})
        more = f"sets up about {planned:.1f} more"
        said += Reason(
            f"; {more} for cards still to come", (fact,), (more,) if round(planned, 1) else ()
        )
    return said


def _later(parts: Mapping[str, float]) -> Reason:
    """What the placement changes in the points to come (Grassland, missions, crystals),
    when that is a point or more either way."""
    total = sum(parts.values())
    if abs(total) < 1:
        return Reason()
    named = ", ".join(f"{_LATER_WORDS[k]} {v:+.1f}" for k, v in parts.items() if abs(v) >= 0.05)
    fact = Fact("points-later", {"points": f"{total:+.1f}", "parts": named})
    text = f"; worth about {total:+.1f} later ({named})"
    return Reason(text, (fact,), (f"worth about {total:+.1f} later",))


_LATER_WORDS = {
    "grassland": "the Grassland table",
    "missions": "missions",
    "crystals": "half crystals",
}


def where(state: State, seat: int, cell: Pos) -> str:
    """Where ``cell`` lies next to the seat's cards, in words ("left of W03 and below
    your Explorer")."""
    placed = {(r, c): card for r, c, card in state.areas[seat]}
    sides = []
    for direction, (dr, dc) in STEPS.items():
        near = (cell[0] + dr, cell[1] + dc)
        if near == EXPLORER_POS:
            sides.append(f"{_SIDE_WORDS[direction]} your Explorer")
        elif near in placed:
            sides.append(f"{_SIDE_WORDS[direction]} {placed[near]}")
    return " and ".join(sides)


def tell_apart(state: State, seat: int, said: dict[tuple[str, Pos], Reason]) -> None:
    """Where one card's reasons read the same in several cells, each says where it lies
    and which cells it matches (``said`` is changed in place)."""
    groups: dict[tuple[str, str], list[Pos]] = {}
    for (card, cell), reason in said.items():
        text = reason.text.replace(f"at ({cell[0]},{cell[1]})", "", 1)
        groups.setdefault((card, text), []).append(cell)
    for (card, _), cells in groups.items():
        if len(cells) < 2:
            continue
        for cell in cells:
            others = [f"({r},{c})" for r, c in cells if (r, c) != cell]
            same = " and ".join(others) if len(others) <= 2 else f"{len(others)} other cells"
            lies = where(state, seat, cell)
            fact = Fact("same-elsewhere", {"cells": same, "where": lies})
            said[(card, cell)] += Reason(f"; the same as at {same}: here it lies {lies}", (fact,))
