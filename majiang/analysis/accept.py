"""Tile acceptance as table lookups: every discard of a hand with the draws that lower shanten.

The standard need of a hand is the min over slots (k sets, with or without the pair) of one
suit's vector entry plus the complement's entry of the other suits merged. One more tile in the
suit lowers one entry by at most one, so a draw lowers the need exactly when it lowers a *tight*
slot (one reaching the min). Each suit key therefore carries, per slot, the in-suit mask of
draws that lower that slot (`Suit.slots`, from its neighbours' vectors), and the mask of better
draws given the class of the rest of the hand is the OR over its tight slots, cached per key
and rest class (`Suit.better`). A discard in suit i keeps the other suits; its in-suit entries
are cached per (key, rest class) (`Suit.drops`) and the other suits' masks are shared by the
discards that leave the same class behind, so a hand costs a few dozen int-keyed lookups. The
seven pairs and thirteen orphans needs and masks depend only on the count of the discarded
kind and whether it is an orphan: at most eight variants a hand. No jokers (see `efficiency`).
"""

from __future__ import annotations

import struct
from collections.abc import Sequence

from majiang.analysis import compiled
from majiang.analysis.classes import (
    CLASS_MASK,
    ORPHAN_PAIRS,
    ORPHANS,
    PAIRS,
    SHIFT,
    TILE_MASK,
    pair_class,
    suit_record,
)
from majiang.analysis.classes import MERGED as _PAIRS
from majiang.analysis.classes import RECORD_COUNTERS as _REC
from majiang.analysis.classes import VECTORS as _VEC
from majiang.analysis.distance import INF
from majiang.analysis.groups import TILES, DiscardOption, tiles_of
from majiang.analysis.table import slots as shipped_slots
from majiang.tiles import TERMINALS_AND_HONORS

_SEVEN, _ORPHANS = 2, 4
_LO = (0, 9, 18, 27)
_ALL = (1 << 34) - 1
_split = struct.Struct("9s9s9s7s").unpack
_new = tuple.__new__
_ORPHAN_MASK = sum(1 << t for t in TERMINALS_AND_HONORS)
_ORPHAN_BIT = tuple(1 if t in TERMINALS_AND_HONORS else 0 for t in range(34))
# for each suit i: (j, the class-pair index of the two suits other than i and j) per other j
_PAIR_AT = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))


def _pair_at(i: int, j: int) -> int:
    """The index in `_PAIR_AT` of the two suits other than i and j."""
    return _PAIR_AT.index(tuple(sorted(set(range(4)) - {i, j})))


_CROSS = tuple(tuple((j, _pair_at(i, j)) for j in range(4) if j != i) for i in range(4))
_REST = tuple((_CROSS[i][0][0], _pair_at(i, _CROSS[i][0][0])) for i in range(4))
COUNT = 16  # where a packed mask's count of free copies starts
_SUIT_MASK = (1 << 9) - 1
_LIMIT = 200_000  # entries a suit's caches keep before they are cleared (long simulations)

_SUITS: dict[bytes, Suit] = {}
Drops = tuple[tuple[int, int, tuple[tuple[int, int, int, int], ...]], ...]


