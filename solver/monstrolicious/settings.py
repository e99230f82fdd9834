"""The named rule settings of Monstrolicious (docs/rulings.md) and their one reader.

The rulebook leaves one thing to the table: who plays first ("randomly choose
which player will play first"). By default the game's seed draws it.

>>> Settings.parse({"first_player": 1}).first_player, SETTINGS
(1, {'first_player': None})
>>> Settings.parse({"colour": "red"})
Traceback (most recent call last):
...
solver.errors.NotationError: settings.colour: unknown setting 'colour' (choose from first_player)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

from solver.errors import NotationError, quoted
from solver.fields import key_path, read_object
from solver.game import Seat
from solver.monstrolicious.cards import PLAYERS


@dataclass(frozen=True)
class Settings:
    """Rule settings.

    Args:
        first_player: the seat that plays first, or None to draw it by lot from
            the game's seed.
    """

    first_player: Seat | None = None

    @classmethod
    def parse(cls, doc: Mapping[str, Any] | None) -> Settings:
        """The defaults overridden by ``doc``.

        Raises:
            NotationError: ``doc`` is not an object, names an unknown setting or
                gives a setting a value it cannot take (the path names the setting).
        """
        if doc is None:
            return cls()
        read_object(doc, "settings", "the settings")
        names = [f.name for f in fields(cls)]
        for key in doc:
            if key not in names:
                raise NotationError(
                    f"unknown setting {quoted(key)} (choose from {', '.join(names)})",
                    path=key_path("settings", key),
                )
        first = doc.get("first_player")
        if first is not None and (
            not isinstance(first, int) or isinstance(first, bool) or first not in range(PLAYERS)
        ):
            raise NotationError(
                f"setting 'first_player' must be null, 0 or 1, not {quoted(first)}",
                path="settings.first_player",
            )
        return cls(first_player=first)

    def to_json(self) -> dict[str, Any]:
        """Every setting by name."""
        return asdict(self)


#: The defaults, by name: what ``GAME.settings`` lists.
SETTINGS: dict[str, Any] = Settings().to_json()
