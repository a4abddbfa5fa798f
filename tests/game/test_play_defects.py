"""Regression tests for the defects found in play (issue 8), each named after its rules section.

Positions come from the scenario API; what is public, legal or paid is read off the rules
documents (docs/rules/ID.md), not off the engine.
"""

from __future__ import annotations

import pytest
from engine_helpers import never_win, pass_all

from majiang.bots import get_bot
from majiang.game import Hand, IllegalAction
from majiang.game.actions import (
    CONCEALED_KONGS,
    DECLARES,
    DISCARDS,
    PASS_ACTION,
    WIN_ACTION,
)
from majiang.game.mechanics.rain import Rain
from majiang.game.record import hand_record, verify
from majiang.game.scenario import scenario
from majiang.tiles import parse_tile

T = parse_tile


def _until_turn(hand: Hand, seat: int) -> None:
    while not hand.is_over and not (hand.phase == "turn" and hand.turn == seat):
        never_win(hand)


# -- jincheng ---------------------------------------------------------------------------------

DECLARER = """
rules: jincheng
dealer: 0
seat 0: 123m456p789s12s55z9s   # set 9s aside: ready on 3s
draws: 1z 2z 3z 4z
"""


def test_jincheng_s3_1_shang_jia_shows_only_the_fact_of_declaring() -> None:
    hand = scenario(DECLARER)
    hand.apply(0, DECLARES[T("9s")])
    for looker in (1, 2, 3, None):
        view = hand.view(looker)
        declarer = view["seats"][0]
        assert declarer["declared"] is True
        assert declarer["revealed"] is None  # not the hand ...
        assert declarer["concealed"] == 13
        assert view.get("set_aside") is None  # ... nor the set-aside tile
        public = [e for e in hand.events if e.kind == "declare" and e.to != 0]
        assert all(set(e.data) == {"seat"} for e in public)
    assert hand.view(0)["set_aside"] == "9s"


ORPHANS_PICKER = """
rules: jincheng
dealer: 0
seat 0: 1z5555m123p456p78s | pick 1z from 3
"""


def test_jincheng_s3_3_a_picker_never_kongs_nor_declares_a_standard_wait() -> None:
    hand = scenario(ORPHANS_PICKER)
    legal = hand.legal_actions(0)  # never raises
    assert CONCEALED_KONGS[T("5m")] not in legal  # committed to 十三么: no kong
    assert not [a for a in legal if a.type == "declare"]  # ready only as a standard hand


def test_jincheng_s3_3_a_picker_declares_a_thirteen_orphans_wait() -> None:
    hand = scenario("""
        rules: jincheng
        seat 0: 9m1p9p1s9s2z3z4z5z6z7z1m5m | pick 1z from 3
    """)
    assert DECLARES[T("5m")] in hand.legal_actions(0)
    assert DECLARES[T("1m")] not in hand.legal_actions(0)


def test_jincheng_s3_1_shang_jia_needs_no_normal_draw_left() -> None:
    # seat 1 holds a hand ready after any discard; the 69th and last normal draw is his
    hand = scenario("""
        rules: jincheng
        dealer: 0
        seat 1: 123m456p789s12s55z
    """)
    while not hand.is_over and not (hand.wall_left() == 0 and hand.phase == "turn"):
        never_win(hand)
    assert hand.turn == 1 and hand.drawn is not None
    assert DECLARES[hand.drawn] in hand.legal_actions(1)


def test_jincheng_s3_1_d10_a_declared_hand_kongs_only_the_tile_it_drew() -> None:
    # waits on 7m, with or without the quad of 9m when the drawn 6m stays: a kong of the old
    # quad would keep the drawn tile in a locked hand
    hand = scenario("""
        rules: jincheng
        dealer: 0
        seat 0: 89999m678999s11z5z
        draws: 1p 2p 3p 6m
    """)
    hand.apply(0, DECLARES[T("5z")])
    _until_turn(hand, 0)
    assert hand.drawn == T("6m")
    legal = hand.legal_actions(0)
    assert CONCEALED_KONGS[T("9m")] not in legal
    assert legal == [DISCARDS[T("6m")]]


