"""Tile acceptance as table lookups: every discard of a hand with the draws that lower shanten.

For a discard in suit i, the standard need is `needs_of(class after, rest of the other three
suits)` and the draws that lower it are, per suit, a bit mask that depends only on that suit's
key, the class of the rest of the hand and the need (`better_mask`, cached). One suit's
discards come from a per-suit table keyed by (key, rest class, tiles) (`_suit_entries`), and the
masks of the other suits are shared by the discards that leave the same class behind, so a hand
costs a few dozen lookups. The seven pairs and thirteen orphans masks follow from per-suit bit
masks of the odd, four-of-a-kind and missing kinds. No jokers (see `efficiency`).
"""

from __future__ import annotations

import struct
from collections.abc import Sequence

from majiang.analysis.classes import CLASS_MASK, fewer, needs_of, neighbours, other_needs
from majiang.analysis.classes import OTHER_MIN as _OTHER_MIN
from majiang.analysis.classes import RECORD_COUNTERS as _REC
from majiang.analysis.classes import pair_class as _pair
from majiang.analysis.classes import suit_record as _record
from majiang.analysis.distance import INF
from majiang.analysis.groups import DiscardOption
from majiang.tiles import TERMINALS_AND_HONORS

_SEVEN, _ORPHANS = 2, 4
_LO = (0, 9, 18, 27)
_split = struct.Struct("9s9s9s7s").unpack
_new = tuple.__new__
_ORPHAN_MASK = sum(1 << t for t in TERMINALS_AND_HONORS)
# the two suits other than i and j, for each ordered pair (i, j), i != j
_OTHER_TWO: dict[tuple[int, int], tuple[int, int]] = {
    (i, j): (min(set(range(4)) - {i, j}), max(set(range(4)) - {i, j}))
    for i in range(4) for j in range(4) if i != j}
_LIMIT = 500_000  # cache entries kept before a cache is cleared (long simulations)

_BETTER: dict[tuple[bytes, int, int, int], int] = {}
_SUIT: dict[tuple[bytes, int, int, int], tuple[tuple[int, int, int, int, int], ...]] = {}
_TILES: dict[int, tuple[int, ...]] = {}
_BITS: dict[bytes, tuple[int, int]] = {}


def better_mask(key: bytes, rest: int, need: int, tiles: int) -> int:
    """Positions of `key` where one more tile lowers the standard need below `need`."""
    got = _BETTER.get((key, rest, need, tiles))
    if got is None:
        got = 0
        for i, rec in enumerate(neighbours(key)):
            if rec >= 0:
                after = needs_of(rec & CLASS_MASK, rest)[tiles]
                if after is not None and after < need:
                    got |= 1 << i
        if len(_BETTER) > _LIMIT:
            _BETTER.clear()
        _BETTER[(key, rest, need, tiles)] = got
    return got


def other_need(counters: int, bits: int) -> int:
    """The need of the seven pairs and thirteen orphans shapes among `bits`."""
    if bits == 7:
        other = _OTHER_MIN.get(counters)
        if other is not None:
            return other
    seven, orphans = other_needs(counters)
    return min(seven if bits & _SEVEN else INF, orphans if bits & _ORPHANS else INF)


def _suit_entries(key: bytes, rest: int, tiles: int, lo: int) -> tuple[
        tuple[int, int, int, int, int], ...]:
    """Per discard of suit `key` (at offset `lo`): (kind, standard need after, in-suit mask of
    better draws, class left, counters left)."""
    got = _SUIT.get((key, rest, tiles, lo))
    if got is None:
        out = []
        for i, (rec, less) in enumerate(fewer(key)):
            if rec < 0:
                continue
            cls = rec & CLASS_MASK
            std = needs_of(cls, rest)[tiles - 1]
            assert std is not None
            mask = better_mask(less, rest, std, tiles) & ~(1 << i)
            out.append((lo + i, std, mask << lo, cls, rec >> _REC))
        got = tuple(out)
        if len(_SUIT) > _LIMIT:
            _SUIT.clear()
        _SUIT[(key, rest, tiles, lo)] = got
    return got


def _bits(key: bytes) -> tuple[int, int]:
    """(odd kinds, four-of-a-kind kinds) of one suit key, as local bit masks."""
    got = _BITS.get(key)
    if got is None:
        odd = sum(1 << i for i, c in enumerate(key) if c & 1)
        four = sum(1 << i for i, c in enumerate(key) if c >= 4)
        got = _BITS[key] = (odd, four)
    return got


