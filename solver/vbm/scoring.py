"""The score pad and who wins.

A player's sheet has one line per row of the rulebook's score pad (``PAD_LINES``).
Explorer cards count both teammates' areas in team mode and the player's own area
otherwise; Reward Mission tokens are the player's own unless the setting
``explorer_tokens`` is ``team``. In team mode the team's score is the lower
teammate's; ties go to the higher other teammate, then the team's Water points, else
the win is shared. In the other modes ties go to the Water points, else the win is
shared.

>>> ranked_winners([103, 100, 107, 110], [17, 20, 9, 9], teams=((0, 2), (1, 3)))
(0, 2)
>>> ranked_winners([50, 50, 40], [7, 7, 30], teams=None)
(0, 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from solver.game import Json
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


def explorer_counts(
    own: Mapping[str, int], mate: Mapping[str, int] | None, explorer_tokens: str
) -> dict[str, int]:
    """The counters a seat's Explorer card scores on: its own (``mate`` None), or in
    team mode both areas' (:func:`combined`) with the seat's own Reward Mission tokens
    (``explorer_tokens`` ``own``) or both teammates' (``team``, the older reading).

    >>> from solver.vbm.cards import COUNTERS
    >>> own, mate = {**dict.fromkeys(COUNTERS, 0), "tokens": 2}, dict.fromkeys(COUNTERS, 1)
    >>> [explorer_counts(own, mate, reading)["tokens"] for reading in ("own", "team")]
    [2, 3]
    """
    counts = combined(own, mate)
    if mate is not None and explorer_tokens == "own":
        counts["tokens"] = own["tokens"]
    return counts


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


#: The rulebook's steps, in order: what each compares for a group of seats.
TIE_STEPS = ("team score", "other teammate", "water")


def _groups(players: int, teams: Sequence[Sequence[int]] | None) -> list[tuple[int, ...]]:
    if teams is None:
        return [(seat,) for seat in range(players)]
    return [tuple(team) for team in teams]


def _step_values(
    totals: Sequence[int], water: Sequence[int], group: tuple[int, ...]
) -> tuple[int, int, int]:
    """What each step compares: the lower score, the higher, the Water points together."""
    scores = sorted(totals[seat] for seat in group)
    return scores[0], scores[-1], sum(water[seat] for seat in group)


def contest(
    totals: Sequence[int], water: Sequence[int], groups: Sequence[tuple[int, ...]]
) -> tuple[list[str], list[tuple[int, ...]]]:
    """The tie-break steps taken (:data:`TIE_STEPS`, the last one decided unless several
    groups remain) and the groups still level after them, the winners.

    Alone in a group, a seat's lower and higher score are its own, so outside team
    mode the second step never separates anyone and the Water points come next.
    """
    left = list(groups)
    steps: list[str] = []
    for k, step in enumerate(TIE_STEPS):
        if len(left) == 1:
            break
        if step == "other teammate" and all(len(g) == 1 for g in left):
            continue
        steps.append(step)
        best = max(_step_values(totals, water, g)[k] for g in left)
        left = [g for g in left if _step_values(totals, water, g)[k] == best]
    return steps, left


def ranked_winners(
    totals: Sequence[int], water: Sequence[int], teams: Sequence[Sequence[int]] | None
) -> tuple[int, ...]:
    """Winning seats under the rulebook's tie rules.

    Args:
        totals: each seat's total VP.
        water: each seat's Water points (the tie-break line).
        teams: the seats of each team in team mode, else None.
    """
    _, left = contest(totals, water, _groups(len(totals), teams))
    return tuple(sorted(seat for group in left for seat in group))


def _seats(group: Sequence[int]) -> str:
    return "seats " + " and ".join(str(seat) for seat in group)


def team_standing(
    totals: Sequence[int],
    water: Sequence[int],
    teams: Sequence[tuple[int, int]],
    over: bool = True,
) -> Json:
    """The team mode standing: each team's score (the lower teammate's), the other
    teammate's, the team's Water points, the tie-break steps taken, which one decided
    (``shared`` when none did) and all of it in words (``text``): who won once the game
    is ``over``, who leads before.

    >>> early = team_standing([100, 100, 110, 105], [0, 0, 0, 0], ((0, 2), (1, 3)), over=False)
    >>> early["text"].split(". ")[-1]
    'Seats 0 and 2 lead.'

    >>> standing = team_standing([100, 100, 110, 105], [0, 0, 0, 0], ((0, 2), (1, 3)))
    >>> standing["steps"], standing["decided_by"], standing["teams"][0]["score"]
    (['team score', 'other teammate'], 'other teammate', 100)
    """
    groups = _groups(len(totals), teams)
    values = {g: _step_values(totals, water, g) for g in groups}
    steps, left = contest(totals, water, groups)
    decided = len(left) == 1
    rows = [
        {"seats": list(g), "score": values[g][0], "other": values[g][1], "water": values[g][2]}
        for g in groups
    ]
    text = f"Team scores{'' if over else ' so far'} (the lower teammate's): " + ", ".join(
        f"{_seats(g)} {values[g][0]}" for g in groups
    )
    said = {
        "team score": "the team score decides",
        "other teammate": "the other teammates' scores decide",
        "water": "the Water points decide",
    }
    tied = {
        "team score": "Tied at {}",
        "other teammate": "the other teammates tied at {}",
        "water": "the Water points tied at {}",
    }
    level = [tied[step].format(values[left[0]][TIE_STEPS.index(step)]) for step in steps]
    if decided:
        last = steps[-1] if steps else "team score"
        level = level[:-1]
        contenders = groups
        if len(steps) > 1:
            k = len(steps) - 2
            contenders = [g for g in groups if values[g][: k + 1] == values[left[0]][: k + 1]]
        against = " against ".join(str(values[g][TIE_STEPS.index(last)]) for g in contenders)
        verdict = said[last] + (f" ({against})" if len(steps) > 1 else "")
        verdict += f": {_seats(left[0])} win."
        verdict = f"{', '.join(level)}; {verdict}" if level else verdict[0].upper() + verdict[1:]
    else:
        last = "shared"
        verdict = ", ".join(level[:-1]) + f" and {level[-1]}: the victory is shared."
        verdict = verdict[0].upper() + verdict[1:]
    if not over:  # nothing is won yet: who leads
        verdict = f"{_seats(left[0])} lead." if decided else "The teams are level."
        verdict = verdict[0].upper() + verdict[1:]
    return {
        "teams": rows,
        "steps": steps,
        "decided_by": last,
        "text": f"{text}. {verdict}",
    }
