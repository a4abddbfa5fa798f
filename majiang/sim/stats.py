"""Statistics of many simulated hands, mergeable across worker processes."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from majiang.game.hand import Hand

MAX_EXAMPLES = 10


@dataclass
class Stats:
    bots: list[str]
    hands: int = 0
    wins: int = 0  # winners counted one by one (two winners on one discard: 2)
    won_hands: int = 0
    wins_per_seat: list[int] = field(default_factory=list)
    self_drawn: int = 0
    robbed_kongs: int = 0
    multiple_winners: int = 0
    exhaustive_draws: int = 0
    value_sum: int = 0
    value_max: int = 0
    patterns: Counter[str] = field(default_factory=Counter)
    payments_per_seat: list[int] = field(default_factory=list)
    during_hand_per_seat: list[int] = field(default_factory=list)
    invariant_failures: int = 0
    failure_examples: list[str] = field(default_factory=list)
    failure_counts: Counter[str] = field(default_factory=Counter)  # per invariant name
    failure_first: dict[str, str] = field(default_factory=dict)  # name -> one example
    exceptions: int = 0  # hands that raised (their failure is named "exception")
    actions: int = 0

    def __post_init__(self) -> None:
        n = len(self.bots)
        self.wins_per_seat = self.wins_per_seat or [0] * n
        self.payments_per_seat = self.payments_per_seat or [0] * n
        self.during_hand_per_seat = self.during_hand_per_seat or [0] * n

    def add_hand(self, hand: Hand, failures: list[str]) -> None:
        result = hand.result
        self.hands += 1
        self.actions += len(hand.actions)
        self.invariant_failures += len(failures)
        room = MAX_EXAMPLES - len(self.failure_examples)
        self.failure_examples.extend(f"hand seed {hand.seed!r}: {f}" for f in failures[:room])
        for failure in failures:
            name = failure.split(":", 1)[0]
            self.failure_counts[name] += 1
            self.failure_first.setdefault(name, f"hand seed {hand.seed!r}: {failure}")
            self.exceptions += name == "exception"
        if result is None:
            return
        for seat, amount in enumerate(result.payments):
            self.payments_per_seat[seat] += amount
            self.during_hand_per_seat[seat] += amount - result.win_payments[seat]
        if not result.winners:
            self.exhaustive_draws += 1
            return
        self.won_hands += 1
        if len(result.winners) > 1:
            self.multiple_winners += 1
        if result.win_type == "robbing_kong":
            self.robbed_kongs += 1
        for winner, answer in zip(result.winners, result.answers, strict=True):
            self.wins += 1
            self.wins_per_seat[winner] += 1
            if result.win_type == "self_drawn":
                self.self_drawn += 1
            value = int(answer["value"])
            self.value_sum += value
            self.value_max = max(self.value_max, value)
            for pattern in answer["patterns"]:
                self.patterns[pattern["id"]] += 1

    def merge(self, other: Stats) -> None:
        for name in ("hands", "wins", "won_hands", "self_drawn", "robbed_kongs",
                     "multiple_winners", "exhaustive_draws", "value_sum",
                     "invariant_failures", "actions", "exceptions"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.value_max = max(self.value_max, other.value_max)
        self.patterns.update(other.patterns)
        self.failure_counts.update(other.failure_counts)
        for name, example in other.failure_first.items():
            self.failure_first.setdefault(name, example)
        for seat in range(len(self.bots)):
            self.wins_per_seat[seat] += other.wins_per_seat[seat]
            self.payments_per_seat[seat] += other.payments_per_seat[seat]
            self.during_hand_per_seat[seat] += other.during_hand_per_seat[seat]
        room = MAX_EXAMPLES - len(self.failure_examples)
        self.failure_examples.extend(other.failure_examples[:room])

    def per_bot(self, values: list[int]) -> dict[str, int]:
        out: Counter[str] = Counter()
        for seat, bot in enumerate(self.bots):
            out[bot] += values[seat]
        return dict(out)

    def to_json(self, rules: str, seconds: float, seed: str) -> dict[str, Any]:
        seats_per_bot = Counter(self.bots)
        wins_per_bot = self.per_bot(self.wins_per_seat)
        hands = max(self.hands, 1)
        return {
            "rules": rules,
            "seed": seed,
            "bots": self.bots,
            "hands": self.hands,
            "wins": self.wins,
            "won_hands": self.won_hands,
            "wins_per_seat": self.wins_per_seat,
            "wins_per_bot": wins_per_bot,
            "win_rate_per_bot": {bot: wins_per_bot.get(bot, 0) / (hands * n)
                                 for bot, n in seats_per_bot.items()},
            "self_drawn": self.self_drawn,
            "self_drawn_share": self.self_drawn / self.wins if self.wins else 0.0,
            "robbed_kongs": self.robbed_kongs,
            "multiple_winners": self.multiple_winners,
            "exhaustive_draws": self.exhaustive_draws,
            "average_value": self.value_sum / self.wins if self.wins else 0.0,
            "max_value": self.value_max,
            "patterns": dict(self.patterns.most_common()),
            "payments_per_seat": self.payments_per_seat,
            "payments_per_bot": self.per_bot(self.payments_per_seat),
            "during_hand_per_seat": self.during_hand_per_seat,
            "invariant_failures": self.invariant_failures,
            "failure_examples": self.failure_examples,
            "invariants": dict(self.failure_counts.most_common()),
            "invariant_examples": dict(sorted(self.failure_first.items())),
            "exceptions": self.exceptions,
            "actions_per_hand": self.actions / hands,
            "seconds": round(seconds, 3),
            "hands_per_s": round(self.hands / seconds, 2) if seconds > 0 else 0.0,
        }
