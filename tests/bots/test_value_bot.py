"""The value bot: legal on every ruleset, blind to hidden tiles, steers toward valuable hands and
beats `efficient` where a plain win is not enough (yangzhou, wuhan)."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang.bots import get_bot
from majiang.bots.value import ValueBot
from majiang.game import Hand
from majiang.game.actions import DISCARD, DISCARDS, KONG, Action
from majiang.game.seat_view import SeatView
from majiang.sim.runner import play_hand
from majiang.tiles import parse_tile

RULESETS = ("tuidaohu", "yangzhou", "kawuxing", "jincheng", "wuhan")


def _players(rules: str) -> int:
    return 3 if rules == "kawuxing" else 4


@pytest.mark.parametrize("rules", RULESETS)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_value_bot_only_chooses_legal_actions(rules: str, seed: int) -> None:
    n = _players(rules)
    bots = [get_bot("value", s) for s in range(n)]
    hand = Hand.new(rules, f"value-legal/{seed}", dealer=seed % n)
    while not hand.is_over:
        for seat in sorted(hand.to_act()):
            legal = hand.legal_actions(seat)
            if not legal:
                continue
            action = bots[seat].choose(SeatView.from_json(hand.view(seat)), legal)
            assert action in legal
            hand.apply(seat, action)
            break


def _swap_hidden(hand: Hand, me: int) -> Hand | None:
    """A copy of `hand` whose other seats' concealed tiles are exchanged, when sizes allow."""
    others = [s for s in range(hand.players) if s != me and not hand.declared[s]]
    for a in others:
        for b in others:
            if a < b and sum(hand.counts[a]) == sum(hand.counts[b]) \
                    and hand.counts[a] != hand.counts[b]:
                twin = copy.deepcopy(hand)
                twin.counts[a], twin.counts[b] = twin.counts[b], twin.counts[a]
                return twin
    return None


@pytest.mark.parametrize("rules", ["yangzhou", "wuhan", "kawuxing"])
def test_value_bot_decides_from_the_view_alone(rules: str) -> None:
    """Exchanging other seats' concealed tiles leaves the view, and so the choice, unchanged."""
    n = _players(rules)
    bots = [get_bot("value", s) for s in range(n)]
    hand = Hand.new(rules, "value-blind")
    compared = 0
    while not hand.is_over:
        seat = min(hand.to_act())
        legal = hand.legal_actions(seat)
        twin = _swap_hidden(hand, seat)
        action = bots[seat].choose(hand.view(seat), legal)
        if twin is not None:
            assert twin.view(seat) == hand.view(seat)
            assert bots[seat].choose(twin.view(seat), twin.legal_actions(seat)) == action
            compared += 1
        hand.apply(seat, action)
    assert compared > 5


def test_value_bot_keeps_to_one_suit_in_yangzhou() -> None:
    """With a near-flush, the stray off-suit tile goes first (efficient keeps its pair chance)."""
    hand = Hand.new("yangzhou", "flush")
    view = hand.view(hand.turn)
    view["hand"] = ["1m", "2m", "3m", "5m", "6m", "7m", "8m", "8m", "9m", "1z", "1z", "2z",
                    "5p", "7p"]
    legal = [DISCARDS[parse_tile(t)] for t in sorted(set(view["hand"]))]
    action = ValueBot().choose(view, legal)
    assert action.type == DISCARD and action.tile in (parse_tile("5p"), parse_tile("7p"))


def _declared_view() -> SeatView:
    hand = Hand.new("kawuxing", "declared")
    view = hand.view(0)
    view["seats"][1]["declared"] = True
    view["seats"][1]["revealed"] = ["2p", "3p", "4p", "5p", "6p", "7p", "2s", "3s", "4s",
                                    "5z", "5z", "6s", "7s"]  # waits 5s / 8s
    return SeatView.from_json(view)


def test_value_bot_does_not_discard_a_revealed_wait() -> None:
    view = _declared_view()
    bot = ValueBot()
    legal = [DISCARDS[parse_tile("5s")], DISCARDS[parse_tile("8s")],
             DISCARDS[parse_tile("9p")]]
    assert bot._defended(view, legal, legal[0]) == legal[2]
    assert bot._danger(view) == {parse_tile("5s"), parse_tile("8s")}


def _mixed_batch(rules: str, hands: int) -> dict[str, tuple[float, float]]:
    """Per bot: (wins per seat-hand, payment per seat-hand), seats rotating between the bots."""
    n = _players(rules)
    names = (["value", "efficient"] * 2)[:n]
    wins = {"value": 0, "efficient": 0}
    paid = {"value": 0, "efficient": 0}
    seats = {"value": 0, "efficient": 0}
    for i in range(hands):
        order = names[i % n:] + names[:i % n]
        bots = [get_bot(b, f"{i}/{s}") for s, b in enumerate(order)]
        result = play_hand(Hand.new(rules, f"value-batch/{i}", dealer=i % n), bots).result
        assert result is not None
        for seat, name in enumerate(order):
            seats[name] += 1
            wins[name] += seat in result.winners
            paid[name] += result.payments[seat]
    return {b: (wins[b] / seats[b], paid[b] / seats[b]) for b in wins}


@pytest.mark.parametrize("rules", ["yangzhou", "wuhan"])
def test_value_bot_beats_efficient_where_plain_wins_fall_short(rules: str) -> None:
    stats = _mixed_batch(rules, 100)
    assert stats["value"][0] >= stats["efficient"][0]
    assert stats["value"][1] > stats["efficient"][1]


def test_value_bot_takes_a_kong_when_its_turn_has_no_plain_discard() -> None:
    """wuhan: a hand of kong tiles only offers kongs; the bot must not pass on its turn."""
    hand = Hand.new("wuhan", "kong-only")
    red_kong = Action(KONG, parse_tile("7z"), kind="red_kong")
    assert ValueBot().choose(hand.view(hand.turn), [red_kong]) == red_kong
