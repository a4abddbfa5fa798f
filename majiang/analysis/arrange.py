"""Every arrangement of a complete hand into one pair and sets, with what each joker became."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement, product

from majiang.analysis.distance import joker_need
from majiang.analysis.groups import Arrangement, Counts, Group, counts_bytes
from majiang.analysis.suit import COMPLETE, DECOMPOSITIONS, Split, wild_tables

_SUITS = ((0, 9), (9, 18), (18, 27), (27, 34))
_NO_SPLIT: list[Split] = []


def arrangements(counts: Counts, jokers: int = 0) -> list[Arrangement]:
    """Every distinct standard decomposition (empty if none), sorted.

    With jokers, one arrangement per way of reading the jokers; `jokers` of each arrangement says
    which kinds they stand for.
    """
    b = counts_bytes(counts)
    if jokers < 0:
        raise ValueError(f"jokers must be >= 0, got {jokers}")
    if not jokers:
        per_suit = [DECOMPOSITIONS.get(b[lo:hi], _NO_SPLIT) for lo, hi in _SUITS]
        return sorted(_combine(per_suit, ()))
    if (sum(b) + jokers) % 3 != 2:
        return []
    found: set[Arrangement] = set()
    for readings in _joker_readings(b, jokers):
        filled = bytearray(b)
        for t in readings:
            filled[t] += 1
        per_suit = [_splits(bytes(filled[lo:hi])) for lo, hi in _SUITS]
        found.update(_combine(per_suit, readings))
    return sorted(found)


def _splits(key: bytes) -> list[Split]:
    got = DECOMPOSITIONS.get(key)
    if got is None and max(key, default=0) > 4:  # a wildcard as a fifth copy (wuhan 4.3)
        got = wild_tables()[1].get(key)
    return got or _NO_SPLIT


def _combine(per_suit: list[list[Split]], jokers: tuple[int, ...]) -> list[Arrangement]:
    if not all(per_suit):
        return []
    out: list[Arrangement] = []
    for choice in product(*per_suit):
        pairs = [
            lo + pair for (lo, _), (pair, _) in zip(_SUITS, choice, strict=True) if pair >= 0
        ]
        if len(pairs) != 1:
            continue
        sets = tuple(
            sorted(
                Group(kind, tile + lo)
                for (lo, _), (_, groups) in zip(_SUITS, choice, strict=True)
                for kind, tile in groups
            )
        )
        out.append(Arrangement(pairs[0], sets, jokers))
    return out


@lru_cache(maxsize=1 << 16)
def _suit_fills(key: bytes, jokers: int, lo: int) -> dict[int, list[tuple[int, ...]]]:
    """By how many jokers go to this suit (at most `jokers`), the sorted kinds they can stand
    for that complete it (cached per suit key: a hand's readings combine its four suits')."""
    by_count: dict[int, list[tuple[int, ...]]] = {}
    wild = max(key, default=0) + jokers > 4  # a joker may be a fifth copy (wuhan 4.3)
    low = 0 if wild else joker_need(key)[0] + min(joker_need(key)[1], 0)
    for x in range(max(low, 0), jokers + 1):
        for kinds in combinations_with_replacement(range(len(key)), x):
            filled = bytearray(key)
            for t in kinds:
                filled[t] += 1
            done = bytes(filled)
            if done in COMPLETE or (wild and max(done) > 4 and done in wild_tables()[0]):
                by_count.setdefault(x, []).append(tuple(t + lo for t in kinds))
    return by_count


def _joker_readings(b: bytes, jokers: int) -> list[tuple[int, ...]]:
    """Every sorted tuple of kinds the jokers can stand for that makes the hand complete."""
    options = [_suit_fills(b[lo:hi], jokers, lo) for lo, hi in _SUITS]
    readings: list[tuple[int, ...]] = []
    for split in product(range(jokers + 1), repeat=4):
        if sum(split) != jokers:
            continue
        lists = [opt.get(x) for opt, x in zip(options, split, strict=True)]
        if not all(lists):
            continue
        for parts in product(*lists):  # type: ignore[arg-type]
            readings.append(tuple(t for part in parts for t in part))
    return readings
