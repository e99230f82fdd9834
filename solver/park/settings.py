"""The named settings for what the Monster Park rulebook leaves open.

Every setting has a default (docs/rulings.md says why); ``GAME.new`` takes
overrides by name and the state carries them, so a saved game keeps its rules.

>>> Settings.parse({"fifth_slot_buyable": True}).fifth_slot_buyable
True
>>> Settings.parse({"fifth_slot": 1})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
solver.errors.NotationError: unknown setting 'fifth_slot' (settings: bank, deck, ...)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

from solver.errors import NotationError

RUN_GAPS = ("none", "upgrades", "any")
UPGRADE_REFILL = ("own", "any")


@dataclass(frozen=True)
class Settings:
    """Rule settings.

    Args:
        deck: ``"standard"`` or the path of a deck TOML file.
        fifth_slot_buyable: may the monster on the fifth track position be invited?
        fifth_slot_price: its price when it may.
        run_gaps: what may lie between the four monsters of the "in order by size"
            tourist: ``none`` (four cards side by side), ``upgrades`` (only
            upgrades), ``any`` (any cards).
        bank: points in the bank at setup, or None for a bank that never runs out.
        upgrade_refill: ``own`` (a space whose supply is empty stays empty) or
            ``any`` (it is refilled from the largest other supply).
        round_limit: rounds after which a game no park has filled ends anyway.
    """

    deck: str = "standard"
    fifth_slot_buyable: bool = False
    fifth_slot_price: int = 4
    run_gaps: str = "upgrades"
    bank: int | None = None
    upgrade_refill: str = "own"
    round_limit: int = 100

    @classmethod
    def parse(cls, doc: Mapping[str, Any] | None) -> Settings:
        """Defaults overridden by ``doc``; NotationError for an unknown name or bad value."""
        names = {f.name for f in fields(cls)}
        values: dict[str, Any] = {}
        for key, value in (doc or {}).items():
            if key not in names:
                raise NotationError(
                    f"unknown setting {key!r} (settings: {', '.join(sorted(names))})"
                )
            values[key] = value
        settings = cls(**values)
        settings._check()
        return settings

    def _check(self) -> None:
        def bad(name: str, want: str) -> NotationError:
            return NotationError(f"setting {name!r} must be {want}, not {getattr(self, name)!r}")

        if not isinstance(self.deck, str) or not self.deck:
            raise bad("deck", "'standard' or a deck file path")
        if not isinstance(self.fifth_slot_buyable, bool):
            raise bad("fifth_slot_buyable", "true or false")
        price = self.fifth_slot_price
        if isinstance(price, bool) or not isinstance(price, int) or price < 0:
            raise bad("fifth_slot_price", "a whole number >= 0")
        if self.run_gaps not in RUN_GAPS:
            raise bad("run_gaps", " or ".join(RUN_GAPS))
        bank = self.bank
        if bank is not None and (isinstance(bank, bool) or not isinstance(bank, int) or bank < 0):
            raise bad("bank", "null or a whole number >= 0")
        if self.upgrade_refill not in UPGRADE_REFILL:
            raise bad("upgrade_refill", " or ".join(UPGRADE_REFILL))
        limit = self.round_limit
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise bad("round_limit", "a whole number >= 1")

    def to_json(self) -> dict[str, Any]:
        """Every setting by name."""
        return asdict(self)


DEFAULTS: dict[str, Any] = Settings().to_json()