class Suit:
    """One suit key's acceptance data: its class, counters, per-slot masks and caches."""

    __slots__ = (
        "better_cache",
        "by_tight",
        "cls",
        "counters",
        "drops_cache",
        "four",
        "held",
        "key",
        "less",
        "odd",
        "slots",
    )

    def __init__(self, key: bytes) -> None:
        rec = suit_record(key)
        self.key = key
        self.cls = rec & CLASS_MASK
        self.counters = rec >> _REC
        odd = four = held = 0
        for i, c in enumerate(key):
            if c:
                held |= 1 << i
                if c & 1:
                    odd |= 1 << i
                if c == 4:
                    four |= 1 << i
        self.odd, self.four, self.held = odd, four, held
        self.slots: tuple[int, ...] | None = None
        self.less: tuple[tuple[int, Suit], ...] | None = None
        self.better_cache: dict[int, int] = {}
        self.by_tight: dict[int, int] = {}
        self.drops_cache: dict[int, Drops] = {}

    def _slots(self) -> tuple[int, ...]:
        """Per vector entry, the in-suit mask of the draws that lower it (one less exactly):
        from the shipped table, else from the neighbours' vectors."""
        got = self.slots = shipped_slots(self.key) or slot_masks(self.key)
        return got

    def fewer(self) -> tuple[tuple[int, Suit], ...]:
        """(position, the key with one tile fewer there) for each held position."""
        got = self.less
        if got is None:
            key = self.key
            got = self.less = tuple(
                (p, suit(key[:p] + bytes((c - 1,)) + key[p + 1:])) for p, c in enumerate(key) if c)
        return got

    def better(self, rest: int, n: int) -> int:
        """The draws of this suit lowering the need of n sets and a pair, the rest of the hand
        being of class `rest`: their in-suit mask | their free copies (4 - held) << COUNT."""
        at = rest << 3 | n
        got = self.better_cache.get(at)
        if got is None:
            tight = _TIGHT.get(self.cls << 15 | at)
            if tight is None:
                tight = _tight(self.cls, rest, n)
            got = self.by_tight.get(tight)
            if got is None:
                slots = self.slots or self._slots()
                mask = 0
                for s in range(10):
                    if tight >> s & 1:
                        mask |= slots[s]
                got = self.by_tight[tight] = mask | _free(self.key, mask) << COUNT
            if len(self.better_cache) > _LIMIT:
                self.better_cache.clear()
            self.better_cache[at] = got
        return got

    def drops(self, rest: int, n: int, i: int) -> Drops:
        """The discards of this key as suit i, grouped by the class they leave: (class left,
        standard need after, members), each member (kind, mask of the better draws in the suit,
        their free copies in the hand, the kind's count << 1 | it is an orphan), the rest of the
        hand being of class `rest`."""
        at = rest << 5 | n << 2 | i
        got = self.drops_cache.get(at)
        if got is None:
            key, lo = self.key, _LO[i]
            groups: dict[int, tuple[int, list[tuple[int, int, int, int]]]] = {}
            for p, less in self.fewer():
                if less.cls not in groups:
                    std = _VEC[pair_class(less.cls, rest)][5 + n]
                    groups[less.cls] = (std, [])
                inside = less.better(rest, n) & _SUIT_MASK & ~(1 << p)
                groups[less.cls][1].append(
                    (lo + p, inside << lo, _free(key, inside), key[p] << 1 | _ORPHAN_BIT[lo + p]))
            got = tuple((cls, std, tuple(members)) for cls, (std, members) in groups.items())
            if len(self.drops_cache) > _LIMIT:
                self.drops_cache.clear()
            self.drops_cache[at] = got
        return got


_TIGHT: dict[int, int] = {}


def _tight(cls: int, rest: int, n: int) -> int:
    """The vector entries of class `cls` that reach the least need of n sets and a pair with
    class `rest` for the rest of the hand, as a bit set (cached)."""
    vec, other = _VEC[cls], _VEC[rest]
    sums = {k: vec[k] + other[5 + n - k] for k in range(n + 1)}
    sums.update({5 + k: vec[5 + k] + other[n - k] for k in range(n + 1)})
    need = min(sums.values())
    got = 0
    if need < INF:
        for s, v in sums.items():
            if v == need:
                got |= 1 << s
    _TIGHT[cls << 15 | rest << 3 | n] = got
    return got


def _free(key: bytes, mask: int) -> int:
    """Copies not held in `key` of the kinds of its local `mask`."""
    return sum(4 - c for i, c in enumerate(key) if mask >> i & 1)


def slot_masks(key: bytes) -> tuple[int, ...]:
    """A suit key's slot masks from its neighbours' vectors (what the shipped table holds)."""
    vec = _VEC[suit_record(key) & CLASS_MASK]
    slots = [0] * 10
    if sum(key) < 14:
        for i, c in enumerate(key):
            if c < 4:
                up = _VEC[suit_record(key[:i] + bytes((c + 1,)) + key[i + 1:]) & CLASS_MASK]
                for s in range(10):
                    if up[s] < vec[s]:
                        slots[s] |= 1 << i
    return tuple(slots)


def suit(key: bytes) -> Suit:
    """The acceptance data of a suit key (built on first use)."""
    got = _SUITS.get(key)
    if got is None:
        got = _SUITS[key] = Suit(key)
    return got


