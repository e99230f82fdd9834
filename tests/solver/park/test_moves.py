"""Reading moves: bounded, and messages that never repeat a long input."""

from __future__ import annotations

from typing import Any

import pytest

from solver.errors import NotationError
from solver.park.reading import move_from_json


def _deep(levels: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(levels):
        value = [value]
    return value


def test_a_claim_names_at_most_the_three_tourists_of_the_track() -> None:
    assert len(move_from_json({"action": "tourists", "tourists": ["a", "b", "c"]}).tourists) == 3
    with pytest.raises(NotationError, match="at most 3 tourists"):
        move_from_json({"action": "tourists", "tourists": ["land-4"] * 100_000})


@pytest.mark.parametrize(
    "doc",
    [
        {"action": "x" * 100_000},
        {"action": "upgrade", "kind": "y" * 100_000, "area": "air"},
        {"action": "invite", "slot": "9" * 100_000},
        {"action": "invite", "slot": 1, "area": "z" * 100_000},
        {"action": "token", "w" * 100_000: 1},
        {"action": "invite", "slot": 10**5000},
        {"action": _deep(5000)},
    ],
)
def test_a_bad_move_is_refused_in_a_short_message(doc: dict[str, object]) -> None:
    with pytest.raises(NotationError) as caught:
        move_from_json(doc)
    assert len(str(caught.value)) < 200


def test_an_invite_without_a_track_position_says_so() -> None:
    with pytest.raises(NotationError) as caught:
        move_from_json({"action": "invite"})
    assert str(caught.value) == "move: an invite needs a 'slot', its track position 0 to 4"
