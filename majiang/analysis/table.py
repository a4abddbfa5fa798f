"""The shipped suit table: the class of every suit pattern, so a new pattern is a lookup.

`suits.bin` (package data, zlib) holds, for every suit key of at most 14 tiles indexed by its
counts read in base 5, the index of its loose and of its exact vector (see `distance`) in two
short lists of distinct vectors, and the index (3 bytes) of its ten *slot masks* (acceptance:
per loose vector entry, the positions where one more tile lowers that entry) in a list of the
distinct ten-mask tuples (76,901 of them, 10 x 16 bits each). `python -m
majiang.analysis.table_build` rebuilds it (minutes: it runs the dynamic program on all 405,350
numeric patterns); without the file every pattern is computed on first use instead, so the file
only saves time.
"""

from __future__ import annotations

import struct
import zlib
from operator import mul
from pathlib import Path

Vector = tuple[int, ...]

PATH = Path(__file__).with_name("suits.bin")
MAGIC = b"MJSUITS2"
SLOTS = struct.Struct("<10H")  # one key's slot masks
NONE = 255
_POW5 = tuple(5**i for i in range(9))

Tables = tuple[list[Vector], list[Vector], bytes, bytes, bytes, bytes, bytes, bytes, bytes]
_loaded: Tables | None = None
_missing = False


def index(key: bytes) -> int:
    """The base-5 index of a suit key."""
    return sum(map(mul, key, _POW5))


def shipped() -> Tables | None:
    """The shipped tables, read on first use (None: no usable file)."""
    global _loaded, _missing
    if _loaded is None and not _missing:
        try:
            _loaded = _read(PATH.read_bytes())
        except (OSError, ValueError, zlib.error):
            _missing = True
    return _loaded


def lookup(key: bytes, exact: int) -> Vector | None:
    """The vector of `key` from the shipped table, or None (no file, or not in it)."""
    loaded = _loaded or shipped()
    if loaded is None:
        return None
    loose, exacts, num_loose, num_exact, hon_loose, hon_exact = loaded[:6]
    if len(key) == 9:
        table = num_exact if exact else num_loose
    else:
        table = hon_exact if exact else hon_loose
    cls = table[index(key)] if max(key, default=0) <= 4 else NONE
    if cls == NONE:
        return None
    return (exacts if exact else loose)[cls]


def slots(key: bytes) -> tuple[int, ...] | None:
    """The ten slot masks of `key` from the shipped table, or None (no file, or not in it)."""
    loaded = _loaded or shipped()
    if loaded is None or max(key, default=0) > 4 or sum(key) > 14:
        return None
    at = 3 * index(key)
    ids = loaded[7] if len(key) == 9 else loaded[8]
    return SLOTS.unpack_from(loaded[6], SLOTS.size * int.from_bytes(ids[at : at + 3], "little"))


def _read(data: bytes) -> Tables:
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
    distinct = int.from_bytes(raw[pos : pos + 4], "little")
    pos += 4
    for size in (SLOTS.size * distinct, 3 * 5**9, 3 * 5**7):
        tables.append(raw[pos : pos + size])
        pos += size
    if pos != len(raw):
        raise ValueError("suit table has the wrong size")
    return (lists[0], lists[1], tables[0], tables[1], tables[2], tables[3], tables[4],
            tables[5], tables[6])
