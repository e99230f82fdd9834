"""Another deal a seat cannot tell from the real one: the hidden tiles drawn anew.

What a seat cannot see is the opponent's face-down tiles and stack, and the
order of its own stack below the tile it is about to place. :func:`redeal`
draws all of that again from a seed, within what the battles announced, so
the seat's view stays the same; when the draw happens to repeat the deal, two
unseen tiles trade places (or another arrangement of the opponent's tiles is
taken), so the hidden content really changes whenever it can.

>>> from solver.monstrolicious.state import new_state
>>> s = new_state(2, 7)
>>> r = redeal(s, 0, 1)
>>> View.of(r, 0) == View.of(s, 0), r.stacks[1] != s.stacks[1], r.seed != s.seed
(True, True, True)
"""

from __future__ import annotations

import random
from dataclasses import replace

from solver.game import Seat
from solver.monstrolicious.cards import Value
from solver.monstrolicious.infer import iter_worlds
from solver.monstrolicious.state import State, View, determinise


def hidden_content(state: State, seat: Seat) -> tuple[tuple[Value, ...], ...]:
    """Everything of ``state`` that ``seat`` cannot see: the opponent's face-down
    tiles (board, then discards), its stack, and the seat's own stack order."""
    them = 1 - seat
    down = tuple(t.value for t in state.board[them] if t is not None and not t.face_up)
    down += tuple(t.value for t in state.discards[them] if not t.face_up)
    return down, state.stacks[them], state.stacks[seat]


def redeal(state: State, seat: Seat, seed: int) -> State:
    """A state with the same view for ``seat`` whose hidden tiles are drawn from ``seed``.

    Raises:
        NotationError: ``seat`` is not 0 or 1.
    """
    view = View.of(state, seat)
    rng = random.Random(seed)
    fresh = determinise(view, rng=rng, seed=rng.getrandbits(64))
    if hidden_content(fresh, seat) != hidden_content(state, seat):
        return fresh
    return _changed(state, fresh, view, rng)


def _changed(state: State, fresh: State, view: View, rng: random.Random) -> State:
    """``fresh`` (which repeats ``state``'s hidden tiles) with something unseen moved."""
    seat, them = view.seat, 1 - view.seat
    shown = 1 if view.next_tile is not None else 0
    for owner, keep in ((seat, shown), (them, 0)):
        stack = list(fresh.stacks[owner])
        if len(stack) - keep >= 2:
            i, j = rng.sample(range(keep, len(stack)), 2)
            stack[i], stack[j] = stack[j], stack[i]
            stacks = tuple(tuple(stack) if s == owner else st for s, st in enumerate(fresh.stacks))
            return replace(fresh, stacks=stacks)
    truth = hidden_content(state, seat)[0]
    for world in iter_worlds(view):
        if world.tiles != truth:
            return determinise(view, world, rng, fresh.seed)
    return fresh
