"""Play mechanics of wuhan and jincheng that the per-section tests did not yet pin down, written
from the rules documents (docs/rules/wuhan.md, docs/rules/jincheng.md), amounts in units of the
stake. Each test names the section it checks; the expected values come from the document.
"""

from __future__ import annotations

from engine_helpers import pass_all

from majiang.game.actions import (
    ADDED_KONGS,
    DECLARES,
    DISCARDS,
    EXPOSED_KONGS,
    PASS_ACTION,
    PUNGS,
    WIN_ACTION,
    Action,
)
from majiang.game.hand import Hand
from majiang.game.scenario import scenario
from majiang.tiles import parse_tile, parse_tiles

T = parse_tile


def _ids(answer: dict[str, object]) -> set[str]:
    patterns = answer["patterns"]
    assert isinstance(patterns, list)
    return {p["id"] for p in patterns}


# ------------------------------------------------------------------------------------ wuhan


def test_wuhan_s3_1_s3_4_after_a_chow_an_older_pung_takes_a_held_fourth_and_is_robbed() -> None:
    # 3.1: after a chow the claimer may make an added kong, with a tile held for a while; 3.4: an
    # added kong may be robbed. Indicator 1z: laizi 2z, 赖子皮 1z and 5z.
    hand = scenario("""
        rules: wuhan
        dealer: 0
        seat 0: 3p 1m4m7m 2s5s8s 3z4z6z 9m 7s 3m 8p
        seat 1: 1p2p 5m 6z 3m6m 3s6s 3z 4z | pung 5m from 2
        seat 2: 34m 567p 88s | pung 9s from 3, concealed_kong 4s
        indicator: 1z
    """)
    hand.apply(0, DISCARDS[T("3p")])
    chow = Action("chow", tiles=tuple(sorted(parse_tiles("123p"))))
    assert chow in hand.legal_actions(1)
    hand.apply(1, chow)
    assert hand.turn == 1 and ADDED_KONGS[T("5m")] in hand.legal_actions(1)
    hand.apply(1, ADDED_KONGS[T("5m")])
    assert hand.phase == "rob" and hand.to_act() == {2}
    hand.apply(2, WIN_ACTION)
    result = hand.result
    assert result is not None and result.win_type == "robbing_kong" and result.winners == [2]
    answer = result.answers[0]
    # 抢杠 10 x 开口 2 x 硬胡 2 x 暗杠 4 = 160 (6: a big hand, no 庄家; 7.2: no 点炮, no 自摸)
    assert _ids(answer) == {"qiang_gang", "kai_kou", "ying_hu", "an_gang"}
    assert answer["value"] == 160
    # seat 1: opened, the robbed kong as a 明杠: 160 x 4 = 640, capped at 600 (7.3);
    # seats 0 and 3 unopened, no kongs: 160 each. 杠进杠出 (7.5.3): seat 1 pays all 920.
    assert result.win_payments == [0, -920, 920, 0]
    assert result.payments == [0, -920, 920, 0]
    assert [m.kind for m in hand.melds[1]] == ["pung", "chow"]  # the kong did not stand


def test_wuhan_s3_1_s5_an_exposed_kong_then_gang_kai_paid_without_the_zimo_factor() -> None:
    # 3.1: an exposed kong on a discard, then a replacement from the tail that completes the hand:
    # 杠开 (5). 7.2: no 自摸 factor when the only big hand is 杠开; no 庄家 factor for a big
    # hand; the discarder of the konged tile pays like anyone (no kong money, 7.1).
    hand = scenario("""
        rules: wuhan
        dealer: 0
        seat 0: 5m 1m4m7m 3s6s9s 3z4z6z 9m 7s 3m 8p
        seat 1: 555m 123p 678s 2s 999p
        indicator: 1z
        tail: 2s
    """)
    hand.apply(0, DISCARDS[T("5m")])
    hand.apply(1, EXPOSED_KONGS[T("5m")])
    pass_all(hand)
    assert hand.turn == 1 and hand.drawn == T("2s")
    hand.apply(1, WIN_ACTION)
    result = hand.result
    assert result is not None and result.win_type == "self_drawn"
    answer = result.answers[0]
    assert _ids(answer) == {"gang_kai", "kai_kou", "ying_hu", "ming_gang"}
    assert answer["value"] == 80  # 10 x 开口 2 x 硬胡 2 x 明杠 2
    assert result.win_payments == [-80, 240, -80, -80]
    assert result.next_dealer == 1  # 8: the winner deals


