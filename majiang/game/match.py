"""A match: a sequence of hands at one table, with dealer rotation and running totals.

Hand k of a match with seed S is dealt from the seed f"{S}/{k}"; the first dealer is drawn by lot
from the same versioned RNG, so a match is reproducible from its seed and its actions. Where the
ruleset has rounds of winds (yangzhou), the round wind advances each time the deal has passed on
once per seat, and each hand gets it as the option `round_wind`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from majiang.game.hand import Hand, HandResult
from majiang.game.variants import mechanics
from majiang.game.wall import RNG_VERSION
from majiang.rules.wuhan import is_gold_win
from majiang.tiles import EAST, tile_name


class Match:
    """Hands played one after another: `new_hand()`, play it, `finish_hand()`, until `is_over`."""

    def __init__(
        self,
        rules: str,
        seed: str | int,
        hands: int | None = None,
        dealer: int | None = None,
        options: dict[str, Any] | None = None,
        names: Sequence[str] | None = None,
    ) -> None:
        mech = mechanics(rules)
        self.round_winds = mech.round_winds
        self.previous_laizi: str | None = None  # wuhan 连赖: the last hand's laizi kind
        self.previous_gold = False  # wuhan 连金: the last hand ended in a 金顶
        self.passes = 0  # times the deal has passed to the next seat
        self.rules = rules
        self.players = mech.rules.players
        self.seed = seed
        self.hands = hands if hands is not None else mech.rules.hands_per_match
        if hands is not None and hands < 1:
            raise ValueError(f"a match needs at least one hand, got {hands}")
        self.options = dict(options or {})
        self.names = [f"seat {s}" for s in range(self.players)] if names is None else list(names)
        if dealer is None:
            dealer = random.Random(f"{RNG_VERSION}:{seed}/dealer").randrange(self.players)
        self.dealer = dealer
        self.hand_no = 0
        self.totals = [0] * self.players
        self.results: list[HandResult] = []
        self.current: Hand | None = None

    @property
    def is_over(self) -> bool:
        return len(self.results) >= self.hands

    def round_wind(self) -> str:
        """'1z' East round, then '2z', '3z', '4z' as the deal goes round the table."""
        return tile_name(EAST + min(self.passes // self.players, 3))

    def hand_seed(self, hand_no: int) -> str:
        return f"{self.seed}/{hand_no}"

    def new_hand(self) -> Hand:
        """Deal the next hand."""
        if self.is_over:
            raise ValueError("the match is over")
        if self.current is not None and not self.current.is_over:
            raise ValueError("the current hand is not finished")
        self.hand_no += 1
        options = dict(self.options)
        if self.round_winds:
            options["round_wind"] = self.round_wind()
        if self.previous_laizi is not None:
            options["previous_laizi"] = self.previous_laizi
        if self.previous_gold:
            options["previous_gold"] = True
        self.current = Hand.new(
            self.rules, self.hand_seed(self.hand_no), self.dealer, options,
            hand_no=self.hand_no, names=self.names,
        )
        return self.current

    def finish_hand(self) -> HandResult:
        """Add the finished hand's payments to the totals and rotate the deal."""
        hand = self.current
        if hand is None or hand.result is None:
            raise ValueError("no finished hand to settle")
        result = hand.result
        for seat in range(self.players):
            self.totals[seat] += result.payments[seat]
        self.results.append(result)
        if hand.laizi is not None:
            self.previous_laizi = tile_name(hand.laizi)
            # an exhaustive draw is no 金顶 and breaks the chain (wuhan 7.4)
            self.previous_gold = any(
                is_gold_win(request, answer)
                for request, answer in zip(result.requests, result.answers, strict=True))
        if result.next_dealer != self.dealer:
            self.passes += 1
        self.dealer = result.next_dealer
        self.current = None
        return result
