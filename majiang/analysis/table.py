"""The shipped suit table: the class of every suit pattern, so a new pattern is a lookup.

`suits.bin` (package data, zlib) holds, for every suit key of at most 14 tiles indexed by its
counts read in base 5, the index of its loose and of its exact vector (see `distance`) in two
short lists of distinct vectors. `python -m majiang.analysis.table_build` rebuilds it (minutes:
it runs the dynamic program on all 405,350 numeric patterns); without the file every pattern is
computed on first use instead, so the file only saves time.
"""

from __future__ import annotations

import zlib
from operator import mul
from pathlib import Path

Vector = tuple[int, ...]

PATH = Path(__file__).with_name("suits.bin")
MAGIC = b"MJSUITS1"
NONE = 255
_POW5 = tuple(5**i for i in range(9))

_loaded: tuple[list[Vector], list[Vector], bytes, bytes, bytes, bytes] | None = None
_missing = False


def index(key: bytes) -> int:
    """The base-5 index of a suit key."""
    return sum(map(mul, key, _POW5))


def lookup(key: bytes, exact: int) -> Vector | None:
    """The vector of `key` from the shipped table, or None (no file, or not in it)."""
    global _loaded, _missing
    if _loaded is None:
        if _missing:
            return None
        try:
            _loaded = _read(PATH.read_bytes())
        except (OSError, ValueError, zlib.error):
            _missing = True
            return None
    loose, exacts, num_loose, num_exact, hon_loose, hon_exact = _loaded
    if len(key) == 9:
        table = num_exact if exact else num_loose
    else:
        table = hon_exact if exact else hon_loose
    cls = table[index(key)] if max(key, default=0) <= 4 else NONE
    if cls == NONE:
        return None
    return (exacts if exact else loose)[cls]


def _read(data: bytes) -> tuple[list[Vector], list[Vector], bytes, bytes, bytes, bytes]:
    raw = zlib.decompress(data)
    if not raw.startswith(MAGIC):
        raise ValueError("not a suit table")
    pos = len(MAGIC)
    lists: list[list[Vector]] = []
    for _ in range(2):
        count = raw[pos]
        pos += 1
        lists.append([tuple(raw[pos + 10 * i : pos + 10 * i + 10]) for i in range(count)])
        pos += 10 * count
    sizes = (5**9, 5**9, 5**7, 5**7)
    tables = []
    for size in sizes:
        tables.append(raw[pos : pos + size])
        pos += size
    if pos != len(raw):
        raise ValueError("suit table has the wrong size")
    return lists[0], lists[1], tables[0], tables[1], tables[2], tables[3]
