"""wuhan (红中赖子杠) on the engine, scenario by scenario, written from the rules document
(shared/rules/wuhan.md), not from the code. Each test is named after the section it checks; an
`xfail(strict=True)` marks a place where the engine breaks the document (the reason says how).

Money is in units of the stake. `hand.result.win_payments` is the win's settlement per seat (the
winner +total, each payer -amount); wuhan has no kong money (7.1), so `hand.result.payments`
(= `hand.scores`) equals it and `hand.settlements` holds the single `hand_end` entry.

Unless a test says otherwise the indicator is 东 `1z`: laizi 南 `2z`, 赖子皮 东 `1z` and 白 `5z`
(and 红中 `7z` is special anyway), so every suit tile and 西 北 发 are plain.
"""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import pass_all

from majiang.game import Hand
from majiang.game.actions import (
    DISCARDS,
    PASS_ACTION,
    PUNGS,
    WIN_ACTION,
    Action,
)
from majiang.game.hand import IllegalAction
from majiang.game.scenario import scenario
from majiang.tiles import parse_tile, parse_tiles

T = parse_tile


def chow(tiles: str) -> Action:
    return Action("chow", tiles=tuple(sorted(parse_tiles(tiles))))


def kong(tile: str, kind: str) -> Action:
    return Action("kong", T(tile), kind=kind)


def discard(hand: Hand, seat: int, tile: str) -> None:
    assert hand.to_act() == {seat}, (hand.to_act(), seat)
    hand.apply(seat, DISCARDS[T(tile)])


def discard_and_pass(hand: Hand, seat: int, tile: str) -> None:
    discard(hand, seat, tile)
    pass_all(hand)


def can_win(hand: Hand, seat: int) -> bool:
    return WIN_ACTION in hand.legal_actions(seat)


def claim_win(hand: Hand, seat: int) -> bool:
    """Whether `seat` is offered a win on the tile on the table (a discard or a kong to rob)."""
    return hand.phase in ("claim", "rob") and WIN_ACTION in hand.legal_actions(seat)


def win(hand: Hand, seat: int) -> dict[str, Any]:
    """`seat` wins now; the scoring answer."""
    assert can_win(hand, seat), hand.legal_actions(seat)
    hand.apply(seat, WIN_ACTION)
    pass_all(hand)
    assert hand.result is not None
    assert seat in hand.result.winners
    return hand.result.answers[hand.result.winners.index(seat)]


def pattern_ids(answer: dict[str, Any]) -> set[str]:
    return {p["id"] for p in answer["patterns"]}


def assert_paid(hand: Hand, payments: list[int]) -> None:
    """The win's payments, and (no kong money in wuhan) the hand's whole settlement."""
    assert hand.result is not None
    assert hand.result.win_payments == payments
    assert hand.result.payments == payments
    assert hand.scores == payments
    assert sum(payments) == 0
    assert [s["type"] for s in hand.settlements] == ["hand_end"]
    assert hand.settlements[-1]["payments"] == payments


def kongs_offered(hand: Hand, seat: int) -> set[tuple[str | None, int | None]]:
    return {(a.kind, a.tile) for a in hand.legal_actions(seat) if a.type == "kong"}


def drain(hand: Hand, until: int, keep: dict[int, str] | None = None) -> None:
    """Play on, everyone passing every claim and no one winning or konging, until the live wall
    holds `until` tiles and a seat is to act on its turn. A seat throws the tile it drew when it
    is plain, else its first plain tile; `keep` pins the seat's throw (a tile it must not keep)."""
    while hand.wall_left() > until or hand.phase != "turn":
        if hand.phase != "turn":
            pass_all(hand)
            continue
        seat = hand.turn
        plain = [a for a in hand.legal_actions(seat) if a.type == "discard"]
        assert plain, (seat, hand.legal_actions(seat))
        drawn = [a for a in plain if a.tile == hand.drawn]
        hand.apply(seat, (drawn or plain)[0])
    assert hand.wall_left() == until


# ---------------------------------------------------------------- 1. overview: deal, indicator


def test_s1_the_indicator_is_dead_and_82_tiles_stay_live() -> None:
    hand = scenario("""
        rules: wuhan
        dealer: 2
        indicator: 2p
    """)
    assert hand.wall_left() == 136 - 53 - 1 == 82
    assert hand.tile_count() == 136
    view = hand.view(2)
    assert (view["indicator"], view["laizi"]) == ("2p", "3p")
    assert hand.laizi == T("3p")
    # the dealer starts with 14 tiles and no draw
    assert len(view["hand"]) == 14 and [len(hand.view(s)["hand"]) for s in (0, 1, 3)] == [13] * 3
    assert hand.to_act() == {2}
    assert not any(e.kind == "draw" for e in hand.events)


def test_s1_no_heavenly_hand_the_dealer_has_not_opened() -> None:
    # a complete 屁胡 with a 2-5-8 pair on the dealer's 14 dealt tiles: he has not opened (4.1.2)
    hand = scenario("""
        rules: wuhan
        dealer: 0
        seat 0: 123m 456m 789m 345p 88s
        indicator: 1z
    """)
    assert not can_win(hand, 0)


# ---------------------------------------------------------------- 2. special tiles

INDICATOR_TABLE = [
    # indicator, laizi, 前赖子皮, 后赖子皮  (2.1 full table)
    ("1m", "2m", "1m", "9m"),
    ("5s", "6s", "5s", "4s"),
    ("9p", "1p", "9p", "8p"),
    ("1z", "2z", "1z", "5z"),
    ("2z", "3z", "2z", "1z"),
    ("3z", "4z", "3z", "2z"),
    ("4z", "6z", "4z", "3z"),
    ("6z", "5z", "6z", "4z"),
    ("5z", "1z", "5z", "6z"),
    ("7z", "6z", "7z", "4z"),
]


@pytest.mark.parametrize(("indicator", "laizi", "front", "back"), INDICATOR_TABLE)
def test_s2_1_laizi_and_pi_follow_the_indicator_table(indicator: str, laizi: str, front: str,
                                                     back: str) -> None:
    special = {T(laizi), T(front), T(back), T("7z")}
    plain = [t for t in range(34) if t not in special][:10]
    dealer = [T(laizi), T(front), T(back), T("7z"), *plain]
    hand = scenario("rules: wuhan\ndealer: 0\nindicator: " + indicator,
                    hands=[dealer, None, None, None])
    assert hand.view(0)["laizi"] == laizi and hand.laizi == T(laizi)
    kinds = {"red_kong" if t == T("7z") else "laizi_kong" if t == T(laizi) else "pi_kong"
             for t in special}
    offered = kongs_offered(hand, 0)
    assert (("laizi_kong", T(laizi))) in offered
    # 前赖子皮: a red dragon indicator's 红中 are red dragons (their kong is a 红中杠)
    front_kind = "red_kong" if front == "7z" else "pi_kong"
    assert (front_kind, T(front)) in offered
    assert ("pi_kong", T(back)) in offered
    assert ("red_kong", T("7z")) in offered
    assert {k for k, _ in offered} == kinds
    # nothing else is special: no other one-tile kong, and the specials have no plain discard
    assert {t for _, t in offered} == special
    discards = {a.tile for a in hand.legal_actions(0) if a.type == "discard"}
    assert discards == set(plain)


def test_s2_1_only_three_front_pi_are_in_play() -> None:
    # the fourth tile of the indicator's kind is the dead indicator: a position naming four more
    # of that kind cannot exist
    with pytest.raises(ValueError):
        scenario("""
            rules: wuhan
            seat 1: 2p2p2p2p 123m456m789m
            indicator: 2p
        """)


