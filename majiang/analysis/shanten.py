"""Shanten (tiles away from ready), waits and tile acceptance.

Shanten counts the fewest tile exchanges from ready: -1 is complete, 0 is ready. For the standard
shape it is the fewest tiles to add (surplus thrown away) so the hand holds n sets and a pair,
minus the jokers, minus one; no kind is ever needed a fifth time.
"""

from __future__ import annotations

from collections.abc import Sequence

from majiang.analysis.distance import INF, suit_vector
from majiang.analysis.groups import Counts, DiscardOption, Shape
from majiang.analysis.win import (
    counts_bytes,
    is_winning,
    seven_pairs_need,
    thirteen_orphans_need,
)

_ALL_KINDS = tuple(range(34))


def _merge(x: Sequence[int], y: Sequence[int]) -> list[int]:
    """Min-plus merge of two (sets, sets+pair) vectors of 10."""
    out = [INF] * 10
    for i in range(5):
        xi = x[i]
        xpi = x[5 + i]
        for j in range(5 - i):
            k = i + j
            v = xi + y[j]
            if v < out[k]:
                out[k] = v
            v = min(xpi + y[j], xi + y[5 + j])
            if v < out[5 + k]:
                out[5 + k] = v
    return out


def standard_need(b: bytes, sets: int) -> int:
    """Fewest tiles to add to hold `sets` sets and a pair (b: 34 count bytes)."""
    v = _merge(_merge(suit_vector(b[0:9]), suit_vector(b[9:18])),
               _merge(suit_vector(b[18:27]), suit_vector(b[27:34])))
    return v[5 + sets] if sets <= 4 else INF


def shanten(counts: Counts, jokers: int = 0, shapes: Shape = Shape.STANDARD) -> int:
    """Shanten of a 3n+1 or 3n+2 hand (declared sets absent): the min over the shapes asked."""
    b = counts_bytes(counts)
    total = sum(b) + jokers
    if total % 3 == 0:
        raise ValueError(f"shanten needs a 3n+1 or 3n+2 hand, got {total} tiles")
    best = INF
    if shapes & Shape.STANDARD:
        best = standard_need(b, total // 3)
    if total >= 13:
        if shapes & Shape.SEVEN_PAIRS:
            best = min(best, seven_pairs_need(b))
        if shapes & Shape.THIRTEEN_ORPHANS:
            best = min(best, thirteen_orphans_need(b))
    if best >= INF:
        raise ValueError(f"no shape asked for fits a hand of {total} tiles")
    return max(best - jokers, 0) - 1


def waits(counts: Counts, jokers: int = 0, shapes: Shape = Shape.STANDARD) -> list[int]:
    """Kinds that complete a 3n+1 hand (never a fifth copy; copies left are not checked)."""
    b = counts_bytes(counts)
    total = sum(b) + jokers
    if total % 3 != 1:
        raise ValueError(f"waits needs a 3n+1 hand, got {total} tiles")
    hand = bytearray(b)
    out: list[int] = []
    for t in _ALL_KINDS:
        if hand[t] >= 4:
            continue
        hand[t] += 1
        if is_winning(hand, jokers, shapes):
            out.append(t)
        hand[t] -= 1
    return out


def acceptance(
    counts: Counts,
    unseen: Counts | None = None,
    jokers: int = 0,
    shapes: Shape = Shape.STANDARD,
    kinds: Sequence[int] | None = None,
) -> list[DiscardOption]:
    """For a 3n+2 hand, every distinct discard with its shanten and the draws that lower it.

    `unseen` counts the copies still out of sight (default 4 - counts); `kinds` restricts the
    draws to a ruleset's tile set. Sorted best first: lowest shanten, then most unseen copies.
    """
    b = counts_bytes(counts)
    total = sum(b) + jokers
    if total % 3 != 2:
        raise ValueError(f"acceptance needs a 3n+2 hand, got {total} tiles")
    left = [4 - c for c in b] if unseen is None else list(unseen)
    if len(left) != 34:
        raise ValueError(f"unseen must have 34 entries, got {len(left)}")
    draws = _ALL_KINDS if kinds is None else tuple(sorted(set(kinds)))
    hand = bytearray(b)
    options: list[DiscardOption] = []
    for d in _ALL_KINDS:
        if not hand[d]:
            continue
        hand[d] -= 1
        base = shanten(hand, jokers, shapes)
        better: list[int] = []
        count = 0
        for t in draws:
            if hand[t] >= 4 or t == d:
                continue
            hand[t] += 1
            if shanten(hand, jokers, shapes) < base:
                better.append(t)
                count += max(left[t], 0)
            hand[t] -= 1
        hand[d] += 1
        options.append(DiscardOption(d, base, tuple(better), count))
    options.sort(key=lambda o: (o.shanten, -o.count, o.discard))
    return options
