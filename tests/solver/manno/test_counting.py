"""Exact solution counts from the count-vector histogram (solver/manno/counting.py)."""

from __future__ import annotations

import math
import random

import pytest

from solver.errors import TokenSetError
from solver.manno.counting import CountHistogram, histogram_for
from solver.manno.kinds import KINDS
from solver.manno.sample import random_tasks
from solver.manno.table import TableEngine
from solver.manno.task import parse_task
from solver.manno.tokens import Arrangement, TokenSet, parse_tokens


def test_weights_cover_every_arrangement(tokens: TokenSet) -> None:
    histogram = CountHistogram(tokens)
    assert int(histogram.weights.sum()) == 2**15
    assert len(histogram.vectors) == 2932
    assert (histogram.vectors.sum(axis=1) == 15).all()
    assert len({tuple(v) for v in histogram.vectors.tolist()}) == len(histogram.vectors)


def test_weights_match_enumeration(tokens: TokenSet) -> None:
    seen: dict[tuple[int, ...], int] = {}
    for index in range(2**15):
        counts = tokens.kind_counts(Arrangement.from_index(index, 15))
        seen[counts] = seen.get(counts, 0) + 1
    histogram = CountHistogram(tokens)
    found = {
        tuple(int(n) for n in v): int(w)
        for v, w in zip(histogram.vectors, histogram.weights, strict=True)
    }
    assert found == seen


def test_count_equals_table_on_random_tasks(tokens: TokenSet, table: TableEngine) -> None:
    histogram = histogram_for(tokens)
    tasks = random_tasks(random.Random(20240501), 200)
    mismatches = [
        (str(t), histogram.count(t), int(table.mask(t).sum()))
        for t in tasks
        if histogram.count(t) != int(table.mask(t).sum())
    ]
    assert mismatches == []
    assert any(histogram.count(t) == 0 for t in tasks)
    assert any(histogram.count(t) > 0 for t in tasks)


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("PB=5", 1024),  # the five PB tokens on side 0, the other ten free
        ("PB>=0", 2**15),
        ("PB=0", 1024),
        ("PB=5, TB=5", 0),  # token 1 cannot show both
        ("TY=5, PY=5", 0),
        ("PB=PB", 2**15),
        ("P=T", 0),  # 15 is odd
    ],
)
def test_known_counts(tokens: TokenSet, text: str, count: int) -> None:
    assert CountHistogram(tokens).count(parse_task(text)) == count


def test_doubled_set_counts(tokens: TokenSet) -> None:
    doubled = TokenSet(list(tokens) * 2)
    histogram = CountHistogram(doubled)
    assert int(histogram.weights.sum()) == 2**30
    for n in range(11):  # PB is side 0 of ten tokens; the other twenty are free
        assert histogram.count(parse_task(f"PB={n}")) == math.comb(10, n) * 2**20
    assert histogram.count(parse_task("PB=10, TB=10")) == 0


def test_small_custom_set_by_hand() -> None:
    small = parse_tokens('tokens = [["PB", "TB"], ["PB", "TY"], ["TB", "TY"]]')
    histogram = CountHistogram(small)
    assert int(histogram.weights.sum()) == 8
    assert histogram.count(parse_task("PB=1")) == 4  # 01? or 10?
    assert histogram.count(parse_task("TB=2")) == 2  # 1?0
    assert histogram.count(parse_task("TY>=1")) == 6  # not ?00
    assert histogram.vectors.shape[1] == len(KINDS)


def test_too_many_tokens_to_count(tokens: TokenSet) -> None:
    with pytest.raises(TokenSetError, match="at most 62"):
        CountHistogram(TokenSet(list(tokens) * 5))
    with pytest.raises(TokenSetError, match="too many count vectors"):
        CountHistogram(TokenSet(list(tokens) * 4))


def test_histogram_is_built_once(tokens: TokenSet) -> None:
    assert histogram_for(tokens) is histogram_for(TokenSet(list(tokens)))
