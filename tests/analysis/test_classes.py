"""The class tables behind shanten: ids fit their bit fields, and records add up as documented."""

from __future__ import annotations

from hypothesis import given, settings

from majiang.analysis import Shape, shanten
from majiang.analysis import classes as c
from majiang.analysis.table import NONE, PATH, _read
from majiang.tiles import TERMINALS_AND_HONORS

from .strategies import orphans_hand, random_hand, seven_pairs_hand


def test_suit_classes_fit_their_bits() -> None:
    """Every suit pattern of at most 14 tiles has a class id below 2**SUIT_BITS in its kind."""
    _loose, _exact, numbered, _, honours, *_ = _read(PATH.read_bytes())
    for table in (numbered, honours):
        assert len(set(table) - {NONE}) <= 1 << c.SUIT_BITS


def test_records_stay_one_digit_ints() -> None:
    """A 14-tile hand's x + y stays below 2**30 unless four kinds hold orphan pairs."""
    top = (14 | 7 << c.PAIRS | 13 << c.ORPHANS | 3 << c.ORPHAN_PAIRS) << c.COUNTERS
    assert top + 2 * c.LOW < 1 << 30


@settings(max_examples=150, deadline=None)
@given(random_hand((1, 2, 13, 14)) | seven_pairs_hand() | orphans_hand())
def test_counters_add_up(counts: list[int]) -> None:
    b = bytes(counts)
    shanten(counts, 0, Shape.ALL)  # fills the tables
    x = c.SUIT_L[b[:9]] + c.SUIT_R[b[9:18]]
    y = c.SUIT_L[b[18:27]] + c.SUIT_R[b[27:]]
    counters = (x + y) >> c.COUNTERS
    assert counters & c.TILE_MASK == sum(counts)
    assert counters >> c.PAIRS & 7 == sum(n >> 1 for n in counts)
    ends = [counts[t] for t in TERMINALS_AND_HONORS]
    assert counters >> c.ORPHANS & 15 == sum(1 for n in ends if n)
    assert counters >> c.ORPHAN_PAIRS & 7 == sum(1 for n in ends if n >= 2)
