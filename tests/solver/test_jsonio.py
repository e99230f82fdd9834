"""Reading JSON with bounded nesting: the quick and the exact depth checks agree."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.jsonio import full_scan, json_depth_fault

TEXT = st.text(alphabet='ab[]{}"\\ é', max_size=6)
VALUES = st.recursive(
    st.none() | st.integers() | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=60,
)


def _depth(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    return 0


@settings(max_examples=300, deadline=None)
@given(VALUES, st.integers(min_value=0, max_value=6), st.booleans())
def test_the_quick_check_answers_as_the_full_scan(value: Any, most: int, plain: bool) -> None:
    text = json.dumps(value, ensure_ascii=plain)
    fault = json_depth_fault(text, most)
    assert fault == full_scan(text, most)
    assert (fault is None) == (_depth(value) <= most)


def test_many_shallow_brackets_and_brackets_inside_strings() -> None:
    shallow = json.dumps([[i] for i in range(80)])  # 81 brackets, depth 2
    assert json_depth_fault(shallow, 2) is None and json_depth_fault(shallow, 1) == 2
    hidden = json.dumps(["]" * 70, [[["x"]]]] * 20)  # closers inside strings
    assert json_depth_fault(hidden, 3) == 78
    assert json_depth_fault(hidden, 4) is None


def test_an_escaped_quote_does_not_hide_the_nesting_after_it() -> None:
    text = json.dumps(['"' + "]" * 10, [[[[1]]]]])  # depth 5 after a string with \\"
    assert json_depth_fault(text, 3) == full_scan(text, 3) == text.index("[[[[") + 3
