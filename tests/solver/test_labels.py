"""Move labels and notation (``solver/<game>/labels.py``), for every game and mode.

Over seeded games played to the end, at every decision of every seat with one:
each legal move's label is unique among that seat's legal moves, short, one line,
the same read from the full state as from the seat's view, and the same again on
a state dealt anew that the seat cannot tell apart (``Game.redeal``); each
notation reads back to its move. Hypothesis plays games to random points for the
round trip, and sends hostile text, which is refused in one line of player words.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.errors import NotationError
from solver.game import GAMES, AnyGame, get_game
from solver.notation import MAX_NOTATION
from tests.modes import every_mode

SEEDS = (1, 2)
"""Seeded games played per game and mode (the first by greedy players, the next at random)."""
LONGEST_LABEL = 80
"""The most characters a label may have (most are under 60)..."""
LONGEST_CLAIM = 160
"""...but Monster Park's claim of several tourists, each named by what it asks for."""
LONGEST_ERROR = 300
"""The most characters a refusal of a notation may have."""
NAMES = sorted(GAMES)


def _played(game: AnyGame, players: int, mode: Mapping[str, Any], seed: int) -> Iterator[Any]:
    """Every state of one seeded game to its end: greedy players for the first seed,
    random ones after (``Game.players``)."""
    kind = "greedy" if seed == SEEDS[0] else "random"
    seats = [game.players[kind](seed * 10 + s) for s in range(players)]
    state = game.new(players, seed, mode or None)
    while not state.is_terminal():
        yield state
        state = state.apply(seats[state.to_move].choose(state))


@pytest.mark.parametrize(("name", "players", "mode"), every_mode())
def test_labels_are_unique_short_and_read_only_the_view(
    name: str, players: int, mode: Mapping[str, Any]
) -> None:
    game = get_game(name)
    decisions = 0
    for seed in SEEDS:
        for number, state in enumerate(_played(game, players, mode, seed)):
            for seat in game.waiting(state):
                view = game.view(state, seat)
                moves = view.legal_moves()
                labels = [game.label(m, view) for m in moves]
                assert labels, f"seat {seat} waits with no move"
                assert len(set(labels)) == len(labels), [t for t in labels if labels.count(t) > 1]
                for text, move in zip(labels, moves, strict=True):
                    claim = len(getattr(move, "tourists", ())) > 1
                    most = LONGEST_CLAIM if claim else LONGEST_LABEL
                    assert 0 < len(text) <= most and "\n" not in text, text
                    assert text[0].isupper(), text
                    assert game.from_notation(game.notation(move)) == move
                if seat == state.to_move:  # the same read from the full state
                    assert [game.label(m, state) for m in state.legal_moves()] == labels
                    if number % 7 == 0:  # and from one the seat cannot tell from it
                        redealt = game.redeal(state, seat, seed + number)
                        assert [game.label(m, redealt) for m in redealt.legal_moves()] == labels
                decisions += 1
    assert decisions > 10


def _position(name: str, seed: int, steps: int) -> Any:
    """The state after ``steps`` random moves of a seeded game (or its end), with one
    seat more than the default where the game takes it and the seed is odd."""
    game = get_game(name)
    rng = random.Random(seed)
    state = game.new(min(game.default_players + seed % 2, game.max_players), seed, None)
    for _ in range(steps):
        if state.is_terminal():
            break
        state = state.apply(rng.choice(list(state.legal_moves())))
    return state


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(NAMES),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 80),
    pick=st.integers(0, 10**4),
)
def test_notation_round_trips(name: str, seed: int, steps: int, pick: int) -> None:
    game = get_game(name)
    state = _position(name, seed, steps)
    for seat in game.waiting(state):
        view = game.view(state, seat)
        moves = view.legal_moves()
        move = moves[pick % len(moves)]
        text = game.notation(move)
        assert game.from_notation(text) == move
        assert game.read_move(text) == move == game.read_move(game.listed(view, [move])[0])
        assert len(text) <= MAX_NOTATION and text == text.strip() and "\n" not in text