def test_s2_2_a_pi_tile_blocks_the_win_even_inside_a_set() -> None:
    # seat 1 waits on 2s with 123s in hand. With indicator 1z (3s plain) he wins on the 2s; with
    # indicator 4s, 3s is 赖子皮 and he cannot win at all, even though the tiles form a shape.
    position = """
        rules: wuhan
        dealer: 0
        seat 0: 2s 9p9p 3z 4z 6m 8m 2m 4p 6p 1p 3m 9s 9s
        seat 1: 123s 456m 2s | pung 8m from 0, concealed_kong 6z, red_kong 7z, red_kong 7z
        seat 2: 1m 4m 7m 2p 5p 8p 6s 7s 3z 4z 5m 9m 1p
        seat 3: 1m 4m 7m 2p 5p 8p 6s 7s 3z 4z 5m 9m 3p
    """
    control = scenario(position + "indicator: 1z\n")
    discard(control, 0, "2s")
    assert control.legal_actions(1)[0] == WIN_ACTION
    win(control, 1)
    # value 1 x 开口 2 x 硬胡 2 x 暗杠 4 x 红中杠 4 = 64; the dealer discarded: x2 庄家 x2 点炮
    assert control.result is not None and control.result.answers[0]["value"] == 64
    assert_paid(control, [-256, 384, -64, -64])

    blocked = scenario(position + "indicator: 4s\n")
    assert blocked.special is not None and T("3s") in blocked.special.pi
    discard(blocked, 0, "2s")
    assert not claim_win(blocked, 1)


def test_s2_2_no_one_wins_on_a_special_kong() -> None:
    # laizi 3p (indicator 2p). Seat 1 waits on 3p at face value (12p). When the dealer puts out
    # a laizi 3p as 赖子杠, nobody may claim it or win on it: the dealer just draws his replacement.
    hand = scenario("""
        rules: wuhan
        dealer: 0
        seat 0: 3p 1m 4m 7m 2s 5s 8s 3z 4z 6z 9m 9s 6m 6m
        seat 1: 12p 456m 789s 55s | pung 9p from 3
        indicator: 2p
        tail: 8m
    """)
    hand.apply(0, kong("3p", "laizi_kong"))
    assert hand.phase == "turn" and hand.to_act() == {0}
    assert hand.legal_actions(1) == []
    assert hand.drawn == T("8m")
    assert [m.kind for m in hand.melds[0]] == ["laizi_kong"]


def test_s2_3_special_kongs_in_a_row_each_draw_from_the_tail() -> None:
    # indicator 1m: laizi 2m, 赖子皮 1m (3 left) and 9m
    hand = scenario("""
        rules: wuhan
        dealer: 0
        seat 0: 7z 1m 9m 2m 3p4p5p 6s7s8s 3z3z 4z 6z
        indicator: 1m
        draws: 5p
        tail: 6z 3s 4s 7z
    """)
    assert hand.wall_left() == 82
    hand.apply(0, kong("7z", "red_kong"))
    assert hand.drawn == T("6z") and hand.wall_left() == 81 and hand.to_act() == {0}
    hand.apply(0, kong("1m", "pi_kong"))
    assert hand.drawn == T("3s") and hand.wall_left() == 80
    hand.apply(0, kong("9m", "pi_kong"))
    assert hand.drawn == T("4s") and hand.wall_left() == 79
    hand.apply(0, kong("2m", "laizi_kong"))
    # every replacement came from the tail: the front (5p) is still the next normal draw
    assert hand.wall_left() == 78 and hand.drawn == T("7z")
    assert [(m.kind, m.tile, m.size()) for m in hand.melds[0]] == [
        ("red_kong", T("7z"), 1), ("pi_kong", T("1m"), 1), ("pi_kong", T("9m"), 1),
        ("laizi_kong", T("2m"), 1)]
    # put out, not discarded: no discard and no claim on any of them
    assert hand.discards[0] == [] and hand.phase == "turn"
    # the replacement 7z is a red dragon again: another 红中杠 is offered
    assert ("red_kong", T("7z")) in kongs_offered(hand, 0)
    assert hand.tile_count() == 136


# ---------------------------------------------------------------- 3.1 claims


NEUTRAL = {  # idle hands: no pair, nothing to chow or pung in these tests
    0: "1m4m7m 2s5s8s 3z4z6z 9m9p9s 3m 5p",
    3: "1m4m7m 2s5s8s 9m9p9s 3m 6z 8m 6s",
}


def test_s3_1_chow_only_by_the_next_seat_and_no_special_tile_in_it() -> None:
    # indicator 3p: laizi 4p, 赖子皮 3p and 2p. Dealer 0 discards 5p. Seat 1 holds 3p(皮) 4p(赖)
    # 6p 7p: 345p and 456p would hold a special tile, only 567p is a chow. Seat 2, not the next
    # seat, holds 6p7p too and may not chow.
    hand = scenario(f"""
        rules: wuhan
        dealer: 0
        seat 0: {NEUTRAL[0]}
        seat 1: 3p4p6p7p 2m5m8m 1s4s7s 3z4z6z
        seat 2: 6p7p 3m6m 3s6s 3z 4z 6z 1p 8p 2m 5m
        seat 3: {NEUTRAL[3]}
        indicator: 3p
    """)
    discard(hand, 0, "5p")
    chows = [a for a in hand.legal_actions(1) if a.type == "chow"]
    assert chows == [chow("567p")]
    assert not any(a.type == "chow" for a in hand.legal_actions(2))


def test_s3_1_chow_from_the_previous_seat() -> None:
    hand = scenario(f"""
        rules: wuhan
        dealer: 0
        seat 0: {NEUTRAL[0]}
        seat 1: 3p4p4p6p 2m5m8m 1s4s7s 3z4z6z
        seat 2: 4p6p 3m6m 3s6s 3z 4z 6z 1p 7p 2m 5m
        seat 3: {NEUTRAL[3]}
        indicator: 1z
    """)
    discard(hand, 0, "5p")
    assert {a.tiles for a in hand.legal_actions(1) if a.type == "chow"} == {
        chow("345p").tiles, chow("456p").tiles}
    assert hand.legal_actions(2) == []
    hand.apply(1, chow("345p"))
    assert [(m.kind, m.tile, m.source) for m in hand.melds[1]] == [("chow", T("3p"), 0)]
    # 3.1: after a chow he may throw any tile, the claimed kind (a second 4p) included
    assert DISCARDS[T("4p")] in hand.legal_actions(1)
    discard(hand, 1, "4p")


def test_s3_1_laizi_never_form_a_declared_kong() -> None:
    # four laizi 2z and four red dragons: one-tile kongs only, never a concealed kong
    hand = scenario("""
        rules: wuhan
        dealer: 0
        seat 0: 2z2z2z2z 7z7z7z7z 3m3m3m3m 5p 6p
        indicator: 1z
    """)
    offered = kongs_offered(hand, 0)
    assert ("laizi_kong", T("2z")) in offered and ("red_kong", T("7z")) in offered
    assert ("concealed_kong", T("3m")) in offered
    assert ("concealed_kong", T("2z")) not in offered
    assert ("concealed_kong", T("7z")) not in offered


def test_s3_1_no_pung_of_a_pi_tile_put_out() -> None:
    # seat 1 holds two 9m; the dealer's 9m is a 赖子皮 (indicator 1m): it goes out as a 皮子杠,
    # which no one may claim
    hand = scenario(f"""
        rules: wuhan
        dealer: 0
        seat 0: 9m 4m7m 2s5s8s 3z4z6z 9p9s 3m 5p 6p
        seat 1: 9m9m 3p4p 2s 5m8m 1s4s7s 3z4z6z
        seat 3: {NEUTRAL[3].replace('9m', '3p')}
        indicator: 1m
    """)
    assert DISCARDS[T("9m")] not in hand.legal_actions(0)
    hand.apply(0, kong("9m", "pi_kong"))
    assert hand.legal_actions(1) == [] and hand.to_act() == {0}


