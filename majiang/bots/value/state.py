"""What the value bot's evaluation reads from a seat view: unseen copies, set melds, and wuhan's
laizi, kong tiles and multipliers."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from majiang.bots.efficient import unseen_counts
from majiang.game.seat_view import SeatView
from majiang.rules import get_ruleset
from majiang.rules.base import MELD_KINDS, Meld, Ruleset
from majiang.rules.wuhan import OPENING, RED, Loser, loser_entry, pi_kinds

SINGLE = frozenset(k for k, info in MELD_KINDS.items() if not info.is_set)  # one-tile melds


@dataclass(frozen=True)
class State:
    """The evaluation's inputs; `melds` are the seat's set melds (one-tile kongs left out)."""

    rules: str
    ruleset: Ruleset
    unseen: list[int]
    melds: tuple[Meld, ...]
    laizi: int | None
    special: frozenset[int]  # wuhan red dragon and 赖子皮 kinds: kong tiles, never kept
    mult: int  # wuhan: 2^(the winner's kong exponent)
    loser_mult: int = 1  # wuhan: the smallest 2^f(L) over the other seats (opened, kongs)

    def split(self, counts: Sequence[int]) -> tuple[list[int], int]:
        """(counts without laizi and special tiles, jokers)."""
        out = list(counts)
        for t in self.special:
            out[t] = 0
        jokers = 0
        if self.laizi is not None:
            jokers, out[self.laizi] = out[self.laizi], 0
        return out, jokers


def public_entry(melds: Iterable[Meld]) -> dict[str, Any]:
    """wuhan: a seat's public entry of a request's `others` (opened, kongs by kind)."""
    return loser_entry([m.kind for m in melds], None)


def kong_exponent(melds: Iterable[Meld]) -> int:
    """wuhan: a seat's kongs as a power of 2, as the scorer reads them (`Loser.kong_exponent`)."""
    return Loser(**public_entry(melds)["kongs"]).kong_exponent


def read_state(view: SeatView) -> State:
    """The evaluation's inputs from the view."""
    ruleset = get_ruleset(view.rules)
    me = view.me
    melds = tuple(m for m in me.melds if m.kind not in SINGLE)
    unseen = unseen_counts(view, ruleset)
    if view.laizi is None:
        return State(view.rules, ruleset, unseen, melds, None, frozenset(), 1)
    laizi = view.laizi
    assert view.indicator is not None  # wuhan shows its indicator with the laizi
    special = frozenset((RED, *pi_kinds(view.indicator))) - {laizi}
    mult = 2 ** (1 + kong_exponent(me.melds))  # 开口 x2 always comes with a win
    loser = min(kong_exponent(s.melds) + any(m.kind in OPENING for m in s.melds)
                for s in view.others)
    return State(view.rules, ruleset, unseen, melds, laizi, special, mult, 2 ** loser)
