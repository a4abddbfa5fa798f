"""How far one suit is from k sets (and a pair): the per-suit vectors behind shanten and jokers.

For a suit key (see `suit`), `suit_vector(key)` returns 20 numbers. Entry `k` (0..4) is the fewest
tiles to add so that the suit holds k sets, entry `5 + k` the same for k sets and a pair; surplus
tiles may be thrown away. Entries `10 + ...` are the same but every tile of the suit must be used
(the number of jokers needed to complete the suit exactly), `INF` when impossible. No kind is ever
needed more than four times. Vectors are computed by a small dynamic program over the suit's
positions and cached per key.
"""

from __future__ import annotations

INF = 99
_CACHE: dict[bytes, tuple[int, ...]] = {}


def suit_vector(key: bytes) -> tuple[int, ...]:
    """The 20-number vector of one suit (cached)."""
    vec = _CACHE.get(key)
    if vec is None:
        vec = _CACHE[key] = _compute(key)
    return vec


def _compute(key: bytes) -> tuple[int, ...]:
    size = len(key)
    sequences = size == 9
    # state (open seqs started at i-1, at i-2, sets so far, pair used) -> (loose, exact)
    states: dict[tuple[int, int, int, int], tuple[int, int]] = {(0, 0, 0, 0): (0, 0)}
    for i in range(size):
        have = key[i]
        last_start = sequences and i < size - 2
        new: dict[tuple[int, int, int, int], tuple[int, int]] = {}
        for (a, b, k, p), (loose, exact) in states.items():
            base = a + b
            max_q = min(4 - base, 4 - k) if last_start else 0
            for q in range(max_q + 1):
                for t in (0, 1):
                    if k + q + t > 4:
                        break
                    for pp in (0, 1):
                        if pp and p:
                            break
                        demand = base + q + 3 * t + 2 * pp
                        if demand > 4:
                            break
                        lo = loose + (demand - have if demand > have else 0)
                        ex = exact + demand - have if demand >= have else INF
                        state = (q, a, k + q + t, p + pp)
                        old = new.get(state)
                        if old is None:
                            new[state] = (lo, ex)
                        else:
                            new[state] = (min(old[0], lo), min(old[1], ex))
        states = new
    out = [INF] * 20
    for (_a, _b, k, p), (loose, exact) in states.items():
        i = 5 * p + k
        if loose < out[i]:
            out[i] = loose
        if exact < out[10 + i]:
            out[10 + i] = min(exact, INF)
    return tuple(out)
