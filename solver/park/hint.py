"""Hints: every legal move of the seat to move, ranked by expected points, from its view.

In the action step each action is first evaluated exactly for this turn
(``evaluate``: tokens, the expected points of a face-down monster, the best
tourist claim order after it). The CP-SAT model of ``plan`` then adds the best
plan for the player's next turns that starts with that action: the next turn
chosen among the actions of the table the player meets then (the action and the
other players' predicted replies played out, ``reply.foresee``), valued exactly;
the turns after over the cards the player can see and the known make-up of the
deck (``options``; future turns count what they gain above the token every turn
offers, each turn later worth ``plan.LATER`` of the one before). A card placed
also counts what it does beyond the plan (``prospect``): toward the tourists still
in the deck, and to the monster sizes its area can still take. What
the action leaves the next player counts against it: its best reply on the table
the action leaves, evaluated exactly (``reply``), shared out over the other
players. On the player's last turn the chance to win outweighs points: a sure
win counts ``WIN`` points, a sure loss as much against. In the tourist step the
claims are ranked exactly by the tokens they bring.

>>> from solver.park.state import new_state
>>> from solver.park.state import View
>>> ranked = hint(View.of(new_state(2, seed=3), 0), 0.5)
>>> len(ranked) == len(new_state(2, seed=3).legal_moves())
True
>>> ranked[0].value >= ranked[-1].value
True
"""

from __future__ import annotations

from dataclasses import replace

from solver.errors import GameOverError, NotYourTurnError
from solver.facts import Reason
from solver.game import DEFAULT_HINT_BUDGET, RankedMove
from solver.park import reasons
from solver.park.board import AREA_ROOM, counts, floor, free_slots, is_full
from solver.park.cards import AREAS, Area, CardId, Monster, Upgrade
from solver.park.evaluate import Evaluation, evaluate
from solver.park.moves import Move
from solver.park.options import later_options, targets
from solver.park.plan import COUNT, SCALE, After, Option, build, solve
from solver.park.prospect import opened, to_come
from solver.park.reply import WIN, foresee, next_turn, turns_after, win_chance
from solver.park.state import State, View
from solver.park.writing import move_to_json

#: Future turns the plan looks at.
HORIZON = 3
#: Most a filled slot is worth to a player who is ahead (points).
MAX_PUSH = 3.0


def hint(view: View, budget: float = DEFAULT_HINT_BUDGET) -> list[RankedMove]:
    """Every legal move of the view's seat ranked best first, each with its value and a
    reason. It reads nothing but the view: it computes on the table the view lays out
    (``View.world``) and counts face-down cards only by what their area and size
    allow.

    Args:
        view: the seat's view; the seat must be the one to move.
        budget: seconds the hint may think: they buy the plan's model its counted work
            (``plan.solve``; the exact parts always run), so the same view and budget
            give the same hint on any machine.

    Raises:
        GameOverError: the game is over.
        NotYourTurnError: the decision is another seat's.
    """
    if view.to_move is None:
        raise GameOverError("the game is over: there is no move to hint")
    if view.seat != view.to_move:
        raise NotYourTurnError(f"not your turn: it is seat {view.to_move}'s")
    state = view.world()
    moves = state.legal_moves()
    if state.phase == "tourists":
        ranked = [_claim_hint(state, m) for m in moves]
    else:
        ranked = _action_hints(state, moves, budget)
    order = sorted(range(len(ranked)), key=lambda i: -ranked[i].value)
    return [ranked[i] for i in order]


def _claim_hint(state: State, move: Move) -> RankedMove:
    total = sum(state.cards.tourist(t).reward for t in move.tourists)
    if state.bank is not None:
        total = min(total, state.bank)
    said = reasons.claim(state, move, total)
    detail = {"tokens": float(total)}
    return _entry(move, float(total), said, detail)


def _action_hints(state: State, moves: list[Move], budget: float) -> list[RankedMove]:
    evals = [evaluate(state, m) for m in moves]
    lasts = [turns_after(state, m, e) for m, e in zip(moves, evals, strict=True)]
    horizon = _horizon(state)
    plans = horizon > 0 and len(moves) > 1
    tables = [
        foresee(state, m, e) if plans and last is None else None
        for m, e, last in zip(moves, evals, lasts, strict=True)
    ]
    afters = [_after(state, m, e, table) for m, e, table in zip(moves, evals, tables, strict=True)]
    solved: list[tuple[float, tuple[str, ...]] | None] = [None] * len(moves)
    if plans:
        options = [o for t in range(2, horizon + 1) for o in later_options(state, moves, t)]
        options += [o for i, t in enumerate(tables) if t is not None for o in _first(t, i)]
        plan = build(afters, options, horizon, targets(state))
        result = solve(plan, budget)
        if result is not None:
            solved = list(zip(result.values, result.steps, strict=True))
    out = []
    push = _push(state) / SCALE
    top = state.deck[0] if state.deck else None
    seat = state.to_move
    assert seat is not None
    here = to_come(state, state.parks[seat])
    for m, e, after, s in zip(moves, evals, lasts, solved, strict=True):
        value = s[0] if s is not None else e.value + (push if _places(e) else 0)
        said = reasons.this_turn(state, m, e)
        if push and _places(e):
            said += reasons.push(push)
        if s is not None and s[1]:
            said += reasons.plan(s[1][:horizon], value)
        detail = {"this_turn": round(e.value, 3), "tourists": round(e.reward, 3)}
        if _places(e):
            coming, room = _beyond(state, e, here)
            value += coming + room
            said += reasons.beyond(coming, room, m.area)
            detail["to_come"], detail["room"] = round(coming, 3), round(room, 3)
        if after != 0:
            r, er, table = next_turn(state, m, e)
            value -= er.value / (state.players - 1)
            said += reasons.next_player(table, top, r, er, state.players - 1)
            detail["reply"] = round(er.value, 3)
        if after is not None:
            chance = win_chance(state, m, e)
            value += WIN * (2 * chance - 1)
            last = reasons.last_turn(chance)
            said = replace(said + last, short=last.short + said.short)
            detail["win_chance"] = round(chance, 3)
        out.append(_entry(m, round(value, 3), said, detail))
    return out


