"""Hypothesis strategies for hands: random, near-complete, with jokers and declared sets."""

from __future__ import annotations

from hypothesis import strategies as st

from majiang.tiles import TERMINALS_AND_HONORS

from .reference import ALL_SETS, group_tiles


def _counts(tiles: list[int]) -> list[int] | None:
    c = [0] * 34
    for t in tiles:
        c[t] += 1
    return c if max(c) <= 4 else None


@st.composite
def random_hand(draw: st.DrawFn, sizes: tuple[int, ...], narrow: bool = False) -> list[int]:
    """Random tiles (no kind more than four times); `narrow` keeps them in few kinds."""
    size = draw(st.sampled_from(sizes))
    pool = range(34)
    if narrow:
        start = draw(st.sampled_from([0, 9, 18, 27]))
        pool = range(start, start + 9) if start < 27 else range(27, 34)
    tiles = draw(st.lists(st.sampled_from(list(pool)), min_size=size, max_size=size))
    c = [0] * 34
    for t in tiles:
        while c[t] >= 4:  # a fifth copy moves on to the next kind with room
            t = (t + 1) % 34
        c[t] += 1
    return c


@st.composite
def complete_hand(draw: st.DrawFn, max_sets: int = 4) -> list[int]:
    """A complete standard hand of n <= max_sets sets and a pair (declared sets absent)."""
    n = draw(st.integers(0, max_sets))
    for _ in range(20):
        sets = draw(st.lists(st.sampled_from(ALL_SETS), min_size=n, max_size=n))
        pair = draw(st.integers(0, 33))
        tiles = [pair, pair] + [t for g in sets for t in group_tiles(g)]
        c = _counts(tiles)
        if c is not None:
            return c
    return [0] * 34 if n else [2] + [0] * 33


@st.composite
def seven_pairs_hand(draw: st.DrawFn) -> list[int]:
    """Seven pairs, sometimes with a four of a kind standing for two of them."""
    kinds = draw(st.lists(st.integers(0, 33), min_size=7, max_size=7, unique=True))
    if draw(st.booleans()):
        kinds[-1] = kinds[0]
    c = [0] * 34
    for t in kinds:
        c[t] += 2
    return c


@st.composite
def orphans_hand(draw: st.DrawFn) -> list[int]:
    c = [0] * 34
    for t in TERMINALS_AND_HONORS:
        c[t] = 1
    c[draw(st.sampled_from(TERMINALS_AND_HONORS))] += 1
    return c


@st.composite
def with_jokers(draw: st.DrawFn, hand: st.SearchStrategy[list[int]], most: int) -> tuple[
    list[int], int
]:
    """A hand with up to `most` of its tiles (or added kinds) turned into jokers."""
    c = list(draw(hand))
    jokers = draw(st.integers(0, most))
    tiles = [t for t in range(34) for _ in range(c[t])]
    jokers = min(jokers, len(tiles))
    if jokers:
        removed = draw(st.permutations(tiles))[:jokers]
        for t in removed:
            c[t] -= 1
    return c, jokers


@st.composite
def perturbed(draw: st.DrawFn, hand: st.SearchStrategy[list[int]]) -> list[int]:
    """A hand with one tile swapped for another kind (often just short of complete)."""
    c = list(draw(hand))
    held = [t for t in range(34) if c[t]]
    if not held:
        return c
    out = draw(st.sampled_from(held))
    into = draw(st.sampled_from([t for t in range(34) if c[t] < 4 or t == out]))
    c[out] -= 1
    c[into] += 1
    return c
