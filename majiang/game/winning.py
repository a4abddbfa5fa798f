"""Is a hand complete under a ruleset's shapes: `majiang.analysis`, with the common case direct."""

from __future__ import annotations

from majiang import analysis
from majiang.analysis import Shape


def is_complete(counts: list[int], shapes: Shape, jokers: int = 0) -> bool:
    """Whether `counts` (concealed tiles, melds absent) complete a hand of the given shapes."""
    if shapes == Shape.STANDARD:
        return analysis.is_complete(counts, jokers)
    return bool(analysis.is_winning(counts, jokers, shapes))