WAIT_8M_QYS = "123m 456m 777m 8m | kong 9m from 2"  # 清一色, one exposed kong


def test_s3_1_a_win_beats_a_pung() -> None:
    # Dealer 0 throws 8m. Seat 1 could pung it, seat 3 wins on it. The win comes first.
    hand = scenario(f"""
        rules: wuhan
        dealer: 0
        seat 0: 8m 1p4p7p 2s5s8s 3z4z6z 9p 9s 3p 6p
        seat 1: 8m8m 2p5p 3s6s 3z4z6z 1s 4s 7s 5m
        seat 2: 1p 4p 7p 2s 5s 8s 3z 4z 6s 9p 9s 3p 6p
        seat 3: {WAIT_8M_QYS}
        indicator: 1z
    """)
    discard(hand, 0, "8m")
    assert PUNGS[T("8m")] in hand.legal_actions(1)
    assert WIN_ACTION in hand.legal_actions(3)
    hand.apply(1, PUNGS[T("8m")])
    hand.apply(3, WIN_ACTION)
    assert hand.result is not None and hand.result.winners == [3]
    assert hand.melds[1] == []
    answer = hand.result.answers[0]
    assert pattern_ids(answer) == {"qing_yi_se", "kai_kou", "ying_hu", "ming_gang"}
    # value 10 x 2 x 2 x 2 = 80. Big hand: no 庄家 factor; the discarder x2 (点炮); all unopened
    assert answer["value"] == 80
    assert_paid(hand, [-160, -80, -80, 320])


def test_s3_1_one_winner_the_first_in_turn_order() -> None:
    # seats 2 and 3 both win on the dealer's 8m and both claim: only seat 2 (first after the
    # discarder) wins (一炮单响)
    hand = scenario(f"""
        rules: wuhan
        dealer: 0
        seat 0: 8m 1p4p7p 2s5s8s 3z4z 9p 9s 3p 6p 2p
        seat 1: 2p5p 3s6s 3z4z 2m 4s 7s 5m 6m 1p 4p
        seat 2: 234p 567s 8m | pung 1s from 1, concealed_kong 6z, red_kong 7z, red_kong 7z
        seat 3: {WAIT_8M_QYS}
        indicator: 1z
    """)
    discard(hand, 0, "8m")
    assert WIN_ACTION in hand.legal_actions(2) and WIN_ACTION in hand.legal_actions(3)
    hand.apply(3, WIN_ACTION)
    hand.apply(2, WIN_ACTION)
    pass_all(hand)
    assert hand.result is not None and hand.result.winners == [2]
    answer = hand.result.answers[0]
    # 屁胡 1 x 开口 2 x 硬胡 2 x 暗杠 4 x 红中杠 4 = 64
    assert answer["value"] == 64 and "pi_hu" in pattern_ids(answer)
    # dealer-discarder: 庄家 x2 点炮 x2 = 256; seat 1: 64; seat 3: 开口 x2, 明杠 x2 = 256
    assert_paid(hand, [-256, -64, 576, -256])


def test_s3_1_a_pung_beats_a_chow_and_any_tile_may_follow() -> None:
    hand = scenario(f"""
        rules: wuhan
        dealer: 0
        seat 0: {NEUTRAL[0]}
        seat 1: 4p6p 2m5m8m 1s4s7s 3z4z6z 9s 2p
        seat 2: 5p5p 3m6m 3s6s 3z 4z 6z 1p 7p 2m 8m
        seat 3: {NEUTRAL[3]}
        indicator: 1z
    """)
    discard(hand, 0, "5p")
    hand.apply(1, chow("456p"))
    hand.apply(2, PUNGS[T("5p")])
    assert hand.melds[1] == [] and [(m.kind, m.tile, m.source) for m in hand.melds[2]] == [
        ("pung", T("5p"), 0)]
    assert hand.to_act() == {2}
    discard(hand, 2, "8m")


def test_s3_1_passing_a_pung_does_not_bar_a_later_pung() -> None:
    hand = scenario("""
        rules: wuhan
        dealer: 0
        seat 0: 5p 1m4m7m 2s5s8s 3z4z6z 9m9s 3m 8p
        seat 1: 2m5m8m 1s4s7s 3z4z6z 9p 2p 3s 6s
        seat 2: 5p5p 3m6m 3s6s 3z 4z 6z 1p 7p 2m 8m
        seat 3: 5p 1m4m7m 2s5s8s 9m9s 3m 6z 8s 1p
        indicator: 1z
        draws: 9m 9p
    """)
    discard(hand, 0, "5p")
    assert PUNGS[T("5p")] in hand.legal_actions(2)
    pass_all(hand)
    discard_and_pass(hand, 1, "9m")  # seat 1 drew 9m
    discard_and_pass(hand, 2, "9p")  # seat 2 drew 9p
    discard(hand, 3, "5p")
    assert PUNGS[T("5p")] in hand.legal_actions(2)
    hand.apply(2, PUNGS[T("5p")])
    assert hand.melds[2][0].kind == "pung" and hand.melds[2][0].source == 3


def test_s3_1_special_kongs_right_after_a_pung() -> None:
    hand = scenario("""
        rules: wuhan
        dealer: 0
        seat 0: 5p 1m4m7m 2s5s8s 3z4z6z 9m9s 3m 8p
        seat 1: 5p5p 7z 2z 3m6m 3s6s 3z 4z 6z 1p 8m
        indicator: 1z
        tail: 9p
    """)
    discard(hand, 0, "5p")
    hand.apply(1, PUNGS[T("5p")])
    assert {("red_kong", T("7z")), ("laizi_kong", T("2z"))} <= kongs_offered(hand, 1)
    hand.apply(1, kong("7z", "red_kong"))
    assert hand.drawn == T("9p") and hand.to_act() == {1}
    assert [m.kind for m in hand.melds[1]] == ["pung", "red_kong"]


# ---------------------------------------------------------------- 3.2 开口


def _kong_hand(opening: str) -> Hand:
    """Seat 1: 123m 456p 8s (waits 8s on a 2-5-8 pair) with a 暗杠 4z, a 红中杠 and `opening`
    (a 3z kong: exposed from seat 2's discard, or concealed)."""
    return scenario(f"""
        rules: wuhan
        dealer: 0
        seat 0: 8s 1p4p7p 2s5s 4m 6z 9m 9s 3m 6p 2p 7m
        seat 1: 123m 456p 8s | {opening}, concealed_kong 4z, red_kong 7z
        seat 2: 1p 4p 7p 2s 5s 6z 2m 5m 9p 6s 3p 6p 9s
        seat 3: 1s 4s 7s 2p 5p 6z 4m 7m 8p 6s 3s 8m 9s
        indicator: 1z
        draws: 8s
    """)


def test_s3_2_concealed_and_special_kongs_do_not_open() -> None:
    hand = _kong_hand("concealed_kong 3z")
    discard(hand, 0, "8s")
    assert not claim_win(hand, 1)  # on a discard
    pass_all(hand)
    assert hand.turn == 1 and hand.drawn == T("8s")
    assert not can_win(hand, 1)  # nor by self-draw


def test_s3_2_an_exposed_kong_from_a_discard_opens() -> None:
    hand = _kong_hand("kong 3z from 2")
    discard(hand, 0, "8s")
    answer = win(hand, 1)
    assert pattern_ids(answer) == {"pi_hu", "kai_kou", "ying_hu", "ming_gang", "an_gang",
                                   "hong_zhong_gang"}
    # 1 x 开口 2 x 硬胡 2 x 明杠 2 x 暗杠 4 x 红中杠 2 = 64; dealer-discarder x2 x2
    assert answer["value"] == 64
    assert_paid(hand, [-256, 384, -64, -64])
    assert hand.result is not None and hand.result.next_dealer == 1  # 8: the winner deals


