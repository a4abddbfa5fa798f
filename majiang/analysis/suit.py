"""Per-suit tables. A suit is keyed by the bytes of its counts: 9 bytes for m, p, s and 7 for
honours (no sequences), so one dict serves every suit without collisions.

`COMPLETE[key]` is 0 when the suit splits into sets only and 1 when into sets plus one pair; keys
that do not split are absent. `DECOMPOSITIONS[key]` lists every distinct split as (pair position
or -1, groups with positions local to the suit). Both are built once at import from the few
thousand ways to pick at most four sets and a pair in one suit.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from majiang.analysis.groups import PAIR, SEQUENCE, TRIPLET, Group

MAX_SETS = 4
Split = tuple[int, tuple[Group, ...]]


def _suit_groups(size: int) -> list[Group]:
    groups = [Group(TRIPLET, i) for i in range(size)]
    if size == 9:
        groups += [Group(SEQUENCE, i) for i in range(7)]
    return sorted(groups)


def _build(size: int, complete: dict[bytes, int], splits: dict[bytes, list[Split]]) -> None:
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
            if max(base, default=0) > 4:
                continue
            for pair in range(-1, size):
                counts = base
                if pair >= 0:
                    if base[pair] > 2:
                        continue
                    counts = base.copy()
                    counts[pair] += 2
                key = bytes(counts)
                complete[key] = 0 if pair < 0 else 1
                splits.setdefault(key, []).append((pair, sets))


COMPLETE: dict[bytes, int] = {}
DECOMPOSITIONS: dict[bytes, list[Split]] = {}
_build(9, COMPLETE, DECOMPOSITIONS)
_build(7, COMPLETE, DECOMPOSITIONS)

__all__ = ["COMPLETE", "DECOMPOSITIONS", "PAIR"]