_OTHERS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _others_of(counters: int, bits: int) -> tuple[tuple[int, int, int], ...]:
    """By (count of the discarded kind) << 1 | (it is an orphan): the seven pairs / thirteen
    orphans need after the discard, which seven pairs mask lowers it (0 none, 1 every kind
    not held four times, 2 the odd kinds) and which orphans mask (0 none, 1 the missing
    orphans, 2 every orphan); from the hand's summed counters (cached)."""
    at = counters << 3 | bits
    got = _OTHERS.get(at)
    if got is None:
        tiles = counters & TILE_MASK
        pairs = counters >> PAIRS & 7
        present0 = counters >> ORPHANS & 15
        orphan_pairs = counters >> ORPHAN_PAIRS & 7
        singles0 = tiles - 2 * pairs
        out = [(INF, 0, 0)] * 10
        for c in range(1, 5):
            for orphan in (0, 1):
                left_pairs = pairs - (0 if c & 1 else 1)
                singles = singles0 - 1 if c & 1 else singles0 + 1
                missing = max(0, 7 - left_pairs)
                seven = missing + max(0, missing - singles) if bits & _SEVEN else INF
                present = present0 - (1 if orphan and c == 1 else 0)
                has_pair = orphan_pairs > (1 if orphan and c == 2 else 0)
                orphans = 14 - present - has_pair if bits & _ORPHANS else INF
                best = min(seven, orphans)
                seven_mask = (1 if missing > singles else 2) if seven == best and missing else 0
                orphan_mask = (1 if has_pair else 2) if orphans == best else 0
                out[c << 1 | orphan] = (best, seven_mask, orphan_mask)
        got = _OTHERS[at] = tuple(out)
    return got


class _Plan:
    """A hand's suits, merged classes (of suit pairs, and of the rest of each suit), and the
    seven pairs / orphans variants (None when those shapes do not apply)."""

    __slots__ = ("n", "orphan_masks", "others", "pairs", "rest", "sevens", "suits")

    def __init__(self, b: bytes, bits: int) -> None:
        km, kp, ks, kz = _split(b)
        get = _SUITS.get
        sm = get(km) or suit(km)
        sp = get(kp) or suit(kp)
        ss = get(ks) or suit(ks)
        sz = get(kz) or suit(kz)
        self.suits = (sm, sp, ss, sz)
        counters = sm.counters + sp.counters + ss.counters + sz.counters
        self.n = ((counters & 63) - 2) // 3
        c0, c1, c2, c3 = cls = (sm.cls, sp.cls, ss.cls, sz.cls)
        merged = _PAIRS.get
        found = (merged(c0 << SHIFT | c1), merged(c0 << SHIFT | c2), merged(c0 << SHIFT | c3),
                 merged(c1 << SHIFT | c2), merged(c1 << SHIFT | c3), merged(c2 << SHIFT | c3))
        pairs: tuple[int, ...] = found  # type: ignore[assignment]  # unless a None is in it:
        if None in found:
            pairs = (pair_class(c0, c1), pair_class(c0, c2), pair_class(c0, c3),
                     pair_class(c1, c2), pair_class(c1, c3), pair_class(c2, c3))
        self.pairs = pairs
        self.others: tuple[tuple[int, int, int], ...] | None = None
        self.sevens = self.orphan_masks = (0, 0, 0)
        if bits != 1 and counters & 63 >= 14:
            self.others = _others_of(counters, bits)
            odd = sm.odd | sp.odd << 9 | ss.odd << 18 | sz.odd << 27
            four = sm.four | sp.four << 9 | ss.four << 18 | sz.four << 27
            held = sm.held | sp.held << 9 | ss.held << 18 | sz.held << 27
            self.sevens = (0, _ALL & ~four, odd)
            self.orphan_masks = (0, _ORPHAN_MASK & ~held, _ORPHAN_MASK)
        self.rest = tuple(pair_class(cls[j], pairs[at]) for j, at in _REST)

    def groups(self) -> list[tuple[int, int, int, tuple[tuple[int, int, int, int], ...]]]:
        """(suit, class left, standard need after, members) of every discard (`Suit.drops`)."""
        suits, rest, n = self.suits, self.rest, self.n
        return [(i, cls_left, std, members) for i in range(4)
                for cls_left, std, members in suits[i].drops(rest[i], n, i)]

    def cross(self, i: int, cls_left: int) -> tuple[int, int]:
        """(mask, free copies) of the better draws outside suit i after a discard there that
        leaves class `cls_left`."""
        suits, pairs, n = self.suits, self.pairs, self.n
        mask = count = 0
        for j, at in _CROSS[i]:
            comp = _PAIRS.get(cls_left << SHIFT | pairs[at])
            if comp is None:
                comp = pair_class(cls_left, pairs[at])
            suit_j = suits[j]
            got = suit_j.better_cache.get(comp << 3 | n)
            if got is None:
                got = suit_j.better(comp, n)
            mask |= (got & _SUIT_MASK) << _LO[j]
            count += got >> COUNT
        return mask, count

    def other(self, d: int, cat: int, std: int) -> tuple[int, int]:
        """(the need after discarding d, the mask of the seven pairs / orphans draws lowering
        it: 0 unless those shapes need no more than the standard one's `std`)."""
        assert self.others is not None
        other, seven, orphan = self.others[cat]
        if other > std:
            return std, 0
        return other, (self.sevens[seven] | self.orphan_masks[orphan]) & ~(1 << d)