def test_s3_2_refusing_an_unopened_win_names_the_rule() -> None:
    hand = _kong_hand("concealed_kong 3z")
    discard_and_pass(hand, 0, "8s")
    with pytest.raises(IllegalAction) as refused:
        hand.apply(1, WIN_ACTION)
    reason = refused.value.reason
    assert "开口" in reason or "open" in reason.lower(), reason
    assert hand.view(1)["no_win"] is not None


# ---------------------------------------------------------------- 3.3 passing a win (过胡)


def _pass_lock_hand() -> Hand:
    """Seat 1 waits on 5s / 8s (123m 67s 55m, 明杠 3z, 暗杠 4z, 红中杠: value 64 or more)."""
    return scenario("""
        rules: wuhan
        dealer: 0
        seat 0: 1p4p7p 2s 9s 6z 9m 3m 8m 5p 1s 4s 6m 9p
        seat 1: 123m 67s 55m | kong 3z from 2, concealed_kong 4z, red_kong 7z
        seat 2: 2p5p8p 3s 6z 7m 4m 1s 9p 6p 3p 2m 6s
        seat 3: 1p 4p 7p 2s 9s 6z 9m 3m 8m 5p 2p 7m 6p
        indicator: 1z
        draws: 9s 8s 8s 5s 8s
    """)


def test_s3_3_the_pass_lock_bars_the_kind_until_the_own_draw() -> None:
    hand = _pass_lock_hand()
    discard_and_pass(hand, 0, "6m")
    discard_and_pass(hand, 1, "9s")  # seat 1 drew 9s
    discard(hand, 2, "8s")  # seat 2 drew 8s
    assert claim_win(hand, 1)
    hand.apply(1, PASS_ACTION)  # 过胡 on 8s
    pass_all(hand)
    discard(hand, 3, "8s")  # another 8s before seat 1's next draw: locked
    assert not claim_win(hand, 1)
    pass_all(hand)
    discard(hand, 0, "5s")  # another kind: he may win on it
    assert claim_win(hand, 1)
    hand.apply(1, PASS_ACTION)
    pass_all(hand)
    # his own draw lifts the lock, and a self-drawn 8s wins
    assert hand.turn == 1 and hand.drawn == T("8s")
    answer = win(hand, 1)
    assert answer["value"] == 64  # 1 x 2 x 2 x 明杠 2 x 暗杠 4 x 红中杠 2
    # 屁胡 self-drawn: every loser x2 自摸; the dealer x2 more
    assert_paid(hand, [-256, 512, -128, -128])


def test_s3_3_the_view_shows_the_pass_lock_and_its_kinds() -> None:
    hand = _pass_lock_hand()
    discard_and_pass(hand, 0, "6m")
    discard_and_pass(hand, 1, "9s")
    discard(hand, 2, "8s")
    hand.apply(1, PASS_ACTION)
    pass_all(hand)
    view = hand.view(1)
    assert view["locked"] is True
    shown = [v for k, v in view.items() if "lock" in k and k != "locked"]
    assert any("8s" in v for v in shown if isinstance(v, list | str)), view
    discard_and_pass(hand, 3, "8s")
    discard_and_pass(hand, 0, "5s")
    assert hand.turn == 1 and hand.view(1)["locked"] is False  # his draw lifted it


# ---------------------------------------------------------------- 3.4 robbing a kong


def _rob_hand() -> Hand:
    """Seat 2 holds a pung 5m and draws the fourth; seat 3 waits on 5m (34m)."""
    return scenario("""
        rules: wuhan
        dealer: 0
        seat 0: 1p4p7p 2s 9s 6z 9m 3m 8m 1s 4s | pung 3z from 3
        seat 1: 2p 8p 3s 6z 7m 1s 9p 6p 3p 2m | pung 4z from 2
        seat 2: 1p 4p 7p 9s 6z 9m 6m 8m 2p 7m | pung 5m from 0
        seat 3: 34m 567p 234s 88s | pung 9p from 1
        indicator: 1z
        draws: 6s 5m
    """)


def test_s3_4_the_robbed_player_pays_all_with_his_kong_counted() -> None:
    hand = _rob_hand()
    discard_and_pass(hand, 0, "6z")
    discard_and_pass(hand, 1, "6s")
    assert hand.turn == 2 and hand.drawn == T("5m")
    hand.apply(2, kong("5m", "added_kong"))
    assert hand.phase == "rob" and hand.to_act() == {3}
    assert hand.legal_actions(3) == [WIN_ACTION, PASS_ACTION]
    answer = win(hand, 3)
    assert hand.result is not None and hand.result.win_type == "robbing_kong"
    assert pattern_ids(answer) == {"qiang_gang", "kai_kou", "ying_hu"}
    assert answer["value"] == 40  # 10 x 开口 2 x 硬胡 2
    # no 点炮, no 自摸. Seat 2: opened + the robbed kong as a 明杠: 40 x 4 = 160. Seats 0, 1
    # opened: 80 each. 杠进杠出: seat 2 pays the 320.
    assert_paid(hand, [0, 0, -320, 320])


def test_s3_4_a_concealed_kong_cannot_be_robbed() -> None:
    hand = scenario("""
        rules: wuhan
        dealer: 0
        seat 0: 1p4p7p 2s 9s 6z 9m 3m 8m 1s 4s | pung 3z from 3
        seat 1: 2p 8p 3s 6z 7m 1s 9p 6p 3p 2m | pung 4z from 2
        seat 2: 5m5m5m 1p 4p 7p 9s 6z 9m 6m 8m 2p 7m
        seat 3: 34m 567p 234s 88s | pung 9p from 1
        indicator: 1z
        draws: 6s 5m
        tail: 2p
    """)
    discard_and_pass(hand, 0, "6z")
    discard_and_pass(hand, 1, "6s")
    hand.apply(2, kong("5m", "concealed_kong"))
    assert hand.phase == "turn" and hand.to_act() == {2} and hand.drawn == T("2p")


def test_s3_3_declining_to_rob_is_a_pass_on_that_kind() -> None:
    hand = _rob_hand()
    discard_and_pass(hand, 0, "6z")
    discard_and_pass(hand, 1, "6s")
    hand.apply(2, kong("5m", "added_kong"))
    hand.apply(3, PASS_ACTION)  # declines the rob
    assert hand.phase == "turn" and hand.turn == 2 and hand.melds[2][0].kind == "added_kong"
    assert T("5m") in hand.lock_kinds[3]


# ---------------------------------------------------------------- 3.5 the end of the wall


def test_s3_5_an_empty_wall_forces_a_plain_unclaimable_special_discard() -> None:
    # indicator 7z: laizi 6z, 赖子皮 7z (red dragons) and 4z. Every special tile is in a hand
    # or at the wall's end, so the others only ever draw plain tiles. Seat 2 (four pungs and a
    # lone 7z) draws the last tile, a 4z: no kong is possible, so he throws one plainly.
    hand = scenario("""
        rules: wuhan
        dealer: 0
        seat 0: 7z7z6z6z6z6z 1p3p5p7p 2s4s6s8s
        seat 1: 4z4z4z 2m3m4m 5p6p 7s8s 1z 3z 5z
        seat 2: 7z | pung 1m from 0, pung 2p from 1, pung 3s from 3, pung 9s from 0
        seat 3: 6m7m8m 9p9p 1s2s 5s6s 2z2z 3z 5z
        indicator: 7z
        tail: 4z
    """)
    drain(hand, 0)
    assert hand.turn == 2 and hand.drawn == T("4z")
    assert sorted(a.tile for a in hand.legal_actions(2)) == [T("4z"), T("7z")]
    assert all(a.type == "discard" for a in hand.legal_actions(2))
    hand.apply(2, DISCARDS[T("4z")])
    assert hand.to_act() == set()  # nobody may claim it or win on it
    assert hand.result is not None and hand.result.exhaustive
    # 8: 荒庄 pays nothing and the dealer deals again
    assert_paid(hand, [0, 0, 0, 0])
    assert hand.result.next_dealer == 0


