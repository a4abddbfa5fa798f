"""Rebuild the shipped suit table `suits.bin` (see `table`).

`python -m majiang.analysis.table_build` (minutes): the dynamic program of `distance` on every
suit pattern of at most 14 tiles.
"""

from __future__ import annotations

import itertools
import zlib

from majiang.analysis.distance import _from_blocks
from majiang.analysis.table import MAGIC, NONE, PATH, Vector, index


def build() -> bytes:
    """Compute every suit pattern's vectors (slow) and return the file's bytes."""
    vectors: list[dict[Vector, int]] = [{}, {}]
    tables = [bytearray([NONE]) * 5**9, bytearray([NONE]) * 5**9]
    honours = [bytearray([NONE]) * 5**7, bytearray([NONE]) * 5**7]
    for size, out in ((9, tables), (7, honours)):
        for counts in itertools.product(range(5), repeat=size):
            if sum(counts) > 14:
                continue
            key = bytes(counts)
            at = index(key)
            for exact in (0, 1):
                vec = _from_blocks(key, exact)
                cls = vectors[exact].setdefault(vec, len(vectors[exact]))
                if cls >= NONE:
                    raise OverflowError("too many distinct suit vectors for one byte")
                out[exact][at] = cls
    body = bytearray(MAGIC)
    for found in vectors:
        body.append(len(found))
        for vec in sorted(found, key=found.__getitem__):
            body += bytes(vec)
    for part in (*tables, *honours):
        body += part
    return zlib.compress(bytes(body), 9)


if __name__ == "__main__":
    PATH.write_bytes(build())
    print(f"wrote {PATH} ({PATH.stat().st_size} bytes)")
