"""Very Big Monster moves as a player reads them (``label``) and writes them (``notation``).

A label names each card by its terrain and id, and a place in the play area by
its row and column (your Explorer card lies at row 0, column 0; rows grow
downwards): "Place Sand S09 at row 2, column -1; discard I13", a number below
zero with a minus sign (U+2212). It reads only the cards the move names and what
they print.

The notation of keeping and placing a card is ``CARD@ROW,COLUMN``, followed, when
the move says so, by ``^R`` (the open row drafted from, row draft), ``>P`` (the
seat the rest of the hand is passed to), ``/D`` (the card discarded) and ``#S``
(the seat whose choice it is, in a simultaneous step), in that order; keeping an
Explorer is ``explorer ID`` (``#S`` after it too).

>>> notation(Move("S09", (2, -1), discard="I13"))
'S09@2,-1/I13'
>>> from_notation("W07@2,1>3#0") == Move("W07", (2, 1), 3, seat=0)
True
>>> from_notation("explorer E05#1") == Move(explorer="E05", seat=1)
True
>>> from_notation("W07@2")
Traceback (most recent call last):
...
solver.errors.NotationError: 'W07@2': the place is '@row,column', e.g. 'W07@2,-1'
"""

from __future__ import annotations

import re

from solver.errors import NotationError, quoted
from solver.notation import text_of
from solver.vbm.cards import Deck
from solver.vbm.moves import Move
from solver.vbm.state import State, View

_ID = r"[^\s@^>/#,]+"
_NUMBER = r"-?\d{1,4}"
_PLACE = re.compile(
    rf"(?P<card>{_ID})@(?P<row>{_NUMBER}),(?P<column>{_NUMBER})"
    rf"(?:\^(?P<from>\d{{1,2}}))?(?:>(?P<pass>\d{{1,2}}))?(?:/(?P<discard>{_ID}))?"
    rf"(?:#(?P<seat>\d{{1,2}}))?"
)
_EXPLORER = re.compile(rf"explorer\s+(?P<explorer>{_ID})(?:#(?P<seat>\d{{1,2}}))?", re.IGNORECASE)
_ORDINAL = ("first", "second", "third", "fourth")
MINUS = "\N{MINUS SIGN}"


def label(move: Move, position: State | View) -> str:
    """The move in a player's words (the cards it names, as the deck prints them)."""
    deck = position.deck
    if move.explorer is not None:
        known = next((e for e in deck.explorers if e.id == move.explorer), None)
        what = move.explorer if known is None else f'"{known.text}"'
        return f"Keep the Explorer {what}"
    at = move.at or (0, 0)
    text = f"place {_card(deck, move.card)} at row {_signed(at[0])}, column {_signed(at[1])}"
    if move.row is not None:
        row = _ORDINAL[move.row] if 0 <= move.row < len(_ORDINAL) else str(move.row)
        text = f"From the {row} open row: {text}"
    else:
        text = text[0].upper() + text[1:]
    if move.pass_to is not None:
        text += f"; pass to seat {move.pass_to}"
    if move.discard is not None:
        text += f"; discard {move.discard}"
    return text


def _card(deck: Deck, card: str | None) -> str:
    """``Sand S09``: the card's terrain and id (its id alone when the deck lacks it)."""
    known = deck.by_id.get(card or "")
    return str(card) if known is None else f"{known.terrain.value.capitalize()} {card}"


def _signed(n: int) -> str:
    return f"{MINUS}{-n}" if n < 0 else str(n)


def notation(move: Move) -> str:
    """The move's notation; ``from_notation(notation(m)) == m``."""
    seat = "" if move.seat is None else f"#{move.seat}"
    if move.explorer is not None:
        return f"explorer {move.explorer}{seat}"
    at = move.at or (0, 0)
    text = f"{move.card}@{at[0]},{at[1]}"
    if move.row is not None:
        text += f"^{move.row}"
    if move.pass_to is not None:
        text += f">{move.pass_to}"
    if move.discard is not None:
        text += f"/{move.discard}"
    return text + seat


def from_notation(text: object) -> Move:
    """The move a notation names; NotationError says what does not read."""
    written = text_of(text, "a Very Big Monster move")
    explorer = _EXPLORER.fullmatch(written)
    if explorer is not None:
        return Move(explorer=explorer["explorer"], seat=_number(explorer["seat"]))
    place = _PLACE.fullmatch(written)
    if place is None:
        raise NotationError(_fault(written))
    return Move(
        place["card"],
        (int(place["row"]), int(place["column"])),
        _number(place["pass"]),
        _number(place["from"]),
        place["discard"],
        seat=_number(place["seat"]),
    )


def _number(text: str | None) -> int | None:
    return None if text is None else int(text)


def _fault(text: str) -> str:
    """What is wrong with a notation that reads as no move, in a player's words."""
    shown = quoted(text)
    if text.lower().startswith("explorer"):
        return f"{shown}: keeping an Explorer is 'explorer ID', e.g. 'explorer E05'"
    card, at, rest = text.partition("@")
    if not at:
        return f"{shown}: a move is 'CARD@row,column' (e.g. 'W07@2,-1') or 'explorer ID'"
    if not re.fullmatch(_ID, card):
        return f"{shown}: the card before '@' is its id, e.g. 'W07'"
    if not re.match(rf"{_NUMBER},{_NUMBER}", rest):
        return f"{shown}: the place is '@row,column', e.g. 'W07@2,-1'"
    return (
        f"{shown}: after the place come, each at most once and in this order, '^row'"
        " (the open row), '>seat' (pass to), '/card' (discard) and '#seat' (whose choice)"
    )
