"""Duplicate play between bots: every wall replayed with the bots rotated through the seats.

Wall i of a run with seed S is dealt from the seed f"{S}/{i}" with dealer i mod players, and
played once for every seat arrangement (`arrangements`): each assignment of the bots to the
seats in which every bot sits at least once. For two bots on four seats that is the four 1-vs-3
arrangements each way and the six 2-vs-2 ones (Mortal / Botzone); on three seats (kawuxing) the
three 1-vs-2 each way. The set is closed under swapping bots, so luck of the wall cancels: a bot
against itself differs by exactly 0. A bot is built fresh for every hand from the seed
f"{S}/{i}/{seat}", the same whichever bot sits there.
"""

from __future__ import annotations

import itertools
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from majiang.bots import get_bot
from majiang.game.hand import Hand
from majiang.game.phases import TURN
from majiang.game.seat_view import SeatView

# decision times: a histogram of 100 log-spaced bins a decade from 1 microsecond
BINS_PER_DECADE = 100
_BINS = 8 * BINS_PER_DECADE


def arrangements(bots: int, seats: int) -> list[tuple[int, ...]]:
    """Every map seat -> bot index in which each of the `bots` sits at least once, in order."""
    if bots < 1 or bots > seats:
        raise ValueError(f"{bots} bots do not fit {seats} seats")
    return [a for a in itertools.product(range(bots), repeat=seats) if len(set(a)) == bots]


@dataclass
class BotTally:
    """One bot's totals over some hands (mergeable)."""

    seat_hands: int = 0
    units: int = 0
    wins: int = 0
    self_drawn: int = 0
    deal_ins: int = 0
    value_sum: int = 0
    patterns: Counter[str] = field(default_factory=Counter)
    decisions: int = 0
    times: list[int] = field(default_factory=lambda: [0] * _BINS)  # histogram of choose()

    def merge(self, other: BotTally) -> None:
        for name in ("seat_hands", "units", "wins", "self_drawn", "deal_ins", "value_sum",
                     "decisions"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.patterns.update(other.patterns)
        self.times = [a + b for a, b in zip(self.times, other.times, strict=True)]


@dataclass
class WallResult:
    """One wall played in every arrangement: per bot, its units per seat-hand, and its tallies."""

    wall: int
    means: list[float]
    tallies: list[BotTally]


def time_bin(seconds: float) -> int:
    """The histogram bin of a decision time."""
    micro = seconds * 1e6
    if micro <= 1.0:
        return 0
    import math

    return min(_BINS - 1, int(math.log10(micro) * BINS_PER_DECADE))


def bin_ms(index: int) -> float:
    """A bin's middle, in milliseconds."""
    return float(10 ** ((index + 0.5) / BINS_PER_DECADE) / 1000)


def play_arranged(rules: str, seed: str, wall: int, names: Sequence[str],
                  seating: Sequence[int], tallies: list[BotTally]) -> list[int]:
    """Play wall `wall` with bot `names[seating[s]]` at seat s, adding to `tallies` (per bot
    index); the hand's payments per seat."""
    seats = len(seating)
    bots = [get_bot(names[b], f"{seed}/{wall}/{s}") for s, b in enumerate(seating)]
    hand = Hand.new(rules, f"{seed}/{wall}", dealer=wall % seats,
                    names=[names[b] for b in seating])
    clock = time.perf_counter
    while not hand.is_over:
        for seat in (hand.turn,) if hand.phase == TURN else sorted(hand.to_act()):
            legal = hand.legal_actions(seat)
            if not legal:
                continue
            bot = bots[seat]
            view = SeatView.from_json(hand.view(seat)) if bot.uses_view else None
            start = clock()
            action = bot.choose(view, legal)
            spent = clock() - start
            tally = tallies[seating[seat]]
            tally.decisions += 1
            tally.times[time_bin(spent)] += 1
            hand.apply(seat, action)
    result = hand.result
    assert result is not None
    for s, b in enumerate(seating):
        tallies[b].seat_hands += 1
        tallies[b].units += result.payments[s]
    for winner, answer in zip(result.winners, result.answers, strict=True):
        tally = tallies[seating[winner]]
        tally.wins += 1
        tally.self_drawn += result.win_type == "self_drawn"
        tally.value_sum += int(answer["value"])
        tally.patterns.update(p["id"] for p in answer["patterns"])
    if result.winners and result.win_type != "self_drawn" and result.discarder is not None:
        tallies[seating[result.discarder]].deal_ins += 1
    return list(result.payments)


def play_wall(rules: str, seed: str, wall: int, names: Sequence[str], seats: int) -> WallResult:
    """Wall `wall` in every arrangement of `names` over `seats` seats."""
    tallies = [BotTally() for _ in names]
    units = [0] * len(names)
    sat = [0] * len(names)
    for seating in arrangements(len(names), seats):
        payments = play_arranged(rules, seed, wall, names, seating, tallies)
        for s, b in enumerate(seating):
            units[b] += payments[s]
            sat[b] += 1
    return WallResult(wall, [u / n for u, n in zip(units, sat, strict=True)], tallies)


def play_walls(job: tuple[str, str, tuple[str, ...], int, int, int]) -> list[WallResult]:
    """Walls start..stop-1 (a worker's job: rules, seed, names, seats, start, stop)."""
    rules, seed, names, seats, start, stop = job
    return [play_wall(rules, seed, w, names, seats) for w in range(start, stop)]