def _refusal(name: str, text: object) -> str:
    with pytest.raises(NotationError) as caught:
        get_game(name).from_notation(text)
    message = str(caught.value)
    assert "\n" not in message and 0 < len(message) <= LONGEST_ERROR, message
    return message


@settings(max_examples=300, deadline=None)
@given(
    name=st.sampled_from(NAMES),
    text=st.text(max_size=2 * MAX_NOTATION)
    | st.sampled_from(["token 1", "invite", "W07@", "W07@1,2>", "reveal", "explorer"]).flatmap(
        lambda s: st.text(max_size=12).map(lambda t: s + t)
    ),
)
def test_any_text_reads_as_a_move_or_is_refused_in_one_line(name: str, text: str) -> None:
    game = get_game(name)
    try:
        move = game.from_notation(text)
    except NotationError as err:
        message = str(err)
        assert "\n" not in message and 0 < len(message) <= LONGEST_ERROR, message
    else:
        assert game.from_notation(game.notation(move)) == move


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(
    ("sent", "said"),
    [
        (None, "is text, not None"),
        (7, "is text, not 7"),
        (["token"], "not a list of 1 entry"),
        ({"action": "token"}, "not {'action': ...}"),
        ("", "is empty"),
        ("   ", "is empty"),
        ("x" * 10_000, "at most 80 characters, not 10,000"),
    ],
)
def test_what_is_no_text_is_refused(name: str, sent: object, said: str) -> None:
    assert said in _refusal(name, sent)


@pytest.mark.parametrize(
    ("name", "text", "said"),
    [
        ("park", "dance", "unknown move 'dance': it starts with token, upgrade"),
        ("park", "token now", "token: too many words from 'now'"),
        ("park", "upgrade benches", "upgrade: name the upgrade and the area"),
        ("park", "upgrade rides land", "upgrade: no upgrade 'rides' (souvenirs, balloons"),
        ("park", "upgrade benches sea", "no area 'sea' (water, land, air)"),
        ("park", "invite", "invite: name the track position"),
        ("park", "invite 5", "a number from 0 to 4, not '5'"),
        ("park", "invite -1", "a number from 0 to 4, not '-1'"),
        ("park", "tourists a b c d", "tourists: too many words from 'd'"),
        ("vbm", "W07", "a move is 'CARD@row,column'"),
        ("vbm", "W07@2", "the place is '@row,column'"),
        ("vbm", "W07@a,1", "the place is '@row,column'"),
        ("vbm", "@1,1", "the card before '@' is its id"),
        ("vbm", "W07@1,1/I13>2", "in this order"),
        ("vbm", "W07@1,1 >2", "in this order"),
        ("vbm", "explorer", "keeping an Explorer is 'explorer ID'"),
        ("monstrolicious", "cake", "unknown dessert 'cake' (choose from lollipop"),
        ("monstrolicious", "reveal", "reveal: name one dessert"),
        ("monstrolicious", "pie pie", "a move is a dessert (e.g. 'pie')"),
        ("monstrolicious", "reveal x" + "y" * 70, "unknown dessert 'xyyy"),
    ],
)
def test_bad_notation_says_what_is_wrong(name: str, text: str, said: str) -> None:
    assert said in _refusal(name, text)


def test_a_listed_move_reads_back_unless_its_notation_names_another() -> None:
    game = get_game("park")
    state = game.new(2, 3, None)
    view = game.view(state, 0)
    first, second = view.legal_moves()[:2]
    [listed] = game.listed(view, [first])
    assert game.read_move(listed) == first
    crossed = listed | {"notation": game.notation(second)}
    with pytest.raises(NotationError, match="names another move than its fields"):
        game.read_move(crossed)
    with pytest.raises(NotationError, match="a move is a JSON object or its notation"):
        game.read_move(3)
