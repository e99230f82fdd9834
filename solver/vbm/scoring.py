"""The score pad and who wins.

A player's sheet has one line per row of the rulebook's score pad (``PAD_LINES``).
Explorer cards count both teammates' areas in team mode and the player's own area
otherwise. In team mode the team's score is the lower teammate's; ties go to the
higher other teammate, then the team's Water points, else the win is shared. In
the other modes ties go to the Water points, else the win is shared.

>>> ranked_winners([103, 100, 107, 110], [17, 20, 9, 9], teams=((0, 2), (1, 3)))
(0, 2)
>>> ranked_winners([50, 50, 40], [7, 7, 30], teams=None)
(0, 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from solver.vbm.area import PAD_LINES, Tally
from solver.vbm.cards import COLOURS, Deck, Explorer


def combined(own: Mapping[str, int], mate: Mapping[str, int] | None) -> dict[str, int]:
    """Counters of two areas taken together (the team's cards).

    Counts add up, except ``terrains`` (the number of distinct terrains across
    both areas) and ``crystal_sets`` (sets from the crystals of both areas).
    """
    if mate is None:
        return dict(own)
    both = {name: own[name] + mate[name] for name in own}
    both["terrains"] = sum(
        1
        for name in ("water", "lava", "ice", "rock", "grassland", "sand")
        if own[name] + mate[name] > 0
    )
    both["crystal_sets"] = min(both[f"crystal_{colour}"] for colour in COLOURS)
    return both


def explorer_points(explorer: Explorer, counts: Mapping[str, int]) -> int:
    """VP an Explorer card gives for ``counts`` (own, or the team's in team mode)."""
    return sum(vp * counts[name] for name, vp in explorer.terms)


def sheet(
    deck: Deck,
    tally: Tally,
    portal_tiles: int,
    tokens: Sequence[int],
    explorer: Explorer | None,
    explorer_counts: Mapping[str, int],
) -> dict[str, int]:
    """Every score-pad line of one player, in the pad's order.

    Args:
        deck: the deck (for the portal tile's VP).
        tally: the player's area, read by :func:`solver.vbm.area.analyse`.
        portal_tiles: Portal tiles the player took.
        tokens: values of the player's Reward Mission tokens.
        explorer: the chosen Explorer card (None before it is chosen).
        explorer_counts: the counters the explorer scores on (with ``tokens``).
    """
    lines = dict.fromkeys(PAD_LINES, 0)
    lines.update(tally.lines)
    lines["portals"] = deck.portal_vp * portal_tiles
    lines["rewards"] = sum(tokens)
    lines["explorer"] = explorer_points(explorer, explorer_counts) if explorer else 0
    return lines


def ranked_winners(
    totals: Sequence[int], water: Sequence[int], teams: Sequence[Sequence[int]] | None
) -> tuple[int, ...]:
    """Winning seats under the rulebook's tie rules.

    Args:
        totals: each seat's total VP.
        water: each seat's Water points (the tie-break line).
        teams: the seats of each team in team mode, else None.
    """
    if teams is None:
        groups: list[tuple[int, ...]] = [(seat,) for seat in range(len(totals))]
    else:
        groups = [tuple(team) for team in teams]

    def key(group: tuple[int, ...]) -> tuple[int, int, int]:
        scores = sorted(totals[seat] for seat in group)
        return scores[0], scores[-1], sum(water[seat] for seat in group)

    best = max(key(group) for group in groups)
    return tuple(sorted(seat for group in groups if key(group) == best for seat in group))