def test_s3_5_the_last_discard_may_be_won_on_but_not_claimed() -> None:
    # the live wall empties on seat 2's draw (8s, the last tile). He holds 6m x4 and a 7z but
    # may make no kong. Seat 3 holds 8s8s and 7s9s but may not pung or chow the 8s; seat 1 wins
    # on it (a discard, so no 海捞).
    hand = scenario("""
        rules: wuhan
        dealer: 0
        seat 0: 2z2z2z2z 1z1z1z 5z5z5z5z 7z 4p 6p
        seat 1: 123m 67s 55m | kong 3z from 2, concealed_kong 4z, red_kong 7z, red_kong 7z
        seat 2: 7z 6m6m6m6m 1p2p3p 9p 7m 9m 4s 5p
        seat 3: 8s8s 7s 9s 1m 4m 2p 5p 8p 3p 9m 1s 2s
        indicator: 1z
        tail: 8s
    """)
    drain(hand, 0)
    assert hand.turn == 2 and hand.drawn == T("8s")
    legal = hand.legal_actions(2)
    assert not any(a.type == "kong" for a in legal)
    assert DISCARDS[T("7z")] not in legal
    discard(hand, 2, "8s")
    assert hand.legal_actions(3) == []
    assert hand.legal_actions(1) == [WIN_ACTION, PASS_ACTION]
    answer = win(hand, 1)
    assert "hai_lao" not in pattern_ids(answer) and "pi_hu" in pattern_ids(answer)
    assert answer["value"] == 128  # 1 x 开口 2 x 硬胡 2 x 明杠 2 x 暗杠 4 x 红中杠 4
    # dealer x2 (屁胡), discarder x2
    assert_paid(hand, [-256, 640, -256, -128])


def _zone_hand(tail_fill: str) -> Hand:
    """Seat 3 waits on 5m (234m 567p 5m, pung 9p, 暗杠 3z, 红中杠); the 5m he will draw is the
    last tile of `tail_fill + 5m` counted from the end of the live wall (80 tiles: the two kongs
    took two). All special tiles are in the other hands, which are unopened and have no kongs."""
    return scenario(f"""
        rules: wuhan
        dealer: 0
        seat 0: 2z2z2z2z 1z1z 1m 4m 7m 2p 5p 8p 3s 6s
        seat 1: 7z7z7z 3m 9m 4p 6p 7p 2s 5s 8s 3s 6s
        seat 2: 1z 5z5z5z5z 2m 6m 8m 1p 3p 4s 7s 8s
        seat 3: 234m 567p 5m | pung 9p from 1, concealed_kong 3z, red_kong 7z
        indicator: 1z
        tail: {tail_fill} 5m
    """)


def test_s3_5_a_self_drawn_win_in_the_last_14_tiles_is_hai_lao() -> None:
    hand = _zone_hand("4z4z4z4z 6z6z6z6z 1s1s1s1s 9s")  # 5m is the 14th tile from the end
    assert hand.wall_left() == 80
    drain(hand, 14)
    discard_and_pass(hand, 2, tile_of(hand.drawn))
    assert hand.turn == 3 and hand.drawn == T("5m") and hand.wall_left() == 13
    answer = win(hand, 3)
    assert pattern_ids(answer) == {"hai_lao", "kai_kou", "ying_hu", "an_gang", "hong_zhong_gang"}
    assert answer["value"] == 320  # 10 x 2 x 2 x 4 x 2
    # 海捞 alone: no 自摸 factor, and a big hand has no 庄家 factor
    assert_paid(hand, [-320, -320, -320, 960])


def test_s3_5_a_draw_with_15_tiles_left_is_not_hai_lao() -> None:
    hand = _zone_hand("4z4z4z4z 6z6z6z6z 1s1s1s1s 9s9s9s9s 8p")  # the 18th from the end
    drain(hand, 18)
    discard_and_pass(hand, 2, tile_of(hand.drawn))
    assert hand.turn == 3 and hand.drawn == T("5m") and hand.wall_left() == 17
    answer = win(hand, 3)
    assert "hai_lao" not in pattern_ids(answer) and "pi_hu" in pattern_ids(answer)
    assert answer["value"] == 32
    # 屁胡 self-drawn: 自摸 x2 for all, 庄家 x2 for the dealer
    assert_paid(hand, [-128, -64, -64, 256])


def tile_of(tile: int | None) -> str:
    assert tile is not None
    from majiang.tiles import tile_name

    return tile_name(tile)


# ---------------------------------------------------------------- 4.1 requirements


def _worked_example(seat2: str = "red_kong 7z", options: dict[str, Any] | None = None) -> Hand:
    """7.7: seat 1 (pung 777s from 0, two 红中杠) self-draws 2s on 123m456m789m2s; laizi 5p.
    Seat 0 (dealer) opened; seat 2 unopened with `seat2`; seat 3 opened with a 暗杠."""
    hand = scenario(f"""
        rules: wuhan
        dealer: 0
        seat 0: 11m 22p 66p 99p 1z1z2z | pung 8s from 3
        seat 1: 123m456m789m2s | pung 7s from 0, red_kong 7z, red_kong 7z
        seat 2: 3m4m 1z 5z6z 2z2z 3z3z 4z4z 5z6z | {seat2}
        seat 3: 5m5m 6m6m 9m9m3s | pung 8m from 1, concealed_kong 1s
        indicator: 4p
        draws: 2s
    """, options=options)
    discard_and_pass(hand, 0, "9p")
    assert hand.turn == 1 and hand.drawn == T("2s")
    return hand


def test_s7_7_the_worked_example_on_the_engine() -> None:
    hand = _worked_example()
    answer = win(hand, 1)
    assert pattern_ids(answer) == {"pi_hu", "kai_kou", "ying_hu", "hong_zhong_gang"}
    assert answer["value"] == 16
    assert_paid(hand, [-128, 448, -64, -256])
    assert hand.result is not None and hand.result.next_dealer == 1


def test_s4_1_the_64_minimum_per_loser_and_its_reason() -> None:
    # seat 2 without his kong would pay 16 x 2 = 32 < 64: no win, and the refusal says why
    hand = _worked_example(seat2="")
    assert not can_win(hand, 1)
    with pytest.raises(IllegalAction) as refused:
        hand.apply(1, WIN_ACTION)
    reason = refused.value.reason
    assert "64" in reason and "32" in reason, reason
    no_win = hand.view(1)["no_win"]
    assert no_win is not None and no_win["reason"] == "below_minimum"


def test_s4_1_a_held_pi_tile_refusal_names_the_tile() -> None:
    # indicator 4s: 3s is 赖子皮. Seat 1's 123s 456m 22s + melds is a shape, but he holds a
    # 赖子皮 tile: forbidden (10.6.1), and the refusal must say so
    hand = scenario("""
        rules: wuhan
        dealer: 0
        seat 0: 9p9p 3z 4z 6m 8m 2m 4p 6p 1p 3m 9s 9s 6s
        seat 1: 123s 456m 2s | pung 8m from 0, concealed_kong 6z, red_kong 7z, red_kong 7z
        seat 2: 1m 4m 7m 2p 5p 8p 6s 7s 3z 4z 5m 9m 1p
        seat 3: 1m 4m 7m 2p 5p 8p 6s 7s 3z 4z 5m 9m 3p
        indicator: 4s
        draws: 2s
    """)
    discard_and_pass(hand, 0, "6s")
    assert hand.drawn == T("2s") and not can_win(hand, 1)
    with pytest.raises(IllegalAction) as refused:
        hand.apply(1, WIN_ACTION)
    reason = refused.value.reason
    assert "3s" in reason or "赖子皮" in reason, reason


