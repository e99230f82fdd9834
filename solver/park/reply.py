"""What a move leaves the other players and the player itself: the next player's
best reply, the table at the player's next turn, and on the player's last turn
the chance to win.

The next player's reply is evaluated exactly (``evaluate``) on the table the
move leaves, as the player can foresee it: the track slid on, the top card of
the monster deck in the first empty place (its back shows its area and size;
cards below it are left out) and the tourists left on the row. What a move leaves
the next player counts against it: a monster the next player would invite for
free, a tourist it would complete, is worth denying.

Each other player is predicted to make that best reply (the most points this
turn, placing a card on a tie). Played out on the foreseen table, the replies
give the table the player meets on its next turn (:func:`foresee`): which
monsters are still on the track, at which prices, and which tourists are left.

A turn is the player's last when the final round is on, when its action fills
the park (the round is then finished and the game ends), or when the round
limit comes first. Points alone are then the wrong aim: filling the park while
behind ends a game that might still be won, and filling it while safely ahead
makes the win sure. :func:`win_chance` weighs the ways the action can turn out
(a face-down monster's points, the tourists it brings) against the ways the
other players' last turns can: each makes its best reply, as above, on the table
as the turn's end leaves it, with every tourist the claim took replaced from the
tourist deck (each unseen tourist as likely; late in the game one or two are
left, and the one that comes up may be the one the next player completes), and
the face-down monster it invites may score any of its points.

>>> from solver.park.state import new_state
>>> from solver.park.moves import Move
>>> s = new_state(2, seed=7)
>>> turns_after(s, Move("token"), evaluate(s, Move("token"))) is None
True
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from itertools import permutations
from math import perm

from solver.park.board import counts, is_full
from solver.park.cards import CardId
from solver.park.evaluate import Evaluation, best_claim, evaluate, greedy_key
from solver.park.moves import Move
from solver.park.state import State

#: Points a sure win is worth above a coin flip (a sure loss as much below).
WIN = 100.0


def turns_after(state: State, move: Move, e: Evaluation) -> int | None:
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


def win_chance(state: State, move: Move, e: Evaluation) -> float:
    """The chance ``move`` wins, on the player's last turn (a shared win counts half).

    A player wins on the most points, then on the most monsters; still level,
    the win is shared."""
    seat = state.to_move
    assert seat is not None
    after = turns_after(state, move, e)
    assert after is not None
    totals = [s.total for s in state.scores()]
    others = [(seat + j) % state.players for j in range(1, state.players)]
    ours = _ends(state, totals[seat], e)
    chance = 0.0
    for p, table in refills(_table_after(state, move, e)):
        rivals = [_final(table, other, totals[other], j < after) for j, other in enumerate(others)]
        chance += p * sum(q * _share(key, rivals) for q, key in ours)
    return round(chance, 9)


#: The most ways the tourist row may be refilled that :func:`refills` tells apart.
MAX_REFILLS = 64


def refills(table: State) -> list[tuple[float, State]]:
    """The tables the turn's end can leave, with their chances: every empty place of the
    tourist row filled from the tourist deck, each order of the unseen tourists as
    likely (the table as it is when nothing is to fill, or when more than
    :data:`MAX_REFILLS` ways would be told apart)."""
    holes = [i for i, t in enumerate(table.tourist_row) if t is None][: len(table.tourist_deck)]
    ways = perm(len(table.tourist_deck), len(holes))
    if not holes or ways > MAX_REFILLS:
        return [(1.0, table)]
    out = []
    for drawn in permutations(table.tourist_deck, len(holes)):
        row = list(table.tourist_row)
        for i, t in zip(holes, drawn, strict=True):
            row[i] = t
        left = tuple(t for t in table.tourist_deck if t not in drawn)
        out.append((1 / ways, replace(table, tourist_row=tuple(row), tourist_deck=left)))
    return out


Key = tuple[float, int]
"""What decides a win: points, then monsters."""


def _ends(turn: State, total: int, e: Evaluation) -> list[tuple[float, Key]]:
    """The ways the turn of ``turn``'s player to move can end, valued ``e``: each with
    its chance and the player's :data:`Key` after it, from ``total`` points."""
    return [
        (
            o.probability,
            (
                round(total + o.tokens + o.points + best_claim(turn, o.park)[1], 9),
                counts(turn.cards, o.park).monsters,
            ),
        )
        for o in e.outcomes
    ]


