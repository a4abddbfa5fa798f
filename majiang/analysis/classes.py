"""Lookup tables that turn shanten into a handful of dict lookups.

Every suit key maps to a *class*: the id of its 10-number vector (see `distance`; sets, then
sets and a pair). Only a few hundred distinct vectors occur, so merging two suits is a lookup in a
table keyed by the pair of class ids, and the whole hand is three merges. Each suit entry also
carries packed counters (tiles, pairs, singles, terminals and honours held) that add up across
suits in one integer addition, for the tile count and the seven pairs and thirteen orphans shapes.

    x = SUIT_L[m] + SUIT_R[p]         low 24 bits: (class m << 12) | class p; above: counters
    y = SUIT_L[s] + SUIT_R[z]
    needs = HAND_NEEDS[PAIR_L[x & LOW] + (y & LOW)]     keyed by (class of m+p, class s, class z)
    counters = (x + y) >> 24
    needs[counters & 63]                 tiles to add (None: not 3n+1 or 3n+2 tiles, or over 14)
    needs[INDEX_ALL[counters]]           shanten of the three shapes (see NEEDS)

All tables are filled on first use of an entry (`fill`), so a miss costs one small dynamic
program and every later hand with that suit or pair of classes is a lookup.
"""

from __future__ import annotations

from majiang.analysis.distance import INF, merge, suit_vector

SHIFT = 12  # bits of a class id
COUNTERS = 2 * SHIFT  # where the packed counters start
LOW = (1 << COUNTERS) - 1
TILE_MASK = 63
# counters, packed from bit COUNTERS: tiles (6 bits), pairs (5), singles (6), orphans (4),
# orphan pairs (4); with at most 14 tiles a suit, the sums over four suits never overflow.
TILES, PAIRS, SINGLES, ORPHANS, ORPHAN_PAIRS = 0, 6, 11, 17, 21

SUIT_L: dict[bytes, int] = {}
SUIT_R: dict[bytes, int] = {}
PAIR_L: dict[int, int] = {}  # (class a << SHIFT | class b) -> merged class << COUNTERS
PAIR_R: dict[int, int] = {}  # the same -> merged class
# NEEDS[a << SHIFT | b][t], for two merged classes: tiles to add to a t-tile hand (None for 3n
# tiles and over 14 tiles); from ALL_AT + o: the shanten of a 13-14 tile hand whose other shapes
# need o tiles; from ALL_AT + 15 + t: the shanten of a t-tile hand (t < 13: standard only), so
# that with INDEX_ALL one index answers all three shapes (a bad tile count: an IndexError).
NEEDS: dict[int, tuple[int | None, ...]] = {}
HAND_NEEDS: dict[int, tuple[int | None, ...]] = {}  # the same keyed by PAIR_L[mp] + (s << 12 | z)
ALL_AT = 64  # past any tile count the counters can hold
BAD_INDEX = 1 << 20  # past the end of every NEEDS entry
INDEX_ALL: dict[int, int] = {}  # counters -> the index of NEEDS entries for Shape.ALL, no jokers
OTHER: dict[int, tuple[int, int]] = {}  # counters -> (seven pairs need, thirteen orphans need)
OTHER_MIN: dict[int, int] = {}  # counters -> the smaller of the two (INF under 13 tiles)
_NEEDS_SHARED: dict[tuple[int | None, ...], tuple[int | None, ...]] = {}

_CLASS: dict[tuple[int, ...], int] = {}
_VECTORS: list[tuple[int, ...]] = []


def _class_of(vector: tuple[int, ...]) -> int:
    cid = _CLASS.get(vector)
    if cid is None:
        cid = _CLASS[vector] = len(_VECTORS)
        _VECTORS.append(vector)
        if cid >= 1 << SHIFT:
            raise OverflowError("too many suit classes")
    return cid


def _counters(key: bytes) -> int:
    ends = (key[0], key[8]) if len(key) == 9 else tuple(key)
    return (
        sum(key) << TILES
        | sum(c >> 1 for c in key) << PAIRS
        | sum(c & 1 for c in key) << SINGLES
        | sum(1 for c in ends if c) << ORPHANS
        | sum(1 for c in ends if c >= 2) << ORPHAN_PAIRS
    )


def _fill_suit(key: bytes) -> None:
    if key in SUIT_R:
        return
    if len(key) not in (7, 9):
        raise ValueError("counts must have 34 entries")
    if sum(key) > 14 or max(key) > 4:
        raise ValueError("a hand holds at most 14 tiles and 4 of a kind")
    cid = _class_of(suit_vector(key))
    counters = _counters(key) << COUNTERS
    SUIT_L[key] = counters | cid << SHIFT
    SUIT_R[key] = counters | cid


