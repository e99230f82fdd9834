"""Kinds, colours, shapes and groups (solver/manno/kinds.py)."""

from __future__ import annotations

import pytest

from solver.errors import MonsterError, NotationError
from solver.manno.kinds import GROUPS, KINDS, Kind, parse_group


def test_kinds_in_contract_order() -> None:
    assert [k.name for k in KINDS] == ["PB", "TB", "PR", "TR", "PY", "TY"]
    assert [int(k) for k in KINDS] == [0, 1, 2, 3, 4, 5]


@pytest.mark.parametrize(
    ("kind", "shape", "colour", "label"),
    [
        (Kind.PB, "P", "B", "plump blue"),
        (Kind.TB, "T", "B", "thin blue"),
        (Kind.PR, "P", "R", "plump red"),
        (Kind.TR, "T", "R", "thin red"),
        (Kind.PY, "P", "Y", "plump yellow"),
        (Kind.TY, "T", "Y", "thin yellow"),
    ],
)
def test_kind_shape_colour_label(kind: Kind, shape: str, colour: str, label: str) -> None:
    assert (kind.shape, kind.colour, kind.label) == (shape, colour, label)


def test_eleven_groups_with_their_kinds() -> None:
    expected = {
        "PB": "PB",
        "TB": "TB",
        "PR": "PR",
        "TR": "TR",
        "PY": "PY",
        "TY": "TY",
        "B": "PB TB",
        "R": "PR TR",
        "Y": "PY TY",
        "P": "PB PR PY",
        "T": "TB TR TY",
    }
    assert {name: " ".join(k.name for k in g.kinds) for name, g in GROUPS.items()} == expected
    assert all(g.name == name for name, g in GROUPS.items())


@pytest.mark.parametrize(
    ("name", "label"),
    [
        ("PB", "plump blue"),
        ("TY", "thin yellow"),
        ("B", "blue"),
        ("R", "red"),
        ("Y", "yellow"),
        ("P", "plump"),
        ("T", "thin"),
    ],
)
def test_group_labels(name: str, label: str) -> None:
    assert GROUPS[name].label == label
    assert str(GROUPS[name]) == name


@pytest.mark.parametrize("text", ["pb", "Pb", " PB ", "pB"])
def test_parse_group_is_case_free(text: str) -> None:
    assert parse_group(text) is GROUPS["PB"]


def test_group_repr_rebuilds_it() -> None:
    group = GROUPS["TR"]
    assert eval(repr(group), {"parse_group": parse_group}) == group


@pytest.mark.parametrize(("text", "suggestion"), [("BP", "PB"), ("yt", "TY"), ("RP", "PR")])
def test_reversed_kind_suggests_the_right_one(text: str, suggestion: str) -> None:
    with pytest.raises(NotationError, match=f"did you mean '{suggestion}'"):
        parse_group(text)


def test_unknown_group_lists_the_groups_and_keeps_the_column() -> None:
    with pytest.raises(NotationError) as info:
        parse_group("PX", column=7)
    assert info.value.column == 7
    assert "PB TB PR TR PY TY B R Y P T" in str(info.value)
    assert "'PX'" in str(info.value)
    assert str(info.value).endswith("at column 7")
    assert isinstance(info.value, MonsterError)
    assert isinstance(info.value, ValueError)