def _self_draw(seat1: str, draws: str, idle: tuple[str, str, str],
               indicator: str = "1z", first: str = "9s") -> Hand:
    """Seat 1 as given; the dealer (seat 0) throws `first`, then seat 1 draws `draws`."""
    hand = scenario(f"""
        rules: wuhan
        dealer: 0
        seat 0: {idle[0]}
        seat 1: {seat1}
        seat 2: {idle[1]}
        seat 3: {idle[2]}
        indicator: {indicator}
        draws: {draws}
    """)
    discard_and_pass(hand, 0, first)
    assert hand.turn == 1 and hand.drawn == T(draws.split()[0][:2])
    return hand


IDLE = ("9s 6p 1s 4s 7s 3z 4z 6z 8m 3m 2p 5p 8p 6s",
        "1p 2s 5s 8s 3z 4z 6z 7m 4m 3p 6p 9p 1s",
        "2m 3s 6s 9m 3z 4z 6z 1p 4p 7p 2s 5s 8s")


# ---------------------------------------------------------------- 4.2 legal shapes


def test_s4_2_pi_hu_needs_a_2_5_8_pair() -> None:
    # 123m 456p + 99s pair, with 明杠 暗杠 红中杠 (value 64 if it won): no 2-5-8 pair, no win
    hand = scenario("""
        rules: wuhan
        dealer: 0
        seat 0: 9s 1p4p7p 2s5s 4m 6z 9m 8s 3m 6p 2p 7m
        seat 1: 123m 456p 9s | kong 3z from 2, concealed_kong 4z, red_kong 7z
        seat 2: 1p 4p 7p 2s 5s 6z 2m 5m 9p 6s 3p 6p 8s
        seat 3: 1s 4s 7s 2p 5p 6z 4m 7m 8p 6s 3s 8m 8s
        indicator: 1z
    """)
    discard(hand, 0, "9s")
    assert not claim_win(hand, 1)


def test_s4_2_qing_yi_se_wins_with_any_pair() -> None:
    hand = _self_draw("123m 456m 678m 1m | pung 9m from 0", "1m", IDLE)
    answer = win(hand, 1)
    assert pattern_ids(answer) == {"qing_yi_se", "kai_kou", "ying_hu"}
    assert answer["value"] == 40
    # 清一色 self-drawn: 自摸 x2 for every loser, no 庄家 factor (big hand)
    assert_paid(hand, [-80, 240, -80, -80])


def test_s4_2_peng_peng_hu_wins_with_any_pair() -> None:
    hand = _self_draw("111m 444m 7p | pung 5m from 0, pung 9p from 2", "7p", IDLE)
    answer = win(hand, 1)
    assert pattern_ids(answer) == {"peng_peng_hu", "kai_kou", "ying_hu"}
    assert_paid(hand, [-80, 240, -80, -80])


def test_s4_2_jiang_yi_se_wins_without_sets() -> None:
    # 乱将: 22m 55m 8m 2p 8p 2s 5s 88s + pung 555p, no sets in the concealed tiles
    hand = _self_draw("2m2m 5m 8m 2p 8p 2s 5s 8s 8s | pung 5p from 3", "5m", IDLE)
    answer = win(hand, 1)
    assert pattern_ids(answer) == {"jiang_yi_se", "kai_kou", "ying_hu"}
    assert answer["value"] == 40
    assert_paid(hand, [-80, 240, -80, -80])


FENG_IDLE = ("9s 1s 4s 7s 2p 5p 8p 3m 8m 7m 6p | pung 9p from 2",
             "1p 2s 5s 8s 3p 6p 1s 7m 2m 3s 6s 9m 4p",
             "2m 3s 6s 9m 1p 4p 7p 2s 5s 8s 3m 8m 7s")


@pytest.mark.parametrize("by", ["self_drawn", "discard"])
def test_s4_2_feng_yi_se_wins_without_sets_at_gold(by: str) -> None:
    # 乱风 (indicator 5m: every honour but 红中 is plain): 22z 33z 44z 55z 66z + pung 1z.
    # 风一色 is paid at 金顶 whatever its value, and is exempt from the 64 minimum: seat 0 opened
    # pays 800, the unopened seats 2 and 3 pay 1600.
    seat1 = "2z2z 3z3z 4z4z 5z5z 6z6z | pung 1z from 3"
    if by == "self_drawn":
        hand = _self_draw(seat1, "2z", FENG_IDLE, indicator="5m")
    else:
        idle = (FENG_IDLE[0].replace("9s", "2z"), *FENG_IDLE[1:])
        hand = scenario(f"""
            rules: wuhan
            dealer: 0
            seat 0: {idle[0]}
            seat 1: {seat1}
            seat 2: {idle[1]}
            seat 3: {idle[2]}
            indicator: 5m
        """)
        discard(hand, 0, "2z")
    answer = win(hand, 1)
    assert "feng_yi_se" in pattern_ids(answer)
    assert_paid(hand, [-800, 4000, -1600, -1600])


# ---------------------------------------------------------------- 4.3 laizi


PI_IDLE = ("9p 1p 4p 7p 3z 4z 6z 2m 5m 8m 3m 6m 2p 8p | red_kong 7z",
           "1m 4m 7m 2p 5p 8p 3z 4z 6z 9m 3p 6p 1z | red_kong 7z",
           "2m 5m 8m 1p 4p 7p 3z 4z 6z 9m 3p 6p 2z | red_kong 7z")


def test_s4_3_a_laizi_may_stand_for_a_pi_kind() -> None:
    # indicator 4s: laizi 5s, 赖子皮 4s and 3s. The laizi completes 12s as 3s (soft 清一色)
    hand = _self_draw("1s 2s 5s 6s 7s 8s 7s 7s 7s 6s | pung 9s from 3", "6s", PI_IDLE,
                      indicator="4s", first="9p")
    answer = win(hand, 1)
    assert pattern_ids(answer) == {"qing_yi_se", "kai_kou"}  # soft: no 硬胡
    assert answer["value"] == 20
    # every loser: 自摸 x2, his 红中杠 x2
    assert_paid(hand, [-80, 240, -80, -80])


FIFTH_IDLE = ("9p 1p 4p 7p 3z 4z 6z 3m 6m 2p 8p 1z 5z 7m | red_kong 7z",
              "1m 4m 7m 2p 8p 3z 4z 6z 3p 6p 1z 5s 6s | red_kong 7z",
              "5m 1p 4p 7p 3z 4z 6z 3p 6p 2z 7s 8s 9s | red_kong 7z")


def test_s4_3_a_laizi_may_be_a_fifth_copy() -> None:
    # indicator 3s: laizi 4s. 2222m + the laizi as a fifth 2m: 222m + 22m, 555p, 888m, 999m
    hand = _self_draw("2m2m2m2m 4s 5p5p5p 8m8m | pung 9m from 3", "8m", FIFTH_IDLE,
                      indicator="3s", first="9p")
    answer = win(hand, 1)
    assert pattern_ids(answer) == {"peng_peng_hu", "kai_kou"}
    assert_paid(hand, [-80, 240, -80, -80])


HARD_IDLE = ("9s 1p 4p 7p 3z 4z 5z 3m 8m 2p 5p 1s 4s 7s",
             "1p 2s 5s 8s 3z 4z 5z 7m 4m 3p 9p 1s 2p",
             "3m 3s 6s 8m 3z 4z 5z 4p 7p 2s 8s 6s 9p")


