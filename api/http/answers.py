"""``JsonAnswer``: a route's JSON document encoded once, as the codec made it.

The game routes answer their services' documents as they are: the route's
``response_model`` documents the shape in the OpenAPI, and the tests check
every answer against it (``tests/api/test_models*.py``, schemathesis), so the
document is not validated into the model and dumped again on every request.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi.responses import Response


class JsonAnswer(Response):
    """A JSON answer: compact, UTF-8, and never ``NaN`` or ``Infinity`` (not JSON)."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        text = json.dumps(content, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        return text.encode()
