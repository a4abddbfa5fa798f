"""What a hand is worth: max over the targets its melds fit of value x DECAY^distance."""

from __future__ import annotations

from collections.abc import Iterable

from majiang.bots.value.distance import INF, distance
from majiang.bots.value.state import State
from majiang.bots.value.targets import DECAY, NARROW, Target, targets
from majiang.rules.base import Meld
from majiang.rules.wuhan import MINIMUM


def melds_fit(target: Target, melds: Iterable[Meld]) -> bool:
    """Whether the melds already made allow `target` (no chow for triplets, its kinds only)."""
    for meld in melds:
        if target.triplets and meld.kind == "chow":
            return False
        if any(t not in target.allowed for t in meld.tiles):
            return False
    return True


def reach_minimum(amount: float) -> float:
    """wuhan: how likely a win of this value x the lowest loser factor meets the 64 minimum
    (a discard doubles its discarder, a self-draw every loser)."""
    if amount >= MINIMUM:
        return 1.0
    return 0.4 if amount * 2 >= MINIMUM else 0.1


def worth(state: State, counts: list[int], mult: int | None = None) -> tuple[float, Target | None]:
    """Max over targets of value x DECAY^distance, and the best target (3n+1 hands)."""
    split, jokers = state.split(counts)
    decay = DECAY.get(state.rules, 0.4)
    mult = state.mult if mult is None else mult
    best, best_target = 0.0, None
    for target in targets(state.rules):
        if not melds_fit(target, state.melds):
            continue
        d = distance(state, target, split, jokers)
        if d >= INF - 10:
            continue
        value = target.value * mult
        if state.laizi is not None:
            value *= reach_minimum(value * state.loser_mult)
        if d > 0:  # fewer kinds help a narrow target: its draws are slower
            value *= NARROW.get(target.colour, 1.0) * (NARROW["triplets"] if target.triplets
                                                       else 1.0)
        w = value * decay ** max(d, 0)
        if w > best:
            best, best_target = w, target
    return best, best_target
