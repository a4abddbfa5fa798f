"""Rebuild the shipped suit table `suits.bin` (see `table`).

`python -m majiang.analysis.table_build` (minutes): the dynamic program of `distance` on every
suit pattern of at most 14 tiles, then each pattern's slot masks from its neighbours' vectors.
Deterministic: the same bytes every run.
"""

from __future__ import annotations

import itertools
import zlib

from majiang.analysis.distance import _from_blocks
from majiang.analysis.table import MAGIC, NONE, PATH, SLOTS, Vector, index


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
    loose = sorted(vectors[0], key=vectors[0].__getitem__)
    body += slot_section(tables[0], honours[0], loose)
    return zlib.compress(bytes(body), 9)


def slot_section(numbers: bytes | bytearray, honours: bytes | bytearray,
                 loose: list[Vector]) -> bytes:
    """The slot masks of every key: the count and list of distinct ten-mask tuples (in order of
    first use), then each key's 3-byte index in it (numbered suits, then honours)."""
    distinct: dict[tuple[int, ...], int] = {}
    ids = [slot_ids(9, numbers, loose, distinct), slot_ids(7, honours, loose, distinct)]
    out = bytearray(len(distinct).to_bytes(4, "little"))
    for masks in distinct:
        out += SLOTS.pack(*masks)
    return bytes(out + ids[0] + ids[1])


def slot_ids(size: int, classes: bytes | bytearray, loose: list[Vector],
             distinct: dict[tuple[int, ...], int]) -> bytes:
    """Per key (base-5 index), the 3-byte index in `distinct` of its ten slot masks: the
    positions where one more tile lowers each loose vector entry (none at 14 tiles or more)."""
    out = bytearray(3 * 5**size)
    for counts in itertools.product(range(5), repeat=size):
        total = sum(counts)
        if total > 14:
            continue
        at = index(bytes(counts))
        masks = [0] * 10
        if total < 14:
            vec = loose[classes[at]]
            for i, c in enumerate(counts):
                if c < 4:
                    up = loose[classes[at + 5**i]]
                    for s in range(10):
                        if up[s] < vec[s]:
                            masks[s] |= 1 << i
        got = distinct.setdefault(tuple(masks), len(distinct))
        out[3 * at : 3 * at + 3] = got.to_bytes(3, "little")
    return bytes(out)


if __name__ == "__main__":
    PATH.write_bytes(build())
    print(f"wrote {PATH} ({PATH.stat().st_size} bytes)")
