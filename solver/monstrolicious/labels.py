"""Monstrolicious moves as a player reads them (``label``) and writes them (``notation``).

A label names the dessert by its printed name ("Place your tile at the Ice
Cream", "Turn up their tile at the Pie"); it reads nothing but the move, so
nothing hidden. The notation is the dessert's key (``ice-cream``) to place the
drawn tile there, or ``reveal`` and the key to turn up the opposing tile there
after winning the Donuts.

>>> notation(Move(dessert=9)), notation(Move(reveal=9))
('pie', 'reveal pie')
>>> from_notation(" Reveal PIE ") == Move(reveal=9)
True
>>> from_notation("cake")
Traceback (most recent call last):
...
solver.errors.NotationError: unknown dessert 'cake' (choose from lollipop, cookies, donuts, pancakes, ice-cream, cupcakes, macarons, chocolate-fountain, fruit-platter, pie, wedding-cake)
"""  # noqa: E501

from __future__ import annotations

from solver.errors import NotationError, quoted
from solver.monstrolicious.cards import BUFFET
from solver.monstrolicious.moves import Move
from solver.monstrolicious.state import State, View
from solver.notation import words


def label(move: Move, position: State | View) -> str:
    """The move in a player's words (the dessert's printed name)."""
    if move.reveal is not None:
        return f"Turn up their tile at the {BUFFET.desserts[move.reveal].name}"
    assert move.dessert is not None
    return f"Place your tile at the {BUFFET.desserts[move.dessert].name}"


def notation(move: Move) -> str:
    """The move's notation; ``from_notation(notation(m)) == m``."""
    if move.reveal is not None:
        return f"reveal {BUFFET.keys[move.reveal]}"
    assert move.dessert is not None
    return BUFFET.keys[move.dessert]


def from_notation(text: object) -> Move:
    """The move a notation names; NotationError says what does not read."""
    written = words(text, "a Monstrolicious move")
    if written[0] == "reveal":
        if len(written) != 2:
            raise NotationError("reveal: name one dessert, e.g. 'reveal pie'")
        return Move(reveal=BUFFET.index(written[1]))
    if len(written) != 1:
        raise NotationError(
            f"a move is a dessert (e.g. 'pie') or 'reveal' and a dessert, not {quoted(text)}"
        )
    return Move(dessert=BUFFET.index(written[0]))
