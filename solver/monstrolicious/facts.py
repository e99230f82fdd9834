"""Monstrolicious: every fact its hint and review give (``solver.facts``, docs/reasons.md).

A placement's value is the chance to win (0 to 1, a tie counting half) to four
decimals, the expected final margin breaking ties below the last decimal, so a
higher chance always ranks first. A tile to turn up (the Donuts' power) is
valued by the points of the dessert it guards, plus a little for how little is
known of it and the chance it is a Trap.

>>> from solver.facts import Fact, render
>>> render(Fact("beats-hidden-sometimes", {"tile": "4", "percent": 75}), CODES)
'Your 4 beats their face-down tile 75% of the time.'
"""

from __future__ import annotations

from solver.facts import PLAYED_OUT, Code, registry
from solver.monstrolicious.ladder import FACTS
from solver.review import review_codes

VALUE = (
    "Placing a tile: the chance to win (0 to 1, a tie counting half) to four decimals; the"
    " expected final margin (your points minus theirs, in `detail`) only breaks ties below"
    " the last decimal. Turning a tile up: the points of the dessert it guards, plus under"
    " 1 for how little is known of it and the chance it is a Trap."
)
"""What a ranked move's value counts (the OpenAPI schema's ``value``)."""

CODES = registry(
    Code(
        "takes-empty",
        "Nobody is across: the tile takes the dessert.",
        "Nobody is across, so you take it",
    ),
    Code(
        "trap-holds",
        "Nobody is across: the Trap holds the dessert but scores nothing.",
        "Your Trap holds it but scores nothing",
    ),
    Code(
        "trap-waits",
        "Nobody is across: the Trap holds the dessert and waits for their tile.",
        "Your Trap holds it without scoring and waits for their tile",
    ),
    Code(
        "their-trap-takes",
        "Their face-up Trap takes the tile placed.",
        "Their Trap lies face up across and takes your {tile} with it",
    ),
    Code(
        "trap-takes-shown",
        "The Trap takes their face-up tile with it.",
        "Your Trap takes their {theirs} with it",
    ),
    Code(
        "beats-shown",
        "The tile beats their face-up tile.",
        "Your {tile} beats their {theirs}, so you take it",
    ),
    Code(
        "loses-to-shown",
        "Their face-up tile beats the tile.",
        "Their {theirs} beats your {tile}, so they keep it",
    ),
    Code(
        "tie-to-them",
        "Equal strength, and they hold the Lollipop.",
        "Their {theirs} holds the tie, since they hold the Lollipop",
    ),
    Code(
        "tie-to-you",
        "Equal strength wins for the player.",
        "Your {tile} beats their {theirs} (equal strength wins), so you take it",
    ),
    Code(
        "hidden-at-least",
        "What the seat knows of their face-down tile: its least strength.",
        "Their face-down tile is at least {tile}",
    ),
    Code(
        "trap-takes-hidden",
        "The Trap takes their face-down tile with it.",
        "Your Trap takes their face-down tile with it",
    ),
    Code(
        "beats-hidden-always",
        "The tile beats their face-down tile whatever it is.",
        "Your {tile} beats their face-down tile whatever it is",
    ),
    Code(
        "cannot-beat-hidden",
        "The tile cannot beat their face-down tile.",
        "Your {tile} cannot beat their face-down tile",
    ),
    Code(
        "beats-hidden-sometimes",
        "The chance the tile beats their face-down tile.",
        "Your {tile} beats their face-down tile {percent}% of the time",
    ),
    Code(
        "finish-ahead",
        "The points the player finishes ahead, on average.",
        "You finish {points} points ahead on average",
    ),
    Code(
        "finish-behind",
        "The points the player finishes behind, on average.",
        "You finish {points} points behind on average",
    ),
    Code("finish-level", "The player finishes level, on average.", "You finish level on average"),
    Code(
        "chance-to-win",
        "The chance to win the game (a tie counts half).",
        "You win {percent}% of the time",
    ),
    Code(
        "every-way-counted",
        "Every way their hidden tiles can lie was counted.",
        "Counting every way their hidden tiles can lie",
    ),
    Code(
        "reveal-known",
        "The face-down tile can only be one tile: turning it up shows nothing new.",
        "It can only be their {tile}, so it shows nothing new",
    ),
    Code(
        "reveal-could-be",
        "How many tiles the face-down tile could be.",
        "It could be any of {tiles} tiles",
    ),
    Code(
        "reveal-trap-chance",
        "The chance the face-down tile is their Trap.",
        "It is their Trap with chance {percent}%",
    ),
    *review_codes(FACTS),
    *PLAYED_OUT,
)
"""Every code of Monstrolicious's facts."""
