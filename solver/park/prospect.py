"""What a move does for the rest of the game beyond the plan's turns: the tourists still
in the deck, and the monster sizes each area can still take.

The exact hint counts the tourists on the row (this turn's claim exactly, the
plan's targets over its next turns) and plans three turns. Two things last longer:

- **The tourists to come.** The tourist deck holds the rest, and every card
  placed moves the park toward some of them: a friendly monster toward "4 any
  friendly monsters", a size-5 monster toward "3 any monsters of size 5", an
  upgrade toward "3 any upgrades". Which tourists the deck holds is public (every
  tourist not on the row or in a park), though not their order. :func:`to_come`
  values a park's progress: each tourist still in the deck is worth its reward
  times the share of its wish the park meets (friendly monsters out of the count
  asked for, areas with a friendly monster out of three...), times the chance it
  comes onto the row before the game ends and this player is the one to claim it.
- **The room an area keeps.** A monster may only follow one at least as large, so
  a size-5 monster in an empty area leaves its four free slots to the size-5
  monsters alone (a fifth of the deck) until an upgrade resets the area, while a
  bench on a size-5 monster opens them to every size again. :func:`opened` counts
  each free slot by the share of monster sizes it can take, and only the slots
  the game leaves time to fill. :func:`closed` counts what a park has lost so.

Where the hint's playouts stop, :func:`standing` adds both to a park's running
total: its worth toward the tourists to come, less the room its areas have closed.

>>> from solver.park.state import new_state
>>> s = new_state(2, seed=7)
>>> to_come(s, s.parks[0])
0.0
>>> opened(s, 0, s.parks[0], s.parks[0]), standing(s, 0)
(0.0, 0.0)
"""

from __future__ import annotations

from solver.park.board import (
    AREA_ROOM,
    COUNTED,
    Counts,
    Park,
    counts,
    floor,
    free_slots,
    have_toward,
)
from solver.park.cards import AREAS, Tourist
from solver.park.table import Table

#: Tourists that come onto the row in a round, all players' turns together (about ten
#: a game of some 25 rounds, in games of the hint against the reference search).
TOURISTS_A_ROUND = 0.4
#: Cards a player places in a turn, on average (about 14 in 25 turns).
CARDS_A_TURN = 0.55
#: Points a free slot that takes every monster size is worth beside one that takes
#: none, over the rest of the game (chosen over judged decisions, docs/park.md).
ROOM_WORTH = 0.6


def progress(tourist: Tourist, c: Counts) -> float:
    """The share of ``tourist``'s wish a park with counts ``c`` meets (0 to 1); 0 for
    the wishes no count measures (monsters in order, other tourists)."""
    need, count = tourist.need, max(1, tourist.count)
    if need == "both":
        return (min(c.friendly, count) + min(c.nasty, count)) / (2 * count)
    if need == "each_area":
        areas = c.friendly_areas if tourist.character == "friendly" else c.nasty_areas
        return areas / len(AREAS)
    if need not in COUNTED or need == "tourists":
        return 0.0
    have = have_toward(tourist, c, 0)
    return min(have, count) / count


def claim_chance(state: Table) -> float:
    """The chance a tourist still in the deck comes onto the row in time and this
    player claims it: the rounds left (the fullest park's free slots at
    ``CARDS_A_TURN`` a turn) bring ``TOURISTS_A_ROUND`` each, shared among the
    players."""
    waiting = len(state.tourist_deck)
    if waiting == 0:
        return 0.0
    coming = TOURISTS_A_ROUND * min(free_slots(park) for park in state.parks) / CARDS_A_TURN
    return min(1.0, coming / waiting) / state.players


def to_come(state: Table, park: Park) -> float:
    """What ``park`` (the player's, now or after a move) is worth toward the tourists
    still in the deck, in expected points."""
    deck = state.cards
    c = counts(deck, park)
    wanted = (deck.tourist(t) for t in state.tourist_deck)
    return sum(t.reward * progress(t, c) for t in wanted) * claim_chance(state)


def reach(size: int) -> float:
    """The share of monster sizes (1 to 5) that may follow a last card of ``size`` in an
    area (0: an empty area)."""
    return (6 - max(size, 1)) / 5


def opened(state: Table, seat: int, before: Park, after: Park) -> float:
    """What a move from park ``before`` to ``after`` does to the room its areas keep,
    in points: each area's free slots after it times the change in the share of
    monster sizes its last card lets follow, times ``ROOM_WORTH``, counting only the
    slots the game leaves time to fill (:func:`in_time`). Negative when a large
    monster closes an area to smaller ones, positive when an upgrade opens one."""
    deck = state.cards
    change = sum(
        (AREA_ROOM - len(a)) * (reach(floor(deck, a)) - reach(floor(deck, b)))
        for a, b in zip(after, before, strict=True)
    )
    return ROOM_WORTH * in_time(state, seat, after) * change


def closed(state: Table, seat: int) -> float:
    """What the seat's park has lost to closed room, in points: each area's free slots
    times the share of monster sizes its last card keeps out, times ``ROOM_WORTH``,
    counting only the slots the game leaves time to fill (a size-5 monster alone in
    an area: 4 slots, each 4/5 closed)."""
    deck, park = state.cards, state.parks[seat]
    shut = sum((AREA_ROOM - len(a)) * (1 - reach(floor(deck, a))) for a in park)
    return ROOM_WORTH * in_time(state, seat, park) * shut


def in_time(state: Table, seat: int, park: Park) -> float:
    """The share of ``park``'s free slots (the seat's, now or after a move) the game
    leaves time to fill: the fullest other park's free slots against its own, at
    most 1 (0 for a full park)."""
    mine = free_slots(park)
    if mine == 0:
        return 0.0
    others = min(free_slots(p) for i, p in enumerate(state.parks) if i != seat)
    return min(1.0, others / mine)


def standing(state: Table, seat: int) -> float:
    """What the seat's park is worth beyond its running total: its worth toward the
    tourists still to come, less the room its areas have closed. The hint's playouts
    add it to the score where they stop (``solver.park.worlds.leaf_margin``)."""
    return to_come(state, state.parks[seat]) - closed(state, seat)