def _final(table: State, seat: int, total: int, moves: bool) -> list[tuple[float, Key]]:
    """How ``seat`` can end the game from ``table``: the ways its best turn can end
    when it still ``moves``, else where it stands."""
    if not moves:
        return [(1.0, (float(total), counts(table.cards, table.parks[seat]).monsters))]
    turn = replace(table, to_move=seat)
    return _ends(turn, total, predicted(turn)[1])


def _share(mine: Key, rivals: list[list[tuple[float, Key]]]) -> float:
    """The expected share of the win for ``mine`` against the rivals' independent
    final keys (a win shared by ``k`` players counts ``1 / k``).

    >>> _share((5, 3), [[(0.5, (4, 3)), (0.5, (5, 3))]])
    0.75
    """
    level = [1.0]  # level[k]: the chance no rival so far is ahead and k are level
    for dist in rivals:
        below = sum(p for p, key in dist if key < mine)
        even = sum(p for p, key in dist if key == mine)
        level = [a * below + b * even for a, b in zip([*level, 0.0], [0.0, *level], strict=True)]
    return sum(p / (1 + k) for k, p in enumerate(level))


def reply(state: State, move: Move, e: Evaluation) -> float:
    """The most points the next player can expect from its next turn on the table
    ``move`` leaves."""
    return next_turn(state, move, e)[1].value


def next_turn(state: State, move: Move, e: Evaluation) -> tuple[Move, Evaluation, State]:
    """The next player's best turn on the table ``move`` leaves: its move, what the
    move is worth to it, and that table."""
    seat = state.to_move
    assert seat is not None
    table = replace(_table_after(state, move, e), to_move=(seat + 1) % state.players)
    r, er = predicted(table)
    return r, er, table


def slid_track(state: State, move: Move) -> tuple[CardId | None, ...]:
    """The track once this turn's board is prepared, as the player can foresee it: the
    monster invited taken out, position 0 discarded, the rest slid left, and the top
    card of the monster deck in the first empty place (its back shows its area and
    size, which is all a face-down card is valued by); the cards below it are left
    out.

    >>> from solver.park.state import new_state
    >>> s = new_state(2, seed=7)
    >>> slid_track(s, Move("token")) == (*s.track[1:], s.deck[0])
    True
    """
    track = list(state.track)
    if move.action == "invite" and move.slot is not None:
        track[move.slot] = None
    slid: list[CardId | None] = [c for c in track[1:] if c is not None]
    if state.deck:
        slid.append(state.deck[0])
    return (*slid, *[None] * (len(track) - len(slid)))


def _table_after(state: State, move: Move, e: Evaluation) -> State:
    """The table after this turn, as the player can foresee it.

    The track is :func:`slid_track`'s; the deck's next top is not known, so the
    table's deck is left empty. An upgrade bought is taken to be replaced by its
    like. The mover's park gets the card placed (the likeliest face-down outcome),
    its tokens and tourists follow the move.
    """
    seat = state.to_move
    assert seat is not None
    top = max(e.outcomes, key=lambda o: o.probability)
    parks = (*state.parks[:seat], top.park, *state.parks[seat + 1 :])
    tokens = list(state.tokens)
    tokens[seat] = round(e.tokens)
    held = (*state.held[:seat], state.held[seat] + e.claim, *state.held[seat + 1 :])
    row = tuple(None if t in e.claim else t for t in state.tourist_row)
    return replace(
        state,
        parks=parks,
        tokens=tuple(tokens),
        held=held,
        track=slid_track(state, move),
        deck=(),
        tourist_row=row,
        phase="action",
    )


def foresee(state: State, move: Move, e: Evaluation) -> State:
    """The table at the player's next turn, as it can foresee it: after ``move`` and
    each other player's predicted reply (its best turn, placing a card on a tie)."""
    seat = state.to_move
    assert seat is not None
    table = _table_after(state, move, e)
    for j in range(1, state.players):
        turn = replace(table, to_move=(seat + j) % state.players)
        r, er = predicted(turn)
        table = _table_after(turn, r, er)
    return replace(table, to_move=seat)


@lru_cache(maxsize=1024)
def predicted(turn: State) -> tuple[Move, Evaluation]:
    """The best turn of the player to move: the most points this turn, placing a card on
    a tie (the greedy player's choice, less its random tie-break)."""
    best: tuple[tuple[float, bool], Move, Evaluation] | None = None
    for m in turn.legal_moves():
        e = evaluate(turn, m)
        key = greedy_key(m, e)
        if best is None or key > best[0]:
            best = (key, m, e)
    assert best is not None
    return best[1], best[2]
