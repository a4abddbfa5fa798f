"""The fixed, seeded sample of hands every implementation sees, and the runner type.

A runner does one pass over its share of a sample and returns how many operations it did; a case
builds its runner from a sample (`Make`), raising ImportError when its library is not installed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

SEED = 20240601

# One pass over a sample: returns how many operations it did.
Runner = Callable[[], int]
Make = Callable[["Sample"], Runner]


@dataclass
class Sample:
    """The hands every implementation sees.

    `winning14`: complete 14-tile hands (four random sets and a pair, one in 20 seven pairs);
    `near14`: each of them with one tile swapped for another kind; `dealt14`, `dealt13`: random
    deals from a shuffled 136-tile wall; `ready13`: complete hands minus one tile; `jokers14`: the
    win-check hands with one or two tiles turned into jokers. `warm` is a different sample of
    the same kinds, run once before timing so that lazily filled tables and caches are warm
    without having seen the timed hands (`warming` marks it: whole-hand cases play
    `hands.WARM_HANDS` hands of their own seeds in that pass).
    """

    winning14: list[list[int]]
    near14: list[list[int]]
    dealt14: list[list[int]]
    dealt13: list[list[int]]
    ready13: list[list[int]]
    jokers14: list[tuple[list[int], int]]
    warm: Sample | None = None
    warming: bool = False

    @property
    def win_hands(self) -> list[list[int]]:
        return self.winning14 + self.near14

    @property
    def wait_hands(self) -> list[list[int]]:
        return self.ready13 + self.dealt13

    @property
    def shanten_hands(self) -> list[list[int]]:
        return self.dealt14 + self.dealt13


_SETS = [(0, t) for t in range(34)] + [(1, s * 9 + i) for s in range(3) for i in range(7)]


def _winning(rng: random.Random) -> list[int]:
    while True:
        c = [0] * 34
        if rng.random() < 0.05:
            for t in rng.sample(range(34), 7):
                c[t] = 2
            return c
        for kind, t in (rng.choice(_SETS) for _ in range(4)):
            if kind == 0:
                c[t] += 3
            else:
                c[t] += 1
                c[t + 1] += 1
                c[t + 2] += 1
        c[rng.randrange(34)] += 2
        if max(c) <= 4:
            return c


def _swap(rng: random.Random, hand: list[int]) -> list[int]:
    c = list(hand)
    held = [t for t in range(34) if c[t]]
    out = rng.choice(held)
    into = rng.choice([t for t in range(34) if t != out and c[t] < 4])
    c[out] -= 1
    c[into] += 1
    return c


def _remove(rng: random.Random, hand: list[int], n: int) -> list[int]:
    c = list(hand)
    for _ in range(n):
        c[rng.choice([t for t in range(34) if c[t]])] -= 1
    return c


def _deal(rng: random.Random, size: int) -> list[int]:
    c = [0] * 34
    for tile in rng.sample(range(136), size):
        c[tile // 4] += 1
    return c


def make_sample(hands: int, seed: int = SEED, warm: int = 2000) -> Sample:
    """`hands` hands of each kind (the win and wait samples hold twice that), and a warm-up
    sample of `warm` hands of each kind from another seed (none if 0)."""
    rng = random.Random(seed)
    winning = [_winning(rng) for _ in range(hands)]
    jokers = []
    for hand in winning + [_swap(rng, h) for h in winning]:
        n = rng.choice((1, 2))
        jokers.append((_remove(rng, hand, n), n))
    sample = Sample(
        winning14=winning,
        near14=[_swap(rng, h) for h in winning],
        dealt14=[_deal(rng, 14) for _ in range(hands)],
        dealt13=[_deal(rng, 13) for _ in range(hands)],
        ready13=[_remove(rng, _winning(rng), 1) for _ in range(hands)],
        jokers14=jokers,
    )
    if warm:
        sample.warm = make_sample(warm, seed + 1, warm=0)
        sample.warm.warming = True
    return sample


def tile_ids(counts: list[int]) -> list[int]:
    """136-tile ids (kind * 4 + copy) of a count vector, for riichienv."""
    return [4 * t + i for t in range(34) for i in range(counts[t])]
