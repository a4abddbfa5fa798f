"""Win checks: the standard shape (sets and one pair), seven pairs, thirteen orphans, with jokers.

Declared sets are simply absent from `counts`; jokers are a separate count (the caller removes
them from `counts`). A joker may stand for any kind, even as a fifth copy of one (wuhan 4.3: "even
one whose four real tiles are all in sight").
"""

from __future__ import annotations

import struct

from majiang.analysis.arrange import arrangements
from majiang.analysis.distance import JOKER_NEED as _JOKER_NEED
from majiang.analysis.distance import joker_need
from majiang.analysis.groups import Counts, Shape, counts_bytes
from majiang.analysis.suit import COMPLETE, COMPLETE_SZ
from majiang.tiles import TERMINALS_AND_HONORS

_get = COMPLETE.get
_get_sz = COMPLETE_SZ.get
_STANDARD = Shape.STANDARD
_ALL = Shape.ALL
_Z7 = bytes(7)
_split = struct.Struct("9s9s16s").unpack  # 34 bytes -> the m, p and s+z keys
_ORPHANS = TERMINALS_AND_HONORS


def is_complete(counts: Counts, jokers: int = 0) -> bool:
    """True if the concealed tiles (3n+2 with the jokers) form n sets and one pair."""
    if jokers:
        return _complete_with_jokers(counts_bytes(counts), jokers)
    try:
        m, p, sz = _split(bytearray(counts))  # the cheapest conversion, split into suit keys
    except (ValueError, TypeError, struct.error):
        m, p, sz = _split(counts_bytes(counts))  # or a clear error
    return _get(m, 9) + _get(p, 9) + _get_sz(sz, 9) == 1


def _complete_with_jokers(b: bytes, jokers: int) -> bool:
    if jokers < 0:
        raise ValueError(f"jokers must be >= 0, got {jokers}")
    try:
        m0, m1 = _JOKER_NEED[b[:9]]
        p0, p1 = _JOKER_NEED[b[9:18]]
        s0, s1 = _JOKER_NEED[b[18:27]]
        z0, z1 = _JOKER_NEED[b[27:]]
    except KeyError:
        for key in (b[:9], b[9:18], b[18:27], b[27:]):
            joker_need(key)
        return _complete_with_jokers(b, jokers)
    if (sum(b) + jokers) % 3 != 2:
        return False
    if m0 + p0 + s0 + z0 + min(m1, p1, s1, z1, 2) <= jokers:
        return True
    if max(b) + jokers <= 4:
        return False
    return bool(arrangements(b, jokers))  # a joker as a fifth copy (wuhan 4.3)


def seven_pairs_need(counts: Counts, quads: bool = True) -> int:
    """Tiles to add (surplus thrown away) to hold seven pairs."""
    if quads:
        pairs = sum(c >> 1 for c in counts)
        singles = sum(c & 1 for c in counts)
    else:
        pairs = sum(1 for c in counts if c >= 2)
        singles = sum(1 for c in counts if c == 1)
    missing = max(0, 7 - pairs)
    return missing + max(0, missing - singles)


def thirteen_orphans_need(counts: Counts) -> int:
    """Tiles to add (surplus thrown away) to hold the thirteen orphans."""
    present = 0
    pair = 1
    for t in _ORPHANS:
        c = counts[t]
        if c:
            present += 1
            if c >= 2:
                pair = 0
    return 13 - present + pair


def is_seven_pairs(counts: Counts, jokers: int = 0, quads: bool = True) -> bool:
    """Exactly 14 tiles forming seven pairs; with `quads`, four of a kind counts as two pairs."""
    b = counts_bytes(counts)
    if sum(b) + jokers != 14:
        return False
    return seven_pairs_need(b, quads) <= jokers


def is_thirteen_orphans(counts: Counts, jokers: int = 0) -> bool:
    """Exactly 14 tiles: one of each terminal and honour plus one more of them."""
    b = counts_bytes(counts)
    if sum(b) + jokers != 14:
        return False
    return thirteen_orphans_need(b) <= jokers


def is_winning(counts: Counts, jokers: int = 0, shapes: Shape = Shape.STANDARD) -> bool:
    """True if the hand is complete in any of the shapes asked."""
    if shapes is _ALL:
        if jokers:
            b = counts_bytes(counts)
            if _complete_with_jokers(b, jokers) or (
                sum(b) + jokers == 14 and _seven_pairs_need_bytes(b) <= jokers
            ):
                return True
            return _thirteen_orphans_if_no_simples(b, jokers)
        try:
            # bytearray(list) is the cheapest conversion; one unpack gives the suit keys
            ba = bytearray(counts)
            m, p, sz = _split(ba)
        except (ValueError, TypeError, struct.error):
            ba = bytearray(counts_bytes(counts))  # or a clear error
            m, p, sz = _split(ba)
        if _get(m, 9) + _get(p, 9) + _get_sz(sz, 9) == 1:
            return True
        if 1 not in ba and 3 not in ba:  # every count even: seven pairs if 14 tiles
            return sum(ba) == 14
        return _thirteen_orphans_if_no_simples(ba, 0)
    if shapes is _STANDARD:
        return is_complete(counts, jokers)
    b = counts_bytes(counts)
    bits = int(shapes)
    if bits & 1 and is_complete(b, jokers):
        return True
    if bits & 2 and sum(b) + jokers == 14 and _seven_pairs_need_bytes(b) <= jokers:
        return True
    return bool(bits & 4) and is_thirteen_orphans(b, jokers)


def _thirteen_orphans_if_no_simples(b: bytes | bytearray, jokers: int) -> bool:
    if b[1:8] != _Z7 or b[10:17] != _Z7 or b[19:26] != _Z7:
        return False  # a simple tile: no thirteen orphans
    return is_thirteen_orphans(b, jokers)


def _seven_pairs_need_bytes(b: bytes) -> int:
    """seven_pairs_need with quads as two pairs, from C-level counts of the 34 bytes."""
    three = b.count(3)
    pairs = b.count(2) + three + 2 * b.count(4)
    missing = 7 - pairs if pairs < 7 else 0
    singles = b.count(1) + three
    return missing + (missing - singles if missing > singles else 0)

