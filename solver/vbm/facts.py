"""Very Big Monster: every fact its hint and review give (``solver.facts``, docs/reasons.md).

A ranked move's value is in points of the score pad: the rise of the seat's own
score (in team mode the rise of the team's score, the lower teammate's, each
teammate's rise counted by the chance it ends lower), plus what a Sand card can
expect later and what the placement sets up for the cards still to come this
round, plus or minus what the cards left to the others are worth to them. An
Explorer choice is valued by the points the card can expect by the end.

>>> from solver.facts import Fact, render
>>> render(Fact("team-ahead", {"mate": 2, "lead": 5}), CODES)
"You are 5 ahead of seat 2, so seat 2's points count more for the team."
"""

from __future__ import annotations

from solver.facts import PLAYED_OUT, Code, registry
from solver.review import review_codes
from solver.vbm.hint import PASS_WEIGHT
from solver.vbm.ladder import FACTS

VALUE = (
    "Points of the score pad for the seat asked (team mode: for its team, whose score is"
    " its lower teammate's; each teammate's points count by the chance it ends lower):"
    " what the placement scores now, what a Sand card can expect from later cards, what it"
    " sets up for the cards still to come this round, and what the cards left to the others"
    f" are worth to them ({PASS_WEIGHT:g} of a passed card's worth, plus for a teammate,"
    " minus for an opponent; a row's best card left, shared among the opponents). Explorer"
    " step: the points the Explorer card can expect by the end of the game."
)
"""What a ranked move's value counts (the OpenAPI schema's ``value``)."""

CODES = registry(
    Code(
        "points-now", "The points the seat's own score rises by now.", "Scores {points} points now"
    ),
    Code(
        "points-printed",
        "Of the points now, those printed on the card.",
        "Of these points, {points} are printed on the card",
    ),
    Code(
        "points-from",
        "Of the points now, those a line of the score pad (`line`: sand, portals, ...) adds.",
        "Of these points, {points} come from the {line} line of the score pad",
    ),
    Code("completes-big-mama", "The card completes a Big Mama.", "Completes a Big Mama"),
    Code("completes-ice-monster", "The card completes an Ice monster.", "Completes an Ice monster"),
    Code("flips-ice-monster", "The card flips an Ice monster.", "Flips an Ice monster"),
    Code("completes-crystal", "The card completes a crystal.", "Completes a crystal"),
    Code("activates-portal", "The card activates a portal.", "Activates a portal"),
    Code(
        "wins-mission-tokens",
        "The card wins mission tokens, worth `points`.",
        "Wins mission tokens worth {points}",
    ),
    Code(
        "team-score",
        "Team mode: the rise of the team's score, the lower of the two teammates'.",
        "Your team's score (the lower of you and seat {mate}) rises by {points}",
    ),
    Code(
        "team-ahead",
        "Team mode: the seat leads its teammate, who is likelier to end lower.",
        "You are {lead} ahead of seat {mate}, so seat {mate}'s points count more for the team",
    ),
    Code(
        "team-behind",
        "Team mode: the seat trails its teammate and is likelier to end lower.",
        "You are {lead} behind seat {mate}, so your own points count more for the team",
    ),
    Code(
        "team-level",
        "Team mode: the teammates are level.",
        "You and seat {mate} are level, so both your points count alike",
    ),
    Code(
        "team-counted",
        "Team mode: what the card counts for the team, all told.",
        "It counts {points} for the team",
    ),
    Code(
        "mate-gets",
        "Team mode: what the teammate's score gains from this card.",
        "Seat {mate} gets {points} from this card",
    ),
    Code(
        "sand-later",
        "A Sand card: the points it can expect from cards placed later where it looks, "
        "and from its flip when another Sand card follows it.",
        "About {points} more later, from cards placed where it looks and its flip",
    ),
    Code(
        "points-later",
        "What the placement changes in the points to come, beyond today's: the Grassland "
        "table's worth at the count to be expected, the chance of mission tokens, half "
        "crystals with the cell that completes them open (or closed by this card).",
        "Worth about {points} later ({parts})",
    ),
    Code(
        "plan-next-turns",
        "The points the placement sets up for the cards still to come this round.",
        "Sets up about {points} more for cards still to come",
    ),
    Code(
        "same-elsewhere",
        "The card would read the same in other cells; where this one lies.",
        "The same as at {cells}: here it lies {where}",
    ),
    Code(
        "discards-rest",
        "The cards the move leaves to the discard pile.",
        "The other cards ({cards}) are discarded",
    ),
    Code(
        "keeps-cards",
        "The cards the seat keeps on its own Spaceship (every other one is taken).",
        "Keeps the other {count} cards on your own Spaceship",
    ),
    Code(
        "passes-to-teammate",
        "The cards passed to the teammate, and the best one's worth to them.",
        "Passes {count} cards to your teammate (seat {seat}): the best is worth {points} to them",
    ),
    Code(
        "passes-to-opponent",
        "The cards passed to an opponent, and the best one's worth to them.",
        "Passes {count} cards to seat {seat}, an opponent: the best is worth {points} to them",
    ),
    Code(
        "leaves-next-player",
        "The card discarded from the row, and the best card then left to the next player.",
        "Discards {card}: the best card left in the row is worth {points} to seat {seat}",
    ),
    Code(
        "explorer-expected",
        "An Explorer card kept, and the points it can expect by the end of the game.",
        "Keeps Explorer {explorer} ({text}): about {points} VP expected by the end of the game",
    ),
    *review_codes(FACTS),
    *PLAYED_OUT,
)
"""Every code of Very Big Monster's facts."""