def test_s4_3_a_laizi_at_face_value_is_a_hard_win() -> None:
    # indicator 1m: laizi 2m used at face value in 234m: 硬胡 x2
    hand = _self_draw("2m3m4m 55s 67p | pung 6p from 3, concealed_kong 6z, red_kong 7z, "
                      "red_kong 7z", "8p", HARD_IDLE, indicator="1m")
    answer = win(hand, 1)
    assert pattern_ids(answer) == {"pi_hu", "kai_kou", "ying_hu", "an_gang", "hong_zhong_gang"}
    assert answer["value"] == 64
    assert_paid(hand, [-256, 512, -128, -128])


def test_s4_3_a_pi_hu_holds_at_most_one_laizi() -> None:
    # two laizi 2m, both at face value (234m 234m): still two laizi in a 屁胡
    hand = _self_draw("2m2m 3m3m 4m4m 5s | chow 678p from 0, concealed_kong 6z, red_kong 7z, "
                      "red_kong 7z", "5s", HARD_IDLE, indicator="1m")
    assert not can_win(hand, 1)


def test_s4_3_a_big_hand_may_hold_several_laizi() -> None:
    hand = _self_draw("2m2m 3m3m 4m4m 5m5m5m 7m | chow 678m from 0", "7m", HARD_IDLE,
                      indicator="1m")
    answer = win(hand, 1)
    assert pattern_ids(answer) == {"qing_yi_se", "kai_kou", "ying_hu"}
    assert_paid(hand, [-80, 240, -80, -80])


# ---------------------------------------------------------------- 4.4 见字胡

JZ_IDLE = ("5m 6p 1s 4s 7s 6z 8m 3m 2p 5p 8p 9s 2s 7p",
           "1p 2s 5s 8s 6z 7m 4m 3p 6p 1s 3s 6s 9s",
           "2m 9m 6z 1p 4p 7p 5s 8s 3s 6s 7m 4m 9s")
FOUR_SETS = "kong 1m from 2, kong 9p from 3, pung 3z from 2, pung 4z from 3"


def test_s4_4_a_lone_laizi_wait_wins_only_by_self_draw() -> None:
    hand = scenario(f"""
        rules: wuhan
        dealer: 0
        seat 0: {JZ_IDLE[0]}
        seat 1: 2z | {FOUR_SETS}
        seat 2: {JZ_IDLE[1]}
        seat 3: {JZ_IDLE[2]}
        indicator: 1z
        draws: 5m
    """)
    discard(hand, 0, "5m")
    assert not claim_win(hand, 1)  # 见字胡 on a discard: no claim at all
    pass_all(hand)
    assert hand.drawn == T("5m")
    answer = win(hand, 1)
    assert pattern_ids(answer) == {"peng_peng_hu", "kai_kou", "ming_gang"}
    assert answer["value"] == 80  # 10 x 2 x 明杠 4 (soft)
    assert_paid(hand, [-160, 480, -160, -160])


def test_s4_1_a_self_drawn_laizi_may_be_the_winning_tile() -> None:
    hand = _self_draw(f"5m | {FOUR_SETS}", "2z", (JZ_IDLE[0].replace("5m", "5z"), *JZ_IDLE[1:]),
                      )
    answer = win(hand, 1)
    assert hand.result is not None and hand.result.win_tile == T("2z")
    assert pattern_ids(answer) == {"peng_peng_hu", "kai_kou", "ming_gang"}
    assert_paid(hand, [-160, 480, -160, -160])


# ---------------------------------------------------------------- 5 patterns


def test_s5_gang_kai_has_no_zimo_factor() -> None:
    # seat 1 draws 5m, puts out his 红中 and the replacement 8s completes 123m 456p 678s 55m
    hand = scenario(f"""
        rules: wuhan
        dealer: 0
        seat 0: {IDLE[0]}
        seat 1: 7z 123m 456p 67s 5m | pung 9p from 3
        seat 2: {IDLE[1]}
        seat 3: {IDLE[2]}
        indicator: 1z
        draws: 5m
        tail: 8s
    """)
    discard_and_pass(hand, 0, "9s")
    assert not can_win(hand, 1)  # a red dragon in hand
    hand.apply(1, kong("7z", "red_kong"))
    assert hand.drawn == T("8s")
    answer = win(hand, 1)
    assert pattern_ids(answer) == {"gang_kai", "kai_kou", "ying_hu", "hong_zhong_gang"}
    assert answer["value"] == 80
    assert_paid(hand, [-80, 240, -80, -80])


# ---------------------------------------------------------------- 7.3 caps, 7.4 doublings


def test_s7_3_feng_ding_caps_one_loser_at_600_without_gold() -> None:
    hand = _self_draw("123m 456m 777m 1m | kong 9m from 2", "1m", (
        "9s 6p 1s 7s 2p 5p 8p 6s | pung 3z from 3, concealed_kong 4z",
        "1p 2s 5s 8s 6z 3p 6p 9p 1s 4s 3s 7p 4p",
        "2m 3s 6s 6z 1p 4p 7p 2s 5s 8s | pung 8p from 0"))
    answer = win(hand, 1)
    assert answer["value"] == 80  # 清一色 10 x 2 x 硬胡 2 x 明杠 2
    # 160 x 2^f: seat 0 (opened, 暗杠) 1280 -> 600; seat 2 160; seat 3 (opened) 320
    assert_paid(hand, [-600, 1080, -160, -320])


def _gold_hand(opened: bool, options: dict[str, Any] | None = None) -> Hand:
    """Seat 1: 清一色 碰碰胡 with two 明杠, self-drawn: value 320, 640 per loser before caps."""
    idle = ("9s 6p 1s 7s 2p 5p 6s 4z 3p 1p 4p | pung 3z from 3",
            "1p 2s 5s 8s 6z 3p 6p 9p 1s 4s 3s 7p 4p",
            "2m 3s 6s 6z 1p 4p 7p 2s 5s 8s | pung 8p from 0")
    if not opened:
        idle = (idle[0].replace(" | pung 3z from 3", " 3z3z3z"), idle[1],
                idle[2].replace(" | pung 8p from 0", " 8p8p8p"))
    hand = scenario(f"""
        rules: wuhan
        dealer: 0
        seat 0: {idle[0]}
        seat 1: 333m 55m 77m | kong 1m from 2, kong 9m from 3
        seat 2: {idle[1]}
        seat 3: {idle[2]}
        indicator: 1z
        draws: 7m
    """, options=options)
    discard_and_pass(hand, 0, "9s")
    assert hand.drawn == T("7m")
    return hand


def test_s7_3_jin_ding_800_and_1600_for_an_unopened_loser() -> None:
    hand = _gold_hand(opened=True)
    answer = win(hand, 1)
    assert answer["value"] == 320
    assert_paid(hand, [-800, 3200, -1600, -800])


def test_s7_3_san_yang_kai_tai_3200_each() -> None:
    hand = _gold_hand(opened=False)
    win(hand, 1)
    assert_paid(hand, [-3200, 9600, -3200, -3200])


def test_s7_4_lian_jin_doubles_a_gold_after_a_gold() -> None:
    hand = _gold_hand(opened=True, options={"previous_gold": True})
    win(hand, 1)
    assert_paid(hand, [-1600, 6400, -3200, -1600])


def test_s7_4_lian_lai_and_lian_jin_stack() -> None:
    hand = _gold_hand(opened=True, options={"previous_gold": True, "previous_laizi": "2z"})
    win(hand, 1)
    assert_paid(hand, [-3200, 12800, -6400, -3200])


def test_s7_4_lian_lai_doubles_after_the_caps() -> None:
    hand = _worked_example(options={"previous_laizi": "5p"})
    win(hand, 1)
    assert_paid(hand, [-256, 896, -128, -512])