def tiles_of(mask: int) -> tuple[int, ...]:
    """The kinds of a bit mask, in order (cached)."""
    got = _TILES.get(mask)
    if got is None:
        out = []
        m = mask
        while m:
            low = m & -m
            out.append(low.bit_length() - 1)
            m ^= low
        got = tuple(out)
        if len(_TILES) > _LIMIT:
            _TILES.clear()
        _TILES[mask] = got
    return got


def fast_acceptance(b: bytes, left: Sequence[int] | None, bits: int,
                    allowed: int) -> list[DiscardOption]:
    """Every distinct discard of the 34-byte hand `b` (3n+2 tiles, no jokers, the standard
    shape among `bits`): unsorted options; draws limited to the kinds of mask `allowed`."""
    tiles = sum(b)
    keys = _split(b)
    recs = [_record(k) for k in keys]
    cls = [r & CLASS_MASK for r in recs]
    pairs: dict[tuple[int, int], int] = {}
    for i in range(4):
        for j in range(i + 1, 4):
            pairs[i, j] = pairs[j, i] = _pair(cls[i], cls[j])
    full = sum(r >> _REC for r in recs)
    other_shapes = bits != 1 and tiles >= 14
    odd = four = empty_orphans = held_pairs = orphan_pairs = 0
    if other_shapes:
        held_pairs = sum(n >> 1 for n in b)
        orphan_pairs = sum(1 for t in TERMINALS_AND_HONORS if b[t] >= 2)
        for i, key in enumerate(keys):
            o, f = _bits(key)
            odd |= o << _LO[i]
            four |= f << _LO[i]
        empty_orphans = _ORPHAN_MASK & ~sum(1 << t for t in TERMINALS_AND_HONORS if b[t])
    counts_left = None if left is None else list(left)
    options: list[DiscardOption] = []
    for i in range(4):
        nxt = (i + 1) % 4
        rest = _pair(cls[nxt], pairs[_OTHER_TWO[i, nxt]])
        groups: dict[tuple[int, int], int] = {}
        full_i = full - (recs[i] >> _REC)
        for d, std, inside, cls_left, counters in _suit_entries(keys[i], rest, tiles, _LO[i]):
            need = std
            if other_shapes:
                other = other_need(full_i + counters, bits)
                if other < need:
                    need = other
            mask = 0
            if std == need:
                cross = groups.get((cls_left, std))
                if cross is None:
                    cross = 0
                    for j in range(4):
                        if j != i:
                            x, y = _OTHER_TWO[i, j]
                            cross |= better_mask(keys[j], _pair(cls_left, pairs[x, y]), std,
                                                 tiles) << _LO[j]
                    groups[cls_left, std] = cross
                mask = inside | cross
            if other_shapes and other == need:
                mask |= _other_mask(b, d, bits, odd, four, empty_orphans,
                                    held_pairs, orphan_pairs)
            better = tiles_of(mask & allowed)
            if counts_left is None:
                count = 4 * len(better) - sum(map(b.__getitem__, better))
            else:
                count = sum(n if n > 0 else 0 for n in map(counts_left.__getitem__, better))
            options.append(_new(DiscardOption, (d, (need if need > 0 else 0) - 1, better, count)))
    return options


def _other_mask(b: bytes, d: int, bits: int, odd: int, four: int, empty_orphans: int,
                held_pairs: int, orphan_pairs: int) -> int:
    """Draws that lower the seven pairs or thirteen orphans need (the smaller) of `b` less `d`."""
    c = b[d]
    bit = 1 << d
    odd ^= bit
    if c == 4:
        four &= ~bit
    pairs = held_pairs - (0 if c & 1 else 1)
    singles = bin(odd).count("1")
    missing = max(0, 7 - pairs)
    seven = missing + max(0, missing - singles) if bits & _SEVEN else INF
    orphan = bool(bit & _ORPHAN_MASK)
    if orphan and c == 1:
        empty_orphans |= bit
    present = 13 - bin(empty_orphans).count("1")
    has_pair = orphan_pairs > (orphan and c == 2)
    orphans = 14 - present - has_pair if bits & _ORPHANS else INF
    best = min(seven, orphans)
    mask = 0
    if seven == best and missing:
        mask = ((1 << 34) - 1) & ~four if missing > singles else odd
    if orphans == best:
        mask |= _ORPHAN_MASK if not has_pair else empty_orphans
    return mask & ~bit
