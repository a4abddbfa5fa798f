"""Tile acceptance compiled (numba, the `fast` extra): the same answers as `accept`, 3-4x faster.

One call works out every distinct discard of a hand from the shipped suit table (`table`) held
as arrays (`kernel`): a suit key's base-5 index gives its class (loose vector, see `distance`)
and its ten slot masks. After a discard in suit i, the standard need is the min over the entries
of i's vector against the other three suits merged; a draw lowers it exactly when it lowers a
*tight* entry (`accept` explains why), so the better draws are the OR of the tight entries' slot
masks, in suit i against the rest and in every other suit j against i and the two left merged.
Seven pairs and thirteen orphans follow the counts of `accept._others_of`. Rows come back sorted
as `efficiency.acceptance` sorts: lowest shanten, most unseen copies, then the kind.

numba is imported on the first acceptance, not with the package. Without numba and numpy (or
with `MAJIANG_PURE=1`), `ready()` is False and `accept` answers in pure Python. The first
call compiles (seconds; cached on disk after: `warm` does it at once, `make` runs it).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import reduce
from operator import or_
from typing import Any

from majiang.analysis.groups import TILES, DiscardOption, tiles_of
from majiang.analysis.table import shipped

ALL = (1 << 34) - 1
_out = threading.local()  # each thread's rows array for the kernel to fill
_state: list[Any] = []  # [] not tried yet; [None] no kernel; [(kernel function, tables)]


def ready() -> bool:
    """Whether the compiled kernel answers (imports numba and reads the table the first time)."""
    if not _state:
        _state.append(_load())
    return _state[0] is not None


@contextmanager
def pure() -> Iterator[None]:
    """Answer in pure Python inside the block (the tests compare the two)."""
    ready()
    kept = _state[0]
    _state[0] = None
    try:
        yield
    finally:
        _state[0] = kept


def _load() -> tuple[Any, Any] | None:
    if os.environ.get("MAJIANG_PURE"):
        return None
    try:
        from majiang.analysis import kernel
    except ImportError:
        return None
    loaded = shipped()
    return None if loaded is None else (kernel.kernel, kernel.Tables(loaded))


def _run(b: bytes, left: Sequence[int] | bytes | None, bits: int, allowed: int, wanted: int,
         near: bool) -> tuple[Any, int]:
    """The kernel's rows array and how many rows it filled (`kernel.kernel`)."""
    if not ready():
        raise RuntimeError("no compiled acceptance here (numba and numpy, or the suit table)")
    run, k = _state[0]
    try:  # counts 0..255 pass as bytes (cheapest); negative counts as an array
        unseen = b"" if left is None else bytes(left)
    except ValueError:
        unseen = k.counts(left)
    out = getattr(_out, "rows", None)
    if out is None:
        out = _out.rows = k.rows()
    count = run(b, unseen, allowed, wanted, bits, 1 if near else 0, k.vectors, k.entries,
                k.slots, out)
    return out, count


def rows(b: bytes, left: Sequence[int] | None, bits: int, allowed: int,
         wanted: int = ALL) -> list[list[int]]:
    """(discard, shanten, mask, copies, rank) of every distinct discard of `b` in `wanted`,
    sorted best first."""
    out, count = _run(b, left, bits, allowed, wanted, False)
    if count < 0:
        raise ValueError("acceptance needs a 3n+2 hand of at most 14 tiles, 4 of a kind at most,"
                         " held discards and 34 unseen counts")
    got: list[list[int]] = out[:count].tolist()
    return got


def acceptance(b: bytes, left: Sequence[int] | None, bits: int,
               allowed: int) -> list[DiscardOption]:
    """What `accept.fast_acceptance` answers, sorted best first."""
    new, get = tuple.__new__, TILES.get
    return [new(DiscardOption, (d, shanten, get(mask) or tiles_of(mask), copies))
            for d, shanten, mask, copies, _ in rows(b, left, bits, allowed)]


def lowest_discards(b: bytes, bits: int, wanted: int) -> tuple[int, dict[int, int]]:
    """What `accept.lowest_discards` answers: the lowest shanten of the discards in `wanted`
    and the better-draw mask of each reaching it."""
    found = rows(b, None, bits, ALL, wanted)  # lowest shanten first
    if not found:
        return 98, {}
    low = found[0][1]
    return low, {d: mask for d, shanten, mask, _, _ in found if shanten == low}


def best_discard(b: bytes, discards: list[int], unseen: Sequence[int] | bytes,
                 bits: int) -> tuple[int, int] | None:
    """What `bots.efficient.best_discard` answers: (shanten after, discard) with the lowest
    shanten, then the most unseen copies of its better draws near a held tile (counted by
    the kernel), then the first of `discards`. `unseen`: the counts, or the copies then the
    tiles seen (`bots.efficient.seen_record`). None: not a hand the kernel answers (see
    `kernel.kernel`)."""
    wanted = reduce(or_, map(_BIT.__getitem__, discards), 0)
    out, count = _run(b, unseen, bits, ALL, wanted, True)
    if count <= 0:
        return None
    top = out[:2].tolist()
    if count == 1 or top[1][4] >> 6 != top[0][4] >> 6 or discards == sorted(discards):
        return top[0][1], top[0][0]  # no tie, or the first of the tied is the lowest kind
    tied = [d for d, _, _, _, rank in out[:count].tolist() if rank >> 6 == top[0][4] >> 6]
    return top[0][1], min(tied, key=discards.index)


_BIT = tuple(1 << t for t in range(34))


def warm() -> bool:
    """Compile the kernel now (seconds the first time, then read from the on-disk cache);
    False when there is no kernel."""
    if not ready():
        return False
    hand = bytes([4, 1, 1, 1, 1, 1, 1, 1, 3] + [0] * 25)
    acceptance(hand, None, 7, ALL)
    acceptance(hand, [4] * 34, 7, ALL)
    acceptance(hand, [-1] * 34, 7, ALL)
    best_discard(hand, [0, 8], [4] * 34, 7)
    best_discard(hand, [0, 8], bytes([4] * 34 + [0, 1]), 7)
    return True
