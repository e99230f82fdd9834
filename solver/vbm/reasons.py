"""Words for the hint: what a card is and what placing it does.

>>> from solver.vbm.cards import standard_deck
>>> deck = standard_deck()
>>> describe(deck.card("W03")), describe(deck.card("I01"))
('the Big Mama tail W03', 'the yeti left half I01')
>>> describe(deck.card("S01"))
'the Sand card S01 (adjacent, any terrain, 1 VP per card)'
"""

from __future__ import annotations

from solver.vbm.cards import Card, Pos
from solver.vbm.evaluate import Evaluator
from solver.vbm.state import State, tally

#: Counter that went up -> what the reason says.
_DONE = (
    ("big_mamas", "completes a Big Mama"),
    ("ice_monsters", "completes an Ice monster"),
    ("flipped_ice", "flips an Ice monster"),
    ("crystals", "completes a crystal"),
)


def describe(card: Card) -> str:
    """A short name for a card: what it shows and its id."""
    if card.mama:
        return f"the Big Mama {card.mama} {card.id}"
    if card.baby:
        return f"the Baby monster {card.id}"
    if card.ice:
        return f"the {card.ice.kind} {card.ice.half} half {card.id}"
    if card.beams:
        return f"the Mutagen card {card.id} (beam {'+'.join(card.beams)})"
    if card.rocks:
        return f"the Rock card {card.id} ({card.rocks} Rock monster{'s' * (card.rocks > 1)})"
    if card.grass:
        return f"the Grassland card {card.id} ({card.grass} symbol{'s' * (card.grass > 1)})"
    if card.sand:
        rule = card.sand
        return (
            f"the Sand card {card.id} ({rule.region}, {rule.condition} terrain, "
            f"{rule.vp} VP per card)"
        )
    return f"the {card.terrain.value} card {card.id}"


def effects(state: State, ev: Evaluator, seat: int, pair: tuple[str, Pos]) -> str:
    """What placing ``pair`` completes, flips, activates or wins, in words ('' if nothing)."""
    card, cell = pair
    reach = state.sand_direction
    before = tally(state.deck_name, state.areas[seat], reach).counts
    after = tally(state.deck_name, (*state.areas[seat], (cell[0], cell[1], card)), reach).counts
    said = [text for name, text in _DONE if after[name] > before[name]]
    outcome = ev.outcome(card, cell)
    if outcome.portals:
        said.append("activates a portal")
    if outcome.tokens:
        said.append(f"wins mission tokens worth {outcome.tokens}")
    return ", ".join(said)
