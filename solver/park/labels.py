"""Monster Park moves as a player reads them (``label``) and writes them (``notation``).

A label names the card as the seat sees it, and its price: a track monster by its
back ("Invite the size-4 air monster (free)"), an upgrade and a tourist face up (an
upgrade refilled onto another kind's space names the space too).
It reads only the seat's view: on a full state, the view of the seat to move.

The notation is the move's words: ``token``, ``pass``, ``upgrade KIND AREA``,
``invite SLOT`` (``invite SLOT AREA`` when the move names the area), ``tourists``
then the tourist ids in the order invited (none: ``tourists`` alone).

>>> from solver.park.cards import Area
>>> notation(Move("upgrade", kind="souvenirs", area=Area.LAND))
'upgrade souvenirs land'
>>> from_notation("invite 2 water") == Move("invite", slot=2, area=Area.WATER)
True
>>> from_notation("tourists land-4 run-4").tourists
('land-4', 'run-4')
>>> from_notation("invite five")
Traceback (most recent call last):
...
solver.errors.NotationError: invite: the track position is a number from 0 to 4, not 'five'
"""

from __future__ import annotations

from solver.errors import NotationError, quoted
from solver.notation import words
from solver.park.cards import AREAS, UPGRADE_KINDS, Area
from solver.park.moves import ACTIONS, MAX_CLAIM, Move
from solver.park.reasons import cost, monster_back, upgrade_name
from solver.park.rules import TRACK_LEN
from solver.park.state import State, View

_AREA_NAMES = tuple(a.value for a in AREAS)


def seen(position: State | View) -> View:
    """The view a label reads: the position itself, or the view of the seat to move."""
    if isinstance(position, View):
        return position
    return position.view(0 if position.to_move is None else position.to_move)


def label(move: Move, position: State | View) -> str:
    """The move in a player's words, from what the deciding seat sees."""
    view = seen(position)
    if move.action == "token":
        return "Take a token"
    if move.action == "pass":
        return "Pass: no action is possible"
    if move.action == "upgrade":
        return _upgrade(view, move)
    if move.action == "invite":
        return _invite(view, move)
    return _claim(view, move.tourists)


def _upgrade(view: View, move: Move) -> str:
    """The upgrade face up on the space and its price; a card of another kind than its
    space (refilled there) names the space too."""
    card = None
    if move.kind in UPGRADE_KINDS:
        card = view.upgrade_row[UPGRADE_KINDS.index(move.kind)]
    if card is None:
        return f"Buy {move.kind} for the {move.area} area"
    u = view.cards.upgrade(card)
    space = "" if u.kind == move.kind else f" from the {move.kind} space"
    return f"Buy {upgrade_name(u)}{space} for the {move.area} area ({cost(u.cost)})"


def _invite(view: View, move: Move) -> str:
    """A track monster by its back and price; the fifth place, whose price another
    place may share, said so."""
    slot = move.slot if move.slot is not None else -1
    face = view.track[slot] if 0 <= slot < TRACK_LEN else None
    if face is None:
        return f"Invite the monster at track position {slot}"
    area, size = face
    where = "" if move.area in (None, area) else f" into the {move.area} area"
    price = view.price(slot)
    shown = "no price" if price is None else cost(price)
    last = " at the end of the track" if slot == TRACK_LEN - 1 else ""
    return f"Invite {monster_back(area, size)}{last}{where} ({shown})"


def _claim(view: View, tourists: tuple[str, ...]) -> str:
    """The tourists invited, in order, each by what it asks for (its first clause)."""
    if not tourists:
        return "Invite no tourist"
    names = []
    for t in tourists:
        known = t in view.cards.by_id
        text = view.cards.tourist(t).text.split(",")[0] if known else t
        names.append(f'"{text}"')
    return f"Invite tourist{'s' if len(names) > 1 else ''} {', then '.join(names)}"


def notation(move: Move) -> str:
    """The move's notation; ``from_notation(notation(m)) == m``."""
    if move.action == "upgrade":
        return f"upgrade {move.kind} {move.area}"
    if move.action == "invite":
        return f"invite {move.slot}" + ("" if move.area is None else f" {move.area}")
    if move.action == "tourists":
        return " ".join(("tourists", *move.tourists))
    return move.action


def from_notation(text: object) -> Move:
    """The move a notation names; NotationError says what does not read."""
    action, *rest = words(text, "a Monster Park move")
    if action not in ACTIONS:
        raise NotationError(f"unknown move {quoted(action)}: it starts with {', '.join(ACTIONS)}")
    if action in ("token", "pass"):
        _at_most(action, rest, 0)
        return Move(action)
    if action == "upgrade":
        _at_most(action, rest, 2)
        if len(rest) < 2:
            raise NotationError(
                "upgrade: name the upgrade and the area, e.g. 'upgrade benches land'"
            )
        kind, area = rest
        if kind not in UPGRADE_KINDS:
            raise NotationError(f"upgrade: no upgrade {quoted(kind)} ({', '.join(UPGRADE_KINDS)})")
        return Move(action, kind=kind, area=_area(area))
    if action == "invite":
        _at_most(action, rest, 2)
        if not rest:
            raise NotationError("invite: name the track position, e.g. 'invite 2'")
        slot = rest[0]
        if not (slot.isdigit() and len(slot) == 1 and int(slot) < TRACK_LEN):
            last = TRACK_LEN - 1
            raise NotationError(
                f"invite: the track position is a number from 0 to {last}, not {quoted(slot)}"
            )
        return Move(action, slot=int(slot), area=_area(rest[1]) if len(rest) > 1 else None)
    _at_most(action, rest, MAX_CLAIM)
    return Move(action, tourists=tuple(rest))


def _area(word: str) -> Area:
    if word not in _AREA_NAMES:
        raise NotationError(f"no area {quoted(word)} (water, land, air)")
    return Area(word)


def _at_most(action: str, rest: list[str], most: int) -> None:
    if len(rest) > most:
        extra = f"{quoted(rest[most])}: it takes at most {most} word{'s' * (most != 1)} after it"
        raise NotationError(f"{action}: too many words from {extra}")
