"""How far concealed tiles are from a target: its shanten, over per-suit vectors of
`majiang.analysis.distance` (a colour), a greedy count (triplets only) or a kind count (将一色 /
风一色)."""

from __future__ import annotations

from majiang.analysis import shanten
from majiang.analysis.distance import merge, suit_vector
from majiang.bots.value.state import State
from majiang.bots.value.targets import Target
from majiang.rules.wuhan import is_jiang

INF = 99  # out of reach
SUITS = ((0, 9), (9, 18), (18, 27), (27, 34))  # kinds of m, p, s, z
JIANG_PAIRS = tuple(tuple(t for t in range(lo, hi) if is_jiang(t)) for lo, hi in SUITS[:3])


def _restricted_need(counts: list[int], suits: tuple[int, ...], sets: int) -> int:
    """Tiles to add for `sets` sets and a pair from the given suits (3: honours) only."""
    vec: tuple[int, ...] | None = None
    for suit in suits:
        lo, hi = SUITS[suit]
        key = bytes(counts[lo:hi])
        if not any(key):
            continue
        v = suit_vector(key)
        vec = v if vec is None else merge(vec, v)
    if vec is None:
        return 3 * sets + 2
    return vec[5 + sets]


def _jiang_pair_need(counts: list[int], sets: int) -> int:
    """Tiles to add for `sets` sets and a 2-5-8 pair (wuhan's 屁胡)."""
    keys = [bytes(counts[lo:hi]) for lo, hi in SUITS]
    vecs = [suit_vector(k) for k in keys]
    best = INF
    for suit in range(3):
        rest = vecs[3]
        for other in range(3):
            if other != suit:
                rest = merge(rest, vecs[other])
        for p in JIANG_PAIRS[suit]:
            take = min(counts[p], 2)
            key = bytearray(keys[suit])
            key[p - suit * 9] -= take
            need = merge(rest, suit_vector(bytes(key)))[sets] + 2 - take
            best = min(best, need)
    return best


def _triplet_need(counts: list[int], kinds: tuple[int, ...], unseen: list[int],
                  sets: int) -> int:
    """Tiles to add for `sets` triplets and a pair of `kinds` (copies out of sight only)."""
    held: list[tuple[int, int]] = []
    fresh = 0
    for t in kinds:
        c = counts[t]
        if c:
            tc, pc = 3 - min(c, 3), 2 - min(c, 2)
            held.append((tc if unseen[t] >= tc else INF, pc if unseen[t] >= pc else INF))
        elif fresh < 5 and unseen[t] >= 3:
            fresh += 1
    costs = sorted(tc for tc, _ in held if tc < INF)
    best = 2 + sum((costs + [3] * (fresh - 1))[:sets]) if fresh and \
        len(costs) + fresh - 1 >= sets else INF
    for tc, pc in held:
        if pc >= INF:
            continue
        rest = list(costs)
        if tc < INF:
            rest.remove(tc)
        if len(rest) + fresh >= sets:
            best = min(best, pc + sum((rest + [3] * fresh)[:sets]))
    return best


def distance(state: State, target: Target, counts: list[int], jokers: int) -> int:
    """Shanten of the concealed tiles toward `target` (INF: out of reach)."""
    total = sum(counts) + jokers
    sets = total // 3
    if target.free:
        held = sum(counts[t] for t in target.allowed)
        return 3 * sets + 2 - held - jokers - 1
    if target.colour == "any" and not target.triplets:
        if state.laizi is None:
            return shanten(counts, jokers, state.ruleset.shapes)
        # wuhan 屁胡: a 2-5-8 pair and at most one laizi
        return max(_jiang_pair_need(counts, sets) - min(jokers, 1), 0) - 1
    if target.triplets:
        need = _triplet_need(counts, target.kinds, state.unseen, sets)
    else:
        need = _restricted_need(counts, target.suits, sets)
    return max(need - jokers, 0) - 1
