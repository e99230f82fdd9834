"""Monster Park moves and their JSON.

A turn is two decisions by the same player: an action (``token``, ``upgrade``,
``invite``, or ``pass`` when nothing else is legal), then, if any tourist wants
to come, which tourists to invite and in which order (``tourists``).

>>> m = Move.from_json({"action": "invite", "slot": 2, "area": "water"})
>>> m.to_json()
{'action': 'invite', 'slot': 2, 'area': 'water'}
>>> Move.from_json({"action": "tourists", "tourists": ["land-4"]}).tourists
('land-4',)
>>> Move.from_json({"action": "dance"})
Traceback (most recent call last):
...
solver.errors.NotationError: move: unknown action 'dance' (token, upgrade, invite, tourists, pass)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from solver.errors import NotationError
from solver.park.cards import AREAS, UPGRADE_KINDS, Area
from solver.park.checks import quote

ACTIONS = ("token", "upgrade", "invite", "tourists", "pass")
MAX_CLAIM = 3
"""Most tourists one claim can name: the tourist track has three spaces."""
_FIELDS = {
    "token": {"action"},
    "pass": {"action"},
    "upgrade": {"action", "kind", "area"},
    "invite": {"action", "slot", "area"},
    "tourists": {"action", "tourists"},
}


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

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> Move:
        """Read a move; NotationError naming the bad field."""
        if not isinstance(doc, Mapping):
            raise NotationError(f"move must be a JSON object, not {quote(doc)}")
        action = doc.get("action")
        if not isinstance(action, str) or action not in ACTIONS:
            raise NotationError(f"move: unknown action {quote(action)} ({', '.join(ACTIONS)})")
        extra = sorted(set(doc) - _FIELDS[action])
        if extra:
            raise NotationError(f"move: {action!r} takes no field {quote(extra[0])}")
        area: Area | None = None
        if doc.get("area") is not None:
            if not isinstance(doc["area"], str) or doc["area"] not in [a.value for a in AREAS]:
                raise NotationError(f"move: unknown area {quote(doc['area'])} (water, land, air)")
            area = Area(doc["area"])
        if action == "upgrade":
            kind = doc.get("kind")
            if not isinstance(kind, str) or kind not in UPGRADE_KINDS:
                raise NotationError(
                    f"move: unknown upgrade {quote(kind)} ({', '.join(UPGRADE_KINDS)})"
                )
            if area is None:
                raise NotationError("move: an upgrade needs an 'area'")
            return cls(action, kind=doc["kind"], area=area)
        if action == "invite":
            slot = doc.get("slot")
            if isinstance(slot, bool) or not isinstance(slot, int) or not 0 <= slot <= 4:
                raise NotationError(f"move: 'slot' must be a track position 0-4, not {quote(slot)}")
            return cls(action, slot=slot, area=area)
        if action == "tourists":
            names = doc.get("tourists", [])
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                raise NotationError("move: 'tourists' must be a list of tourist ids")
            if len(names) > MAX_CLAIM:
                raise NotationError(
                    f"move: at most {MAX_CLAIM} tourists can come (the tourist track has "
                    f"{MAX_CLAIM}), not {len(names)}"
                )
            return cls(action, tourists=tuple(names))
        return cls(action)

    def to_json(self) -> dict[str, Any]:
        """The move as JSON; ``Move.from_json(m.to_json()) == m``."""
        doc: dict[str, Any] = {"action": self.action}
        if self.action == "upgrade":
            doc["kind"] = self.kind
        if self.slot is not None:
            doc["slot"] = self.slot
        if self.area is not None:
            doc["area"] = self.area.value
        if self.action == "tourists":
            doc["tourists"] = list(self.tourists)
        return doc

    def __str__(self) -> str:
        if self.action == "upgrade":
            return f"buy {self.kind} for the {self.area} area"
        if self.action == "invite":
            return f"invite the monster at track position {self.slot}"
        if self.action == "tourists":
            return "invite " + (", ".join(self.tourists) or "no tourist")
        return "take a token" if self.action == "token" else "pass"
