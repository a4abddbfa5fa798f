"""Per-suit tables. A suit is keyed by the bytes of its counts: 9 bytes for m, p, s and 7 for
honours (no sequences), so one dict serves every suit without collisions.

`COMPLETE[key]` is 0 when the suit splits into sets only and 1 when into sets plus one pair; keys
that do not split are absent. `DECOMPOSITIONS[key]` lists every distinct split as (pair position
or -1, groups with positions local to the suit). Both are built once at import from the few
thousand ways to pick at most four sets and a pair in one suit.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

from majiang.analysis.groups import PAIR, SEQUENCE, TRIPLET, Group

MAX_SETS = 4
Split = tuple[int, tuple[Group, ...]]


def _suit_groups(size: int) -> list[Group]:
    groups = [Group(TRIPLET, i) for i in range(size)]
    if size == 9:
        groups += [Group(SEQUENCE, i) for i in range(7)]
    return sorted(groups)


def _build(size: int, complete: dict[bytes, int], splits: dict[bytes, list[Split]],
           copies: int = 4) -> None:
    """Every key of at most four sets and a pair with no kind over `copies`; with more than 4,
    only the keys some kind of which is over 4 (the rest are in the plain tables)."""
    groups = _suit_groups(size)
    for n in range(MAX_SETS + 1):
        for sets in combinations_with_replacement(groups, n):
            base = [0] * size
            for kind, tile in sets:
                if kind == TRIPLET:
                    base[tile] += 3
                else:
                    base[tile] += 1
                    base[tile + 1] += 1
                    base[tile + 2] += 1
            if max(base, default=0) > copies:
                continue
            for pair in range(-1, size):
                counts = base
                if pair >= 0:
                    if base[pair] > copies - 2:
                        continue
                    counts = base.copy()
                    counts[pair] += 2
                if copies > 4 and max(counts, default=0) <= 4:
                    continue
                key = bytes(counts)
                complete[key] = 0 if pair < 0 else 1
                splits.setdefault(key, []).append((pair, sets))


def _build_bamboo_and_honours(splits: dict[bytes, list[Split]]) -> dict[bytes, int]:
    """Complete keys of the s and z suits taken together (16 bytes), at most four sets."""
    by_shape: dict[tuple[int, int, int], list[bytes]] = {}
    for key, ways in splits.items():
        pair, sets = ways[0]
        by_shape.setdefault((len(key), len(sets), pair >= 0), []).append(key)
    joined: dict[bytes, int] = {}
    for (size_s, sets_s, pair_s), keys_s in by_shape.items():
        if size_s != 9:
            continue
        for (size_z, sets_z, pair_z), keys_z in by_shape.items():
            if size_z != 7 or sets_s + sets_z > MAX_SETS or pair_s + pair_z > 1:
                continue
            value = pair_s + pair_z
            for key_s in keys_s:
                for key_z in keys_z:
                    joined[key_s + key_z] = value
    return joined


@cache
def wild_tables() -> tuple[dict[bytes, int], dict[bytes, list[Split]]]:
    """COMPLETE and DECOMPOSITIONS for keys holding a kind more than four times: a wildcard may
    stand for a kind whose four real tiles are all in sight (wuhan 4.3). Built on first use."""
    complete: dict[bytes, int] = {}
    splits: dict[bytes, list[Split]] = {}
    _build(9, complete, splits, copies=8)
    _build(7, complete, splits, copies=8)
    return complete, splits


COMPLETE: dict[bytes, int] = {}
DECOMPOSITIONS: dict[bytes, list[Split]] = {}
_build(9, COMPLETE, DECOMPOSITIONS)
_build(7, COMPLETE, DECOMPOSITIONS)
COMPLETE_SZ = _build_bamboo_and_honours(DECOMPOSITIONS)


def _build_waits() -> dict[bytes, int]:
    """key -> bit mask of the kinds (local to the suit) that complete it: bits 0-8 for sets
    only, bits 16-24 for sets and the pair."""
    waits: dict[bytes, int] = {}
    for key, pair in COMPLETE.items():
        shift = 16 if pair else 0
        for t, c in enumerate(key):
            if c:
                short = key[:t] + bytes((c - 1,)) + key[t + 1 :]
                waits[short] = waits.get(short, 0) | 1 << (t + shift)
    return waits


WAITS = _build_waits()

__all__ = ["COMPLETE", "COMPLETE_SZ", "DECOMPOSITIONS", "PAIR", "WAITS"]
