"""The shipped suit table agrees with the dynamic program it was built from."""

from __future__ import annotations

import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang.analysis import table
from majiang.analysis.accept import slot_masks
from majiang.analysis.distance import INF, _from_blocks, merge

numeric = st.lists(st.integers(0, 4), min_size=9, max_size=9).filter(lambda c: sum(c) <= 14)
honours = st.lists(st.integers(0, 4), min_size=7, max_size=7).filter(lambda c: sum(c) <= 14)


@pytest.mark.skipif(not table.PATH.exists(), reason="no shipped suit table")
@settings(max_examples=300, deadline=None)
@given(st.one_of(numeric, honours), st.sampled_from([0, 1]))
def test_table_matches_dynamic_program(counts: list[int], exact: int) -> None:
    key = bytes(counts)
    assert table.lookup(key, exact) == _from_blocks(key, exact)


def test_index_is_base_five() -> None:
    assert table.index(bytes([1, 2, 0, 0, 0, 0, 0, 0, 4])) == 1 + 2 * 5 + 4 * 5**8


def test_bad_file_is_refused() -> None:
    with pytest.raises(ValueError):
        table._read(zlib.compress(b"not a table"))


@pytest.mark.skipif(not table.PATH.exists(), reason="no shipped suit table")
@settings(max_examples=300, deadline=None)
@given(st.one_of(numeric, honours))
def test_shipped_slot_masks_match_the_neighbours_vectors(counts: list[int]) -> None:
    key = bytes(counts)
    assert table.slots(key) == slot_masks(key)


vectors = st.lists(st.one_of(st.integers(0, 14), st.just(INF)), min_size=10, max_size=10)


@settings(max_examples=300, deadline=None)
@given(vectors, vectors)
def test_merge_is_the_min_plus_convolution(x: list[int], y: list[int]) -> None:
    expected = [INF] * 10
    for i in range(5):
        for j in range(5 - i):
            expected[i + j] = min(expected[i + j], x[i] + y[j], INF)
            expected[5 + i + j] = min(expected[5 + i + j], x[5 + i] + y[j], x[i] + y[5 + j], INF)
    assert merge(tuple(x), tuple(y)) == tuple(expected)
