"""How far one suit is from k sets (and a pair): the per-suit vectors behind shanten and jokers.

For a suit key (see `suit`), `suit_vector(key)` returns 20 numbers. Entry `k` (0..4) is the fewest
tiles to add so that the suit holds k sets, entry `5 + k` the same for k sets and a pair; surplus
tiles may be thrown away. Entries `10 + ...` are the same when every tile of the suit must be used
(the jokers needed to complete the suit exactly), `INF` when impossible. A group made only of
added tiles costs its size and can always be placed on a kind nobody holds, so the dynamic
program over the suit's positions only opens groups that touch a held tile, and no kind is ever
needed more than four times. Vectors are computed once per key and cached.

Runs of held tiles more than two empty positions apart share no group, so a suit is split into
such blocks (each honour is its own block); a block's vector is computed once per shape of block
and the suit's vector is their min-plus merge.
"""

from __future__ import annotations

INF = 99
_CACHE: dict[bytes, tuple[int, ...]] = {}



def suit_vector(key: bytes) -> tuple[int, ...]:
    """The 20-number vector of one suit (cached)."""
    vec = _CACHE.get(key)
    if vec is None:
        vec = _CACHE[key] = _from_blocks(key)
    return vec


_BLOCKS: dict[tuple[bytes, bool], tuple[int, ...]] = {}
_MERGES: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}


def _from_blocks(key: bytes) -> tuple[int, ...]:
    sequences = len(key) == 9
    vec: tuple[int, ...] | None = None
    for block in _blocks(key, sequences):
        block = min(block, block[::-1])  # a block and its mirror image have one vector
        got = _BLOCKS.get((block, sequences))
        if got is None:
            got = _BLOCKS[(block, sequences)] = _compute(block, sequences)
        vec = got if vec is None else _merge20(vec, got)
    return vec if vec is not None else _compute(b"", sequences)


def _blocks(key: bytes, sequences: bool) -> list[bytes]:
    """The blocks of a suit, each with up to two empty positions of room on either side."""
    if not sequences:
        return [key[i : i + 1] for i in range(len(key)) if key[i]]
    held = [i for i in range(len(key)) if key[i]]
    out: list[bytes] = []
    start = 0
    for j in range(1, len(held) + 1):
        if j == len(held) or held[j] - held[j - 1] > 2:
            lo = max(held[start] - 2, 0)
            hi = min(held[j - 1] + 3, len(key))
            out.append(key[lo:hi] if lo or hi < len(key) else key)
            start = j
    return out


def _merge20(x: tuple[int, ...], y: tuple[int, ...]) -> tuple[int, ...]:
    got = _MERGES.get((x, y))
    if got is None:
        got = _MERGES[(x, y)] = _merge10(x[:10], y[:10]) + _merge10(x[10:], y[10:])
    return got


def _merge10(x: tuple[int, ...], y: tuple[int, ...]) -> tuple[int, ...]:
    out = [INF] * 10
    for i in range(5):
        for j in range(5 - i):
            k = i + j
            out[k] = min(out[k], x[i] + y[j])
            out[5 + k] = min(out[5 + k], x[5 + i] + y[j], x[i] + y[5 + j])
    return tuple(min(v, INF) for v in out)


# A DP state packs (open sequences from i-1, from i-2, sets so far, pair) as a + 5b + 25k + 125p.
_DECODE = [(s % 5, s // 5 % 5, s // 25 % 5, s // 125) for s in range(250)]


def _choices(have: int, near: int, base: int) -> list[tuple[int, int, int, int, int]]:
    """(new sequences, sets added, pair added, loose cost, exact cost) at one position."""
    out = []
    for q in range(min(4 - base, near) + 1):
        for t in range(2 if have else 1):
            for pp in range(2 if have else 1):
                demand = base + q + 3 * t + 2 * pp
                if demand > 4:
                    continue
                loose = demand - have if demand > have else 0
                exact = demand - have if demand >= have else INF
                out.append((q, q + t, pp, loose, exact))
    return out


_CHOICES = {
    (have, near, base): _choices(have, near, base)
    for have in range(5)
    for near in range(13)
    for base in range(5)
}


def _compute(key: bytes, sequences: bool) -> tuple[int, ...]:
    """The 20-number vector of one block by dynamic programming over its positions."""
    size = len(key)
    padded = bytes(key) + b"\0\0"
    loose = {0: 0}
    exact = {0: 0}
    for i in range(size):
        have = padded[i]
        near = have + padded[i + 1] + padded[i + 2] if sequences and i < size - 2 else 0
        new_loose: dict[int, int] = {}
        new_exact: dict[int, int] = {}
        for state, lo in loose.items():
            ex = exact[state]
            a, b, k, p = _DECODE[state]
            for q, dk, dp, add_lo, add_ex in _CHOICES[(have, near, a + b)]:
                if k + dk > 4 or p + dp > 1:
                    continue
                nxt = q + 5 * a + 25 * (k + dk) + 125 * (p + dp)
                v = lo + add_lo
                old = new_loose.get(nxt)
                if old is None:
                    new_loose[nxt] = v
                    new_exact[nxt] = min(ex + add_ex, INF)
                else:
                    if v < old:
                        new_loose[nxt] = v
                    v = ex + add_ex
                    if v < new_exact[nxt]:
                        new_exact[nxt] = v
        loose, exact = new_loose, new_exact
    used = [INF] * 20
    for state, lo in loose.items():
        _a, _b, k, p = _DECODE[state]
        i = 5 * p + k
        used[i] = min(used[i], lo)
        used[10 + i] = min(used[10 + i], exact[state])
    return tuple(_with_free_groups(used[:10]) + _with_free_groups(used[10:]))


def _with_free_groups(used: list[int]) -> list[int]:
    """Add groups made only of added tiles: a set costs 3, the pair 2."""
    sets = [min(used[j] + 3 * (k - j) for j in range(k + 1)) for k in range(5)]
    pair = [
        min(min(used[5 + j] + 3 * (k - j) for j in range(k + 1)), sets[k] + 2) for k in range(5)
    ]
    return [min(v, INF) for v in sets + pair]
