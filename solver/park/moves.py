"""Monster Park moves (``solver.park.writing`` writes their JSON, ``solver.park.reading`` reads it).

A turn is two decisions by the same player: an action (``token``, ``upgrade``,
``invite``, or ``pass`` when nothing else is legal), then, if any tourist wants
to come, which tourists to invite and in which order (``tourists``).

>>> str(Move("invite", slot=2))
'invite the monster at track position 2'
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.park.cards import Area

ACTIONS = ("token", "upgrade", "invite", "tourists", "pass")
"""The kinds of move, by their ``action`` field."""
MAX_CLAIM = 3
"""Most tourists one claim can name: the tourist track has three spaces."""


@dataclass(frozen=True)
class Move:
    """One decision.

    Args:
        action: ``token``, ``upgrade``, ``invite``, ``tourists`` or ``pass``.
        slot: the track position (0-4) of the monster invited.
        kind: the upgrade bought (``souvenirs``, ``balloons``, ``benches``).
        area: where the card goes (an invited monster defaults to its own area).
        tourists: the tourists invited, in order.
    """

    action: str
    slot: int | None = None
    kind: str | None = None
    area: Area | None = None
    tourists: tuple[str, ...] = ()

    def __str__(self) -> str:
        if self.action == "upgrade":
            return f"buy {self.kind} for the {self.area} area"
        if self.action == "invite":
            return f"invite the monster at track position {self.slot}"
        if self.action == "tourists":
            return "invite " + (", ".join(self.tourists) or "no tourist")
        return "take a token" if self.action == "token" else "pass"
