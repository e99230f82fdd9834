"""What the plan's later turns may place, and the tourists it aims at.

For turns after the next (the next is valued exactly on the table it foresees,
``hint._first``), the plan chooses among: a monster still visible on the track,
if it will not have been discarded or taken by then, at the price of the
position it will have reached (the top card of the monster deck counts among
them: its back shows its area and size); a monster of each area and size the
deck may bring below it, weighted by the chance one shows up within reach (how many of each the
deck holds is public: every card back shows area and size) and valued at the
expected points of an unseen monster of that face; or an upgrade. The tourists
on the row are the plan's targets.

>>> from solver.park.state import new_state
>>> s = new_state(2, seed=3)
>>> sum(_unseen(s).values()) == len(s.deck) - 1
True
"""

from __future__ import annotations

from collections import Counter

from solver.park.board import AREA_ROOM, floor
from solver.park.cards import (
    AREAS,
    UPGRADE_COST,
    UPGRADE_KINDS,
    Area,
    CardId,
    Monster,
    Upgrade,
    article,
)
from solver.park.evaluate import class_outcomes
from solver.park.moves import Move
from solver.park.plan import COUNT, SCALE, Option, Target
from solver.park.reasons import monster_back, upgrade_kind
from solver.park.reply import slid_track
from solver.park.state import State

#: Chance another player who can fit a monster takes it: free, or for a price.
TAKEN_FREE = 0.7
TAKEN_PAID = 0.25
#: Chance a visible track monster that does not fit survives one opponent turn.
SURVIVE = 0.97
#: Chance a tourist still on the track is there when the plan meets its wish.
TOURIST_STAYS = 0.6
#: The price the plan assumes for a monster the deck has yet to show.
DRAW_PRICE = 2


def _unseen(state: State) -> Counter[tuple[Area, int]]:
    """How many monsters of each area and size the deck may still bring below its top
    card (which the track options count): the deck, and the discard once the deck runs
    low. Every card back shows area and size, so these counts are what the seat sees;
    which of them is which it cannot tell."""
    pool = list(state.deck[1:]) + (list(state.discard) if len(state.deck) < 10 else [])
    deck = state.cards
    return Counter((deck.monster(c).area, deck.monster(c).size) for c in pool)


def _face_stats(state: State, area: Area, size: int) -> tuple[float, float]:
    """Expected points and friendly chance of a face-down monster of ``area`` and
    ``size``: any such monster no park shows, each equally likely."""
    deck = state.cards
    points = friendly = 0.0
    for p, rep in class_outcomes(deck, state.parks, area, size):
        m = deck.monster(rep)
        points += p * m.points
        friendly += p * m.friendly
    return points, friendly


def _survival(state: State, monster: Monster, pos0: int, t: int) -> float:
    """Chance a visible monster is still on the track at the player's turn ``t``.

    ``pos0`` is its position once this turn's board is prepared. Each other
    player, in turn, takes it with a chance that depends on whether it fits
    their park and what it would cost them there.
    """
    seat = state.to_move
    assert seat is not None
    deck = state.cards
    keep = 1.0
    for r in range(t):
        for j in range(1, state.players):
            other = (seat + j) % state.players
            pos = pos0 - (j - 1) - r * state.players
            if pos < 0:
                return keep
            park = state.parks[other]
            cards = park[AREAS.index(monster.area)]
            fits = len(cards) < AREA_ROOM and monster.size >= floor(deck, cards)
            keep *= (1 - TAKEN_FREE if pos == 0 else 1 - TAKEN_PAID) if fits else SURVIVE
    return keep