def test_wuhan_s3_4_two_robbers_the_first_after_the_konger_wins() -> None:
    # Seats 3 and 0 both wait on 5m; seat 2 adds 5m to his pung. Both may rob; the first in turn
    # order after seat 2 (seat 3) wins, and seat 2 pays everything (杠进杠出).
    hand = scenario("""
        rules: wuhan
        dealer: 0
        seat 0: 34m 567p 88s 6z | pung 9s from 1, concealed_kong 3z
        seat 1: 2p 8p 3s 6z 7m 1s 9p 6p 3p 2m | pung 4z from 2
        seat 2: 1p 4p 7p 9s 6z 9m 6m 8m 2p 7m | pung 5m from 0
        seat 3: 34m 567p 234s 88s | pung 9p from 1
        indicator: 1z
        draws: 6s 5m
    """)
    hand.apply(0, DISCARDS[T("6z")])
    pass_all(hand)
    hand.apply(1, DISCARDS[T("6s")])
    pass_all(hand)
    assert hand.turn == 2 and hand.drawn == T("5m")
    hand.apply(2, ADDED_KONGS[T("5m")])
    assert hand.phase == "rob" and hand.to_act() == {0, 3}
    hand.apply(0, WIN_ACTION)
    hand.apply(3, WIN_ACTION)
    result = hand.result
    assert result is not None and result.winners == [3]
    assert result.answers[0]["value"] == 40  # 抢杠 10 x 开口 2 x 硬胡 2
    # seat 0: opened + 暗杠 x4 = 320; seat 1: opened 80; seat 2: opened + the robbed kong 160
    assert result.win_payments == [0, 0, -560, 560]


# ---------------------------------------------------------------------------------- jincheng


def test_jincheng_s2_s7_1_a_declared_konger_robbed_pays_as_a_declared_feeder() -> None:
    # 2: the player who tried the added kong is the feeder, 放炮 or not by his own declared state;
    # 3.1: a declared hand adds a kong with the tile it drew. Seat 1 (declared) adds 5p, seat 2
    # (declared) robs: case 4 of 7.1, dealer 2, declared feeder 1, the other non-dealer 1. 7.2: a
    # robbed kong earns nothing.
    hand = scenario("""
        rules: jincheng
        dealer: 0
        seat 0: 2m3m5m6m8m2p4p6p8p2s4s6s8s9m
        seat 1: 123m456s789s1s | pung 5p from 3
        seat 2: 123m456s789s46p11z
        draws: 2s 7z 1z 4z 5p
    """)
    hand.apply(0, DISCARDS[T("9m")])
    pass_all(hand)
    hand.apply(1, DECLARES[T("1s")])  # ready on 2s
    hand.apply(2, DECLARES[T("7z")])  # ready on 5p
    hand.apply(3, DISCARDS[T("1z")])
    pass_all(hand)
    hand.apply(0, DISCARDS[T("4z")])
    pass_all(hand)
    assert hand.turn == 1 and hand.drawn == T("5p")
    hand.apply(1, ADDED_KONGS[T("5p")])
    assert hand.phase == "rob" and hand.to_act() == {2}
    hand.apply(2, WIN_ACTION)
    result = hand.result
    assert result is not None and result.win_type == "robbing_kong" and result.discarder == 1
    assert result.win_payments == [-2, -1, 4, -1]
    assert result.payments == [-2, -1, 4, -1]
    assert not [s for s in hand.settlements if s["type"] == "kong_money"]
    assert [m.kind for m in hand.melds[1]] == ["pung"]


def _lock_through_a_pung(first: str) -> Hand:
    """Seat 1 (456m 55m 88s, 明杠 3z, 暗杠 4z, 红中杠) is offered seat 2's `first`, then pungs
    seat 3's 5m (declining that win), throws 8s (tanki 8s) and faces seat 2's 8s."""
    hand = scenario(f"""
        rules: wuhan
        dealer: 0
        seat 0: 1m4m7m9m 2s5s9s 1p4p7p 2p5p 6z 3p
        seat 1: 456m 55m 88s | kong 3z from 2, concealed_kong 4z, red_kong 7z
        indicator: 1z
        draws: 9p {first} 5m 8s
    """)
    hand.apply(0, DISCARDS[T("6z")])
    pass_all(hand)
    hand.apply(1, DISCARDS[T("9p")])
    pass_all(hand)
    hand.apply(2, DISCARDS[T(first)])
    if first == "8s":
        assert WIN_ACTION in hand.legal_actions(1)
        pass_all(hand)  # 过胡 on 8s
    hand.apply(3, DISCARDS[T("5m")])
    assert WIN_ACTION in hand.legal_actions(1)
    hand.apply(1, PUNGS[T("5m")])  # declines the win on 5m: a pass on 5m too
    pass_all(hand)
    hand.apply(1, DISCARDS[T("8s")])
    pass_all(hand)
    assert hand.turn == 2 and hand.drawn == T("8s")
    hand.apply(2, DISCARDS[T("8s")])
    return hand


