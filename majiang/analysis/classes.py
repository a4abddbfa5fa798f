"""Lookup tables that turn shanten into a handful of dict lookups.

Every suit key maps to a *class*: the id of its 10-number vector (see `distance`; sets, then
sets and a pair). Only a few hundred distinct vectors occur, so merging two suits is a lookup in a
table keyed by the pair of class ids. Each suit entry also carries packed counters (tiles, pairs,
terminals and honours held, their pairs) that add up across suits in one integer addition, for
the tile count and the seven pairs and thirteen orphans shapes.

Shanten's records keep every number below 2**30, so that CPython adds them as one-digit ints:
the suit classes are numbered apart for the numbered suits and the honours (7 bits each), and
the counters sit above them and a guard bit.

    x = SUIT_L[m] + SUIT_R[p]            low 14 bits: (class m << 7) | class p; above: counters
    y = SUIT_L[s] + SUIT_R[z]
    needs = HAND_NEEDS[PAIR_L[x & LOW] + (y & LOW)]   keyed by (class of m+p, class s, class z)
    counters = (x + y) >> COUNTERS
    needs[counters & 63]        tiles to add (None: not 3n+1 or 3n+2 tiles, or over 14)
    needs[INDEX_ALL[counters]]  shanten of the three shapes (see NEEDS)

Acceptance merges classes more freely (`pair_class`, `needs_of`, `suit_record`), with class ids
of one space for every vector. All tables are filled on first use of an entry (`fill`), so a
miss costs one small dynamic program and every later hand with that suit or those classes is a
lookup.
"""

from __future__ import annotations

from majiang.analysis.distance import INF, merge, suit_vector

SUIT_BITS = 7  # bits of a suit class id in shanten's records (numbered suits, honours apart)
LOW = (1 << 2 * SUIT_BITS) - 1  # the two class ids of x or y
COUNTERS = 2 * SUIT_BITS + 1  # where the counters start: a guard bit for the carry of x + y
TILE_MASK = 63
# counters: tiles (6 bits, exact for any four suits), pairs (3), orphans (4), orphan pairs (3);
# fields past the tiles only overflow for hands of more than 14 tiles, which are refused.
TILES, PAIRS, ORPHANS, ORPHAN_PAIRS = 0, 6, 9, 13

SUIT_L: dict[bytes, int] = {}  # counters << COUNTERS | class << SUIT_BITS (numbered suits)
SUIT_R: dict[bytes, int] = {}  # counters << COUNTERS | class
# (class m << SUIT_BITS | class p) -> class of m+p << 2 * SUIT_BITS (None: not filled yet)
PAIR_L: list[int | None] = [None] * (LOW + 1)
# NEEDS[a << SHIFT | b][t], for two merged classes: tiles to add to a t-tile hand (None for 3n
# tiles and over 14 tiles); from ALL_AT + o: the shanten of a 13-14 tile hand whose other shapes
# need o tiles; from ALL_AT + 15 + t: the shanten of a t-tile hand (t < 13: standard only), so
# that with INDEX_ALL one index answers all three shapes (a bad tile count: an IndexError).
NEEDS: dict[int, tuple[int | None, ...]] = {}
HAND_NEEDS: dict[int, tuple[int | None, ...]] = {}  # the same keyed by PAIR_L[mp] + (s, z)
ALL_AT = 64  # past any tile count the counters can hold
BAD_INDEX = 1 << 20  # past the end of every NEEDS entry
# counters -> the index of NEEDS entries for Shape.ALL, no jokers (None: not filled yet; past
# the end: the counters of more than 14 tiles)
INDEX_ALL: list[int | None] = [None] * (1 << 16)
OTHER: dict[int, tuple[int, int]] = {}  # counters -> (seven pairs need, thirteen orphans need)
OTHER_MIN: dict[int, int] = {}  # counters -> the smaller of the two (INF under 13 tiles)
_NEEDS_SHARED: dict[tuple[int | None, ...], tuple[int | None, ...]] = {}

