"""A match: hands in sequence, the deal rotating by the ruleset, running totals."""

from __future__ import annotations

import pytest

from majiang.bots import get_bot
from majiang.game import Match
from majiang.sim.runner import play_hand


def test_a_match_rotates_the_deal_and_keeps_totals() -> None:
    match = Match("tuidaohu", "m", hands=6)
    assert match.hands == 6 and 0 <= match.dealer < 4
    bots = [get_bot("efficient", s) for s in range(4)]
    expected = [0, 0, 0, 0]
    while not match.is_over:
        dealer = match.dealer
        hand = play_hand(match.new_hand(), bots)
        result = match.finish_hand()
        assert hand.dealer == dealer
        keeps = not result.winners or dealer in result.winners
        assert match.dealer == (dealer if keeps else (dealer + 1) % 4)
        expected = [a + b for a, b in zip(expected, result.payments, strict=True)]
    assert match.totals == expected and sum(match.totals) == 0
    assert len(match.results) == 6
    with pytest.raises(ValueError, match="over"):
        match.new_hand()


def test_match_is_reproducible_from_its_seed() -> None:
    a, b = Match("tuidaohu", "same"), Match("tuidaohu", "same")
    assert a.dealer == b.dealer
    assert a.new_hand().wall.tiles == b.new_hand().wall.tiles
    assert a.hands == 8  # the ruleset's default session


def test_an_unfinished_hand_blocks_the_next() -> None:
    match = Match("tuidaohu", "x", hands=2)
    match.new_hand()
    with pytest.raises(ValueError, match="not finished"):
        match.new_hand()
    with pytest.raises(ValueError, match="no finished hand"):
        match.finish_hand()


def test_yangzhou_rounds_of_winds_advance_with_the_deal() -> None:
    match = Match("yangzhou", "winds", hands=3, dealer=0)
    assert match.round_wind() == "1z"
    assert match.new_hand().options["round_wind"] == "1z"
    match.passes = 4  # the deal has gone round the table once
    assert match.round_wind() == "2z"
    match.passes = 40
    assert match.round_wind() == "4z"


def test_yangzhou_hands_play_to_the_end_with_every_invariant() -> None:
    from majiang.sim.cli import simulate_range

    stats = simulate_range("yangzhou", "yz", ["efficient"] * 4, 0, 4)
    assert stats.hands == 4 and stats.invariant_failures == 0, stats.failure_examples
