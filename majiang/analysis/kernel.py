"""The compiled acceptance kernel (numba): see `compiled`, which imports this on first use."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np
from numba import njit

from majiang.tiles import TERMINALS_AND_HONORS

F = TypeVar("F", bound=Callable[..., Any])
INF = 99  # as distance.INF: a need no hand reaches
ALL = (1 << 34) - 1
ORPHAN_MASK = sum(1 << t for t in TERMINALS_AND_HONORS)
_SUIT = (1 << 9) - 1
# _LEFT[i, j]: the two suits other than i and j
_LEFT = np.array([[[s for s in range(4) if s not in (i, j)][:2] if i != j else [0, 0]
                   for j in range(4)] for i in range(4)], np.int64)


def _jit(inline: bool = False) -> Callable[[F], F]:
    """numba's njit, cached on disk."""
    def wrap(f: F) -> F:
        return cast(F, njit(cache=True, inline="always" if inline else "never")(f))
    return wrap


@_jit(inline=True)
def _merge(x: Any, y: Any, out: Any) -> None:
    """Min-plus merge of two suit vectors into `out` (as `distance.merge`)."""
    for k in range(5):
        low = INF
        for i in range(k + 1):
            v = x[i] + y[k - i]
            if v < low:
                low = v
        out[k] = low
        low = INF
        for i in range(k + 1):
            v = x[5 + i] + y[k - i]
            if v < low:
                low = v
            v = x[i] + y[5 + k - i]
            if v < low:
                low = v
        out[5 + k] = low


@_jit(inline=True)
def _popcount(x: int) -> int:
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56 & 0xFF


@_jit(inline=True)
def _tight(v: Any, rest: Any, n: int, need: int, slots: Any, sid: int) -> int:
    """The OR of the slot masks of v's entries that reach `need` against `rest`."""
    mask: Any = 0  # slots are uint16: widened to int64 as they are ORed in
    for k in range(n + 1):
        if v[k] + rest[5 + n - k] == need:
            mask |= np.int64(slots[sid, k])
        if v[5 + k] + rest[n - k] == need:
            mask |= np.int64(slots[sid, 5 + k])
    return int(mask)


@_jit(inline=True)
def _around(c: Any, i: int) -> int:
    """The kinds of suit i within two of a held tile (honours: the held ones), as a mask."""
    got = 0
    lo = 9 * i
    for p in range(9 if i < 3 else 7):
        if c[lo + p]:
            if i == 3:
                got |= 1 << p
            else:
                for q in range(max(0, p - 2), min(8, p + 2) + 1):
                    got |= 1 << q
    return got