def test_s7_4_no_lian_lai_for_another_laizi_and_no_lian_jin_without_gold() -> None:
    hand = _worked_example(options={"previous_laizi": "6p", "previous_gold": True})
    win(hand, 1)
    assert_paid(hand, [-128, 448, -64, -256])


def test_s7_2_the_minimum_is_judged_before_lian_lai() -> None:
    # seat 2 would pay 32, doubled by 连赖 to 64: still below the minimum
    hand = _worked_example(seat2="", options={"previous_laizi": "5p"})
    assert not can_win(hand, 1)


# ---------------------------------------------------------------- 7.5 liability


def _qys_liability(seat2: str, seat3: str, indicator: str = "1z") -> Hand:
    """Seat 1 has pungs 1m (from 2) and 9m (from 3); the dealer feeds the third, 5m. Then seats
    2, 3 and 0 each throw the tile they draw (1p, 9p, 4p), and seat 1 self-draws 3m: 清一色
    111m 999m 555m 234m 33m, 80 per (unopened) loser, 240 in all."""
    hand = scenario(f"""
        rules: wuhan
        dealer: 0
        seat 0: 5m 1s4s7s 2s5s8s 3z 4z 6z 9s 3s 6s 7z
        seat 1: 5m5m 2m3m4m 3m 9p | pung 1m from 2, pung 9m from 3
        seat 2: {seat2}
        seat 3: {seat3}
        indicator: {indicator}
        draws: 1p 9p 4p 3m
    """)
    discard(hand, 0, "5m")
    hand.apply(1, PUNGS[T("5m")])
    pass_all(hand)
    discard_and_pass(hand, 1, "9p")
    discard_and_pass(hand, 2, "1p")
    discard_and_pass(hand, 3, "9p")
    discard_and_pass(hand, 0, "4p")
    assert hand.turn == 1 and hand.drawn == T("3m")
    answer = win(hand, 1)
    assert pattern_ids(answer) == {"qing_yi_se", "kai_kou", "ying_hu"}
    return hand


QYS2 = "1s 4s 7s 2s 5s 8s 3z 4z 6z 9s 3s 6s 8p"
QYS3 = "1s 4s 7s 2s 5s 8s 3z 4z 9s 3s 6s 2p 5p"


def test_s7_5_1_qing_yi_se_the_third_set_feeder_pays_all() -> None:
    hand = _qys_liability(QYS2, QYS3)
    assert_paid(hand, [-240, 240, 0, 0])


def test_s7_5_1_xia_yu_the_first_to_fail_pays_instead() -> None:
    # seat 2 holds a 6m and throws a 1p: he fails to 下雨. Seat 3 fails later (6m kept, 9p
    # thrown): that changes nothing.
    hand = _qys_liability(QYS2.replace("8p", "6m"), QYS3.replace("5p", "6m"))
    assert_paid(hand, [0, 240, -240, 0])


def test_s7_5_1_melds_laid_out_by_a_scenario_start_the_rain_watch() -> None:
    """7.5.1 "From the moment a player has three claimed sets of one suit": a position written
    with the three 万 sets already on the table is such a moment. Seat 2 then throws 9p while
    holding 2m 8m (fails to rain), so it pays seat 1's 清一色, not the third set's feeder (a
    rules audit: the scenario tool started no watch, and seat 3 was charged)."""
    hand = scenario("""
rules: wuhan
dealer: 2
indicator: 1z
seat 2: 2m 8m 1p 4p 7p 2s 5s 9p 6p 6p 3z 4z 6z 1s
seat 3: 1m 1p4p7p 2s5s8s 3z4z6z 3s 6s 9s
seat 0: 5m 1s 4s 7s 2p 5p 8p 3z 4z 6z 8s 9p 3p
seat 1: 46m 77m | chow 123m from 0, pung 5m from 2, pung 9m from 3, red_kong 7z
""")
    discard_and_pass(hand, 2, "9p")  # holds 2m 8m: fails to rain
    discard_and_pass(hand, 3, "1m")
    discard(hand, 0, "5m")
    answer = win(hand, 1)
    assert "qing_yi_se" in pattern_ids(answer) and answer["liable"] == 2


def test_s7_5_1_laizi_and_pi_of_the_suit_do_not_oblige() -> None:
    # indicator 7m: laizi 8m, 赖子皮 7m and 6m. Seat 2's only 万 are a 6m (皮) and an 8m (赖):
    # he cannot throw them plainly, so his 1p is no failure and the feeder pays.
    hand = _qys_liability(QYS2.replace("8p", "6m").replace("3s", "8m"), QYS3, indicator="7m")
    assert_paid(hand, [-240, 240, 0, 0])


def test_s7_5_1_rain_is_judged_per_qing_yi_se_threat() -> None:
    # Two threats: seat 1 on 万 (third set fed by seat 0), seat 3 on 筒 (third set fed by seat 1).
    # Seat 2 throws a 7p while holding a 6m: he fails seat 1's 万 rain, but rains for seat 3.
    # Seat 3 wins 清一色 筒: his feeder, seat 1, pays everything, not seat 2.
    hand = scenario("""
        rules: wuhan
        dealer: 0
        seat 0: 5m 1s 4s 7s 2s 5s 8s 3z 4z 6z 9s 3s 6s 7z
        seat 1: 5m5m 2m3m4m 3m 8p | pung 1m from 2, pung 9m from 3
        seat 2: 6m 1s 4s 7s 2s 5s 8s 3z 4z 6z 9s 3s 6s
        seat 3: 8p8p 2p3p4p 6p 5s | pung 1p from 0, pung 9p from 2
        indicator: 1z
        draws: 3z 4z 7p 6p
    """)
    discard(hand, 0, "5m")
    hand.apply(1, PUNGS[T("5m")])
    pass_all(hand)
    discard(hand, 1, "8p")
    hand.apply(3, PUNGS[T("8p")])
    pass_all(hand)
    discard_and_pass(hand, 3, "5s")
    discard_and_pass(hand, 0, "3z")
    discard_and_pass(hand, 1, "4z")
    discard_and_pass(hand, 2, "7p")
    assert hand.turn == 3 and hand.drawn == T("6p")
    answer = win(hand, 3)
    assert pattern_ids(answer) == {"qing_yi_se", "kai_kou", "ying_hu"}
    # 80 (seat 0) + 160 (seat 1, opened) + 80 (seat 2) = 320, all on seat 1
    assert_paid(hand, [0, -320, 0, 320])


def _quan_qiu_ren(dealer: str) -> Hand:
    hand = scenario(f"""
        rules: wuhan
        dealer: 0
        seat 0: {dealer}
        seat 1: 5s | kong 1m from 2, chow 234p from 0, pung 3z from 3, pung 4z from 2
        seat 2: 6p 3s 7s 6z 7p 3m 9p 6s 9s 1p 4p 6m 7m
        seat 3: 1s 4s 6z 3p 6p 9m 4m 1p 7p 3s 9s 6m 5m
        indicator: 1z
    """)
    discard(hand, 0, "5s")
    answer = win(hand, 1)
    assert pattern_ids(answer) == {"quan_qiu_ren", "kai_kou", "ying_hu", "ming_gang"}
    assert answer["value"] == 80
    return hand


def test_s7_5_2_quan_qiu_ren_the_discarder_pays_all() -> None:
    hand = _quan_qiu_ren("5s 7m 9s 6z 9m 3m 8m 1p 4p 6m 9p 1s 4s 7s")
    # 160 (discarder, 点炮) + 80 + 80, all on the discarder
    assert_paid(hand, [-320, 320, 0, 0])


def test_s7_5_2_quan_qiu_ren_no_liability_from_a_hand_full_of_jiang() -> None:
    hand = _quan_qiu_ren("5s 2m2m 5m5m 8m8m 2p2p 5p 8p8p 2s 8s")
    assert_paid(hand, [-160, 320, -80, -80])