def _fill_pair(x: int) -> None:
    if x in PAIR_R:
        return
    cid = _class_of(merge(_VECTORS[x >> SHIFT], _VECTORS[x & ((1 << SHIFT) - 1)]))
    PAIR_L[x] = cid << COUNTERS
    PAIR_R[x] = cid


def _fill_needs(x: int) -> None:
    if x not in NEEDS:
        merged = merge(_VECTORS[x >> SHIFT], _VECTORS[x & ((1 << SHIFT) - 1)])
        by_tiles = [merged[5 + t // 3] if t % 3 and t <= 14 else None for t in range(ALL_AT)]
        full = merged[9]  # 13 and 14 tiles: four sets and the pair
        with_other = (min(full, other) - 1 for other in range(15))
        shanten = (None if need is None else need - 1 for need in by_tiles[:13])
        needs = (*by_tiles, *with_other, *shanten)
        NEEDS[x] = _NEEDS_SHARED.setdefault(needs, needs)


def other_needs(counters: int) -> tuple[int, int]:
    """(seven pairs need, thirteen orphans need) from the summed counters (cached)."""
    got = OTHER.get(counters)
    if got is None:
        pairs = counters >> PAIRS & 31
        singles = counters >> SINGLES & 63
        missing = max(0, 7 - pairs)
        seven = missing + max(0, missing - singles)
        orphans = 14 - (counters >> ORPHANS & 15) - (1 if counters >> ORPHAN_PAIRS & 15 else 0)
        got = OTHER[counters] = (seven, orphans)
        tiles = counters & TILE_MASK
        OTHER_MIN[counters] = min(got) if tiles >= 13 else INF
        if tiles in (13, 14):
            INDEX_ALL[counters] = ALL_AT + min(got)  # seven, orphans <= 14
        else:  # 3n tiles and more than 14 index past the end
            INDEX_ALL[counters] = ALL_AT + 15 + tiles if tiles % 3 and tiles < 13 else BAD_INDEX
    return got


def fill(b: bytes) -> None:
    """Fill every table entry the 34-byte hand `b` needs."""
    if len(b) != 34:
        raise ValueError(f"counts must have 34 entries, got {len(b)}")
    keys = (b[0:9], b[9:18], b[18:27], b[27:34])
    for key in keys:
        _fill_suit(key)
    x = (SUIT_L[keys[0]] + SUIT_R[keys[1]]) & LOW
    y = (SUIT_L[keys[2]] + SUIT_R[keys[3]]) & LOW
    _fill_pair(x)
    _fill_pair(y)
    pair_key = PAIR_R[x] << SHIFT | PAIR_R[y]
    _fill_needs(pair_key)
    HAND_NEEDS[PAIR_L[x] + y] = NEEDS[pair_key]
    other_needs((SUIT_L[keys[0]] + SUIT_R[keys[1]] + SUIT_L[keys[2]] + SUIT_R[keys[3]]) >> COUNTERS)


CLASS_MASK = (1 << SHIFT) - 1
_NEIGHBOURS: dict[bytes, tuple[int, ...]] = {}


def suit_record(key: bytes) -> int:
    """(counters << COUNTERS) | class of one suit key."""
    rec = SUIT_R.get(key)
    if rec is None:
        _fill_suit(key)
        rec = SUIT_R[key]
    return rec


def pair_class(a: int, b: int) -> int:
    """The class of two merged classes."""
    x = a << SHIFT | b
    cid = PAIR_R.get(x)
    if cid is None:
        _fill_pair(x)
        cid = PAIR_R[x]
    return cid


def needs_of(a: int, b: int) -> tuple[int | None, ...]:
    """Tiles to add, by tile count, for two merged classes that cover the whole hand."""
    x = a << SHIFT | b
    needs = NEEDS.get(x)
    if needs is None:
        _fill_needs(x)
        needs = NEEDS[x]
    return needs


def neighbours(key: bytes) -> tuple[int, ...]:
    """For each position, the record of the key with one more tile there (-1: a fifth copy)."""
    got = _NEIGHBOURS.get(key)
    if got is None:
        out = []
        for i, c in enumerate(key):
            if c >= 4 or sum(key) >= 14:
                out.append(-1)
            else:
                out.append(suit_record(key[:i] + bytes((c + 1,)) + key[i + 1 :]))
        got = _NEIGHBOURS[key] = tuple(out)
    return got


_FEWER: dict[bytes, tuple[tuple[int, bytes], ...]] = {}


def fewer(key: bytes) -> tuple[tuple[int, bytes], ...]:
    """For each position, (record, key) of the key with one tile fewer there (-1: none held)."""
    got = _FEWER.get(key)
    if got is None:
        out = []
        for i, c in enumerate(key):
            if c:
                less = key[:i] + bytes((c - 1,)) + key[i + 1 :]
                out.append((suit_record(less), less))
            else:
                out.append((-1, key))
        got = _FEWER[key] = tuple(out)
    return got