def test_jincheng_s1_wall_left_is_never_negative_after_a_late_kong() -> None:
    hand = scenario("""
        rules: jincheng
        dealer: 0
        seat 0: 1111m23456p789s12z
    """)
    kong = CONCEALED_KONGS[T("1m")]
    while not hand.is_over:
        if hand.phase == "turn" and hand.turn == 0 and hand.wall_left() <= 1 and (
                kong in hand.legal_actions(0)):
            hand.apply(0, kong)
            break
        never_win(hand)
    assert hand.wall_left() == 0
    while not hand.is_over:
        assert hand.wall_left() >= 0
        never_win(hand)
    assert hand.result is not None and hand.result.exhaustive


def test_jincheng_s1_two_dice_throws_cut_the_wall() -> None:
    for seed in range(40):
        dealer = seed % 4
        dice = Hand.new("jincheng", seed, dealer=dealer).events[0].data["dice"]
        first, second = dice["throws"]
        s1 = sum(first["dice"])
        assert first["seat"] == dealer
        assert second["seat"] == dice["break_seat"] == (dealer + s1 - 1) % 4
        assert dice["cut"] == s1 + sum(second["dice"])
        assert 4 <= dice["cut"] <= 24
    hand = Hand.new("jincheng", "recorded")
    record = hand_record(hand)
    assert record["dice"] == hand.dice and record["events"][0]["dice"] == hand.dice
    assert verify(record) == []


def test_tuidaohu_s1_one_throw_breaks_the_wall() -> None:
    dice = Hand.new("tuidaohu", "one", dealer=2).events[0].data["dice"]
    (throw,) = dice["throws"]
    assert throw["seat"] == 2 and dice["break_seat"] == (2 + sum(throw["dice"]) - 1) % 4


# -- kawuxing ---------------------------------------------------------------------------------


def test_kawuxing_s3_3_d9_a_win_on_the_declaring_discard_is_paid_double() -> None:
    # seat 1 declares first (waits 3s); the dealer then declares with 3s, his own choice
    hand = scenario("""
        rules: kawuxing
        dealer: 0
        seat 0: 123p456p789p11s5z3s7z  # throws 7z; with 5z, throwing 3s leaves 1s / 5z
        seat 1: 123p456p789p12s55z     # waits 3s
        seat 2: 4444s777s888s99s6z
        draws: 6z 6z 5z
    """)
    hand.apply(0, DISCARDS[T("7z")])
    _until_turn(hand, 1)
    hand.apply(1, DECLARES[T("6z")])
    _until_turn(hand, 0)
    assert DECLARES[T("3s")] in hand.legal_actions(0)
    hand.apply(0, DECLARES[T("3s")])
    assert WIN_ACTION in hand.legal_actions(1)
    hand.apply(1, WIN_ACTION)
    while not hand.is_over:
        hand.apply(min(hand.to_act()), PASS_ACTION)
    assert hand.result is not None
    value = hand.result.answers[0]["value"]
    assert hand.result.win_payments[0] == -2 * value  # 包胡: two shares, not 对亮不包
    assert hand.result.win_payments[2] == 0


# -- wuhan ------------------------------------------------------------------------------------


def test_wuhan_s4_2_jiang_yi_se_wins_without_sets() -> None:
    hand = scenario("""
        rules: wuhan
        seat 0: 123m456p789s2s55z99s
        seat 2: 22588m5558p2s | pung 8s from 3, red_kong 7z
        indicator: 1z
    """)
    hand.apply(0, DISCARDS[T("2s")])
    assert WIN_ACTION in hand.legal_actions(2)
    hand.apply(2, WIN_ACTION)
    assert hand.result is not None
    assert "jiang_yi_se" in [p["id"] for p in hand.result.answers[0]["patterns"]]


def test_wuhan_s4_1_a_refused_win_names_the_64_minimum() -> None:
    hand = scenario("""
        rules: wuhan
        seat 0: 123m456p789s2s55z99s
        seat 2: 22588m5558p2s | pung 8s from 3
        indicator: 1z
    """)
    hand.apply(0, DISCARDS[T("2s")])
    refusal = hand.view(2)["no_win"]
    assert refusal["reason"] == "below_minimum" and "64" in refusal["detail"]
    assert "seat 1 would pay 40" in refusal["detail"]
    assert hand.view(1)["no_win"] is None


def test_yangzhou_s4_a_self_drawn_hand_below_18_fan_says_so() -> None:
    hand = scenario("""
        rules: yangzhou
        seat 0: 234m567p123s789s44m
    """)
    assert WIN_ACTION not in hand.legal_actions(0)
    refusal = hand.view(0)["no_win"]
    assert refusal["reason"] == "below_minimum" and "18" in refusal["detail"]
    with pytest.raises(IllegalAction, match="18"):
        hand.apply(0, WIN_ACTION)


