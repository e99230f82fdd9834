"""Sealed documents: JSON the service hands out and reads back, that nobody else can read
or change.

A :class:`Seal` compresses a document (zlib), pads it to a multiple of
``PAD_BYTES`` (so the length tells little of what it holds), and encrypts and
authenticates it with AES-256-GCM under a key derived from the service's secret
(HKDF-SHA256): the token is URL-safe base64 text. Opening a token checks it was
made under the same key and is whole; anything else, from another key, changed,
cut short or not a token at all, is a :class:`BadSealError`. Every worker and
every replica with the same secret opens every other's tokens; nothing is kept.

>>> seal = Seal("a secret of the service, long enough to be a key")
>>> token = seal.close({"game": "park", "seat": 1})
>>> seal.open(token)
{'game': 'park', 'seat': 1}
>>> Seal("another secret, just as long as the first one is").open(token)
Traceback (most recent call last):
...
api.services.sealed.BadSealError: this game's token does not read: start a new game
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import re
import secrets
import zlib
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from solver.errors import MonsterError

VERSION = b"\x01"
"""The token layout: this byte, a 12-byte nonce, then the ciphertext and its 16-byte tag."""
CONTEXT = b"monster-solver sealed document 1"
"""Bound into the key and authenticated with every token: a key made for anything else
opens none."""
NONCE_BYTES = 12
PAD_BYTES = 256
"""Compressed documents are padded to a multiple of this many bytes."""
MAX_TOKEN_CHARS = 12_000
"""The longest token the service makes or reads (a request body holds one, under 16 KiB)."""
MAX_DOCUMENT_BYTES = 1 << 20
"""The most a token may open into: bounded, whatever a token claims."""
TOKEN = re.compile(f"[A-Za-z0-9_-]{{1,{MAX_TOKEN_CHARS}}}")
"""What a token looks like: URL-safe base64 text, unpadded."""
MIN_SECRET_CHARS = 32


class BadSealError(MonsterError):
    """A token that does not open: another key's, changed, cut short, or not a token."""

    def __init__(self) -> None:
        super().__init__("this game's token does not read: start a new game")


def _text(sealed: bytes) -> str:
    return base64.urlsafe_b64encode(sealed).decode().rstrip("=")


def new_secret() -> str:
    """A fresh random secret (256 bits, URL-safe text)."""
    return secrets.token_urlsafe(32)


class Seal:
    """Closes JSON documents into tokens and opens them again, under one secret.

    Args:
        secret: the service's secret (``MONSTERS_SECRET``), at least
            ``MIN_SECRET_CHARS`` characters.

    Raises:
        ValueError: a secret too short to be a key.
    """

    def __init__(self, secret: str) -> None:
        if len(secret) < MIN_SECRET_CHARS:
            raise ValueError(f"a secret needs {MIN_SECRET_CHARS} characters or more")
        hkdf = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=CONTEXT)
        self._cipher = AESGCM(hkdf.derive(secret.encode()))

    def close(self, document: Any) -> str:
        """The token of a JSON ``document``."""
        packed = zlib.compress(json.dumps(document, separators=(",", ":")).encode(), 9)
        packed += bytes(-len(packed) % PAD_BYTES)
        nonce = os.urandom(NONCE_BYTES)
        return _text(VERSION + nonce + self._cipher.encrypt(nonce, packed, CONTEXT))

    def open(self, token: object) -> Any:
        """The document a token holds.

        Raises:
            BadSealError: the token was not made under this secret, or was changed
                or cut short, or is no token.
        """
        if not isinstance(token, str) or not TOKEN.fullmatch(token):
            raise BadSealError()
        try:
            sealed = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        except binascii.Error:
            raise BadSealError() from None
        if _text(sealed) != token:  # one text per token: no spare bits to change
            raise BadSealError()
        nonce, body = sealed[1 : 1 + NONCE_BYTES], sealed[1 + NONCE_BYTES :]
        if sealed[:1] != VERSION or len(nonce) != NONCE_BYTES:
            raise BadSealError()
        try:
            packed = self._cipher.decrypt(nonce, body, CONTEXT)
            inflate = zlib.decompressobj()
            text = inflate.decompress(packed, MAX_DOCUMENT_BYTES)
            if not inflate.eof:
                raise BadSealError()
            return json.loads(text)
        except (InvalidTag, zlib.error, ValueError):
            raise BadSealError() from None
