"""The hint's reasons in a player's words: each names its card and says what it gains.

A reason starts with the move and what it brings this turn ("invite the size-4
air monster from track position 2 (cost 2): +0.3 points now (the card scores 2
or 3, 2.3 on average)"), then what the plan counts on later, what the next
player's best turn after it is, and on the player's last turn the chance to win.
Track places are numbered 0-4, as moves and the rules number them (the rulebook
names the first four by their price); a tourist is named by what its card asks
for. Each part comes with its facts (``solver.park.facts``) and its words for
the summary (``solver.facts.Reason``).

>>> points(1), points(-1), points(2.25), points(0.0)
('+1 point', '-1 point', '+2.2 points', '+0 points')
"""

from __future__ import annotations

from solver.facts import Fact, Param, Reason, amount, percent
from solver.park.cards import UPGRADE_KINDS, UPGRADE_NAME, Area, CardId, Tourist, Upgrade, article
from solver.park.evaluate import Evaluation, best_claim
from solver.park.moves import Move
from solver.park.state import State

#: The share of the next player's turn a move is charged, by the number of other players.
SHARE = {1: "which", 2: "half of which", 3: "a third of which"}


def points(x: float) -> str:
    """``+3 points``, ``-1 point``: a gain with its sign and unit."""
    text = amount(x)
    sign = "" if text.startswith("-") else "+"
    return f"{sign}{text} point{'' if text in ('1', '-1') else 's'}"


def monster_back(area: Area, size: int) -> str:
    """A face-down monster as its back shows it: ``the size-4 air monster``."""
    return f"the size-{size} {area} monster"


def upgrade_name(u: Upgrade) -> str:
    """``the size-2 bench``, ``the size-1 souvenirs``."""
    return f"the size-{u.size} {UPGRADE_NAME.get(u.kind, u.kind)}"


def upgrade_kind(kind: str) -> str:
    """One card of an upgrade kind: ``a bench``, ``balloons``."""
    name = UPGRADE_NAME.get(kind, kind)
    return article(name) if name == "bench" else name


def tourist_name(t: Tourist) -> str:
    """A tourist by what its card asks for: ``the tourist '4 water monsters'``."""
    return f"the tourist '{t.text}'"


def cost(price: int) -> str:
    return "free" if price == 0 else f"cost {price}"


def action(state: State, move: Move, top: CardId | None = None) -> str:
    """The action in words, naming its card, place and price (``top``: the card that
    came from the top of the monster deck, said so)."""
    deck = state.cards
    if move.action == "token":
        return "take a token"
    if move.action == "upgrade":
        assert move.kind is not None
        card = state.upgrade_row[UPGRADE_KINDS.index(move.kind)]
        assert card is not None
        u = deck.upgrade(card)
        return f"buy {upgrade_name(u)} for the {move.area} area ({cost(u.cost)})"
    if move.action == "invite":
        assert move.slot is not None
        card = state.track[move.slot]
        assert card is not None
        m = deck.monster(card)
        where = f"from track position {move.slot}"
        if card == top:
            where = f"just drawn from the monster deck to track position {move.slot}"
        price = cost(state.price(move.slot) or 0)
        return f"invite {monster_back(m.area, m.size)} {where} ({price})"
    return "pass: no action is possible"


def this_turn(state: State, move: Move, e: Evaluation) -> Reason:
    """The action and what it brings this turn: the card's points, the tourists."""
    parts: list[str] = []
    facts = [Fact("points-now", {"points": round(e.value, 1)})]
    if move.action == "invite":
        scores = sorted({o.points for o in e.outcomes})
        if len(scores) == 1:
            parts.append(f"the card scores {scores[0]}")
            facts.append(Fact("card-scores", {"points": scores[0]}))
        else:
            listed = _listed([str(x) for x in scores], "or")
            parts.append(f"the card scores {listed}, {amount(e.points)} on average")
            between = {"low": scores[0], "high": scores[-1], "average": round(e.points, 1)}
            facts.append(Fact("card-scores-between", between))
    if move.action == "pass":
        facts = [Fact("no-action")]
    visitors = _visitors(state, e)
    text = f"{action(state, move)}: {points(e.value)} now"
    parts += [visitors.text] if visitors.text else []
    text += f" ({'; '.join(parts)})" if parts else ""
    now = "no action is possible" if move.action == "pass" else f"{points(e.value)} now"
    return Reason(text, tuple(facts), (now,)) + Reason("", visitors.facts, visitors.short)


def claim(state: State, move: Move, total: int) -> Reason:
    """A tourist claim: the tourists in the order invited, each with its reward."""
    if not move.tourists:
        return Reason("invite no tourist: +0 points", (Fact("no-tourist-claimed"),), ("+0 points",))
    text = f"invite {', then '.join(_tourists(state, move.tourists))}: {points(total)}"
    facts = [Fact("tourist-claimed", _tourist(state, t)) for t in move.tourists]
    count = len(move.tourists)
    short = f"{points(total)} from {'a tourist' if count == 1 else f'{count} tourists'}"
    return Reason(text, (*facts, Fact("points-now", {"points": total})), (short,))