def later_options(state: State, moves: list[Move], t: int) -> list[Option]:
    """The cards later turn ``t`` may place (2 = the turn after next; the next is ``_first``'s)."""
    deck = state.cards
    n = state.players
    opts: list[Option] = []
    by_spot: dict[tuple[CardId, int], set[int]] = {}
    for i, m in enumerate(moves):
        for pos, c in enumerate(slid_track(state, m)):
            if c is not None:
                by_spot.setdefault((c, pos), set()).add(i)
    for (c, pos0), allowed in sorted(by_spot.items()):
        pos = pos0 - (n - 1) - (t - 1) * n
        price = state.price(pos) if pos >= 0 else None
        if price is None:
            continue
        monster = deck.monster(c)
        survive = _survival(state, monster, pos0, t)
        points, pf = _face_stats(state, monster.area, monster.size)
        value = survive * (points - price) + (1 - survive)
        seen = "on top of the monster deck" if state.deck and c == state.deck[0] else "on the track"
        opts.append(
            Option(
                name=f"{monster_back(monster.area, monster.size)} {seen}",
                area=monster.area,
                size=monster.size,
                price=price,
                value=round(value * SCALE),
                weight=round(COUNT * survive),
                friendly=round(COUNT * survive * pf),
                upgrade=False,
                allowed=frozenset(allowed),
                key=f"track:{c}",
            )
        )
    classes = _unseen(state)
    total = sum(classes.values())
    reach = min(4, n * t)
    for (area, size), count in sorted(classes.items()):
        q = 1 - (1 - count / total) ** reach
        points, pf = _face_stats(state, area, size)
        value = q * (points - DRAW_PRICE) + (1 - q)
        opts.append(
            Option(
                name=f"{article(f'size-{size} {area} monster')} from the deck",
                area=area,
                size=size,
                price=DRAW_PRICE,
                value=round(value * SCALE),
                weight=round(COUNT * q),
                friendly=round(COUNT * q * pf),
                upgrade=False,
                allowed=frozenset(range(len(moves))),
                key=f"class:{area}:{size}",
                limit=min(2, count),
            )
        )
    opts += _upgrade_options(state, moves)
    return opts


def _upgrade_options(state: State, moves: list[Move]) -> list[Option]:
    deck = state.cards
    placed = {c for p in state.parks for a in p for c in a}
    opts = []
    everyone = set(range(len(moves)))
    for k, kind in enumerate(UPGRADE_KINDS):
        buyers = {i for i, m in enumerate(moves) if m.action == "upgrade" and m.kind == kind}
        shown = state.upgrade_row[k]
        rest = [u for u in deck.upgrades if u.kind == kind and u.id not in placed and u.id != shown]
        scenarios: list[tuple[set[int], Upgrade | None, int]] = []
        if shown is not None:
            scenarios.append((everyone - buyers, deck.upgrade(shown), len(rest) + 1))
        if rest and (buyers or shown is None):
            size = round(sum(u.size for u in rest) / len(rest))
            guess = Upgrade(f"{kind}-next", kind, size, UPGRADE_COST[kind])
            scenarios.append((buyers if shown is not None else everyone, guess, len(rest)))
        for allowed, u, left in scenarios:
            if u is None or not allowed:
                continue
            for area in AREAS:
                opts.append(
                    Option(
                        name=f"{upgrade_kind(kind)} for the {area} area",
                        area=area,
                        size=u.size,
                        price=u.cost,
                        value=-u.cost * SCALE,
                        weight=COUNT,
                        friendly=0,
                        upgrade=True,
                        allowed=frozenset(allowed),
                        key=f"upgrade:{kind}:{area}",
                        limit=left,
                    )
                )
    return opts


def targets(state: State) -> list[Target]:
    deck = state.cards
    out = []
    for t in state.tourist_row:
        if t is None:
            continue
        tourist = deck.tourist(t)
        if tourist.need == "run":
            continue
        out.append(
            Target(
                id=t,
                need=tourist.need,
                count=tourist.count,
                area_index=AREAS.index(tourist.area) if tourist.area else 0,
                size=tourist.size,
                character=tourist.character,
                reward=round(tourist.reward * TOURIST_STAYS * SCALE),
            )
        )
    return out
