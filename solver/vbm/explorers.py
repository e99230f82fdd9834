"""Choosing an Explorer card: the points each would score on the expected counts.

Expected counts at the end of the game: cards the player will place times the
share of the cards in play that show a thing (terrains, Baby monsters, Mutagen
and Rock monsters, Grassland symbols), and fixed typical numbers for the things
that need several cards (completed monsters, crystals, portals, tokens). Team
mode counts both teammates' areas, so everything doubles but the Reward Mission
tokens, which stay the seat's own unless the setting ``explorer_tokens`` is ``team``.

>>> from solver.vbm.state import new_state
>>> ranked = rank_explorers(View.of(new_state(2, 3), 0))
>>> len(ranked), ranked[0].value >= ranked[1].value, ranked[0].reason[:13]
(2, True, 'keep Explorer')
"""

from __future__ import annotations

from solver.facts import Fact
from solver.game import RankedMove
from solver.vbm.prospect import PLACED, rates
from solver.vbm.state import View
from solver.vbm.writing import move_to_json

#: Typical end-of-game numbers of things that take several cards to make.
TYPICAL = {
    "big_mamas": 0.6,
    "ice_monsters": 1.2,
    "flipped_ice": 0.4,
    "crystals": 1.5,
    "crystal_sets": 0.3,
    "crystal_blue": 0.5,
    "crystal_red": 0.5,
    "crystal_green": 0.5,
    "portals": 0.3,
    "tokens": 2.0,
    "terrains": 6.0,
}


def expected_counts(view: View) -> dict[str, float]:
    """Expected end-of-game counters of one player (both areas in team mode), over the
    cards of the sets in play not yet placed: what the seat knows of the cards to come."""
    placed = PLACED[view.mode == "rows"]
    counts = dict(TYPICAL)
    counts.update((name, placed * rate) for name, rate in rates(view).items() if "/" not in name)
    counts["water_monsters"] = counts["babies"] + counts["big_mamas"]
    if view.mode == "team":
        own = ("tokens",) if view.explorer_tokens == "own" else ()
        counts = {name: value if name in own else 2 * value for name, value in counts.items()}
    return counts


def rank_explorers(view: View) -> list[RankedMove]:
    """The seat's two Explorer offers, best first."""
    counts = expected_counts(view)
    ranked = []
    for move in view.legal_moves():
        explorer = view.deck.explorer(str(move.explorer))
        value = sum(vp * counts[name] for name, vp in explorer.terms)
        expected = Fact(
            "explorer-expected",
            {"explorer": explorer.id, "text": explorer.text, "points": round(value)},
        )
        ranked.append(
            RankedMove(
                move_to_json(move),
                round(value, 3),
                f"keep Explorer {explorer.id} ({explorer.text}): about {value:.0f} VP expected "
                "by the end of the game",
                {"expected": value},
                summary=f"About {value:.0f} VP expected by the end of the game.",
                because=(expected,),
            )
        )
    ranked.sort(key=lambda r: -r.value)
    return ranked
