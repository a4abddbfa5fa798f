"""Hand analysis: pure functions over 34-count vectors, driven by per-suit lookup tables.

Declared sets are absent from the counts; jokers (wildcards) are passed as a separate count and
may stand for any kind, never for a fifth copy. Seven pairs in `shanten`, `waits`, `acceptance`
and `is_winning` count four of a kind as two pairs (`is_seven_pairs(quads=False)` does not).

How it is fast: each suit's counts, as bytes, key the tables. `suit` enumerates the complete
suit patterns at import (win checks: three dict lookups a hand; waits: per-suit bit masks);
`table` ships the class of every suit pattern (package data) and `classes` merges classes
through lookup tables filled on first use (shanten: one struct unpack of `bytearray(counts)`
into the four suit keys, then seven lookups on one-digit ints, with the seven pairs and thirteen
orphans shapes folded into the last index); `distance` holds the dynamic program the tables come
from.

>>> from majiang.tiles import parse_tiles, to_counts
>>> is_complete(to_counts(parse_tiles("123m456p789s11122z")))
True
>>> waits(to_counts(parse_tiles("123m456p789s1122z")))
[27, 28]
>>> shanten(to_counts(parse_tiles("123m456p789s1234z")))
2
"""

from majiang.analysis.arrange import arrangements
from majiang.analysis.efficiency import acceptance, shanten, waits
from majiang.analysis.groups import (
    PAIR,
    SEQUENCE,
    TRIPLET,
    Arrangement,
    Counts,
    DiscardOption,
    Group,
    Shape,
)
from majiang.analysis.win import (
    is_complete,
    is_seven_pairs,
    is_thirteen_orphans,
    is_winning,
)

__all__ = [
    "PAIR",
    "SEQUENCE",
    "TRIPLET",
    "Arrangement",
    "Counts",
    "DiscardOption",
    "Group",
    "Shape",
    "acceptance",
    "arrangements",
    "is_complete",
    "is_seven_pairs",
    "is_thirteen_orphans",
    "is_winning",
    "shanten",
    "waits",
]
