"""Tokens, token sets and arrangements (solver/manno/tokens.py)."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import MonsterError, NotationError, TokenSetError
from solver.files import allow_files
from solver.manno.kinds import GROUPS, KINDS, Kind
from solver.manno.tokens import (
    Arrangement,
    Token,
    TokenSet,
    load_tokens,
    parse_tokens,
    standard_tokens,
)

# The contract's token order, copied from DESIGN.md.
CONTRACT_ORDER = (
    "PB|TB PB|PR PB|TR PB|PY PB|TY TB|PR TB|TR TB|PY TB|TY PR|TR PR|PY PR|TY TR|PY TR|TY PY|TY"
)

SETTINGS = settings(derandomize=True, database=None, max_examples=300, deadline=None)


# --- the standard set ------------------------------------------------------------------------


def test_standard_set_is_the_contract_order(tokens: TokenSet) -> None:
    assert len(tokens) == 15
    assert " ".join(f"{t.side0.name}|{t.side1.name}" for t in tokens) == CONTRACT_ORDER
    assert tokens.name == "standard"


def test_standard_set_has_every_pair_once(tokens: TokenSet) -> None:
    pairs = [frozenset((t.side0, t.side1)) for t in tokens]
    assert all(len(p) == 2 for p in pairs)
    assert sorted(map(sorted, pairs)) == sorted(
        map(sorted, map(frozenset, itertools.combinations(KINDS, 2)))
    )
    on = Counter(k for t in tokens for k in (t.side0, t.side1))
    assert on == dict.fromkeys(KINDS, 5)


def test_side_zero_is_the_first_kind(tokens: TokenSet) -> None:
    token = tokens[9]  # token 10: PR|TR
    assert (token.up(0), token.up(1)) == (Kind.PR, Kind.TR)


@pytest.mark.parametrize(
    ("text", "counts"),
    [
        ("000000000000000", (5, 4, 3, 2, 1, 0)),
        ("111111111111111", (0, 1, 2, 3, 4, 5)),
        ("100000000000000", (4, 5, 3, 2, 1, 0)),
        ("000000000000001", (5, 4, 3, 2, 0, 1)),
    ],
)
def test_kind_counts(tokens: TokenSet, text: str, counts: tuple[int, ...]) -> None:
    assert tokens.kind_counts(Arrangement.parse(text)) == counts


def test_group_count_adds_its_kinds(tokens: TokenSet) -> None:
    zeros = Arrangement.zeros(15)
    assert tokens.group_count(GROUPS["B"], zeros) == 9
    assert tokens.group_count(GROUPS["P"], zeros) == 9
    assert tokens.group_count(GROUPS["T"], zeros) == 6
    assert tokens.group_count(GROUPS["Y"], zeros) == 1


@given(st.integers(0, 2**15 - 1))
@SETTINGS
def test_base_and_delta_give_every_group_count(index: int) -> None:
    tokens = standard_tokens()
    arrangement = Arrangement.from_index(index, 15)
    for group in GROUPS.values():
        linear = tokens.base(group) + sum(
            d * x for d, x in zip(tokens.delta(group), arrangement.sides, strict=True)
        )
        assert linear == tokens.group_count(group, arrangement)


def test_check_rejects_a_wrong_length(tokens: TokenSet) -> None:
    with pytest.raises(NotationError, match="14 tokens, the token set has 15"):
        tokens.kind_counts(Arrangement.zeros(14))


def test_token_set_equality_and_hash(tokens: TokenSet) -> None:
    copy = TokenSet(list(tokens), name="copy")
    assert copy == tokens
    assert hash(copy) == hash(tokens)
    assert TokenSet(list(tokens)[:-1]) != tokens


# --- loading custom sets ---------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _files_the_user_names() -> Iterator[None]:
    """These tests load token files as the command line does."""
    with allow_files():
        yield


def test_a_token_file_is_read_only_where_files_may_be_named(tmp_path: Path) -> None:
    path = tmp_path / "small.toml"
    path.write_text('tokens = [["PB", "TB"]]\n')
    with allow_files(False), pytest.raises(TokenSetError, match="cannot be named here"):
        load_tokens(path)


def test_a_long_arrangement_is_quoted_short() -> None:
    with pytest.raises(NotationError) as info:
        Arrangement.parse("0" * 50_000 + "x")
    assert len(str(info.value)) < 200
    with pytest.raises(NotationError, match="has 1 token, it needs 15 tokens"):
        Arrangement.parse("0", 15)


def test_load_custom_token_set_from_file(tmp_path: Path) -> None:
    path = tmp_path / "small.toml"
    path.write_text('name = "small"\ntokens = [["pb", "ty"], ["TR", "PY"], ["TY", "PB"]]\n')
    tokens = load_tokens(path)
    assert tokens.name == "small"
    assert list(tokens) == [
        Token(Kind.PB, Kind.TY),
        Token(Kind.TR, Kind.PY),
        Token(Kind.TY, Kind.PB),
    ]
    assert tokens.kind_counts(Arrangement.parse("011")) == (2, 0, 0, 0, 1, 0)
    assert tokens.kind_counts(Arrangement.parse("100")) == (0, 0, 0, 1, 0, 2)
    assert load_tokens(str(path)) == tokens


def test_parse_tokens_without_a_name_uses_the_source() -> None:
    assert parse_tokens('tokens = [["PB", "TB"]]', source="mine").name == "mine"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("tokens = [[", "not valid TOML"),
        ("name = 'x'", "needs a list 'tokens'"),
        ("tokens = 'PB TB'", "needs a list 'tokens'"),
        ('tokens = [["PB", "XX"]]', "unknown kind 'XX'"),
        ('tokens = [["PB", "TB"], ["PR", "PR"]]', "token 2 shows PR on both sides"),
        ('tokens = [["PB"]]', "token 1 .* must be two kind names"),
        ('tokens = [["PB", "TB", "PR"]]', "must be two kind names"),
        ('tokens = [["PB", 3]]', "must be two kind names"),
        ("tokens = []", "at least one token"),
    ],
)
def test_bad_token_sets(text: str, message: str) -> None:
    with pytest.raises(TokenSetError, match=message) as info:
        parse_tokens(text)
    assert isinstance(info.value, MonsterError)
    assert isinstance(info.value, ValueError)


def test_bad_token_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('tokens = [["PB", "PB"]]\n')
    with pytest.raises(TokenSetError, match="both sides"):
        load_tokens(path)
    with pytest.raises(TokenSetError, match="cannot read"):
        load_tokens(tmp_path / "missing.toml")


# --- arrangements ----------------------------------------------------------------------------

arrangements: st.SearchStrategy[Arrangement] = st.lists(
    st.integers(0, 1), min_size=1, max_size=40
).map(lambda sides: Arrangement(tuple(sides)))


@given(arrangements)
@SETTINGS
def test_arrangement_text_round_trips(arrangement: Arrangement) -> None:
    assert Arrangement.parse(str(arrangement)) == arrangement
    assert Arrangement.parse(str(arrangement), len(arrangement)) == arrangement
    assert eval(repr(arrangement), {"Arrangement": Arrangement}) == arrangement


@given(arrangements)
@SETTINGS
def test_arrangement_index_round_trips(arrangement: Arrangement) -> None:
    assert 0 <= arrangement.index < 2 ** len(arrangement)
    assert Arrangement.from_index(arrangement.index, len(arrangement)) == arrangement


@given(arrangements, st.data())
@SETTINGS
def test_arrangement_ignores_spaces(arrangement: Arrangement, data: st.DataObject) -> None:
    text = "".join(
        data.draw(st.sampled_from(["", " ", "  ", "\t"])) + str(side) for side in arrangement.sides
    )
    assert Arrangement.parse(text + data.draw(st.sampled_from(["", " "]))) == arrangement


@given(arrangements, st.data())
@SETTINGS
def test_flipped_and_diff_agree(arrangement: Arrangement, data: st.DataObject) -> None:
    numbers = data.draw(st.sets(st.integers(1, len(arrangement))))
    turned = arrangement.flipped(sorted(numbers))
    assert turned.diff(arrangement) == tuple(sorted(numbers))
    assert turned.flipped(sorted(numbers)) == arrangement


def test_index_puts_token_one_first() -> None:
    assert Arrangement.parse("100").index == 4
    assert Arrangement.from_index(1, 15) == Arrangement.parse("000000000000001")
    assert Arrangement.zeros(15).index == 0


@pytest.mark.parametrize(
    ("text", "size", "column", "message"),
    [
        ("0000", 15, 5, "has 4 tokens, it needs 15 tokens"),
        ("0" * 16, 15, 16, "more than 15 tokens"),
        ("0002", 15, 4, "bad side '2'"),
        ("01x1", None, 3, "bad side 'x'"),
        ("", 15, 1, "has 0 tokens"),
        ("   ", None, 4, "needs at least one token"),
        ("0000 0000 0000 00", 15, 18, "has 14 tokens"),
    ],
)
def test_arrangement_errors(text: str, size: int | None, column: int, message: str) -> None:
    with pytest.raises(NotationError, match=message) as info:
        Arrangement.parse(text, size)
    assert info.value.column == column
    assert isinstance(info.value, MonsterError)
    assert isinstance(info.value, ValueError)


def test_token_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes('name = "caf\xe9"\ntokens = [["PB", "TB"]]\n'.encode("latin-1"))
    with pytest.raises(TokenSetError, match="is not UTF-8 text"):
        load_tokens(path)
