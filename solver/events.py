"""What just happened: the typed events a seat is told after a move (docs/events.md).

Each game's ``events`` module (``solver/<game>/events.py``) answers
``events(before, after)`` from two views of one seat, before and after a move (or
a bot's moves), so an event says only what that seat may see: two states the seat
cannot tell apart give the same events. An :class:`Event` has a stable kebab-case
``code``, JSON-safe ``params`` (seats, ids, points) and an English ``text``. An
event that changes a seat's score names it as ``params["seat"]`` with the change
as ``params["points"]`` (signed, as the seat's view counts the score).

>>> who(1, 1), who(2, 1), points(3), points(-1)
('you', 'seat 2', '+3 points', '-1 point')
>>> game_over((0, 2), 1).to_json()["text"]
'The game is over: seat 0 and seat 2 win.'
>>> game_over((1,), 1).text
'The game is over: you win.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias

Seat: TypeAlias = int
"""As in ``solver.game`` (which imports this module, so it cannot import that)."""
Json: TypeAlias = dict[str, Any]

GAME_OVER = "game-over"
"""The code every game ends with."""


@dataclass(frozen=True)
class Event:
    """One thing that happened, as one seat may know it.

    Args:
        code: what kind of event (kebab-case, listed per game in docs/events.md).
        params: its facts: seats, card ids, points (JSON values only).
        text: one English sentence in a player's words.
    """

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)
    text: str = ""

    def to_json(self) -> Json:
        """``{"code", "params", "text"}``."""
        return {"code": self.code, "params": dict(self.params), "text": self.text}


def who(seat: Seat, viewer: Seat) -> str:
    """A seat as the viewer's text names it: ``you`` or ``seat N``."""
    return "you" if seat == viewer else f"seat {seat}"


def whose(seat: Seat, viewer: Seat) -> str:
    """A seat's possessive: ``your`` or ``seat N's``."""
    return "your" if seat == viewer else f"seat {seat}'s"


def sentence(text: str) -> str:
    """``text`` with a capital first letter and a full stop."""
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def points(count: int) -> str:
    """A score change in words: ``+3 points``, ``-1 point``."""
    return f"{count:+d} point{'' if abs(count) == 1 else 's'}"


def listed(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def seats_text(seats: Sequence[Seat], viewer: Seat) -> str:
    """``you``, ``seat 0 and seat 2``, ``seat 0, seat 1 and you``."""
    return listed([who(s, viewer) for s in seats])


def game_over(winners: Sequence[Seat], viewer: Seat) -> Event:
    """``game-over``: the game has ended, and who won (several seats: shared)."""
    if not winners:
        return Event(GAME_OVER, {"winners": []}, "The game is over.")
    verb = "wins" if len(winners) == 1 and winners[0] != viewer else "win"
    text = f"the game is over: {seats_text(winners, viewer)} {verb}"
    return Event(GAME_OVER, {"winners": list(winners)}, sentence(text))


def ended(before: Any, after: Any) -> list[Event]:
    """``[game-over]`` when ``after`` is the first terminal view, else []."""
    if after.is_terminal() and not before.is_terminal():
        return [game_over(tuple(after.winners()), after.seat)]
    return []
