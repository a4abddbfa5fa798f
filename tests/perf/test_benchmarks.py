"""pytest-benchmark timings of hand analysis on the bench's fixed sample.

Disabled by default (`--benchmark-disable` in addopts): each then runs once as a plain test.
Run `pytest tests/perf/test_benchmarks.py --benchmark-enable` to time them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from majiang.analysis import (
    Shape,
    acceptance,
    arrangements,
    is_complete,
    is_winning,
    shanten,
    waits,
)
from majiang.perf.sample import Sample, make_sample

ALL = Shape.ALL


@pytest.fixture(scope="module")
def sample() -> Sample:
    return make_sample(200, warm=0)


def _each(fn: Callable[[list[int]], Any], hands: list[list[int]]) -> Callable[[], list[Any]]:
    return lambda: [fn(c) for c in hands]


def test_win_check(benchmark: Any, sample: Sample) -> None:
    got = benchmark(_each(lambda c: is_winning(c, 0, ALL), sample.win_hands))
    assert all(got[: len(sample.winning14)])


def test_win_check_standard(benchmark: Any, sample: Sample) -> None:
    got = benchmark(_each(is_complete, sample.winning14))
    assert sum(got) >= len(got) * 0.9  # one hand in 20 is seven pairs


def test_win_check_jokers(benchmark: Any, sample: Sample) -> None:
    hands = sample.jokers14
    got = benchmark(lambda: [is_winning(c, j, ALL) for c, j in hands])
    assert all(got[: len(sample.winning14)])


def test_arrangements(benchmark: Any, sample: Sample) -> None:
    got = benchmark(_each(arrangements, sample.winning14))
    assert sum(1 for a in got if a) >= len(got) * 0.9


def test_waits(benchmark: Any, sample: Sample) -> None:
    got = benchmark(_each(lambda c: waits(c, 0, ALL), sample.wait_hands))
    assert all(got[: len(sample.ready13)])


def test_shanten(benchmark: Any, sample: Sample) -> None:
    got = benchmark(_each(lambda c: shanten(c, 0, ALL), sample.shanten_hands))
    assert all(-1 <= s <= 6 for s in got)


def test_acceptance(benchmark: Any, sample: Sample) -> None:
    got = benchmark(_each(lambda c: acceptance(c, shapes=ALL), sample.dealt14[:20]))
    assert all(options for options in got)
