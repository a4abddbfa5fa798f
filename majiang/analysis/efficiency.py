"""Shanten (tiles away from ready), waits and tile acceptance.

Shanten counts the fewest tile exchanges from ready: -1 is complete, 0 is ready. For the standard
shape it is the fewest tiles to add (surplus thrown away) so the hand holds n sets and a pair,
minus the jokers, minus one; no kind is ever needed a fifth time.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence

from majiang.analysis import compiled
from majiang.analysis.accept import fast_acceptance
from majiang.analysis.classes import COUNTERS as _COUNTERS
from majiang.analysis.classes import HAND_NEEDS as _HAND_NEEDS
from majiang.analysis.classes import INDEX_ALL as _INDEX_ALL
from majiang.analysis.classes import LOW as _LOW
from majiang.analysis.classes import PAIR_L as _PAIR_L
from majiang.analysis.classes import SUIT_L as _SUIT_L
from majiang.analysis.classes import SUIT_R as _SUIT_R
from majiang.analysis.classes import fill, other_needs
from majiang.analysis.distance import INF
from majiang.analysis.groups import Counts, DiscardOption, Shape, counts_bytes
from majiang.analysis.suit import COMPLETE, WAITS
from majiang.analysis.win import is_complete, is_winning
from majiang.tiles import TERMINALS_AND_HONORS

_ALL_KINDS = tuple(range(34))
_ORPHAN_KINDS = TERMINALS_AND_HONORS
_Z7 = bytes(7)
_split = struct.Struct("9s9s9s7s").unpack  # 34 bytes -> the m, p, s, z suit keys
if _LOW != 0x3FFF or _COUNTERS != 15:
    raise ImportError("shanten's literals no longer match the class tables")
_complete = COMPLETE.get
_wait_mask = WAITS.get
_STANDARD = Shape.STANDARD
_ALL = Shape.ALL
_SEVEN = int(Shape.SEVEN_PAIRS)
_ORPHANS = int(Shape.THIRTEEN_ORPHANS)


def shanten(counts: Counts, jokers: int = 0, shapes: Shape = Shape.STANDARD) -> int:
    """Shanten of a 3n+1 or 3n+2 hand (declared sets absent): the min over the shapes asked.

    Seven pairs count four of a kind as two pairs.
    """
    try:
        # bytearray(list) is the cheapest conversion, and one unpack splits it into the suits
        m, p, s, z = _split(bytearray(counts))
    except (ValueError, TypeError, struct.error):
        m, p, s, z = _split(counts_bytes(counts))  # or a clear error
    try:
        x = _SUIT_L[m] + _SUIT_R[p]
        y = _SUIT_L[s] + _SUIT_R[z]
        # literals: LOW and COUNTERS (checked at import)
        needs = _HAND_NEEDS[_PAIR_L[x & 0x3FFF] + (y & 0x3FFF)]  # type: ignore[operator]
        if shapes is _ALL and not jokers:
            return needs[_INDEX_ALL[(x + y) >> 15]]  # type: ignore[return-value,index]
        if shapes is _STANDARD and not jokers:
            return needs[(x + y) >> 15 & 63] - 1  # type: ignore[operator]
    except (KeyError, IndexError, TypeError):
        # an entry not filled yet (KeyError, None), or a bad tile count (None, past the end)
        return _fifth_copy(_shanten_filled(m, p, s, z, jokers, shapes), counts, jokers, shapes)
    return _fifth_copy(_shanten(needs, (x + y) >> _COUNTERS, jokers, shapes), counts, jokers,
                       shapes)


def _fifth_copy(got: int, counts: Counts, jokers: int, shapes: Shape) -> int:
    """The tables never add a fifth copy of a kind; a joker may be one (wuhan 4.3): a hand they
    find one tile short may be complete that way, and one they find two short may be ready."""
    if got not in (0, 1) or not jokers or not shapes & _STANDARD or max(counts) + jokers <= 4:
        return got
    if got == 0:
        return -1 if is_complete(counts, jokers) else 0
    if (sum(counts) + jokers) % 3 != 1:
        return got
    grown = list(counts)
    for t in range(34):
        if grown[t] < 4:
            grown[t] += 1
            ready = is_complete(grown, jokers)
            grown[t] -= 1
            if ready:
                return 0
    return got


def _shanten_filled(m: bytes, p: bytes, s: bytes, z: bytes, jokers: int, shapes: Shape) -> int:
    """`shanten` after filling the tables for the hand (or raising what is wrong with it)."""
    fill(m + p + s + z)
    x = _SUIT_L[m] + _SUIT_R[p]
    y = _SUIT_L[s] + _SUIT_R[z]
    needs = _HAND_NEEDS[_PAIR_L[x & _LOW] + (y & _LOW)]  # type: ignore[operator]
    return _shanten(needs, (x + y) >> _COUNTERS, jokers, shapes)


def _shanten(needs: tuple[int | None, ...], counters: int, jokers: int, shapes: Shape) -> int:
    total = (counters & 63) + jokers
    if not total % 3 or total > 14 or jokers < 0:
        raise ValueError(f"shanten needs a 3n+1 or 3n+2 hand of at most 14 tiles, got {total}")
    need = needs[total]
    assert need is not None
    bits = int(shapes)
    if not bits & 1:
        need = INF
    if total >= 13:
        seven, orphans = other_needs(counters)
        if bits & _SEVEN and seven < need:
            need = seven
        if bits & _ORPHANS and orphans < need:
            need = orphans
    if need >= INF:
        raise ValueError(f"no shape asked for fits a hand of {total} tiles")
    need -= jokers
    return need - 1 if need > 0 else -1


def waits(counts: Counts, jokers: int = 0, shapes: Shape = Shape.STANDARD) -> list[int]:
    """Kinds that complete a 3n+1 hand (never a fifth copy; copies left are not checked)."""
    try:
        b = bytearray(counts)  # the cheapest conversion; one unpack gives the suit keys
        km, kp, ks, kz = _split(b)
    except (ValueError, TypeError, struct.error):
        return _waits_slow(counts, jokers, shapes)  # or a clear error
    bits = 1 if shapes is _STANDARD else 7 if shapes is _ALL else int(shapes)
    if jokers or not bits & 1:
        return _waits_slow(counts, jokers, shapes)
    sm = _complete(km, 9)
    sp = _complete(kp, 9)
    ss = _complete(ks, 9)
    sz = _complete(kz, 9)
    total = sm + sp + ss + sz
    if total > 18:
        mask = 0  # two suits or more are incomplete: nothing can help
    else:
        mask = 0
        if total - sm < 2:
            mask = _wait_mask(km, 0) >> (0 if total - sm else 16) & 511
        if total - sp < 2:
            mask |= (_wait_mask(kp, 0) >> (0 if total - sp else 16) & 511) << 9
        if total - ss < 2:
            mask |= (_wait_mask(ks, 0) >> (0 if total - ss else 16) & 511) << 18
        if total - sz < 2:
            mask |= (_wait_mask(kz, 0) >> (0 if total - sz else 16) & 511) << 27
    if bits != 1:
        mask |= _special_waits(b, bits)
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    if not out and sum(b) % 3 != 1:
        raise ValueError(f"waits needs a 3n+1 hand, got {sum(b)} tiles")
    return out


def _special_waits(b: bytearray, bits: int) -> int:
    """Bit mask of the seven pairs and thirteen orphans waits of a 13-tile hand (no jokers)."""
    mask = 0
    if bits & _SEVEN and b.count(1) + b.count(3) == 1 and sum(b) == 13:
        at = b.find(1)
        mask |= 1 << (at if at >= 0 else b.find(3))
    if not bits & _ORPHANS or b[1:8] != _Z7 or b[10:17] != _Z7 or b[19:26] != _Z7:
        return mask
    if sum(b) == 13:
        present = [t for t in _ORPHAN_KINDS if b[t]]
        if len(present) == 13:
            for t in _ORPHAN_KINDS:
                mask |= 1 << t
        elif len(present) == 12:
            mask |= 1 << next(t for t in _ORPHAN_KINDS if not b[t])
    return mask


def _waits_slow(counts: Counts, jokers: int, shapes: Shape) -> list[int]:
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
        if is_winning(bytes(hand), jokers, shapes):
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
    if total % 3 != 2 or total > 14:
        raise ValueError(f"acceptance needs a 3n+2 hand of at most 14 tiles, got {total} tiles")
    left = None if unseen is None else list(unseen)
    if left is not None and len(left) != 34:
        raise ValueError(f"unseen must have 34 entries, got {len(left)}")
    bits = 1 if shapes is _STANDARD else 7 if shapes is _ALL else int(shapes)
    if jokers or not bits & 1:
        draws = _ALL_KINDS if kinds is None else tuple(sorted(set(kinds)))
        full = [4 - c for c in b] if left is None else left
        options = _acceptance_slow(b, full, jokers, shapes, draws)
        options.sort(key=_order)
        return options
    allowed = _EVERY
    if kinds is not None:
        allowed = 0
        for t in kinds:
            allowed |= 1 << t
    options = fast_acceptance(b, left, bits, allowed)
    if not compiled.ready():  # the compiled answer comes sorted
        options.sort(key=_rank)
    return options


_EVERY = (1 << 34) - 1


def _order(o: DiscardOption) -> tuple[int, int, int]:
    return o.shanten, -o.count, o.discard


def _rank(o: DiscardOption) -> int:
    """`_order` as one int: shanten, then most copies (at most 136), then the kind."""
    return o[1] << 16 | (1023 - o[3]) << 6 | o[0]


def _acceptance_slow(
    b: bytes, left: list[int], jokers: int, shapes: Shape, draws: Sequence[int]
) -> list[DiscardOption]:
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
    return options
