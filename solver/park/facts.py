"""Monster Park: every fact its hint and review give (``solver.facts``, docs/reasons.md).

A ranked move's value is in points for the seat asked: in the action step the
points the action scores this turn (tokens, monsters, tourists), plus what the
plan makes of the next turns, minus the next player's best reply shared among
the other players, and on the player's last turn the chance to win counted as
``reply.WIN`` points times (2 x the chance - 1); in the tourist step the tokens the claim brings.

>>> from solver.facts import Fact, render
>>> render(Fact("tourist-claimed", {"tourist": "3 any monsters of size 5", "points": 4}), CODES)
"Claims the tourist '3 any monsters of size 5' for 4 points."
"""

from __future__ import annotations

from solver.facts import PLAYED_OUT, Code, registry
from solver.park.ladder import FACTS
from solver.park.plan import LATER
from solver.park.reply import WIN
from solver.review import review_codes

VALUE = (
    "Points for the seat asked. Action step: the points the action scores this turn, plus"
    " what it sets up for the next turns (each later turn counting"
    f" {LATER:.0%} of the one before), minus the next player's best reply shared among the"
    " other players, plus what the card does toward the tourists still to come and for the"
    f" monster sizes its area can take; on the player's last turn, plus {WIN:.0f} times"
    " (2 x the chance to win - 1). Tourist step: the tokens the claim brings."
)
"""What a ranked move's value counts (the OpenAPI schema's ``value``)."""

CODES = registry(
    Code(
        "points-now",
        "The points the move scores this turn, on average.",
        "Scores {points} points this turn",
    ),
    Code(
        "card-scores",
        "The points the monster card scores in the park.",
        "The card scores {points} points",
    ),
    Code(
        "card-scores-between",
        "A face-down monster's points: the least, the most and the average.",
        "The card scores {low} to {high} points, {average} on average",
    ),
    Code(
        "tourist-brought",
        "A tourist the move lets the player invite, and its reward.",
        "Brings the tourist '{tourist}' for {points} points",
    ),
    Code(
        "tourist-maybe",
        "A tourist only some of a face-down monster's cards bring, with the chance.",
        "May bring the tourist '{tourist}' for {points} points ({percent}% chance)",
    ),
    Code(
        "tourist-claimed",
        "A tourist invited in the tourist step, and its reward.",
        "Claims the tourist '{tourist}' for {points} points",
    ),
    Code("no-tourist-claimed", "The claim invites no tourist.", "Invites no tourist"),
    Code("no-action", "No action is possible: the player passes.", "No action is possible"),
    Code(
        "fills-park-ahead",
        "The player leads, and the game ends when a park is full: a filled slot is worth this.",
        "Filling a slot while ahead adds {points}: the game ends when a park is full",
    ),
    Code(
        "tourists-to-come",
        "What the card does toward the tourists still in the tourist deck: each counts its"
        " reward times the share of its wish the park meets, times the chance it comes in"
        " time and this player claims it.",
        "Moves the park toward the tourists still to come, worth {points}",
    ),
    Code(
        "area-room",
        "What the card does to the monster sizes its area can still take: a large monster"
        " closes the area to smaller ones, an upgrade opens it again (negative: closed).",
        "Changes the room of the {area} area by {points}",
    ),
    Code(
        "plan-next-turns",
        "What the player can do on the next turns after this one (`turns` of them), and"
        " the points this turn and those make together, each later turn counting less.",
        "Sets up your next turns: {steps}; {points} points with this turn",
    ),
    Code(
        "next-player-reply",
        "The next player's best turn after this move, its points to them, and how much of"
        " them counts against this move (shared among the other players).",
        "Then the next player can {reply}, {points} points to them"
        " ({counted} counted against this move)",
    ),
    Code("last-turn", "This is the player's last turn.", "It is your last turn"),
    Code("chance-to-win", "The chance the move wins the game.", "Wins {percent}% of the time"),
    *review_codes(FACTS),
    *PLAYED_OUT,
)
"""Every code of Monster Park's facts."""
