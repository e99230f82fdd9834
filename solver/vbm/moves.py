"""Very Big Monster moves: an Explorer choice, a hand-draft choice or a row-draft choice
(:mod:`solver.vbm.writing` writes their JSON, :mod:`solver.vbm.reading` reads it).

>>> Move("W07", (2, 1), 3)
Move(card='W07', at=(2, 1), pass_to=3, row=None, discard=None, explorer=None, seat=None)
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.vbm.cards import Pos


@dataclass(frozen=True, init=False)
class Move:
    """One decision of one player; fields that do not apply are None.

    * choose an Explorer: ``explorer``;
    * hand draft (team and free-for-all): keep ``card``, place it ``at`` a cell and
      pass the rest to the free Spaceship of seat ``pass_to`` (nothing to pass on
      the last turn of a round: the other card is discarded);
    * row draft (2 and 3 players): the first player picks ``row``, keeps and places
      ``card`` and discards ``discard``; the next keep and discard from that row,
      the last one only keeps.

    ``seat`` names whose choice it is in a simultaneous step (None: the seat to
    move's); the state keeps choices without it, by their place in ``pending``.
    """

    card: str | None = None
    at: Pos | None = None
    pass_to: int | None = None
    row: int | None = None
    discard: str | None = None
    explorer: str | None = None
    seat: int | None = None

    def __init__(
        self,
        card: str | None = None,
        at: Pos | None = None,
        pass_to: int | None = None,
        row: int | None = None,
        discard: str | None = None,
        explorer: str | None = None,
        seat: int | None = None,
    ) -> None:
        # Written out: the generated __init__ of a frozen dataclass sets each field
        # through object.__setattr__, and making the legal moves took a fifth of a
        # greedy game; this fills the instance's fields at once.
        object.__setattr__(
            self,
            "__dict__",
            {
                "card": card,
                "at": at,
                "pass_to": pass_to,
                "row": row,
                "discard": discard,
                "explorer": explorer,
                "seat": seat,
            },
        )

    @property
    def action(self) -> str:
        """The kind of move: ``explorer`` (an Explorer card kept) or ``place`` (a card
        kept and placed), as a move's JSON names it.

        >>> Move(explorer="E03").action, Move("W07", (2, 1), 3).action
        ('explorer', 'place')
        """
        return "explorer" if self.explorer is not None else "place"
