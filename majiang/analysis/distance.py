"""How far one suit is from k sets (and a pair): the per-suit vectors behind shanten and jokers.

For a suit key (see `suit`), `suit_vector(key)` returns 10 numbers: entry `k` (0..4) is the
fewest tiles to add so that the suit holds k sets, entry `5 + k` the same for k sets and a pair;
surplus tiles may be thrown away. `exact_vector(key)` is the same when every tile of the suit
must be used (the jokers needed to complete the suit exactly), `INF` when impossible. A group made
only of added tiles costs its size and can always be placed on a kind nobody holds, so the dynamic
program over the suit's positions only opens groups that touch a held tile, and no kind is ever
needed more than four times.

Runs of held tiles more than two empty positions apart share no group, so a suit is split into
such blocks (each honour is its own block); a block's vector is computed once per shape of block
(a block and its mirror image share one) and the suit's vector is the min-plus merge of its
blocks'. Everything is cached, and the shipped table (`table`) answers most keys at once.
"""

from __future__ import annotations

from majiang.analysis.table import lookup

INF = 99
Vector = tuple[int, ...]

_SUITS: tuple[dict[bytes, Vector], dict[bytes, Vector]] = ({}, {})
_BLOCKS: tuple[dict[tuple[bytes, bool], Vector], dict[tuple[bytes, bool], Vector]] = ({}, {})
_MERGES: dict[tuple[Vector, Vector], Vector] = {}
# key -> (jokers to complete the suit as sets only, extra jokers if it also holds the pair)
JOKER_NEED: dict[bytes, tuple[int, int]] = {}


def suit_vector(key: bytes) -> Vector:
    """Tiles to add for k sets (entries 0-4) and k sets and a pair (5-9), surplus thrown away."""
    vec = _SUITS[0].get(key)
    if vec is None:
        vec = _SUITS[0][key] = lookup(key, 0) or _from_blocks(key, 0)
    return vec


def exact_vector(key: bytes) -> Vector:
    """The same, every tile used: the jokers that complete the suit exactly (INF: impossible)."""
    vec = _SUITS[1].get(key)
    if vec is None:
        vec = _SUITS[1][key] = lookup(key, 1) or _from_blocks(key, 1)
    return vec


def joker_need(key: bytes) -> tuple[int, int]:
    """(jokers to make the suit sets only, extra jokers to make it sets and the pair)."""
    need = JOKER_NEED.get(key)
    if need is None:
        vec = exact_vector(key)
        sets_only = min(vec[:5])
        with_pair = min(vec[5:])
        need = JOKER_NEED[key] = (sets_only, min(with_pair - sets_only, INF))
    return need


def merge(x: Vector, y: Vector) -> Vector:
    """Min-plus merge of two vectors: the best split of the sets (and the pair) between them."""
    got = _MERGES.get((x, y))
    if got is None:
        got = _MERGES[(x, y)] = _min_plus(x, y)
    return got


def _min_plus(x: Vector, y: Vector) -> Vector:
    """Entry k: min over i + j = k of x[i] + y[j]; entry 5 + k: the same with the pair on
    either side (written out: the merge runs on every new pair of classes)."""
    x0, x1, x2, x3, x4, p0, p1, p2, p3, p4 = x
    y0, y1, y2, y3, y4, q0, q1, q2, q3, q4 = y
    out = (
        x0 + y0,
        min(x0 + y1, x1 + y0),
        min(x0 + y2, x1 + y1, x2 + y0),
        min(x0 + y3, x1 + y2, x2 + y1, x3 + y0),
        min(x0 + y4, x1 + y3, x2 + y2, x3 + y1, x4 + y0),
        min(p0 + y0, x0 + q0),
        min(p0 + y1, p1 + y0, x0 + q1, x1 + q0),
        min(p0 + y2, p1 + y1, p2 + y0, x0 + q2, x1 + q1, x2 + q0),
        min(p0 + y3, p1 + y2, p2 + y1, p3 + y0, x0 + q3, x1 + q2, x2 + q1, x3 + q0),
        min(p0 + y4, p1 + y3, p2 + y2, p3 + y1, p4 + y0,
            x0 + q4, x1 + q3, x2 + q2, x3 + q1, x4 + q0),
    )
    if max(out) > INF:
        return tuple(v if v < INF else INF for v in out)
    return out


def _from_blocks(key: bytes, exact: int) -> Vector:
    sequences = len(key) == 9
    cache = _BLOCKS[exact]
    vec: Vector | None = None
    for block in _blocks(key, sequences):
        block = min(block, block[::-1])
        got = cache.get((block, sequences))
        if got is None:
            got = cache[(block, sequences)] = _compute(block, sequences, exact)
        vec = got if vec is None else merge(vec, got)
    return vec if vec is not None else _compute(b"", sequences, exact)


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


# A DP state packs (open sequences from i-1, from i-2, sets so far, pair) as a + 5b + 25k + 125p.
_DECODE = [(s % 5, s // 5 % 5, s // 25 % 5, s // 125) for s in range(250)]


def _choices(have: int, near: int, base: int, exact: int) -> list[tuple[int, int, int, int]]:
    """(next state offset, sets added, pair added, cost) of every choice at one position."""
    out = []
    for q in range(min(4 - base, near) + 1):
        for t in range(2 if have else 1):
            for pp in range(2 if have else 1):
                demand = base + q + 3 * t + 2 * pp
                if demand > 4 or (exact and demand < have):
                    continue
                out.append((q, q + t, pp, demand - have if demand > have else 0))
    return out


_CHOICES = [
    {
        (have, near, base): _choices(have, near, base, exact)
        for have in range(5)
        for near in range(13)
        for base in range(5)
    }
    for exact in (0, 1)
]


def _compute(key: bytes, sequences: bool, exact: int) -> Vector:
    """The vector of one block by dynamic programming over its positions."""
    size = len(key)
    padded = bytes(key) + b"\0\0"
    choices = _CHOICES[exact]
    costs = {0: 0}
    for i in range(size):
        have = padded[i]
        near = have + padded[i + 1] + padded[i + 2] if sequences and i < size - 2 else 0
        new: dict[int, int] = {}
        get = new.get
        for state, cost in costs.items():
            a, b, k, p = _DECODE[state]
            for q, dk, dp, add in choices[(have, near, a + b)]:
                if k + dk > 4 or p + dp > 1:
                    continue
                nxt = q + 5 * a + 25 * (k + dk) + 125 * (p + dp)
                v = cost + add
                old = get(nxt)
                if old is None or v < old:
                    new[nxt] = v
        costs = new
    used = [INF] * 10
    for state, cost in costs.items():
        _a, _b, k, p = _DECODE[state]
        i = 5 * p + k
        if cost < used[i]:
            used[i] = cost
    sets = [min(used[j] + 3 * (k - j) for j in range(k + 1)) for k in range(5)]
    pair = [
        min(min(used[5 + j] + 3 * (k - j) for j in range(k + 1)), sets[k] + 2) for k in range(5)
    ]
    return tuple(min(v, INF) for v in sets + pair)
