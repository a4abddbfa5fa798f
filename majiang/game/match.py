"""A match: a sequence of hands at one table, with dealer rotation and running totals.

Hand k of a match with seed S is dealt from the seed f"{S}/{k}"; the first dealer is drawn by lot
from the same versioned RNG, so a match is reproducible from its seed and its actions. Where the
ruleset has rounds of winds (yangzhou), the round wind advances each time the deal has passed on
once per seat, each hand gets it as the option `round_wind`, and the match is whole rounds: it ends
when the deal would pass on at the end of its last round (North in a full match of four; yangzhou
section 8). `hands` is then only an optional upper bound.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from majiang.game.hand import Hand, HandResult
from majiang.game.variants import mechanics
from majiang.game.wall import SEED_KEY
from majiang.tiles import EAST, tile_name

ROUND_NAMES = (("东", "East"), ("南", "South"), ("西", "West"), ("北", "North"))


@dataclass(frozen=True)
class Carry:
    """What one hand passes on to the next at the same table, beyond the dealer: how often the
    deal has passed on (the round wind), and the options the mechanics carry (wuhan's last
    laizi, 连赖, and last 金顶, 连金: `carry.previous_laizi`, `carry.previous_gold`).

    Pure and JSON-able, so a server can store it with a table and deal the next hand from it.
    """

    passes: int = 0
    carried: tuple[tuple[str, Any], ...] = ()  # (option, value), in the mechanics' order

    def __getattr__(self, name: str) -> Any:
        for key, value in self.carried:
            if key == name:
                return value
        raise AttributeError(name)

    def options(self, rules: str, base: dict[str, Any] | None = None) -> dict[str, Any]:
        """The next hand's options: the table's own plus what is carried."""
        options = dict(base or {})
        mech = mechanics(rules)
        if mech.round_winds:
            options["round_wind"] = tile_name(EAST + min(self.passes // mech.rules.players, 3))
        options.update(self.carried)
        return options

    def after(self, hand: Hand) -> Carry:
        """The carry once `hand` (finished) has been settled."""
        result = hand.result
        if result is None:
            raise ValueError("the hand is not finished")
        carried = dict(self.carried)
        for mechanic in hand.mech.specials:
            carried.update(mechanic.carry(hand.state, result))
        passes = self.passes + (result.next_dealer != hand.dealer)
        return Carry(passes, _kept(carried))

    def to_json(self) -> dict[str, Any]:
        return {"passes": self.passes, **dict(self.carried)}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Carry:
        data = dict(data or {})
        passes = int(data.pop("passes", 0))
        return cls(passes, _kept(data))


def _kept(options: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    """The carried options that say something (None and False are not carried)."""
    return tuple((k, v) for k, v in options.items() if v is not None and v is not False)


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
        rounds: int | None = None,
    ) -> None:
        mech = mechanics(rules)
        self.round_winds = mech.round_winds
        if rounds is not None and not self.round_winds:
            raise ValueError(f"{rules} has no rounds of winds: set the match length with hands")
        if rounds is not None and not 1 <= rounds <= 4:
            raise ValueError(f"a match has 1 to 4 rounds of winds (East..North), got {rounds}")
        # rounds of winds in the match (yangzhou 8: all four unless the table sets fewer)
        self.rounds = (rounds or len(ROUND_NAMES)) if self.round_winds else None
        self.carry = Carry()  # the deal's passes (round wind), wuhan's 连赖 and 连金
        self.rules = rules
        self.players = mech.rules.players
        self.seed = seed
        self.hands: int | None = hands  # the most hands, or None: whole rounds of winds only
        if hands is None and not self.round_winds:
            self.hands = mech.rules.hands_per_match
        if hands is not None and hands < 1:
            raise ValueError(f"a match needs at least one hand, got {hands}")
        self.options = dict(options or {})
        self.names = [f"seat {s}" for s in range(self.players)] if names is None else list(names)
        if dealer is None:
            dealer = random.Random(f"{SEED_KEY}:{seed}/dealer").randrange(self.players)
        self.dealer = dealer
        self.hand_no = 0
        self.played = 0  # hands finished
        self.totals = [0] * self.players
        self.results: list[HandResult] = []  # the hands finished by this object
        self.current: Hand | None = None

    @classmethod
    def resume(cls, rules: str, seed: str | int, *, first_dealer: int, dealer: int,
               carry: Carry, played: int, totals: Sequence[int], hands: int | None = None,
               rounds: int | None = None, options: dict[str, Any] | None = None,
               names: Sequence[str] | None = None) -> Match:
        """The match as it stood after `played` hands (a server restoring a stored match)."""
        match = cls(rules, seed, hands=hands, dealer=first_dealer, options=options, names=names,
                    rounds=rounds)
        match.dealer = dealer
        match.carry = carry
        match.hand_no = match.played = played
        match.totals = [int(u) for u in totals]
        return match

    @property
    def is_over(self) -> bool:
        if self.hands is not None and self.played >= self.hands:
            return True
        return self.rounds is not None and self.passes >= self.rounds * self.players

    def length_text(self) -> str:
        """How long the match lasts, for people: '8 hands', or the rounds of winds."""
        parts = []
        if self.rounds is not None:
            winds = ROUND_NAMES[:self.rounds]
            parts.append(f"{self.rounds} round{'s' * (self.rounds > 1)} of winds "
                         f"{''.join(zh for zh, _ in winds)} ({', '.join(en for _, en in winds)})")
        if self.hands is not None:
            parts.append(f"{self.hands} hands" if not parts else f"at most {self.hands} hands")
        return ", ".join(parts)

    @property
    def passes(self) -> int:
        """Times the deal has passed to the next seat."""
        return self.carry.passes

    @passes.setter
    def passes(self, value: int) -> None:
        self.carry = replace(self.carry, passes=value)

    def round_wind(self) -> str:
        """'1z' East round, then '2z', '3z', '4z' as the deal goes round the table."""
        return str(self.carry.options(self.rules).get("round_wind", "1z"))

    def hand_seed(self, hand_no: int) -> str:
        return f"{self.seed}/{hand_no}"

    def new_hand(self) -> Hand:
        """Deal the next hand."""
        if self.is_over:
            raise ValueError("the match is over")
        if self.current is not None and not self.current.is_over:
            raise ValueError("the current hand is not finished")
        self.hand_no += 1
        options = self.carry.options(self.rules, self.options)
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
        self.played += 1
        self.carry = self.carry.after(hand)
        self.dealer = result.next_dealer
        self.current = None
        return result