@_jit()
def kernel(hand: Any, left: Any, allowed: int, wanted: int, bits: int, near: int, vectors: Any,
           entries: Any, slots: Any, out: Any) -> int:
    """Every distinct discard of the 34-count `hand` as the first rows of `out` (discard,
    shanten, mask of the better draws, their unseen copies, rank), sorted by rank; returns
    how many (-1: not a 3n+2 hand of at most 14 tiles and 4 of a kind, `left` shorter than 34,
    or, unless `wanted` is every kind, a wanted discard not held).
    `left`: unseen copies per kind (empty: 4 - held; past 34 entries, the kinds seen, one
    entry a tile, to take off the first 34); `allowed`: the kinds a draw may be;
    `wanted`: the kinds whose discard is worked out;
    `near`: count only the copies of kinds next to a tile held after the discard (within two
    in its suit, an honour held; every orphan when bits has thirteen orphans), the efficient
    bot's tie-break."""
    c = np.empty(34, np.int64)
    total = 0
    for t in range(34):
        c[t] = hand[t]
        total += c[t]
    held = 0
    for t in range(34):
        if c[t] > 4:
            return -1
        held |= (1 if c[t] else 0) << t
    if total % 3 != 2 or total > 14 or (wanted != ALL and wanted & ~held) or 0 < len(left) < 34:
        return -1
    n = (total - 2) // 3
    key = np.zeros(4, np.int64)
    pow5 = 1
    for t in range(34):
        if t % 9 == 0:
            pow5 = 1
        key[t // 9] += c[t] * pow5
        pow5 *= 5
    key[3] += 5**9  # the honours' entries follow the numbered suits'
    vec = np.empty((4, 10), np.int64)
    sid = np.empty(4, np.int64)
    for s in range(4):
        entry = entries[key[s]]
        vec[s, :] = vectors[entry & 255]
        sid[s] = entry >> 8
    two = np.empty((4, 4, 10), np.int64)  # two[a, b]: suits a and b merged
    for a in range(4):
        for b in range(a + 1, 4):
            _merge(vec[a], vec[b], two[a, b])
            two[b, a, :] = two[a, b, :]
    # unseen copies as three bit planes, for counting a mask's copies with popcounts
    plane0 = plane1 = plane2 = 0
    pairs = present = orphan_pairs = odd = four = 0
    unseen = np.empty(34, np.int64)
    for t in range(34):
        unseen[t] = left[t] if len(left) else 4 - c[t]
    for q in range(34, len(left)):  # copies, then the tiles seen: take those off
        if left[q] < 34:
            unseen[left[q]] -= 1
    for t in range(34):
        x = min(max(unseen[t], 0), 7)
        plane0 |= (x & 1) << t
        plane1 |= (x >> 1 & 1) << t
        plane2 |= (x >> 2 & 1) << t
        pairs += c[t] >> 1
        odd |= (c[t] & 1) << t
        four |= (1 if c[t] == 4 else 0) << t
        if ORPHAN_MASK >> t & 1:
            present += 1 if c[t] else 0
            orphan_pairs += 1 if c[t] >= 2 else 0
    around = np.empty(4, np.int64)  # per suit, the kinds near a held tile, as a mask
    for s in range(4):
        around[s] = _around(c, s) if near else 0
    others = total == 14 and bits & 6 != 0
    rest = np.empty(10, np.int64)
    cross_rest = np.empty(10, np.int64)
    v = np.empty(10, np.int64)
    seen_class = np.empty(9, np.int64)
    seen_cross = np.empty(9, np.int64)
    rows = 0
    for i in range(4):
        if key[i] == (5**9 if i == 3 else 0):
            continue
        j0 = 1 if i == 0 else 0  # the rest of suit i: one other suit and the two left
        _merge(vec[j0], two[_LEFT[i, j0, 0], _LEFT[i, j0, 1]], rest)
        seen = 0
        pow5 = 1
        for p in range(9 if i < 3 else 7):
            d = 9 * i + p
            if c[d] and wanted >> d & 1:
                less = key[i] - pow5
                entry = entries[less]
                cls = entry & 255
                v[:] = vectors[cls]
                std = INF
                for k in range(n + 1):
                    std = min(std, v[k] + rest[5 + n - k], v[5 + k] + rest[n - k])
                need, mask = INF, 0
                if bits & 1:
                    need = std
                    mask = _tight(v, rest, n, need, slots, entry >> 8) << 9 * i
                    cross = -1
                    for q in range(seen):  # discards leaving one class share the cross masks
                        if seen_class[q] == cls:
                            cross = seen_cross[q]
                    if cross < 0:
                        cross = 0
                        for j in range(4):
                            if j != i:
                                _merge(v, two[_LEFT[i, j, 0], _LEFT[i, j, 1]], cross_rest)
                                cross |= _tight(vec[j], cross_rest, n, need, slots,
                                                sid[j]) << 9 * j
                        seen_class[seen], seen_cross[seen] = cls, cross
                        seen += 1
                    mask |= cross
                if others:
                    left_pairs = pairs - (1 if c[d] % 2 == 0 else 0)
                    singles = 13 - 2 * left_pairs
                    missing = 7 - left_pairs
                    seven = missing + max(0, missing - singles) if bits & 2 else INF
                    orphan = ORPHAN_MASK >> d & 1
                    has_pair = orphan_pairs - (1 if orphan and c[d] == 2 else 0) > 0
                    kinds = present - (1 if orphan and c[d] == 1 else 0)
                    orphans = 14 - kinds - (1 if has_pair else 0) if bits & 4 else INF
                    best = min(need, seven, orphans)
                    if best < need:
                        need, mask = best, 0
                    if seven == best and missing:
                        mask |= (ALL & ~four) if missing > singles else odd
                    if orphans == best:
                        mask |= (ORPHAN_MASK & ~held) if has_pair else ORPHAN_MASK
                mask &= ~(1 << d) & allowed
                counted = mask
                if near:
                    if c[d] == 1:
                        c[d] = 0
                        counted &= ~(_SUIT << 9 * i) | _around(c, i) << 9 * i
                        c[d] = 1
                    else:
                        counted &= ~(_SUIT << 9 * i) | around[i] << 9 * i
                    for j in range(4):
                        if j != i:
                            counted &= ~(_SUIT << 9 * j) | around[j] << 9 * j
                    if bits & 4:
                        counted |= mask & ORPHAN_MASK
                copies = (_popcount(counted & plane0) + 2 * _popcount(counted & plane1)
                          + 4 * _popcount(counted & plane2))
                rank = (need - 1) << 16 | (1023 - copies) << 6 | d
                r = rows
                while r > 0 and out[r - 1, 4] > rank:
                    out[r, :] = out[r - 1, :]
                    r -= 1
                out[r, 0], out[r, 1], out[r, 2], out[r, 3], out[r, 4] = (
                    d, need - 1, mask, copies, rank)
                rows += 1
            pow5 *= 5
    return rows


class Tables:
    """The shipped suit table as the kernel's arrays."""

    def __init__(self, loaded: Any) -> None:
        """From `table.shipped()`."""
        loose, _exact, num, _num_exact, hon, _hon_exact, masks, num_ids, hon_ids = loaded
        self.vectors = np.array(loose, dtype=np.int64)
        classes = np.concatenate([np.frombuffer(num, np.uint8), np.frombuffer(hon, np.uint8)])
        self.slots = np.frombuffer(masks, np.uint16).reshape(-1, 10)  # compact: fewer cache misses
        ids = np.frombuffer(num_ids + hon_ids, np.uint8).reshape(-1, 3).astype(np.int32)
        slot_ids = ids[:, 0] | ids[:, 1] << 8 | ids[:, 2] << 16
        # per suit key (base 5, the honours after the numbered suits): its slot masks' index
        # << 8 | its class, one lookup (one cache line) for both
        self.entries = slot_ids << 8 | classes.astype(np.int32)

    @staticmethod
    def counts(values: Any) -> Any:
        """Counts the kernel reads as `left` (any ints; bytes pass as they are)."""
        return np.array(values, np.int64)

    @staticmethod
    def rows() -> Any:
        """An array for the kernel's rows: one per distinct discard, at most 14."""
        return np.zeros((14, 5), np.int64)
