"""A sixth ruleset is a rules module and a line of the mechanics table (README, "Add a ruleset"):
三人推倒胡 here, three players without honours, one pattern, and jincheng's 跟庄 borrowed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

import pytest

from majiang import score
from majiang.bots import get_bot
from majiang.game import Hand
from majiang.game.actions import DISCARDS
from majiang.game.mechanics.follow_dealer import FollowDealer
from majiang.game.scenario import scenario
from majiang.game.variants import Mechanics, register, unregister
from majiang.rules import register as register_ruleset
from majiang.rules import unregister as unregister_ruleset
from majiang.rules.base import Pattern, Reading, Ruleset, WinRequest
from majiang.sim.invariants import check_step
from majiang.tiles import parse_tile as T


def _basic(req: WinRequest, reading: Reading) -> int:
    return 1


class Sanren(Ruleset):
    """三人推倒胡: 108 tiles, three seats, any complete hand is worth 1."""

    id: ClassVar[str] = "sanren"
    zh: ClassVar[str] = "三人推倒胡"
    en: ClassVar[str] = "Three-player push-down"
    players: ClassVar[int] = 3
    kinds: ClassVar[tuple[int, ...]] = tuple(range(27))
    patterns: ClassVar[tuple[Pattern, ...]] = (Pattern("ping_hu", "平胡", "Basic win", 1, _basic),)
    combine = "best"

    def qian_bao(self, dealer: int) -> list[int]:
        """跟庄: the dealer pays each other player 1."""
        return [-2 if s == dealer else 1 for s in range(3)]


@pytest.fixture(autouse=True)
def sanren() -> Iterator[None]:
    register_ruleset(Sanren())
    register(Mechanics("sanren", specials=(FollowDealer(),)))
    yield
    unregister("sanren")
    unregister_ruleset("sanren")


def test_the_scorer_knows_it() -> None:
    answer = score({"rules": "sanren", "win_type": "discard", "discarder": 2,
                    "hand": "123m456p789s23m55s", "win_tile": "4m"})
    assert answer["win"] and answer["payments"] == [1, 0, -1]
    assert [p["id"] for p in answer["patterns"]] == ["ping_hu"]


def test_whole_hands_play_with_the_invariants_held() -> None:
    for seed in range(30):
        hand = Hand.new("sanren", seed, dealer=seed % 3)
        bots = [get_bot("efficient" if s else "random", seed * 3 + s) for s in range(3)]
        while not hand.is_over:
            seat = min(hand.to_act())
            bot = bots[seat]
            events = hand.apply(seat, bot.choose(hand.view(seat) if bot.uses_view else None,
                                                 hand.legal_actions(seat)))
            assert check_step(hand, events) == []
        assert hand.result is not None and sum(hand.result.payments) == 0
        assert hand.tile_count() == 108


def test_the_borrowed_follow_the_dealer_pays() -> None:
    hand = scenario("""
        rules: sanren
        dealer: 0
        seat 0: 5m 123p 456p 789p 1s 999s
        seat 1: 5m 234p 567p 234s 66s 7s
        seat 2: 5m 345s 678s 111p 99m 1m
        draws: 8s 8p
    """)
    hand.apply(0, DISCARDS[T("5m")])
    hand.apply(1, DISCARDS[T("5m")])
    hand.apply(2, DISCARDS[T("5m")])
    assert [s["payments"] for s in hand.settlements if s["type"] == "qian_bao"] == [[-2, 1, 1]]
