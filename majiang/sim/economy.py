"""`majiang simulate --economy`: a population of accounts through the faucets and sinks.

Two steps. `sample_hands` plays real hands of each ruleset between bots and keeps every seat's
units per hand (the engine's `result.payments`, kong money included). `run_population` then plays
a population of accounts over many simulated days: each day every active account signs in, plays
some hands at the highest table of a ruleset its balance may sit at (`economy.seat_minimum`),
each hand drawn from the sampled ones and settled with `economy.settle`, and claims relief when
broke (`economy.RELIEF_*`); a table fee, when set, is the sink. It reports the level distribution
and how many accounts are broke (docs/economy.md section 7).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from majiang import economy
from majiang.bots import get_bot
from majiang.game.hand import Hand
from majiang.game.variants import mechanics
from majiang.sim.runner import play_hand

RULESETS = ("tuidaohu", "yangzhou", "kawuxing", "jincheng", "wuhan")
Sample = dict[str, list[list[int]]]  # ruleset -> one list of per-seat units per hand


def sample_hands(rules: str, hands: int, seed: str = "economy",
                 bots: tuple[str, ...] = ("value", "efficient")) -> list[list[int]]:
    """Per-seat units of `hands` real hands of `rules` (bots alternating by seat)."""
    players = mechanics(rules).rules.players
    seats = [get_bot(bots[s % len(bots)], f"{seed}/{rules}/{s}") for s in range(players)]
    out = []
    for i in range(hands):
        hand = play_hand(Hand.new(rules, f"{seed}/{rules}/{i}", dealer=i % players), seats)
        assert hand.result is not None
        out.append([int(u) for u in hand.result.payments])
    return out


def percentile(values: list[int], q: float) -> int:
    """The `q` quantile (0..1) of `values`, nearest rank."""
    ordered = sorted(values)
    if not ordered:
        return 0
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def loss_figures(outcomes: list[list[int]]) -> dict[str, Any]:
    """What one hand costs a seat that pays: how often, median, p90, p99 and the most (units)."""
    losses = [-u for hand in outcomes for u in hand if u < 0]
    seat_hands = sum(len(h) for h in outcomes)
    return {
        "hands": len(outcomes), "loss_share": round(len(losses) / max(seat_hands, 1), 3),
        "p50": percentile(losses, 0.5), "p90": percentile(losses, 0.9),
        "p99": percentile(losses, 0.99), "max": max(losses, default=0),
    }
