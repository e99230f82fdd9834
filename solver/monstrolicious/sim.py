"""A fast perfect-information simulator for the hint's playouts.

One list says who holds each dessert (``-1`` nobody), another the value of the
tile there. It plays the same battles as :mod:`rules` (Lollipop ties, Traps)
but keeps no faces or discard piles, which a playout in a known world does not
need. :func:`greedy_space` is the playout policy: the best immediate swing.

>>> owner, value = [-1] * SPACES, [0] * SPACES
>>> play(owner, value, 0, 7, 3)
>>> play(owner, value, 1, 7, 3), owner[3]
(None, 1)
>>> final_margin(owner, value, 1)
4
"""

from __future__ import annotations

from solver.monstrolicious.cards import BUFFET, SPACES, TRAP, Value
from solver.monstrolicious.table import Board

POINTS = BUFFET.points
LOLLIPOP = BUFFET.lollipop
PAIR_A, PAIR_B = BUFFET.pair
BONUS = BUFFET.pair_bonus
SPACE_RANGE = range(SPACES)


def from_board(board: Board) -> tuple[list[int], list[int]]:
    """``(owner, value)`` lists of a board whose tiles are all known."""
    owner, value = [-1] * SPACES, [0] * SPACES
    for seat, row in enumerate(board):
        for space, tile in enumerate(row):
            if tile is not None:
                owner[space], value[space] = seat, tile.value
    return owner, value


def play(owner: list[int], value: list[int], seat: int, tile: Value, space: int) -> None:
    """Place ``tile`` for ``seat`` at ``space`` (an empty space of its side), in place."""
    held = owner[space]
    if held == -1:
        owner[space], value[space] = seat, tile
        return
    defender = value[space]
    if tile == TRAP or defender == TRAP:
        owner[space], value[space] = -1, 0
    elif tile > defender or (tile == defender and owner[LOLLIPOP] != held):
        owner[space], value[space] = seat, tile


def greedy_space(owner: list[int], value: list[int], seat: int, tile: Value) -> int:
    """The space with the best immediate swing for ``seat`` placing ``tile``; -1 if none.

    Gains: a free dessert (monster only) its points, beating a monster twice its
    points, trapping a monster its points; a lost battle is worth less than
    nothing. Ties go to the most valuable dessert, or the least valuable when
    nothing is gained.
    """
    best, best_key = -1, -(10**9)
    opponent_lollipop = owner[LOLLIPOP] == 1 - seat
    points = POINTS
    for space in SPACE_RANGE:
        held = owner[space]
        if held == seat:
            continue
        w = points[space]
        # key = gain * 100, plus the points on a gain, minus them otherwise
        if held < 0:
            key = 101 * w if tile else -w
        else:
            defender = value[space]
            if tile == TRAP:
                key = 101 * w if defender else -w
            elif defender == TRAP:
                key = -w
            elif tile > defender or (tile == defender and not opponent_lollipop):
                key = 201 * w
            else:
                key = -100 - w
        if key > best_key:
            best, best_key = space, key
    return best


def playout(owner: list[int], value: list[int], stacks: list[list[Value]], current: int) -> None:
    """Play both stacks out greedily, in place (stacks are popped from the end)."""
    while stacks[0] or stacks[1]:
        if not stacks[current]:
            current = 1 - current
            continue
        tile = stacks[current].pop()
        space = greedy_space(owner, value, current, tile)
        if space >= 0:
            play(owner, value, current, tile, space)
        current = 1 - current


def final_scores(owner: list[int], value: list[int]) -> tuple[int, int]:
    """Both seats' points: desserts held by monsters, plus the pair bonus."""
    totals = [0, 0]
    for space in range(SPACES):
        seat = owner[space]
        if seat >= 0 and value[space] != TRAP:
            totals[seat] += POINTS[space]
    for seat in (0, 1):
        pair = (owner[PAIR_A], owner[PAIR_B])
        if pair == (seat, seat) and value[PAIR_A] != TRAP and value[PAIR_B] != TRAP:
            totals[seat] += BONUS
    return totals[0], totals[1]


def final_margin(owner: list[int], value: list[int], seat: int) -> int:
    """``seat``'s points minus the opponent's."""
    a, b = final_scores(owner, value)
    return a - b if seat == 0 else b - a


def best_reply_margin(
    owner: list[int], value: list[int], stacks: list[list[Value]], current: int, seat: int
) -> int:
    """The exact margin for ``seat`` when both sides play perfectly in a known world."""
    while not stacks[current]:
        if not stacks[1 - current]:
            return final_margin(owner, value, seat)
        current = 1 - current
    tile = stacks[current].pop()
    spaces = [s for s in range(SPACES) if owner[s] != current]
    if not spaces:
        result = best_reply_margin(owner, value, stacks, 1 - current, seat)
    else:
        results = []
        for space in spaces:
            o, v = owner.copy(), value.copy()
            play(o, v, current, tile, space)
            results.append(best_reply_margin(o, v, stacks, 1 - current, seat))
        result = max(results) if current == seat else min(results)
    stacks[current].append(tile)
    return result
