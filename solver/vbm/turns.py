"""The end of a turn: reveal the chosen cards, apply effects, check missions.

All players' cards of a turn are revealed together; portals and missions are
then checked for every player at once. Portal tiles go seat by seat from the
turn's first player while tiles are left. Missions do not depend on any order:
everyone who completes the same mission in the same turn (a player's personal
mission; both teammates of every team completing a team mission) gets a token
of the value on top of the tile's pyramid, the top token for one of them and
spare tokens of that value for the others; the pyramid loses only its top
token. A pyramid emptied in an earlier turn gives nothing more. Personal
missions are checked before team missions, so a team completing a mission in
the turn someone completes the personal one gets the next token.

>>> award([10, 7, 5], [2, 0, 1])
([(0, 10), (1, 10), (2, 10)], [7, 5])
>>> award([5], [3, 1])
([(1, 5), (3, 5)], [])
>>> award([], [3])
([], [])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from solver.vbm.area import Tally
from solver.vbm.cards import Deck, MissionSide, Pos
from solver.vbm.scoring import combined


def award(pyramid: Sequence[int], seats: Sequence[int]) -> tuple[list[tuple[int, int]], list[int]]:
    """Tokens for ``seats`` completing a mission in the same turn: ``(seat, value)``
    pairs in seat order, all of the top token's value (spares beyond the first), and
    what is left of the pyramid (its top token gone)."""
    if not pyramid or not seats:
        return [], list(pyramid)
    top, *left = pyramid
    return [(seat, top) for seat in sorted(set(seats))], left


def missions(
    sides: Sequence[MissionSide],
    counts: Sequence[Mapping[str, int]],
    teams: Sequence[tuple[int, int]] | None,
    pyramids: tuple[tuple[int, ...], ...],
    claimed: frozenset[tuple[str, int, int]],
    together: Sequence[Mapping[str, int]] | None = None,
) -> tuple[list[tuple[int, int]], tuple[tuple[int, ...], ...], frozenset[tuple[str, int, int]]]:
    """Check every mission after a turn (see the module docstring).

    Args:
        sides: the mission side in play on each tile.
        counts: each seat's area counters.
        teams: the teams in team mode (team missions are only played there).
        pyramids: tokens left on each tile, top first.
        claimed: ``("personal", seat, tile)`` and ``("team", team, tile)`` already done.
        together: each team's combined counters (``scoring.combined`` of its two
            seats' ``counts``), when the caller has them; made here otherwise.

    Returns:
        the tokens given ``(seat, value)``, the pyramids left, the claims so far.
    """
    given: list[tuple[int, int]] = []
    piles = list(pyramids)
    done = set(claimed)
    if together is None:  # once, not per tile
        together = [combined(counts[a], counts[b]) for a, b in teams or ()]
    for tile, side in enumerate(sides):
        seats = [
            s
            for s in range(len(counts))
            if ("personal", s, tile) not in done and counts[s][side.counter] >= side.personal
        ]
        got, left = award(piles[tile], seats)
        given += got
        piles[tile] = tuple(left)
        done |= {("personal", s, tile) for s in seats}
        if teams is None:
            continue
        won = [
            t
            for t in range(len(teams))
            if ("team", t, tile) not in done and together[t][side.counter] >= side.team
        ]
        got, left = award(piles[tile], [s for t in won for s in teams[t]])
        given += got
        piles[tile] = tuple(left)
        done |= {("team", t, tile) for t in won}
    return given, tuple(piles), frozenset(done)


def portal_tiles(
    tallies: Sequence[Tally], taken: Sequence[tuple[Pos, ...]], left: int, order: Sequence[int]
) -> tuple[tuple[tuple[Pos, ...], ...], int]:
    """Give a Portal tile to every newly completed portal while tiles are left."""
    out = [list(points) for points in taken]
    for seat in order:
        for point in sorted(tallies[seat].portal_points - set(taken[seat])):
            if left > 0:
                out[seat].append(point)
                left -= 1
    return tuple(tuple(points) for points in out), left


def pyramids_for(deck: Deck, sides: Sequence[int], mode: str) -> tuple[tuple[int, ...], ...]:
    """The set-up tokens: a pyramid of 3 per tile, or only the top one in free-for-all."""
    out = []
    for tile, side in zip(deck.missions, sides, strict=True):
        rewards = tile[side].rewards
        out.append(rewards[:1] if mode == "free" else tuple(rewards))
    return tuple(out)
