"""Every invariant a seat's view implies, each fault named by its JSON path in the view.

:func:`check_view` takes a view whose fields are already read and bounded
(``codec``) and checks its own facts (hand, hidden choices, sets, how many cards
are unseen), then the full state it describes (:attr:`View.world
<solver.vbm.state.View.world>`) against every invariant of a state
(``invariants``): a fault there is named at the view's own path.
"""

from __future__ import annotations

from dataclasses import fields

from solver.errors import NotationError
from solver.vbm.invariants import check_state
from solver.vbm.state import View
from solver.vbm.view import hidden_discards


def check_view(view: View) -> None:
    """The view's own facts, then the state it describes (see the module docstring)."""
    if len(view.hand_sizes) != view.players:
        raise NotationError(f"needs {view.players} entries", path="hand_sizes")
    if sorted(set(view.sets)) != list(view.sets) or any(
        s not in view.deck.sets() for s in view.sets
    ):
        raise NotationError("must list sets of the deck, each once, in order", path="sets")
    if view.hand is not None and len(view.hand) != view.hand_sizes[view.seat]:
        raise NotationError(f"your Spaceship holds {view.hand_sizes[view.seat]} cards", path="hand")
    if (view.hand is None) != (view.phase == "explorer"):
        raise NotationError(
            "your hand shows from the first turn on (it is dealt once the Explorers are chosen)",
            path="hand",
        )
    if view.phase == "explorer":
        for s, e in enumerate(view.explorers):
            if e is not None and s != view.seat:
                raise NotationError(
                    "another player's Explorer stays hidden until all are chosen",
                    path=f"explorers[{s}]",
                )
    for s, p in enumerate(view.pending):
        masked = p is not None and p.card is None
        if masked and (s == view.seat or view.mode == "rows"):
            raise NotationError(
                "this choice is not hidden from you: it needs its card", path=f"pending[{s}]"
            )
        if p is not None and not masked and s != view.seat and view.mode != "rows":
            raise NotationError(
                'another player\'s choice this turn stays hidden: show only its "pass"',
                path=f"pending[{s}]",
            )
    if len(view.offer) != 2:
        raise NotationError("you were dealt two Explorer cards", path="offer")
    hidden = hidden_discards(view.players, view.mode, view.round, len(view.discards))
    if hidden < 0:
        raise NotationError("more discards than the rounds played have made", path="discards")
    slots = (
        view.pile
        + hidden
        + sum(size for s, size in enumerate(view.hand_sizes) if s != view.seat or view.hand is None)
    )
    placed = {c for area in view.areas for _, _, c in area} | set(view.hand or ())
    pool = len(view.unseen()) + len(set(view.passed) - placed)
    if slots != pool:
        raise NotationError(
            f"the sets in play leave {pool} cards unseen, not {slots} (hands, pile, discards)",
            path="pile",
        )
    world = view.world
    try:
        check_state(world)
    except NotationError as err:
        raise NotationError(err.message, path=_view_path(err.path or "", view.seat)) from None
    again = View.of(world, view.seat)
    for field in fields(View):
        if getattr(again, field.name) != getattr(view, field.name):
            raise NotationError("does not agree with the rest of the view", path=field.name)


def _view_path(path: str, seat: int) -> str:
    """Where in a view a fault of the state it describes lies (``passed[0][2]`` -> ``passed[2]``).

    >>> _view_path("passed[1][2]", 1), _view_path("hands[3]", 1), _view_path("areas[0][1]", 1)
    ('passed[2]', 'hand_sizes[3]', 'areas[0][1]')
    """
    head, _, rest = path.partition("[")
    index, _, tail = rest.partition("]")
    if head not in ("passed", "seen", "hands", "offers") or not index.isdigit():
        return path
    own = int(index) == seat
    if head in ("passed", "seen"):
        return ("passed" if head == "passed" else "discards") + tail if own else head
    if head == "hands":
        return "hand" + tail if own else f"hand_sizes[{index}]"
    return "offer" + tail if own else f"explorers[{index}]"
