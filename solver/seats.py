"""How many players a game takes and which seats it has: one check of each, in one
wording, for every game, the service and the command line.

>>> check_players("Monster Park", 5, 2, 4)
Traceback (most recent call last):
...
solver.errors.NotationError: Monster Park takes 2 to 4 players, not 5
>>> check_players("Monstrolicious", "2", 2, 2)
Traceback (most recent call last):
...
solver.errors.NotationError: Monstrolicious takes exactly 2 players, not '2'
>>> check_seat(1, 2), seat_fault(True, 2)
(1, 'there is no seat True in a 2-player game (seats 0 to 1)')
>>> check_seat(4, 3)
Traceback (most recent call last):
...
solver.errors.NotationError: seat: there is no seat 4 in a 3-player game (seats 0 to 2)
"""

from __future__ import annotations

from typing import cast

from solver.errors import NotationError, quoted


def check_players(title: str, count: object, low: int, high: int) -> int:
    """``count`` when the game called ``title`` takes that many players (``low`` to
    ``high``); else NotationError."""
    if isinstance(count, bool) or not isinstance(count, int) or not low <= count <= high:
        takes = f"exactly {low}" if low == high else f"{low} to {high}"
        raise NotationError(f"{title} takes {takes} players, not {quoted(count)}")
    return count


def seat_fault(seat: object, players: int) -> str | None:
    """Why ``seat`` is no seat of a ``players``-player game, in player words; None when
    it is one (seats are numbered from 0)."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players:
        return None
    return f"there is no seat {quoted(seat)} in a {players}-player game (seats 0 to {players - 1})"


def check_seat(seat: object, players: int) -> int:
    """``seat`` when a ``players``-player game has it; else NotationError at ``seat``."""
    fault = seat_fault(seat, players)
    if fault is not None:
        raise NotationError(fault, path="seat")
    return cast(int, seat)