def test_jincheng_s3_1_an_undeclared_complete_hand_says_why() -> None:
    hand = scenario("""
        rules: jincheng
        seat 0: 234m567p123s789s44m
    """)
    assert WIN_ACTION not in hand.legal_actions(0)
    with pytest.raises(IllegalAction, match="上架"):
        hand.apply(0, WIN_ACTION)


def test_wuhan_s3_3_the_view_shows_the_pass_lock_and_its_kinds() -> None:
    hand = scenario("""
        rules: wuhan
        seat 0: 123m456p789s5m55z99s
        seat 2: 234m678m22m55m | pung 999m from 3, red_kong 7z   # 清一色, waits 2m / 5m
        indicator: 1z
    """)
    hand.apply(0, DISCARDS[T("5m")])
    assert WIN_ACTION in hand.legal_actions(2)
    hand.apply(2, PASS_ACTION)
    while hand.phase == "claim":
        hand.apply(min(hand.to_act()), PASS_ACTION)
    view = hand.view(2)
    assert view["locked"] is True and view["locked_kinds"] == ["5m"]


def test_wuhan_s7_5_1_rain_is_judged_per_threat() -> None:
    hand = Hand.new("wuhan", "rain", dealer=0)
    # seat 1 threatens in 万 (fed by 2), seat 3 in 筒
    hand.state.rain_watch = {1: (0, 2), 3: (1, 0)}
    hand.state.seats[0].counts = [0] * 34
    hand.counts[0][T("3m")] = 1
    hand.counts[0][T("4p")] = 1
    # seat 0 throws 条 holding 万 and 筒: fails both threats
    Rain().discarded(hand.state, 0, T("9s"))
    assert hand.no_rain == {1: 0}  # seat 0 fed seat 3's threat: no duty there
    hand.state.seats[2].counts = [0] * 34
    hand.counts[2][T("4p")] = 1
    Rain().discarded(hand.state, 2, T("9s"))
    assert hand.no_rain == {1: 0, 3: 2}


def test_wuhan_s2_3_the_efficient_bot_plays_a_turn_of_special_kongs_only() -> None:
    hand = scenario("""
        rules: wuhan
        seat 0: 7z2z | pung 3m from 1, pung 4m from 2, pung 5p from 3, pung 6s from 1
        indicator: 1z
    """)
    legal = hand.legal_actions(0)
    assert legal and all(a.type == "kong" for a in legal)  # no plain discard (2.3)
    action = get_bot("efficient", 1).choose(hand.view(0), legal)
    assert action in legal


def test_wuhan_s4_3_a_laizi_may_be_a_fifth_copy() -> None:
    from majiang import score

    answer = score({
        "rules": "wuhan", "players": 4, "dealer": 0, "winner": 1, "win_type": "self_drawn",
        "discarder": None, "hand": "2222m345p678p", "win_tile": "5s", "laizi": "5s",
        "indicator": "4s", "melds": [{"kind": "pung", "tiles": "999s", "from": 2}],
        "others": {},
    })  # only 222m + 2m and the laizi as a fifth 2m make the 2-5-8 pair
    assert answer["ok"] and answer["reason"] == "below_minimum"
    assert [p["id"] for p in answer["patterns"]] == ["pi_hu", "kai_kou"]


def test_yangzhou_s4_a_refusal_is_gone_once_the_hand_is_over() -> None:
    # seat 1 wins on 5p (一条龙 20 + 门清 + 平糊 + 丫子 + 齐相 = 24); seat 2 completes 4-6p on the
    # same discard below 18 fan, is refused, and the hand ends there: the refusal explained a
    # missing 胡 while the hand was in play and says nothing after it
    hand = scenario("""
        rules: yangzhou
        dealer: 0
        seat 0: 5p1m9m1p9p2z3z4z6z7z8m8p5s9s
        seat 1: 46p123s456s789s11z
        seat 2: 234m46p123s789s44m
    """)
    hand.apply(0, DISCARDS[T("5p")])
    refusal = hand.view(2)["no_win"]
    assert refusal is not None and refusal["reason"] == "below_minimum"
    hand.apply(1, WIN_ACTION)
    pass_all(hand)
    assert hand.result is not None and hand.result.win_payments[1] == 24
    assert hand.view(2)["no_win"] is None
