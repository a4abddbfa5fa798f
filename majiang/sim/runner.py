"""Play hands between bots: the synchronous driver the simulator, bench and tests share."""

from __future__ import annotations

import time
from collections.abc import Sequence

from majiang.bots import get_bot
from majiang.bots.base import Bot
from majiang.game.actions import Action
from majiang.game.hand import Hand
from majiang.game.phases import TURN
from majiang.sim.invariants import check_step


def bot_move(bot: Bot, hand: Hand, seat: int, legal: list[Action]) -> Action:
    """`bot`'s choice for `seat`, from its typed view (built only for a bot that reads it)."""
    return bot.choose(hand.seat_view(seat) if bot.uses_view else None, legal)


def play_hand(hand: Hand, bots: Sequence[Bot]) -> Hand:
    """Let the bots play `hand` to its end (one bot per seat)."""
    while not hand.is_over:
        for seat in (hand.turn,) if hand.phase == TURN else sorted(hand.to_act()):
            bot = bots[seat]
            legal = hand.legal_actions(seat)
            if not legal:
                continue
            hand.apply(seat, bot_move(bot, hand, seat, legal))
    return hand


def hands_per_second(bot: str = "random", n: int = 200, rules: str = "tuidaohu",
                     seed: str = "bench") -> float:
    """Hands played per second by four `bot`s (dealing and scoring included)."""
    bots = [get_bot(bot, f"{seed}/{s}") for s in range(4)]
    start = time.perf_counter()
    for i in range(n):
        play_hand(Hand.new(rules, f"{seed}/{i}", dealer=i % 4), bots)
    return n / (time.perf_counter() - start)


def play_checked(hand: Hand, bots: Sequence[Bot], leaks: bool = True) -> list[str]:
    """Like `play_hand`, checking every invariant after every step; the failures."""
    failures = check_step(hand, hand.events, leaks)
    while not hand.is_over:
        for seat in sorted(hand.to_act()):
            bot = bots[seat]
            legal = hand.legal_actions(seat)
            if not legal:
                continue
            events = hand.apply(seat, bot_move(bot, hand, seat, legal))
            failures += check_step(hand, events, leaks)
    return failures
