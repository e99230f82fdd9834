"""``JsonAnswer``: a route's JSON document encoded once, as the codec made it.

The game routes answer their services' documents as they are: the route's
``response_model`` documents the shape in the OpenAPI, and the tests check
every answer against it (``tests/solver/**/test_documents.py``, schemathesis), so the
document is not validated into the model and dumped again on every request.

The bytes come from orjson, a few times faster than ``json.dumps`` (which took
a tenth of a cheap request's time). What orjson does not take, an integer past
64 bits, is written by ``json``; a number that is not finite (no document of the
service holds one) is written ``null``, as orjson does, never ``NaN``.

>>> JsonAnswer({"moves": [{"take": "é"}], "to_move": None, "seed": 2**70}).body
b'{"moves":[{"take":"\\xc3\\xa9"}],"to_move":null,"seed":1180591620717411303424}'
>>> JsonAnswer({"value": float("nan"), "lines": {1: 2}}).body
b'{"value":null,"lines":{"1":2}}'
"""

from __future__ import annotations

import json
from typing import Any

import orjson
from fastapi.responses import Response

OPTIONS = orjson.OPT_NON_STR_KEYS
"""A key that is not a string is written as its text, as ``json`` writes it."""


def encode(content: Any) -> bytes:
    """``content`` as compact UTF-8 JSON."""
    try:
        return orjson.dumps(content, option=OPTIONS)
    except TypeError:  # an integer orjson does not take (past 64 bits)
        return json.dumps(
            content, ensure_ascii=False, allow_nan=False, separators=(",", ":")
        ).encode()


class JsonAnswer(Response):
    """A JSON answer: compact, UTF-8, and never ``NaN`` or ``Infinity`` (not JSON)."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return encode(content)