def fast_acceptance(b: bytes, left: Sequence[int] | None, bits: int,
                    allowed: int) -> list[DiscardOption]:
    """Every distinct discard of the 34-byte hand `b` (3n+2 tiles, no jokers, the standard
    shape among `bits`), unsorted; draws limited to the kinds of mask `allowed`. Compiled
    (`compiled`, sorted) where numba is installed."""
    if compiled.ready():
        return compiled.acceptance(b, left, bits, allowed)
    plan = _Plan(b, bits)
    others = plan.others
    # the packed counts of free copies hold when every draw is allowed and none are seen
    packed = left is None and allowed == _ALL
    tiles_get = TILES.get
    options: list[DiscardOption] = []
    append = options.append
    sevens, orphan_masks = plan.sevens, plan.orphan_masks
    for i, cls_left, std, members in plan.groups():
        cross: tuple[int, int] | None = None
        if others is None:
            cross = plan.cross(i, cls_left) if allowed else (0, 0)
            if packed:
                cross_mask, cross_count = cross
                for d, inside, free, _ in members:
                    mask = inside | cross_mask
                    append(_new(DiscardOption, (d, std - 1, tiles_get(mask) or tiles_of(mask),
                                                free + cross_count)))
                continue
        for d, inside, free, cat in members:
            need = std
            if others is not None and others[cat][0] < std:
                need, seven, orphan = others[cat]
                mask, count = (sevens[seven] | orphan_masks[orphan]) & ~(1 << d), -1
            else:
                if cross is None:
                    cross = plan.cross(i, cls_left) if allowed else (0, 0)
                mask, count = inside | cross[0], free + cross[1]
                if others is not None and others[cat][0] == std:
                    _, seven, orphan = others[cat]
                    extra = (sevens[seven] | orphan_masks[orphan]) & ~(1 << d) & ~mask
                    if extra:
                        mask |= extra
                        count = -1
            if packed and count >= 0:
                better = tiles_get(mask) or tiles_of(mask)
            else:
                better = tiles_of(mask & allowed)
                if left is None:
                    count = 4 * len(better) - sum(map(b.__getitem__, better))
                else:
                    count = sum(x if x > 0 else 0 for x in map(left.__getitem__, better))
            append(_new(DiscardOption, (d, need - 1, better, count)))
    return options


def lowest_discards(b: bytes, bits: int, wanted: int) -> tuple[int, dict[int, int]]:
    """Of the discards of `b` in mask `wanted` (held kinds), the lowest shanten after one and,
    per discard reaching it, the mask of the draws that lower it (what `fast_acceptance`
    would answer for those discards, every kind allowed; the others are not worked out)."""
    if compiled.ready():
        return compiled.lowest_discards(b, bits, wanted)
    plan = _Plan(b, bits)
    others, suits, n = plan.others, plan.suits, plan.n
    at_n = 5 + n  # the entry of n sets and a pair
    merged = _PAIRS.get
    low = INF
    found: list[tuple[int, int, int, int, Suit, int]] = []  # need, suit, kind, pos, left, std
    for i in range(4):
        rest, lo, key = plan.rest[i], _LO[i], suits[i].key
        for p, less in suits[i].fewer():
            d = lo + p
            if not wanted >> d & 1:
                continue
            cls = merged(less.cls << SHIFT | rest)
            std = need = _VEC[pair_class(less.cls, rest) if cls is None else cls][at_n]
            if others is not None:
                need = plan.other(d, key[p] << 1 | _ORPHAN_BIT[d], std)[0]
            if need <= low:
                low = need
                found.append((need, i, d, p, less, std))
    masks: dict[int, int] = {}
    crosses: dict[int, int] = {}
    for need, i, d, p, less, std in found:
        if need != low:
            continue
        extra = 0
        if others is not None:
            extra = plan.other(d, suits[i].key[p] << 1 | _ORPHAN_BIT[d], std)[1]
            if need < std:
                masks[d] = extra
                continue
        at = i << SHIFT | less.cls
        cross = crosses.get(at)
        if cross is None:
            cross = crosses[at] = plan.cross(i, less.cls)[0]
        inside = less.better(plan.rest[i], n) & _SUIT_MASK & ~(1 << p)
        masks[d] = inside << _LO[i] | cross | extra
    return low - 1, masks