def plan(steps: tuple[str, ...], value: float) -> Reason:
    """What the plan counts on after this turn, and what it is worth with this turn (a
    later turn's gain counts less, ``plan.LATER`` a turn)."""
    worth = (
        f"{amount(value)} points: this turn plus what they make over a token each, "
        "counting less the later they come"
    )
    later = _listed(list(steps))
    fact = Fact("plan-next-turns", {"steps": later, "turns": len(steps), "points": round(value, 1)})
    return Reason(f"; later: {later} ({worth})", (fact,), ("sets up your next turns",))


def push(value: float) -> Reason:
    """The worth of filling a slot while ahead."""
    text = f"; filling a slot while ahead adds {amount(value)}: the game ends when a park is full"
    fact = Fact("fills-park-ahead", {"points": round(value, 1)})
    return Reason(text, (fact,))


def beyond(to_come: float, room: float, area: Area | None) -> Reason:
    """What a card does beyond the plan's turns: toward the tourists still in the deck,
    and to the monster sizes its area can take. Parts under 0.05 points are not said."""
    text, facts = "", []
    if abs(to_come) >= 0.05:
        text += f"; it moves the park toward the tourists still to come ({points(to_come)})"
        facts.append(Fact("tourists-to-come", {"points": round(to_come, 1)}))
    if abs(room) >= 0.05 and area is not None:
        how = "opens" if room > 0 else "closes"
        size = "to smaller monsters" if room < 0 else "to smaller monsters again"
        text += f"; it {how} the {area} area {size} ({points(room)})"
        facts.append(Fact("area-room", {"area": str(area), "points": round(room, 1)}))
    return Reason(text, tuple(facts))


def next_player(table: State, top: CardId | None, move: Move, e: Evaluation, others: int) -> Reason:
    """The next player's best turn on the table a move leaves, and how much of it counts
    against the move. ``top`` is the card that was on top of the monster deck."""
    share = SHARE.get(others, f"1/{others} of which")
    text = action(table, move, top)
    if e.claim:
        text += f" and invite {_listed(_tourists(table, e.claim))}"
    said = (
        f"; then the next player's best turn is to {text}, "
        f"{points(e.value)} to them, {share} counts against this move"
    )
    gain: dict[str, Param] = {
        "reply": text,
        "points": round(e.value, 1),
        "counted": round(e.value / others, 1),
    }
    short = f"the next player can then score {amount(e.value)}"
    return Reason(said, (Fact("next-player-reply", gain),), (short,))


def last_turn(chance: float) -> Reason:
    text = f"; it is your last turn, and this move wins with chance {chance:.0%}"
    facts = (Fact("last-turn"), Fact("chance-to-win", {"percent": percent(chance)}))
    return Reason(text, facts, (f"wins {chance:.0%} of the time",))


def _visitors(state: State, e: Evaluation) -> Reason:
    """The tourists the action brings for sure, and those only some of a face-down
    monster's outcomes bring, with their chance (the text's parts are joined by '; ')."""
    chance: dict[CardId, float] = {}
    for o in e.outcomes:
        for t in best_claim(state, o.park)[0]:
            chance[t] = chance.get(t, 0.0) + o.probability
    sure = tuple(t for t, p in chance.items() if p > 1 - 1e-9)
    maybe = [
        f"{name} with chance {chance[t]:.0%}"
        for t, name in zip(chance, _tourists(state, tuple(chance)), strict=True)
        if t not in sure
    ]
    out = [f"brings {_listed(_tourists(state, sure))}"] if sure else []
    out += [f"may bring {_listed(maybe)}"] if maybe else []
    facts = [Fact("tourist-brought", _tourist(state, t)) for t in sure]
    facts += [
        Fact("tourist-maybe", {**_tourist(state, t), "percent": percent(p)})
        for t, p in chance.items()
        if t not in sure
    ]
    short = [_brings(state, sure, "brings")] if sure else []
    if len(sure) < len(chance):
        short.append(_brings(state, tuple(t for t in chance if t not in sure), "may bring"))
    return Reason("; ".join(out), tuple(facts), tuple(short)) if out else Reason()


def _tourist(state: State, t: CardId) -> dict[str, Param]:
    """A tourist's params: what its card asks for and its reward."""
    card = state.cards.tourist(t)
    return {"tourist": card.text, "points": card.reward}


def _brings(state: State, ids: tuple[CardId, ...], verb: str) -> str:
    """``brings a tourist (+4)``, ``may bring 2 tourists (+9)``: for the summary."""
    reward = sum(state.cards.tourist(t).reward for t in ids)
    count = "a tourist" if len(ids) == 1 else f"{len(ids)} tourists"
    return f"{verb} {count} (+{reward})"


def _tourists(state: State, ids: tuple[CardId, ...]) -> list[str]:
    """Each tourist named, with its reward."""
    return [
        f"{tourist_name(state.cards.tourist(t))} (+{state.cards.tourist(t).reward})" for t in ids
    ]


def _listed(items: list[str], word: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"
