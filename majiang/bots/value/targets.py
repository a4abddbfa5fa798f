"""The value bot's targets per ruleset: a colour times a shape, with a rough value.

Colours: any / 混一色 / 清一色 per suit / 将一色 / 风一色; shapes: any sets / triplets only. Values
are in the scorer's `value` units, measured against `efficient` in mixed tables. yangzhou's
plain hand is near 0: most plain hands miss the 18 fan. wuhan's are per 2^(the winner's kongs
and 开口): 屁胡 1 x 硬胡 2, big hands 10 x 2.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from majiang.rules import get_ruleset
from majiang.rules.wuhan import is_feng, is_jiang
from majiang.tiles import KINDS, is_honor, suit_of

JIANG = frozenset(t for t in range(KINDS) if is_jiang(t))  # 2-5-8 of the suits
FENG = frozenset(t for t in range(KINDS) if is_feng(t))  # wuhan 风一色: 东南西北白发
HONOURS = frozenset(t for t in range(KINDS) if is_honor(t))
# (colour, triplets only) -> value, per ruleset ("hun"/"qing" per suit).
VALUES: dict[str, dict[tuple[str, bool], float]] = {
    "tuidaohu": {("any", False): 1, ("any", True): 2, ("hun", False): 2, ("hun", True): 4,
                 ("qing", False): 4, ("qing", True): 6},
    "yangzhou": {("any", False): 0.5, ("any", True): 21, ("hun", False): 31, ("hun", True): 51,
                 ("qing", False): 81, ("qing", True): 131},
    "kawuxing": {("any", False): 1, ("any", True): 2, ("qing", False): 4, ("qing", True): 8},
    "wuhan": {("any", False): 2, ("any", True): 20, ("qing", False): 20, ("qing", True): 40,
              ("jiang", False): 20, ("feng", False): 100},
}
DECAY: dict[str, float] = {"tuidaohu": 0.2, "yangzhou": 0.45, "kawuxing": 0.2, "wuhan": 0.25}
# Kong money a kong brings at once, in the units of VALUES (tuidaohu 7.2, kawuxing 7.2).
KONG_BONUS: dict[str, dict[str, float]] = {
    "tuidaohu": {"exposed_kong": 1, "added_kong": 3, "concealed_kong": 6},
    "kawuxing": {"exposed_kong": 2, "added_kong": 2, "concealed_kong": 4},
}
# A narrow target's draws are slower: its value is scaled while it is not yet ready.
NARROW: dict[str, float] = {"hun": 0.8, "qing": 0.65, "jiang": 0.8, "feng": 0.8,
                            "triplets": 0.75}


@dataclass(frozen=True)
class Target:
    colour: str
    triplets: bool
    allowed: frozenset[int]  # kinds the target may hold (the ruleset's kinds for "any")
    value: float
    free: bool = False  # 将一色 / 风一色: any tiles of the allowed kinds, no sets needed

    @property
    def suits(self) -> tuple[int, ...]:
        return _suits(self.allowed)

    @property
    def kinds(self) -> tuple[int, ...]:
        return _sorted(self.allowed)


@cache
def _suits(allowed: frozenset[int]) -> tuple[int, ...]:
    return tuple(sorted({suit_of(t) for t in allowed}))


@cache
def _sorted(allowed: frozenset[int]) -> tuple[int, ...]:
    return tuple(sorted(allowed))


@cache
def targets(rules_id: str) -> tuple[Target, ...]:
    """The ruleset's targets (empty: the ruleset has no values worth steering for)."""
    kinds = frozenset(get_ruleset(rules_id).kinds)
    out = []
    for (colour, trip), value in VALUES.get(rules_id, {}).items():
        if colour == "any":
            out.append(Target(colour, trip, kinds, value))
        elif colour in ("jiang", "feng"):
            out.append(Target(colour, trip, kinds & (JIANG if colour == "jiang" else FENG),
                              value, free=True))
        else:
            for suit in range(3):
                allowed = frozenset(t for t in kinds if suit_of(t) == suit)
                if not allowed:
                    continue
                if colour == "hun":
                    allowed |= kinds & HONOURS
                out.append(Target(colour, trip, allowed, value))
    return tuple(out)
