"""The value types of hand analysis (groups, arrangements, shapes, discard options) and the
check of a count vector."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import NamedTuple

Counts = Sequence[int]
"""A 34-long tile count vector (see majiang.tiles)."""

SEQUENCE, TRIPLET, PAIR = 0, 1, 2


def counts_bytes(counts: Counts) -> bytes:
    """The counts as 34 bytes; a clear ValueError for a bad vector."""
    try:
        b = bytes(counts)
    except (ValueError, TypeError) as exc:
        raise ValueError(f"counts must be 34 ints in 0..4: {exc}") from None
    if len(b) != 34:
        raise ValueError(f"counts must have 34 entries, got {len(b)}")
    return b


class Group(NamedTuple):
    """A set or pair: `kind` is SEQUENCE (tile, tile+1, tile+2), TRIPLET or PAIR."""

    kind: int
    tile: int


class Arrangement(NamedTuple):
    """One decomposition of a complete hand's concealed tiles into a pair and sets.

    `jokers` lists, sorted, the kinds the jokers stand for (empty without jokers).
    """

    pair: int
    sets: tuple[Group, ...]
    jokers: tuple[int, ...] = ()


class Shape(enum.IntFlag):
    """Winning shapes; combine with | to ask for several."""

    STANDARD = 1
    SEVEN_PAIRS = 2
    THIRTEEN_ORPHANS = 4
    ALL = 7


class DiscardOption(NamedTuple):
    """A discard, the shanten after it, the kinds that lower it and their unseen copies."""

    discard: int
    shanten: int
    tiles: tuple[int, ...]
    count: int  # type: ignore[assignment]  # shadows tuple.count on purpose


TILES: dict[int, tuple[int, ...]] = {}
"""A bit mask of kinds -> the kinds in order (`tiles_of`'s cache)."""
_TILES_KEPT = 800_000  # entries kept before the cache is cleared (long simulations)


def tiles_of(mask: int) -> tuple[int, ...]:
    """The kinds of a bit mask, in order (cached)."""
    got = TILES.get(mask)
    if got is None:
        out = []
        m = mask
        while m:
            low = m & -m
            out.append(low.bit_length() - 1)
            m ^= low
        got = tuple(out)
        if len(TILES) > _TILES_KEPT:
            TILES.clear()
        TILES[mask] = got
    return got