def test_wuhan_s3_3_a_pung_is_no_draw_the_passed_kind_stays_locked() -> None:
    # 3.3: no win on a discard of the passed kind until after one's own next draw; a pung is no
    # draw, so seat 2's later 8s may not be won on.
    hand = _lock_through_a_pung("8s")
    assert WIN_ACTION not in hand.legal_actions(1)
    assert hand.lock_kinds[1] == {T("8s"), T("5m")}


def test_wuhan_s3_3_the_lock_is_by_kind_another_passed_kind_does_not_bar_8s() -> None:
    # Without the pass on 8s only 5m is locked, and seat 2's 8s wins: 1 x 开口 2 x 硬胡 2 x 明杠 2
    # x 暗杠 4 x 红中杠 2 = 64; 屁胡: the dealer x2, the discarder x2 (7.2).
    hand = _lock_through_a_pung("9s")
    assert hand.legal_actions(1) == [WIN_ACTION, PASS_ACTION]
    hand.apply(1, WIN_ACTION)
    pass_all(hand)
    result = hand.result
    assert result is not None and result.winners == [1] and result.answers[0]["value"] == 64
    assert result.win_payments == [-128, 320, -128, -64]


def test_wuhan_s3_3_a_kong_replacement_is_a_draw_it_lifts_the_lock() -> None:
    # docs/rules/choices-in-play.md: "until after his own next draw" (3.3); a replacement is a
    # draw from the wall. Seat 1 passes a win on 8s, kongs seat 3's 3m, draws 9m from the tail
    # and throws it; seat 2's next 8s may be won: 开口 2 x 硬胡 2 x 明杠 2 x 明杠 2 x 暗杠 4 x
    # 红中杠 2 = 128; 屁胡: the dealer x2, the discarder x2 (7.2).
    hand = scenario("""
        rules: wuhan
        dealer: 0
        seat 0: 1m4m7m9m 2s5s9s 1p4p7p 2p5p 6z 3p
        seat 1: 456m 333m 8s | kong 3z from 2, concealed_kong 4z, red_kong 7z
        indicator: 1z
        draws: 9p 8s 3m 8s
        tail: 9m
    """)
    hand.apply(0, DISCARDS[T("6z")])
    pass_all(hand)
    hand.apply(1, DISCARDS[T("9p")])
    pass_all(hand)
    hand.apply(2, DISCARDS[T("8s")])
    assert WIN_ACTION in hand.legal_actions(1)
    pass_all(hand)  # 过胡 on 8s
    assert hand.lock_kinds[1] == {T("8s")}
    hand.apply(3, DISCARDS[T("3m")])
    hand.apply(1, EXPOSED_KONGS[T("3m")])
    pass_all(hand)
    assert hand.turn == 1 and hand.drawn == T("9m") and not hand.lock_kinds[1]
    hand.apply(1, DISCARDS[T("9m")])
    pass_all(hand)
    hand.apply(2, DISCARDS[T("8s")])
    assert hand.legal_actions(1) == [WIN_ACTION, PASS_ACTION]
    hand.apply(1, WIN_ACTION)
    pass_all(hand)
    result = hand.result
    assert result is not None and result.winners == [1] and result.answers[0]["value"] == 128
    assert result.win_payments == [-256, 640, -256, -128]


def test_jincheng_d10_a_declared_hand_does_not_kong_a_quad_held_before_it_declared() -> None:
    # docs/rules/choices-in-play.md: after 上架 each drawn tile is won with, konged or discarded
    # (D10), so a kong is made with the tile just drawn; the four 1m held since before are not
    # konged (the drawn tile would stay in the locked hand in their place).
    hand = scenario("""
        rules: jincheng
        dealer: 0
        seat 0: 1111m 23m 456p 789s 9s 5z
        draws: 1z 2z 3z 6z
    """)
    hand.apply(0, DECLARES[T("5z")])  # ready on 9s
    for seat in (1, 2, 3):
        assert hand.turn == seat and hand.drawn is not None
        hand.apply(seat, DISCARDS[hand.drawn])
        pass_all(hand)
    assert hand.turn == 0 and hand.drawn == T("6z")
    assert hand.legal_actions(0) == [DISCARDS[T("6z")]]
