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


def _play_match(match: Match) -> list[tuple[int, str]]:
    """Play `match` to its end with bots; each hand's (dealer, round wind)."""
    bots = [get_bot("efficient", s) for s in range(4)]
    dealt = []
    while not match.is_over:
        hand = play_hand(match.new_hand(), bots)
        dealt.append((hand.dealer, hand.options["round_wind"]))
        match.finish_hand()
    return dealt


def test_a_yangzhou_match_is_four_whole_rounds_of_winds() -> None:
    match = Match("yangzhou", "full", dealer=2)
    assert match.hands is None and match.rounds == 4
    dealt = _play_match(match)
    # every seat deals in every round, in turn from the first dealer; repeats stay in the round
    passes = [(d, w) for i, (d, w) in enumerate(dealt) if i == 0 or dealt[i - 1][0] != d]
    assert passes == [((2 + k) % 4, f"{1 + k // 4}z") for k in range(16)]
    assert all(w >= v for (_, w), (_, v) in zip(dealt[1:], dealt, strict=False))
    # the match ends when the deal passes on from North's last dealer, back to the first
    assert match.passes == 16 and match.dealer == 2 and len(match.results) == len(dealt)
    assert match.results[-1].next_dealer != dealt[-1][0]


def test_a_table_may_play_fewer_rounds_or_cap_the_hands() -> None:
    east = Match("yangzhou", "east", dealer=0, rounds=1)
    dealt = _play_match(east)
    assert {w for _, w in dealt} == {"1z"} and east.passes == 4
    assert [d for i, (d, _) in enumerate(dealt) if i == 0 or dealt[i - 1][0] != d] == [0, 1, 2, 3]
    capped = Match("yangzhou", "cap", hands=3)
    assert len(_play_match(capped)) == 3 and capped.passes < 16
    assert capped.length_text() == "4 rounds of winds 东南西北 (East, South, West, North), " \
        "at most 3 hands"
    with pytest.raises(ValueError, match="1 to 4 rounds"):
        Match("yangzhou", "bad", rounds=5)
    with pytest.raises(ValueError, match="no rounds of winds"):
        Match("tuidaohu", "bad", rounds=1)
    assert Match("tuidaohu", "t").rounds is None and Match("tuidaohu", "t").hands == 8


def test_carry_is_json_and_deals_the_same_next_hand() -> None:
    """A server that stores only the carry deals the hand a Match would deal next."""
    from majiang.game.match import Carry

    match = Match("wuhan", seed=5, dealer=0)
    carry = Carry()
    for _ in range(3):
        hand = match.new_hand()
        assert hand.options == carry.options("wuhan")
        while not hand.is_over:
            seat = min(hand.to_act())
            hand.apply(seat, hand.legal_actions(seat)[0])
        match.finish_hand()
        carry = Carry.from_json(carry.after(hand).to_json())
        assert carry == match.carry
    assert carry.previous_laizi is not None
    assert Carry(passes=5).options("yangzhou", {"x": 1}) == {"x": 1, "round_wind": "2z"}
    assert Carry.from_json(None) == Carry()
