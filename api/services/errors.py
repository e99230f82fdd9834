"""The one error kind the services add to the domain's: bad input in a named field."""

from __future__ import annotations

from solver.errors import MonsterError


class FieldError(MonsterError):
    """Bad input in one field of a request; its message is the domain error's.

    Args:
        field: the request field (``"task"``, ``"arrangement"``, ``"from"``, ``"state"``).
        error: the domain error (a ``NotationError`` may name a ``path`` inside the field).
    """

    def __init__(self, field: str, error: MonsterError) -> None:
        super().__init__(str(error))
        self.field = field
        self.error = error
