"""A request body's faults in a player's words, not the validator's.

The request models check each field's kind and range before a route runs; their
faults arrive in the validator's words ("Input should be less than or equal to
8"). :func:`words` says each one as the rest of the service does ("must be at
most 8, not 9"), quoting the input with :func:`solver.errors.quoted`, so a front
end can show it as it is.

>>> words({"type": "less_than_equal", "ctx": {"le": 8}, "input": 9, "msg": "..."})
'must be at most 8, not 9'
>>> words({"type": "int_parsing", "input": "two", "msg": "..."})
"must be a whole number, not 'two'"
>>> words({"type": "missing", "input": {}, "msg": "..."})
'is missing'
>>> words({"type": "some_new_kind", "input": 1, "msg": "Input should be odd"})
'must be odd'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from solver.errors import quoted

Fault = Mapping[str, Any]
"""One fault as the validator reports it: ``type``, ``input``, ``ctx``, ``msg``."""


def _bound(key: str, relation: str) -> Callable[[Fault], str]:
    return lambda fault: f"must be {relation} {fault['ctx'][key]}, not {quoted(fault['input'])}"


def _kind(kind: str) -> Callable[[Fault], str]:
    return lambda fault: f"must be {kind}, not {quoted(fault['input'])}"


def _choice(fault: Fault) -> str:
    return f"must be {fault['ctx']['expected']}, not {quoted(fault['input'])}"


def _length(key: str, relation: str, unit: str) -> Callable[[Fault], str]:
    return lambda fault: f"must hold {relation} {fault['ctx'][key]} {unit}"


WORDS: dict[str, Callable[[Fault], str]] = {
    "missing": lambda fault: "is missing",
    "extra_forbidden": lambda fault: "is no field of this request",
    "less_than_equal": _bound("le", "at most"),
    "less_than": _bound("lt", "below"),
    "greater_than_equal": _bound("ge", "at least"),
    "greater_than": _bound("gt", "above"),
    "int_type": _kind("a whole number"),
    "int_parsing": _kind("a whole number"),
    "int_from_float": _kind("a whole number"),
    "float_type": _kind("a number"),
    "float_parsing": _kind("a number"),
    "finite_number": _kind("a finite number"),
    "bool_type": _kind("true or false"),
    "bool_parsing": _kind("true or false"),
    "string_type": _kind("a text"),
    "list_type": _kind("a list"),
    "dict_type": _kind("a JSON object"),
    "model_type": _kind("a JSON object"),
    "model_attributes_type": _kind("a JSON object"),
    "literal_error": _choice,
    "enum": _choice,
    "string_too_long": _length("max_length", "at most", "characters"),
    "string_too_short": _length("min_length", "at least", "characters"),
    "too_long": _length("max_length", "at most", "entries"),
    "too_short": _length("min_length", "at least", "entries"),
    "string_pattern_mismatch": lambda fault: f"is not in its form: {quoted(fault['input'])}",
    "value_error": lambda fault: str(fault["ctx"]["error"]),
}
"""The words of each kind of fault the request models report."""


def words(fault: Fault) -> str:
    """``fault`` in a player's words: what the field must be, and what it was."""
    say = WORDS.get(fault["type"])
    if say is not None:
        try:
            return say(fault)
        except (KeyError, TypeError):  # a fault without the context its words need
            pass
    text = str(fault.get("msg") or "is not valid").removeprefix("Value error, ")
    return "must be " + text.removeprefix("Input should be ") if text.startswith("Input ") else text
