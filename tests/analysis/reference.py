"""Plain brute-force references for hand analysis, written for clarity, not speed."""

from __future__ import annotations

from itertools import combinations_with_replacement

from majiang.analysis import PAIR, SEQUENCE, TRIPLET, Group
from majiang.tiles import TERMINALS_AND_HONORS

ALL_SETS = [Group(TRIPLET, t) for t in range(34)] + [
    Group(SEQUENCE, s * 9 + i) for s in range(3) for i in range(7)
]


def group_tiles(group: Group) -> list[int]:
    if group.kind == SEQUENCE:
        return [group.tile, group.tile + 1, group.tile + 2]
    if group.kind == TRIPLET:
        return [group.tile] * 3
    assert group.kind == PAIR
    return [group.tile] * 2


def decompositions(counts: list[int]) -> set[tuple[int, tuple[Group, ...]]]:
    """Every (pair, sorted sets) that uses all tiles, by recursion on the lowest tile."""
    found: set[tuple[int, tuple[Group, ...]]] = set()

    def walk(c: list[int], pair: int, sets: list[Group]) -> None:
        first = next((t for t in range(34) if c[t]), None)
        if first is None:
            if pair >= 0:
                found.add((pair, tuple(sorted(sets))))
            return
        if c[first] >= 3:
            c[first] -= 3
            walk(c, pair, [*sets, Group(TRIPLET, first)])
            c[first] += 3
        if pair < 0 and c[first] >= 2:
            c[first] -= 2
            walk(c, first, sets)
            c[first] += 2
        if first < 27 and first % 9 <= 6 and c[first + 1] and c[first + 2]:
            for t in (first, first + 1, first + 2):
                c[t] -= 1
            walk(c, pair, [*sets, Group(SEQUENCE, first)])
            for t in (first, first + 1, first + 2):
                c[t] += 1

    walk(list(counts), -1, [])
    return found


def joker_readings(counts: list[int], jokers: int) -> list[tuple[int, ...]]:
    """Every sorted tuple of kinds the jokers may stand for (a fifth copy too: wuhan 4.3)."""
    return list(combinations_with_replacement(range(34), jokers))


def capped_readings(counts: list[int], jokers: int) -> list[tuple[int, ...]]:
    """The readings with no fifth copy (seven pairs and thirteen orphans: no ruleset with
    wildcards plays them)."""
    return [r for r in joker_readings(counts, jokers) if max(filled(counts, r)) <= 4]


def filled(counts: list[int], kinds: tuple[int, ...]) -> list[int]:
    c = list(counts)
    for t in kinds:
        c[t] += 1
    return c


def is_complete(counts: list[int], jokers: int = 0) -> bool:
    return any(decompositions(filled(counts, r)) for r in joker_readings(counts, jokers))


def is_seven_pairs(counts: list[int], jokers: int = 0, quads: bool = True) -> bool:
    if sum(counts) + jokers != 14:
        return False
    for r in capped_readings(counts, jokers):
        c = filled(counts, r)
        if all(x % 2 == 0 for x in c) and (quads or max(c) <= 2):
            return True
    return False


def is_thirteen_orphans(counts: list[int], jokers: int = 0) -> bool:
    if sum(counts) + jokers != 14:
        return False
    for r in capped_readings(counts, jokers):
        c = filled(counts, r)
        if all(c[t] >= 1 for t in TERMINALS_AND_HONORS) and all(
            c[t] == 0 for t in range(34) if t not in TERMINALS_AND_HONORS
        ):
            return True
    return False


def standard_need(counts: list[int], sets: int) -> int:
    """Fewest tiles to add so the hand holds `sets` sets and a pair, by trying every target.

    Groups that share no tile with the hand cost their full size and can always be placed on
    kinds the hand does not touch, so one placeholder stands for all of them.
    """
    touching = [g for g in ALL_SETS if any(counts[t] for t in group_tiles(g))]
    free = Group(-1, -1)
    best = 99
    pairs = [t for t in range(34) if counts[t]] + [-1]
    for chosen in combinations_with_replacement([*touching, free], sets):
        for pair in pairs:
            target = [0] * 34
            cost = 0
            for g in chosen:
                if g is free:
                    cost += 3
                    continue
                for t in group_tiles(g):
                    target[t] += 1
            if pair >= 0:
                target[pair] += 2
            else:
                cost += 2
            if max(target) > 4:
                continue
            cost += sum(max(target[t] - counts[t], 0) for t in range(34))
            best = min(best, cost)
    return best
