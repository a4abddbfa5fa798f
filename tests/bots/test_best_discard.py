"""The table-driven best_discard, compiled and pure, makes the same choice as the shanten-call
reference."""

from __future__ import annotations

import contextlib
import random

import pytest

from majiang.analysis import Shape, compiled
from majiang.bots.efficient import best_discard, best_discard_slow


@pytest.mark.parametrize("path", ["compiled", "pure"])
@pytest.mark.parametrize("shapes", [Shape.STANDARD, Shape.ALL, Shape.STANDARD | Shape.SEVEN_PAIRS])
def test_best_discard_matches_the_reference(shapes: Shape, path: str) -> None:
    assert compiled.ready()
    with compiled.pure() if path == "pure" else contextlib.nullcontext():
        _check_against_the_reference(shapes)


def _check_against_the_reference(shapes: Shape) -> None:
    rng = random.Random(f"best/{int(shapes)}")
    wall = [t for t in range(34) for _ in range(4)]
    for _ in range(1500):
        size = rng.choice([14, 11, 8, 5, 2])
        counts = [0] * 34
        tiles = rng.sample(wall, size) if rng.random() < 0.5 else rng.sample(wall[:36] * 1, size)
        for t in tiles:
            counts[t] += 1
        held = [t for t in range(34) if counts[t]]
        discards = held if rng.random() < 0.7 else rng.sample(held, max(1, len(held) // 2))
        unseen = [max(0, 4 - counts[t] - rng.randrange(3)) for t in range(34)]
        assert best_discard(list(counts), discards, unseen, shapes) == best_discard_slow(
            list(counts), discards, unseen, shapes)
