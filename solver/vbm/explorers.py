"""Choosing an Explorer card: the points each would score on the expected counts.

Expected counts at the end of the game: cards the player will place times the
share of the cards in play that show a thing (terrains, Baby monsters, Mutagen
and Rock monsters, Grassland symbols), and fixed typical numbers for the things
that need several cards (completed monsters, crystals, portals, tokens). Team
mode counts both teammates' areas, so everything doubles.

>>> from solver.vbm.setup import new_state
>>> ranked = rank_explorers(new_state(2, 3), 0)
>>> len(ranked), ranked[0].value >= ranked[1].value, ranked[0].reason[:13]
(2, True, 'keep Explorer')
"""

from __future__ import annotations

from solver.game import RankedMove
from solver.vbm.moves import Move, move_to_json
from solver.vbm.state import State

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


def expected_counts(state: State) -> dict[str, float]:
    """Expected end-of-game counters of one player (both areas in team mode)."""
    deck = state.deck
    ids = [c for group in (*state.hands, state.pile, *state.rows) for c in group]
    cards = [deck.by_id[c] for c in ids]
    placed = 20 if state.mode == "rows" else 18
    share = placed / max(len(cards), 1)
    counts = dict(TYPICAL)
    for terrain in ("water", "lava", "ice", "rock", "grassland", "sand"):
        counts[terrain] = share * sum(card.terrain.value == terrain for card in cards)
    counts["babies"] = share * sum(card.baby for card in cards)
    counts["mutagens"] = share * sum(len(card.beams) for card in cards)
    counts["rock_monsters"] = share * sum(card.rocks for card in cards)
    counts["grass_symbols"] = share * sum(card.grass for card in cards)
    counts["water_monsters"] = counts["babies"] + counts["big_mamas"]
    if state.mode == "team":
        counts = {name: 2 * value for name, value in counts.items()}
    return counts


def rank_explorers(state: State, seat: int) -> list[RankedMove]:
    """The seat's two Explorer offers, best first."""
    counts = expected_counts(state)
    ranked = []
    for move in state.legal_moves():
        assert isinstance(move, Move) and move.explorer is not None
        explorer = state.deck.explorer(move.explorer)
        value = sum(vp * counts[name] for name, vp in explorer.terms)
        ranked.append(
            RankedMove(
                move_to_json(move),
                round(value, 3),
                f"keep Explorer {explorer.id} ({explorer.text}): about {value:.0f} VP expected",
                {"expected": value},
            )
        )
    ranked.sort(key=lambda r: -r.value)
    return ranked