def _entry(move: Move, value: float, said: Reason, detail: dict[str, float]) -> RankedMove:
    """One ranked move: its value, its reason in full, short and as facts."""
    return RankedMove(
        move_to_json(move), value, said.text, detail, summary=said.summary, because=said.facts
    )


def _horizon(state: State) -> int:
    """How many more turns the player can count on (at most ``HORIZON``)."""
    if state.final_round:
        return 0
    free = [free_slots(p) for p in state.parks]
    others = [f for seat, f in enumerate(free) if seat != state.to_move]
    return min(HORIZON, *others)


def _beyond(state: State, e: Evaluation, here: float) -> tuple[float, float]:
    """What the card an action places does beyond the plan, in expectation over its
    outcomes: toward the tourists still in the deck (``here``: the park's worth toward
    them now), and to the room its area keeps."""
    seat = state.to_move
    assert seat is not None
    park = state.parks[seat]
    coming = sum(o.probability * to_come(state, o.park) for o in e.outcomes) - here
    room = sum(o.probability * opened(state, seat, park, o.park) for o in e.outcomes)
    return coming, room


def _places(e: Evaluation) -> bool:
    return e.outcomes[0].card is not None


def _first(table: State, i: int) -> list[Option]:
    """The actions of the player's next turn on the table it foresees after candidate
    ``i``, each valued exactly."""
    deck = table.cards
    out: dict[tuple[Area, int, bool, frozenset[CardId]], Option] = {}
    for m in table.legal_moves():
        e = evaluate(table, m)
        if not _places(e):
            continue
        card = deck.card(e.outcomes[0].card or "")
        if isinstance(card, Upgrade):
            assert m.area is not None
            name = f"{reasons.upgrade_kind(card.kind)} for the {m.area} area"
            area, key = m.area, f"next:{card.kind}"
        else:
            assert m.slot is not None
            shown = deck.monster(table.track[m.slot] or "")
            name = f"{reasons.monster_back(shown.area, shown.size)} on the track"
            area, key = shown.area, f"track:{shown.id}"
        option = Option(
            name=name,
            area=area,
            size=card.size,
            price=-e.outcomes[0].tokens,
            value=round(e.value * SCALE),
            weight=COUNT,
            friendly=round(COUNT * e.friendly),
            upgrade=isinstance(card, Upgrade),
            allowed=frozenset({i}),
            key=key,
            first=True,
            claims=frozenset(e.claim),
        )
        # Options alike in what the plan counts: the most valuable stands for them all.
        like = (area, card.size, option.upgrade, option.claims)
        if like not in out or option.value > out[like].value:
            out[like] = option
    return list(out.values())


def _after(state: State, move: Move, e: Evaluation, table: State | None) -> After:
    seat = state.to_move
    assert seat is not None
    deck = state.cards
    top = max(e.outcomes, key=lambda o: o.probability)
    park = top.park
    c = counts(deck, state.parks[seat])
    base = counts(deck, park)
    placed = deck.card(top.card) if top.card else None
    pf = e.friendly
    friendly10, nasty10 = c.friendly * COUNT, c.nasty * COUNT
    has_f = [COUNT * _has(state, seat, k, True) for k in range(3)]
    has_n = [COUNT * _has(state, seat, k, False) for k in range(3)]
    if isinstance(placed, Monster):
        k = AREAS.index(placed.area)
        friendly10 += round(COUNT * pf)
        nasty10 += round(COUNT * (1 - pf))
        has_f[k] = max(has_f[k], round(COUNT * pf))
        has_n[k] = max(has_n[k], round(COUNT * (1 - pf)))
    row = {t for t in (table or state).tourist_row if t is not None}
    push = _push(state)
    return After(
        value=round(e.value * SCALE) + (push if _places(e) else 0),
        tokens=round(e.tokens),
        floors=tuple(floor(deck, a) for a in park),
        free=tuple(AREA_ROOM - len(a) for a in park),
        counts=base,
        friendly10=friendly10,
        nasty10=nasty10,
        has_friendly10=tuple(has_f),
        has_nasty10=tuple(has_n),
        held=len(state.held[seat]) + len(e.claim),
        tourists=frozenset(row - set(e.claim)),
        ends=is_full(park) or table is None,
        push=push,
    )


def _push(state: State) -> int:
    """What filling one more slot of the park is worth to the player to move (scaled).

    The game ends soon after a park is full. A player ahead by ``lead`` points
    with ``free`` slots to fill keeps the lead if each slot costs less than
    ``lead / free`` more than the others gain meanwhile, so that is each slot's
    worth (at most ``MAX_PUSH``); a player behind gains nothing by hurrying.
    """
    seat = state.to_move
    assert seat is not None
    totals = [s.total for s in state.scores()]
    lead = totals[seat] - max(t for i, t in enumerate(totals) if i != seat)
    free = free_slots(state.parks[seat])
    if lead <= 0 or free == 0:
        return 0
    return round(min(MAX_PUSH, lead / free) * SCALE)


def _has(state: State, seat: int, k: int, friendly: bool) -> bool:
    deck = state.cards
    for card_id in state.parks[seat][k]:
        card = deck.card(card_id)
        if isinstance(card, Monster) and card.friendly == friendly:
            return True
    return False
