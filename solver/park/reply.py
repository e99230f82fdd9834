"""What a move leaves the other players: the next player's best reply, and on the
player's last turn the chance to win.

The next player's reply is evaluated exactly (``evaluate``) on the table the
move leaves, as the player can foresee it: the track slid on (cards the deck
has yet to show left out) and the tourists left on the row. What a move leaves
the next player counts against it: a monster the next player would invite for
free, a tourist it would complete, is worth denying.

A turn is the player's last when the final round is on, when its action fills
the park (the round is then finished and the game ends), or when the round
limit comes first. Points alone are then the wrong aim: filling the park while
behind ends a game that might still be won, and filling it while safely ahead
makes the win sure. :func:`win_chance` weighs the ways the action can turn out
(a face-down monster's points, the tourists it brings) against the other
players' scores, each raised by the best turn it still has before the end. That
turn is its best reply, as above.

>>> from solver.park.state import new_game
>>> from solver.park.moves import Move
>>> s = new_game(2, seed=7)
>>> turns_after(s, Move("token"), evaluate(s, Move("token"))) is None
True
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from solver.park.cards import CardId
from solver.park.evaluate import Evaluation, best_claim, evaluate
from solver.park.moves import Move
from solver.park.rules import counts, is_full
from solver.park.state import ParkState

#: Points a sure win is worth above a coin flip (a sure loss as much below).
WIN = 100.0


def turns_after(state: ParkState, move: Move, e: Evaluation) -> int | None:
    """How many turns other players still take after this one when the game's end is
    fixed by now, else None."""
    seat = state.to_move
    assert seat is not None
    left: list[int] = []
    fills = e.outcomes[0].card is not None and is_full(e.outcomes[0].park)
    if state.final_round or fills:
        left.append(state.players - 1 - seat)
    limit = state.settings.round_limit * state.players
    if state.turn + state.players >= limit:
        left.append(limit - 1 - state.turn)
    return min(left) if left else None


def win_chance(state: ParkState, move: Move, e: Evaluation) -> float:
    """The chance ``move`` wins, on the player's last turn (a shared win counts half)."""
    seat = state.to_move
    assert seat is not None
    after = turns_after(state, move, e)
    assert after is not None
    totals = [s.total for s in state.scores()]
    others = [(seat + j) % state.players for j in range(1, state.players)]
    table = _table_after(state, move, e)
    finals = [
        totals[other] + (_best_turn(table, other) if j < after else 0.0)
        for j, other in enumerate(others)
    ]
    top = max(finals)
    rivals = [
        counts(state.cards, state.parks[o]).monsters
        for o, f in zip(others, finals, strict=True)
        if f == top
    ]
    chance = 0.0
    for out in e.outcomes:
        _, reward = best_claim(state, out.park)
        mine = totals[seat] + out.tokens + out.points + reward
        mine_monsters = counts(state.cards, out.park).monsters
        if mine > top:
            chance += out.probability
        elif mine == top:
            if mine_monsters > max(rivals):
                chance += out.probability
            elif mine_monsters == max(rivals):
                chance += out.probability / (1 + rivals.count(mine_monsters))
    return chance


def reply(state: ParkState, move: Move, e: Evaluation) -> float:
    """The most points the next player can expect from its next turn on the table
    ``move`` leaves."""
    seat = state.to_move
    assert seat is not None
    return _best_turn(_table_after(state, move, e), (seat + 1) % state.players)


def _table_after(state: ParkState, move: Move, e: Evaluation) -> ParkState:
    """The table after this turn, as the player can foresee it.

    Cards the deck has yet to show are left out; an upgrade bought is taken to
    be replaced by its like. The player's own park matters to the others only
    through the monsters it takes out of the deck, so it changes only on an invite.
    """
    seat = state.to_move
    assert seat is not None
    parks = state.parks
    track = list(state.track)
    if move.action == "invite" and move.slot is not None:
        track[move.slot] = None
        top = max(e.outcomes, key=lambda o: o.probability)
        parks = (*parks[:seat], top.park, *parks[seat + 1 :])
    slid: list[CardId | None] = [c for c in track[1:] if c is not None]
    slid += [None] * (len(track) - len(slid))
    row = tuple(None if t in e.claim else t for t in state.tourist_row)
    return replace(state, parks=parks, track=tuple(slid), tourist_row=row, phase="action")


@lru_cache(maxsize=1024)
def _best_turn(table: ParkState, other: int) -> float:
    turn = replace(table, to_move=other)
    return max(evaluate(turn, m).value for m in turn.legal_moves())
