"""The named settings for what the Monster Park rulebook leaves open.

Every setting has a default (docs/rulings.md says why); ``GAME.new`` takes
overrides by name and the state carries them, so a saved game keeps its rules.

>>> Settings.parse({"fifth_slot_buyable": True}).fifth_slot_buyable
True
>>> Settings.parse({"fifth_slot": 1})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
solver.errors.NotationError: settings.fifth_slot: unknown setting 'fifth_slot' (settings: ...)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

from solver.errors import NotationError, quoted
from solver.fields import key_path, read_object

RUN_GAPS = ("none", "upgrades", "any")
UPGRADE_REFILL = ("own", "any")
MAX_PRICE = 99
"""Dearest price a setting may give the fifth track position."""
MAX_BANK = 10_000
"""Most points a limited bank may hold at setup."""
MAX_ROUNDS = 1_000
"""Longest round limit."""


@dataclass(frozen=True)
class Settings:
    """Rule settings.

    Args:
        deck: a built-in deck (``"standard"``); on the command line, also the path
            of a deck TOML file.
        fifth_slot_buyable: may the monster on the fifth track position be invited?
        fifth_slot_price: its price when it may.
        run_gaps: what may lie between the four monsters of the "in order by size"
            tourist: ``any`` (any cards: four monsters of sizes 1-2-3-4 or 2-3-4-5
            left to right in one area), ``upgrades`` (only upgrades), ``none``
            (four cards side by side).
        bank: points in the bank at setup, or None for a bank that never runs out.
        upgrade_refill: ``own`` (a space whose supply is empty stays empty) or
            ``any`` (it is refilled from the largest other supply).
        round_limit: rounds after which a game no park has filled ends anyway.
    """

    deck: str = "standard"
    fifth_slot_buyable: bool = False
    fifth_slot_price: int = 4
    run_gaps: str = "any"
    bank: int | None = None
    upgrade_refill: str = "own"
    round_limit: int = 100

    @classmethod
    def parse(cls, doc: Mapping[str, Any] | None) -> Settings:
        """Defaults overridden by ``doc``; NotationError for an unknown name or bad value."""
        if doc is not None:
            read_object(doc, "settings", "the settings")
        names = {f.name for f in fields(cls)}
        values: dict[str, Any] = {}
        for key, value in (doc or {}).items():
            if key not in names:
                raise NotationError(
                    f"unknown setting {quoted(key)} (settings: {', '.join(sorted(names))})",
                    path=key_path("settings", key),
                )
            values[key] = value
        settings = cls(**values)
        settings._check()
        return settings

    def _check(self) -> None:
        def bad(name: str, want: str) -> NotationError:
            return NotationError(
                f"setting {name!r} must be {want}, not {quoted(getattr(self, name))}",
                path=f"settings.{name}",
            )

        def whole(value: Any, low: int, high: int) -> bool:
            return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high

        if not isinstance(self.deck, str) or not 0 < len(self.deck) <= 1_000:
            raise bad("deck", "a deck name such as 'standard'")
        if not isinstance(self.fifth_slot_buyable, bool):
            raise bad("fifth_slot_buyable", "true or false")
        if not whole(self.fifth_slot_price, 0, MAX_PRICE):
            raise bad("fifth_slot_price", f"a whole number 0-{MAX_PRICE}")
        if self.run_gaps not in RUN_GAPS:
            raise bad("run_gaps", " or ".join(RUN_GAPS))
        if self.bank is not None and not whole(self.bank, 0, MAX_BANK):
            raise bad("bank", f"null or a whole number 0-{MAX_BANK}")
        if self.upgrade_refill not in UPGRADE_REFILL:
            raise bad("upgrade_refill", " or ".join(UPGRADE_REFILL))
        if not whole(self.round_limit, 1, MAX_ROUNDS):
            raise bad("round_limit", f"a whole number 1-{MAX_ROUNDS}")

    def to_json(self) -> dict[str, Any]:
        """Every setting by name."""
        return asdict(self)


SETTINGS: dict[str, Any] = Settings().to_json()
"""Every setting by name with its default: what ``GAME.settings`` offers."""
