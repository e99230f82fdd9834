"""Sealed tokens: only the key that made one opens it, whole; every game fits a request."""

from __future__ import annotations

import base64
import json
import random

import pytest

from api.http.settings import Settings
from api.services.sealed import MAX_TOKEN_CHARS, PAD_BYTES, BadSealError, Seal
from api.services.sessions import Session
from solver.game import GAMES, get_game

SECRET = "a secret of the service, long enough to be a key"
MOVE_BYTES = 200
"""Room a move request's body keeps beside its token (the largest move with its keys)."""


def test_a_token_opens_to_its_document_under_its_key_only() -> None:
    seal = Seal(SECRET)
    document = {"state": {"hand": ["S01", "S02"]}, "seat": 2}
    token = seal.close(document)
    assert seal.open(token) == document and Seal(SECRET).open(token) == document
    assert "S01" not in token and "hand" not in token
    with pytest.raises(BadSealError):
        Seal(SECRET + "!").open(token)


def test_every_changed_byte_and_every_cut_is_refused() -> None:
    seal = Seal(SECRET)
    sealed = base64.urlsafe_b64decode(seal.close({"seat": 1}) + "==")
    for index in range(len(sealed)):
        changed = bytearray(sealed)
        changed[index] ^= 0x01
        with pytest.raises(BadSealError):
            seal.open(base64.urlsafe_b64encode(bytes(changed)).decode().rstrip("="))
    for cut in range(1, len(sealed)):
        with pytest.raises(BadSealError):
            seal.open(base64.urlsafe_b64encode(sealed[:cut]).decode().rstrip("="))


@pytest.mark.parametrize("token", ["", "a", "no token", "====", "é" * 10, 12, None, "A" * 20_000])
def test_what_is_no_token_is_refused(token: object) -> None:
    with pytest.raises(BadSealError, match="this game's token does not read: start a new game"):
        Seal(SECRET).open(token)


def test_a_token_has_one_text() -> None:
    seal = Seal(SECRET)
    token = seal.close({"seat": 1})
    last = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for other in last:  # spare bits of the last character changed: no longer the token
        if other != token[-1]:
            with pytest.raises(BadSealError):
                seal.open(token[:-1] + other)


def test_lengths_come_in_steps() -> None:
    seal = Seal(SECRET)
    rng = random.Random(3)
    lengths = {len(seal.close({"cards": [rng.randrange(99) for _ in range(n)]})) for n in range(60)}
    assert len(lengths) <= 2, lengths  # within one PAD_BYTES step, one length
    assert PAD_BYTES >= 256


def test_a_short_secret_is_no_key() -> None:
    with pytest.raises(ValueError, match="32 characters"):
        Seal("short")


def _longest_token(seal: Seal) -> int:
    """The longest token over a seeded random game of every game, player count and mode
    (Very Big Monster's team mode included), at every decision; ``benchmarks/sessions.py``
    measures more games."""
    longest = 0
    for name in sorted(GAMES):
        game = get_game(name)
        modes = [*game.modes(), *([(4, {"mode": "team"}), (6, {"mode": "team"})] * (name == "vbm"))]
        for players, settings in modes:
            rng, state = random.Random(players), game.new(players, players, dict(settings) or None)
            bots = {s: "hard" for s in range(1, players)}
            for decisions in range(20_000):
                session = Session(game, state, 0, bots, 2**64 - 1, decisions)
                longest = max(longest, len(seal.close(session.to_json())))
                if state.is_terminal():
                    break
                state = state.apply(rng.choice(list(state.legal_moves())))
    return longest


def test_every_game_fits_a_request_with_a_move() -> None:
    longest = _longest_token(Seal(SECRET))
    body = json.dumps({"session": "x" * longest, "move": {}})
    assert longest <= MAX_TOKEN_CHARS
    assert len(body) + MOVE_BYTES <= Settings().max_body_bytes
