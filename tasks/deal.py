"""Deal the draw piles for a game, including the parents-and-children variant.

Each pile is one level: 9 of that level's 18 cards, drawn and shuffled from
the seed. When two piles would draw on the same cards (levels 1 and 4 share
cards, as do 2/5 and 3/6, and two piles of one level share all), a card goes
to one pile only, as on a real table. Every pile is dealt so the task to play
is the side turned up when the card is flipped, as the rulebook prepares it.

>>> piles = deal([1, 5], seed=7)
>>> [(p.level, len(p.rounds)) for p in piles]
[(1, 9), (5, 9)]
>>> deal([1, 5], seed=7) == piles
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from solver.errors import MonsterError
from tasks.catalogue import Catalogue, Entry, load_catalogue
from tasks.styles import LEVELS

ROUNDS = 9
"""Rounds in a game: one task card each."""


@dataclass(frozen=True)
class Pile:
    """One level's draw pile, in the order the cards are turned."""

    level: int
    rounds: tuple[Entry, ...]

    def to_json(self) -> dict[str, Any]:
        """``{"level", "rounds": [{"round", "id", "card", "task"}, ...]}``."""
        return {
            "level": self.level,
            "rounds": [
                {"round": n, "id": e.id, "card": e.card, "task": str(e.task)}
                for n, e in enumerate(self.rounds, start=1)
            ],
        }


def deal(levels: Sequence[int], seed: int, catalogue: Catalogue | None = None) -> list[Pile]:
    """A pile of ``ROUNDS`` tasks for each level, no card in two piles.

    Raises:
        MonsterError: a level outside 1-6, no level, or not enough free cards.
    """
    if not levels:
        raise MonsterError("name at least one level")
    for level in levels:
        if level not in LEVELS:
            raise MonsterError(f"level must be 1 to 6, not {level}")
    catalogue = catalogue or load_catalogue()
    rng = random.Random(seed)
    used: set[int | None] = set()
    piles = []
    for level in levels:
        free = [e for e in catalogue.level(level) if e.card not in used or e.card is None]
        if len(free) < ROUNDS:
            raise MonsterError(
                f"only {len(free)} free level-{level} cards left for a pile of {ROUNDS}"
            )
        drawn = rng.sample(free, ROUNDS)
        used.update(e.card for e in drawn if e.card is not None)
        piles.append(Pile(level, tuple(drawn)))
    return piles