SHIFT = 12  # bits of a class id of the shared space
CLASS_MASK = (1 << SHIFT) - 1
RECORD_COUNTERS = SHIFT  # acceptance's records: counters << RECORD_COUNTERS | class
_CLASS: dict[tuple[int, ...], int] = {}
_VECTORS: list[tuple[int, ...]] = []
_PAIR: dict[int, int] = {}  # a << SHIFT | b -> class of the merge
_RECORDS: dict[bytes, int] = {}
# shanten's suit class ids (numbered suits, honours) -> class ids of the shared space
_SUIT_IDS: tuple[dict[int, int], dict[int, int]] = ({}, {})
_SUIT_CLASSES: tuple[list[int], list[int]] = ([], [])
VECTORS = _VECTORS  # class id -> vector (read by acceptance)
MERGED = _PAIR  # a << SHIFT | b -> class of the merge (read by acceptance; see pair_class)


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
    cls = _class_of(suit_vector(key))
    honours = len(key) == 7
    ids = _SUIT_IDS[honours]
    sid = ids.get(cls)
    if sid is None:
        sid = ids[cls] = len(ids)
        _SUIT_CLASSES[honours].append(cls)
        if sid >= 1 << SUIT_BITS:
            raise OverflowError("too many suit classes")
    counters = _counters(key)
    _RECORDS[key] = counters << RECORD_COUNTERS | cls
    SUIT_L[key] = counters << COUNTERS | sid << SUIT_BITS
    SUIT_R[key] = counters << COUNTERS | sid


def _fill_needs(x: int) -> None:
    if x not in NEEDS:
        merged = merge(_VECTORS[x >> SHIFT], _VECTORS[x & CLASS_MASK])
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
        tiles = counters & TILE_MASK
        pairs = counters >> PAIRS & 7
        singles = tiles - 2 * pairs  # each kind holds 2 * (c >> 1) + (c & 1)
        missing = max(0, 7 - pairs)
        seven = missing + max(0, missing - singles)
        orphans = 14 - (counters >> ORPHANS & 15) - (1 if counters >> ORPHAN_PAIRS & 7 else 0)
        got = OTHER[counters] = (seven, orphans)
        OTHER_MIN[counters] = min(got) if tiles >= 13 else INF
        if tiles in (13, 14):
            index = ALL_AT + min(got)  # seven, orphans <= 14
        else:  # 3n tiles and more than 14 index past the end
            index = ALL_AT + 15 + tiles if tiles % 3 and tiles < 13 else BAD_INDEX
        if counters < len(INDEX_ALL):
            INDEX_ALL[counters] = index
    return got


def fill(b: bytes) -> None:
    """Fill every table entry of shanten's that the 34-byte hand `b` needs."""
    if len(b) != 34:
        raise ValueError(f"counts must have 34 entries, got {len(b)}")
    m, p, s, z = keys = (b[0:9], b[9:18], b[18:27], b[27:34])
    for key in keys:
        _fill_suit(key)
    x = SUIT_L[m] + SUIT_R[p]
    y = SUIT_L[s] + SUIT_R[z]
    numbered, honours = _SUIT_CLASSES
    mp = x & LOW
    shifted = PAIR_L[mp]
    if shifted is None:
        cls = pair_class(numbered[mp >> SUIT_BITS], numbered[mp & (1 << SUIT_BITS) - 1])
        shifted = PAIR_L[mp] = cls << 2 * SUIT_BITS
    sz = y & LOW
    hand = shifted + sz
    if hand not in HAND_NEEDS:
        rest = pair_class(numbered[sz >> SUIT_BITS], honours[sz & (1 << SUIT_BITS) - 1])
        HAND_NEEDS[hand] = needs_of(shifted >> 2 * SUIT_BITS, rest)
    other_needs((x + y) >> COUNTERS)


def suit_record(key: bytes) -> int:
    """(counters << RECORD_COUNTERS) | class of one suit key (a class of the shared space)."""
    rec = _RECORDS.get(key)
    if rec is None:
        _fill_suit(key)
        rec = _RECORDS[key]
    return rec


def pair_class(a: int, b: int) -> int:
    """The class of two merged classes."""
    x = a << SHIFT | b
    cid = _PAIR.get(x)
    if cid is None:
        cid = _PAIR[x] = _class_of(merge(_VECTORS[a], _VECTORS[b]))
    return cid


def needs_of(a: int, b: int) -> tuple[int | None, ...]:
    """Tiles to add, by tile count, for two merged classes that cover the whole hand."""
    x = a << SHIFT | b
    needs = NEEDS.get(x)
    if needs is None:
        _fill_needs(x)
        needs = NEEDS[x]
    return needs


_NEIGHBOURS: dict[bytes, tuple[int, ...]] = {}


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
